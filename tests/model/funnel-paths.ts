import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { EventFromLogic } from 'xstate';
import { screenIdOf } from '../../src/engine/compile-flow';
import { kindOf, statusEffectOf, submitEffectOf } from '../../src/engine/kinds/kind-registry';
import type { KindRegistry } from '../../src/engine/kinds/screen-kind';
import { pendingEffects } from '../../src/engine/test-support/pending-effects';
import type { Flow, Screen } from '../../src/engine/generated/flow-types';
import type { Answers, PlaceAnswer } from '../../src/engine/answers';
import { isQuestionScreen } from '../../src/engine/answers';
import { compileFlow, type FunnelEvent, type FunnelMachine } from '../../src/engine/compile-flow';
import { branchesOf, defaultFlags, followersOf, indexFlow, resolveReturnRoute } from '../../src/engine/flow-graph';
import { conditionAnswerKeys, conditionSeen, evaluateCondition, outcomeOf, type Flags } from '../../src/engine/conditions';
import type { Condition } from '../../src/engine/generated/flow-types';
import { productKinds } from '../../src/engine/kinds/product-kinds';

/**
 * The sample answers the model uses where the kinds' own examples cannot serve (the reference server's catalogue, the
 * gazetteer's London, the email); the UI driver enters the same ones.
 */
export const sample = {
  place: { query: 'London', label: 'London, England, United Kingdom' },
  email: 'maya@example.com',
  /** The plan a model path chooses on a price screen (the reference catalogue's cheapest live maxpay trial). */
  plan: 'mxp_astrelle_trial_1_2900_live',
  /** The offer a model path buys on an offers screen. */
  offer: 'birth_chart',
} as const;

/** The plan a model path chooses on a price screen: package "1" of the screen's set (its abTestId, else the regular trials). */
export function samplePlanFor(screen: Screen): string {
  if (screen.kind !== 'price' || screen.abTestId === undefined) return sample.plan;
  return `mxp_astrelle_${screen.abTestId}_1_2900_live`;
}

/**
 * The outcomes a submit effect can report, given the answer it submits: the model walks each, and the UI
 * driver (tests/support/funnel-driver.ts) knows how to bring each one about against the reference server.
 */
export const submitOutcomes: Record<string, (answer: unknown) => string[]> = {
  submitEmail: () => ['new', 'premium'],
  startCheckout: () => ['redirected', 'needsEmail', 'failed', 'subscribed'],
  purchaseOffers: (answer) => (Array.isArray(answer) && answer.length === 0 ? ['skipped'] : ['bought', 'failed']),
};

/**
 * The outcomes a payment result screen's status effect (`statusFrom`) can report: the model walks each from the
 * screen's `checking`, and the UI driver brings each about (paid by paying; the others by returning to the page
 * with an order that is still open, was declined, or is not the visitor's).
 */
export const statusOutcomes: Record<string, string[]> = {
  checkPayment: ['paid', 'pending', 'declined', 'unknown'],
  // Why a payment failed only picks the payment error page's texts (no branch tests it), and the UI's reason follows
  // from how the visitor got there (a decline on the hosted page, a payment that could not start): one outcome
  // stands for all, and the driver checks the page shows one of its reasons.
  readPaymentError: ['unknown'],
};

/**
 * The event XState sends when a screen's submit effect ends with `outcome`. XState delivers done events
 * outside a machine's declared event type, hence the one cast.
 */
function outcomeEvent(screen: string, effect: string, outcome: string): FunnelEvent {
  return { type: `xstate.done.actor.${screen}:${effect}`, output: { outcome } } as unknown as FunnelEvent;
}

/** The outcome a model step's event reports, when it is a submit (or status) effect's done event. */
export function outcomeOfEvent(event: object): string | null {
  const e = event as { type?: unknown; output?: { outcome?: unknown } };
  return typeof e.type === 'string' && e.type.startsWith('xstate.done.actor.') && typeof e.output?.outcome === 'string' ? e.output.outcome : null;
}

const samplePlace: PlaceAnswer = { latitude: 51.50853, longitude: -0.12574, place: sample.place.label, utcOffsetMinutes: 60, timeZone: 'Europe/London' };

export interface ModelStep {
  event: FunnelEvent;
  /** The screen the machine is on after the event. */
  screen: string;
  /** The screen's sub-state after the event, for screens that submit to an effect (submitting, decided) or check a payment (checking, checked). */
  phase?: string;
}

export interface ModelPath {
  name: string;
  steps: ModelStep[];
  /**
   * For a path that goes on past the first `resumeAt` screen (the email screen): the machine's progress
   * when it first gets there. A driver may restore it as saved progress (a reload does the same) and drive
   * the path from step `step` on, instead of walking the quiz again that other paths already walk.
   */
  resume?: { step: number; screen: string; answers: Answers; trail: string[] };
}

/** Where a model path may resume from saved progress: the first screen after the quiz. */
export const resumeAt = 'email';

export interface ModelCoverage {
  paths: ModelPath[];
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  screens: { covered: number; total: number };
  /** Both sides of every branch condition; `sides` names the ones covered (screen:condition:value). */
  conditions: { covered: number; total: number; sides: Set<string> };
}

type FunnelSnapshot = ReturnType<FunnelMachine['resolveState']>;
/** The machine's own events (the done events of its submit effects are passed as these, see outcomeEvent). */
type MachineEvent = EventFromLogic<FunnelMachine>;

/** The sub-state of a screen that submits to an effect (editing, submitting, decided), if any. */
export function phaseOf(snapshot: { value: unknown }): string | undefined {
  const value = snapshot.value;
  if (typeof value !== 'object' || value === null) return undefined;
  const inner = Object.values(value)[0];
  return typeof inner === 'string' ? inner : undefined;
}

/**
 * Generates, with xstate/graph, paths through the compiled flow that together take every state and
 * every transition of the model, including BACK from every screen that has one and both sides of
 * every branch condition. Everything is derived from the flow: a screen or branch added to the JSON
 * is covered with no change here.
 */
export function funnelPaths(flow: Flow, flags: Flags = defaultFlags(flow), kinds: KindRegistry = productKinds): ModelCoverage {
  // Effects that never answer: the model sends their done events itself, one per outcome.
  const machine = compileFlow(flow, { kinds, now: () => new Date('2026-06-01T12:00:00Z'), effects: pendingEffects(flow, kinds) });
  // Remote config has settled with these values: each screen that reads a flag assigns it as it opens.
  const start = machine.resolveState({
    value: flow.start,
    context: { answers: {}, trail: [flow.start], email: null, move: 'start', results: {}, flags, assigned: {}, flagsSettled: true, leaving: null, seen: [] },
  });
  const { byId } = indexFlow(flow);
  for (const screen of flow.screens) {
    const submit = submitEffectOf(kinds, screen);
    if (submit === undefined) continue;
    const known = submitOutcomes[submit];
    if (!known) throw new Error(`the model does not know the outcomes of "${submit}" (${screen.id}): add them to submitOutcomes and teach the UI driver`);
    const modelled = new Set([...known([]), ...known([sample.offer]), ...known(undefined)]);
    for (const b of branchesOf(screen)) {
      for (const value of b.when ? outcomeValues(b.when) : []) {
        if (!modelled.has(value)) throw new Error(`${screen.id} tests outcome "${value}" of "${submit}", which the model never produces: add it to submitOutcomes`);
      }
    }
  }
  for (const screen of flow.screens) {
    const status = statusEffectOf(kinds, screen);
    if (status === undefined) continue;
    const known = statusOutcomes[status];
    if (!known) throw new Error(`the model does not know the outcomes of "${status}" (${screen.id}): add them to statusOutcomes and teach the UI driver`);
    for (const b of branchesOf(screen)) {
      for (const value of b.when ? outcomeValues(b.when) : []) {
        if (!known.includes(value)) throw new Error(`${screen.id} tests outcome "${value}" of "${status}", which the model never produces: add it to statusOutcomes`);
      }
    }
  }
  const conditions = flow.screens.flatMap((screen) => branchesOf(screen).flatMap((b) => (b.when ? [{ screen: screen.id, when: b.when, fresh: decidedAfresh(screen, b.when) }] : [])));
  const branchKeys = new Set(conditions.flatMap((c) => conditionAnswerKeys(c.when)));

  const answersFor = (screen: Screen): FunnelEvent[] => {
    // The samples that depend on the reference server's catalogue or the driver's gazetteer, which the UI driver
    // enters too; every other kind answers with its module's examples.
    switch (screen.kind) {
      case 'order-summary':
        // An end: its way on (NAVIGATE to a passed screen) is the address bar's event, not a step forward.
        return [];
      case 'price':
        return [{ type: 'ANSWER', value: samplePlanFor(screen) }];
      case 'offers':
        return [{ type: 'ANSWER', value: [] }, { type: 'ANSWER', value: [sample.offer] }];
      case 'place':
        return [{ type: 'ANSWER', value: samplePlace }];
      case 'payment-error':
        return [screen.primary.value, screen.secondary.value].map((value) => ({ type: 'ANSWER', value }));
    }
    const kind = kindOf(kinds, screen);
    if (kind.submits === 'email') return [{ type: 'SUBMIT_EMAIL', email: sample.email }];
    if (!isQuestionScreen(screen)) return [{ type: 'NEXT' }];
    // Each example when a branch tests the answer (every option, a time and "don't know"), else the first.
    const examples = kind.examples?.(screen) ?? [];
    return (branchKeys.has(screen.answerKey) ? examples : examples.slice(0, 1)).map((value) => ({ type: 'ANSWER', value }));
  };

  const screenOf = (snapshot: FunnelSnapshot) => byId.get(screenIdOf(snapshot))!;
  const events = (snapshot: FunnelSnapshot): MachineEvent[] => {
    const screen = screenOf(snapshot);
    const back = screen.back ? [{ type: 'BACK' } as const] : [];
    const phase = phaseOf(snapshot);
    const submit = submitEffectOf(kinds, screen);
    if (phase === 'submitting' && submit !== undefined) {
      const answer = isQuestionScreen(screen) ? snapshot.context.answers[screen.answerKey] : undefined;
      return submitOutcomes[submit]!(answer).map((outcome) => outcomeEvent(screen.id, submit, outcome));
    }
    // A payment return page asks the server first: each status it may answer, and only then its button.
    const status = statusEffectOf(kinds, screen);
    if (phase === 'checking' && status !== undefined) {
      return [...statusOutcomes[status]!.map((outcome) => outcomeEvent(screen.id, status, outcome)), ...back];
    }
    // Sent to the hosted payment page: it sends the visitor back to one of the screen's return routes.
    if (phase === 'decided' && screen.kind === 'price' && screen.returnTo) {
      const { answers, results, flags, seen } = snapshot.context;
      const routes = Object.values(screen.returnTo).map((value) => resolveReturnRoute(value, answers, results, flags, seen));
      const returns = flow.screens.filter((s) => routes.includes(s.route)).map((s) => ({ type: 'RETURN' as const, screen: s.id }));
      // The visitor is on the provider's page now: the app's own Back button is not there to press.
      return returns;
    }
    return [...answersFor(screen), ...back];
  };

  // Two snapshots are the same model state when they show the same screen, BACK leads to the same
  // screen, and every branch condition still ahead would decide the same way.
  const ahead = new Map(flow.screens.map((s) => [s.id, new Set([s.id, ...reachableFrom(flow, s.id)])]));
  const seenAhead = new Map(flow.screens.map((s) => [s.id, seenConditionsFrom(flow, s.id)]));
  const serializeState = (snapshot: FunnelSnapshot) => {
    const { trail, answers, results, flags, seen } = snapshot.context;
    const at = trail.indexOf(screenIdOf(snapshot));
    const reachable = ahead.get(screenIdOf(snapshot))!;
    // A condition decided afresh each time its screen is answered (on that screen's own answer or submit
    // outcome) does not tell states apart: what was answered or reported before is asked again.
    const decisions = conditions.map((c) => (!reachable.has(c.screen) || c.fresh ? '-' : evaluateCondition(c.when, answers, results, flags, seen) ? 1 : 0)).join('');
    const phase = phaseOf(snapshot);
    const screen = screenOf(snapshot);
    // The screen before matters only where BACK goes to it; a submit's outcomes may depend on what it submits.
    const previous = screen.back?.to === 'previous' || screen.back?.to === 'browser' ? (at > 0 ? trail[at - 1] : '') : '';
    const submitted = phase === 'submitting' && isQuestionScreen(screen) ? JSON.stringify(answers[screen.answerKey] ?? null) : '';
    // A checked payment page waits for its button: which status it shows decides where that leads.
    const status = phase === 'checked' && screen.kind === 'payment-result' ? (outcomeOf(results[screen.statusFrom]) ?? '') : '';
    // The discount pages already seen decide where leaving checkout returns to (and /payment-error's way on): states
    // differ by them only as far as a condition still ahead would decide differently.
    const used = seenAhead.get(screenIdOf(snapshot))!.map((c) => (evaluateCondition(c, answers, results, flags, seen) ? 1 : 0)).join('');
    return `${screenIdOf(snapshot)}${phase ? `.${phase}` : ''}|${previous}|${decisions}|${submitted}${status}|${used}`;
  };
  const serializeEvent = (event: MachineEvent) => JSON.stringify(event);
  const options = { events, serializeState, serializeEvent, fromState: start } as const;

  const adjacency = getAdjacencyMap(machine, options);
  const transitions: Array<{ from: string; event: MachineEvent; to: string }> = [];
  for (const [from, value] of Object.entries(adjacency)) {
    const out: Record<string, { event: MachineEvent; state: FunnelSnapshot }> = value.transitions;
    for (const { event, state } of Object.values(out)) {
      transitions.push({ from, event, to: serializeState(state) });
    }
  }
  // Events the machine ignores (an invalid answer, BACK with no target) leave the state as it is.
  const moving = transitions.filter((t) => t.from !== t.to);

  const toEach = new Map<string, FunnelPathLike>();
  for (const path of getShortestPaths(machine, options)) toEach.set(serializeState(path.state), path);

  const candidates: ModelPath[] = moving.map((t) => {
    const prefix = toEach.get(t.from);
    if (!prefix) throw new Error(`no path to ${t.from}`);
    const steps = [...prefix.steps.slice(1), { event: t.event, state: adjacency[t.from as keyof typeof adjacency]!.transitions[serializeEvent(t.event) as never]!.state }];
    return {
      name: `${t.from.split('|')[0]} ${describe(t.event)} → ${t.to.split('|')[0]}`,
      steps: steps.map((s) => ({ event: s.event, screen: screenIdOf(s.state), ...(phaseOf(s.state) ? { phase: phaseOf(s.state) } : {}) })),
    };
  });

  // A path that is the start of a longer one adds nothing: drive only the longer.
  const key = (p: ModelPath) => p.steps.map((s) => `${JSON.stringify(s.event)}>${s.screen}`).join('\n');
  const keys = candidates.map(key);
  const pruned = candidates.filter((p, i) => !keys.some((other, j) => j !== i && other.length > keys[i]!.length && other.startsWith(`${keys[i]}\n`)) && keys.indexOf(keys[i]!) === i);

  // Driving a path costs a fresh visit, so a path that only adds "BACK at S" is folded into a longer
  // path through S as a detour (BACK, then the same answer again), when the model confirms the
  // detour returns to the very same state. Coverage below is computed on the folded paths.
  const step = (state: string, event: FunnelEvent) => adjacency[state as keyof typeof adjacency]?.transitions[serializeEvent(event) as never]?.state;
  const statesAlong = (p: ModelPath) => {
    const states = [serializeState(start)];
    let current: FunnelSnapshot = start;
    for (const s of p.steps) {
      current = step(serializeState(current), s.event)!;
      states.push(serializeState(current));
    }
    return states;
  };
  const isBackPath = (p: ModelPath) => p.steps.at(-1)?.event.type === 'BACK';
  const spines = pruned.filter((p) => !isBackPath(p)).map((p) => ({ ...p, steps: [...p.steps] }));
  const paths: ModelPath[] = [];
  for (const backPath of pruned.filter(isBackPath)) {
    const at = statesAlong({ ...backPath, steps: backPath.steps.slice(0, -1) }).at(-1)!;
    let folded = false;
    for (const spine of spines) {
      const states = statesAlong(spine);
      const k = states.indexOf(at);
      if (k <= 0) continue;
      const redo = spine.steps[k - 1]!.event;
      const afterBack = step(at, { type: 'BACK' });
      const again = afterBack ? step(serializeState(afterBack), redo) : undefined;
      if (!afterBack || !again || serializeState(again) !== at) continue;
      const stepTo = (event: MachineEvent, state: FunnelSnapshot): ModelStep => ({ event, screen: screenIdOf(state), ...(phaseOf(state) ? { phase: phaseOf(state) } : {}) });
      spine.steps.splice(k, 0, stepTo({ type: 'BACK' }, afterBack), stepTo(redo, again));
      spine.name = spine.name.includes('with back') ? spine.name : `${spine.name}, with back steps`;
      folded = true;
      break;
    }
    if (!folded) paths.push(backPath);
  }
  paths.unshift(...spines);
  for (const p of paths) {
    let current: FunnelSnapshot = start;
    for (let i = 0; i < p.steps.length; i += 1) {
      current = step(serializeState(current), p.steps[i]!.event)!;
      if (screenIdOf(current) === resumeAt && i < p.steps.length - 1) {
        p.resume = { step: i + 1, screen: resumeAt, answers: current.context.answers, trail: current.context.trail };
        break;
      }
    }
  }

  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();
  const coveredScreens = new Set<string>([flow.start]);
  const coveredConditionSides = new Set<string>();
  for (const p of paths) {
    let snapshot = start;
    coveredStates.add(serializeState(snapshot));
    for (const step of p.steps) {
      const before = snapshot;
      const screen = screenOf(before);
      snapshot = adjacency[serializeState(before) as keyof typeof adjacency]!.transitions[serializeEvent(step.event) as never]!.state;
      // A screen decides where to go when its answer is taken, or when its submit effect has answered.
      const decides = submitEffectOf(kinds, screen) !== undefined ? outcomeOfEvent(step.event) !== null : step.event.type !== 'BACK' && step.event.type !== 'RETURN';
      if (decides) {
        const { answers, results, flags, seen } = snapshot.context;
        for (const b of branchesOf(screen)) {
          if (b.when) coveredConditionSides.add(`${screen.id}:${JSON.stringify(b.when)}:${evaluateCondition(b.when, answers, results, flags, seen)}`);
        }
      }
      coveredTransitions.add(`${serializeState(before)} ${serializeEvent(step.event)}`);
      coveredStates.add(serializeState(snapshot));
      coveredScreens.add(screenIdOf(snapshot));
    }
  }

  return {
    paths,
    states: { covered: coveredStates.size, total: Object.keys(adjacency).length },
    transitions: { covered: moving.filter((t) => coveredTransitions.has(`${t.from} ${serializeEvent(t.event)}`)).length, total: moving.length },
    screens: { covered: coveredScreens.size, total: flow.screens.length },
    conditions: { covered: coveredConditionSides.size, total: conditions.length * 2, sides: coveredConditionSides },
  };
}

/** Screens reachable from a screen by going forward, itself excluded unless on a cycle. */
function reachableFrom(flow: Flow, id: string): Set<string> {
  const { byId } = indexFlow(flow);
  const seen = new Set<string>();
  const queue = branchesOf(byId.get(id)!).map((b) => b.to);
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...branchesOf(byId.get(next)!).map((b) => b.to));
  }
  return seen;
}

/** The conditions on screens offered once having been seen (in `next` or a price screen's returns) of `id` and the screens after it, payment returns included. */
function seenConditionsFrom(flow: Flow, id: string): Condition[] {
  const { byId } = indexFlow(flow);
  const found = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    for (const next of followersOf(flow, byId.get(queue.shift()!)!)) {
      if (!found.has(next)) {
        found.add(next);
        queue.push(next);
      }
    }
  }
  return [...found].flatMap((screenId) => {
    const screen = byId.get(screenId)!;
    const returns = screen.kind === 'price' && screen.returnTo ? Object.values(screen.returnTo).flatMap((value) => (typeof value === 'string' ? [] : value)) : [];
    return [...branchesOf(screen), ...returns].flatMap((b) => (b.when && conditionSeen(b.when).length > 0 ? [b.when] : []));
  });
}

type FunnelPathLike = { steps: Array<{ event: MachineEvent; state: FunnelSnapshot }> };

function describe(event: FunnelEvent): string {
  switch (event.type) {
    case 'ANSWER':
      return typeof event.value === 'string' ? `ANSWER ${event.value}` : Array.isArray(event.value) ? `ANSWER [${event.value.join(',')}]` : 'ANSWER place';
    default:
      return outcomeOfEvent(event) ?? event.type;
  }
}

/** The outcome values a condition tests. */
function outcomeValues(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(outcomeValues);
  if ('any' in condition) return condition.any.flatMap(outcomeValues);
  if ('not' in condition) return outcomeValues(condition.not);
  return 'outcome' in condition ? [condition.is] : [];
}

/** True when a screen's condition reads only what the screen itself decides: its own answer, its submit's outcome, switches. */
function decidedAfresh(screen: Screen, condition: Condition): boolean {
  const keys = conditionAnswerKeys(condition);
  return keys.every((key) => isQuestionScreen(screen) && key === screen.answerKey) && (keys.length > 0 || outcomeValues(condition).length > 0);
}

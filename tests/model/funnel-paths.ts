import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { screenIdOf } from '../../src/engine/compile-flow';
import type { EventFromLogic } from 'xstate';
import type { Flow, Screen } from '../../src/engine/generated/flow-types';
import type { PlaceAnswer } from '../../src/engine/answers';
import { isQuestionScreen } from '../../src/engine/answers';
import { compileFlow, type FunnelEvent, type FunnelMachine } from '../../src/engine/compile-flow';
import { branchesOf, indexFlow } from '../../src/engine/flow-graph';
import { conditionAnswerKeys, evaluateCondition } from '../../src/engine/conditions';

/** The sample answers the model uses; the UI driver enters the same ones. */
export const sample = {
  text: 'Maya',
  date: '1990-05-17',
  time: '10:30',
  place: { query: 'London', label: 'London, United Kingdom' },
  email: 'maya@example.com',
  /** The plan a model path chooses on a price screen (the reference catalogue's cheapest live maxpay trial). */
  plan: 'mxp_astrelle_trial_1_2900_live',
} as const;

const samplePlace: PlaceAnswer = { latitude: 51.50853, longitude: -0.12574, place: sample.place.label, utcOffsetMinutes: 60, timeZone: 'Europe/London' };

export interface ModelStep {
  event: FunnelEvent;
  /** The screen the machine is on after the event. */
  screen: string;
}

export interface ModelPath {
  name: string;
  steps: ModelStep[];
}

export interface ModelCoverage {
  paths: ModelPath[];
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  screens: { covered: number; total: number };
  conditions: { covered: number; total: number };
}

type FunnelSnapshot = ReturnType<FunnelMachine['resolveState']>;
/** The machine's own event type. */
type MachineEvent = EventFromLogic<FunnelMachine>;

/**
 * Generates, with xstate/graph, paths through the compiled flow that together take every state and
 * every transition of the model, including BACK from every screen that has one and both sides of
 * every branch condition. Everything is derived from the flow: a screen or branch added to the JSON
 * is covered with no change here.
 */
export function funnelPaths(flow: Flow): ModelCoverage {
  const machine = compileFlow(flow, { now: () => new Date('2026-06-01T12:00:00Z') });
  const { byId } = indexFlow(flow);
  const conditions = flow.screens.flatMap((screen) => branchesOf(screen).flatMap((b) => (b.when ? [{ screen: screen.id, when: b.when }] : [])));
  const branchKeys = new Set(conditions.flatMap((c) => conditionAnswerKeys(c.when)));

  const answersFor = (screen: Screen): FunnelEvent[] => {
    switch (screen.kind) {
      case 'welcome':
      case 'interstitial':
      case 'loading':
        return [{ type: 'NEXT' }];
      case 'email':
        return [{ type: 'SUBMIT_EMAIL', email: sample.email }];
      case 'single-choice':
        return branchKeys.has(screen.answerKey) ? screen.options.map((o) => ({ type: 'ANSWER', value: o.value })) : [{ type: 'ANSWER', value: screen.options[0]!.value }];
      case 'multiple-choice':
        return [{ type: 'ANSWER', value: screen.options.slice(0, screen.minSelected).map((o) => o.value) }];
      case 'text':
        return [{ type: 'ANSWER', value: sample.text }];
      case 'price':
        return [{ type: 'ANSWER', value: sample.plan }];
      case 'date':
        return [{ type: 'ANSWER', value: sample.date }];
      case 'time':
        return branchKeys.has(screen.answerKey)
          ? [{ type: 'ANSWER', value: sample.time }, { type: 'ANSWER', value: screen.dontKnow.value }]
          : [{ type: 'ANSWER', value: sample.time }];
      case 'place':
        return [{ type: 'ANSWER', value: samplePlace }];
    }
  };

  const screenOf = (snapshot: FunnelSnapshot) => byId.get(screenIdOf(snapshot))!;
  const events = (snapshot: FunnelSnapshot): MachineEvent[] => {
    const screen = screenOf(snapshot);
    return [...answersFor(screen), ...(screen.back ? [{ type: 'BACK' } as const] : [])];
  };

  // Two snapshots are the same model state when they show the same screen, BACK leads to the same
  // screen, and every branch condition still ahead would decide the same way.
  const ahead = new Map(flow.screens.map((s) => [s.id, new Set([s.id, ...reachableFrom(flow, s.id)])]));
  const serializeState = (snapshot: FunnelSnapshot) => {
    const { trail, answers } = snapshot.context;
    const at = trail.indexOf(screenIdOf(snapshot));
    const reachable = ahead.get(screenIdOf(snapshot))!;
    const decisions = conditions.map((c) => (!reachable.has(c.screen) ? '-' : evaluateCondition(c.when, answers) ? 1 : 0)).join('');
    return `${screenIdOf(snapshot)}|${at > 0 ? trail[at - 1] : ''}|${decisions}`;
  };
  const serializeEvent = (event: MachineEvent) => JSON.stringify(event);
  const options = { events, serializeState, serializeEvent } as const;

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
      steps: steps.map((s) => ({ event: s.event, screen: screenIdOf(s.state) })),
    };
  });

  // A path that is the start of a longer one adds nothing: drive only the longer.
  const key = (p: ModelPath) => p.steps.map((s) => `${JSON.stringify(s.event)}>${s.screen}`).join('\n');
  const keys = candidates.map(key);
  const pruned = candidates.filter((p, i) => !keys.some((other, j) => j !== i && other.length > keys[i]!.length && other.startsWith(`${keys[i]}\n`)) && keys.indexOf(keys[i]!) === i);

  // Driving a path costs a fresh visit, so a path that only adds "BACK at S" is folded into a longer
  // path through S as a detour (BACK, then the same answer again), when the model confirms the
  // detour returns to the very same state. Coverage below is computed on the folded paths.
  const start = machine.resolveState({ value: flow.start, context: { answers: {}, trail: [flow.start], email: null, move: 'start', results: {} } });
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
      spine.steps.splice(k, 0, { event: { type: 'BACK' }, screen: screenIdOf(afterBack) }, { event: redo, screen: screenIdOf(again) });
      spine.name = spine.name.includes('with back') ? spine.name : `${spine.name}, with back steps`;
      folded = true;
      break;
    }
    if (!folded) paths.push(backPath);
  }
  paths.unshift(...spines);

  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();
  const coveredScreens = new Set<string>([flow.start]);
  const coveredConditionSides = new Set<string>();
  for (const p of paths) {
    let snapshot = machine.resolveState({ value: flow.start, context: { answers: {}, trail: [flow.start], email: null, move: 'start', results: {} } });
    coveredStates.add(serializeState(snapshot));
    for (const step of p.steps) {
      const before = snapshot;
      const screen = screenOf(before);
      if (isQuestionScreen(screen) || screen.kind !== 'email') {
        for (const b of branchesOf(screen)) {
          if (!b.when) continue;
          const answers = step.event.type === 'ANSWER' && isQuestionScreen(screen) ? { ...before.context.answers, [screen.answerKey]: step.event.value } : before.context.answers;
          if (step.event.type !== 'BACK') coveredConditionSides.add(`${screen.id}:${JSON.stringify(b.when)}:${evaluateCondition(b.when, answers)}`);
        }
      }
      snapshot = adjacency[serializeState(before) as keyof typeof adjacency]!.transitions[serializeEvent(step.event) as never]!.state;
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
    conditions: { covered: coveredConditionSides.size, total: conditions.length * 2 },
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

type FunnelPathLike = { steps: Array<{ event: MachineEvent; state: FunnelSnapshot }> };

function describe(event: FunnelEvent): string {
  switch (event.type) {
    case 'ANSWER':
      return typeof event.value === 'string' ? `ANSWER ${event.value}` : Array.isArray(event.value) ? `ANSWER [${event.value.join(',')}]` : 'ANSWER place';
    default:
      return event.type;
  }
}

import { and, assertEvent, assign, setup, type AnyActorLogic, type Snapshot } from 'xstate';
import type { Condition, Flow, Screen } from './generated/flow-types';
import type { Answers, AnswerValue } from './answers';
import { isQuestionScreen } from './answers';
import { evaluateCondition, type Flags } from './conditions';
import { declaredValues, flagDeclarations, type FlagValues } from './flags';
import { assignReads, flagsOfScreen } from './flag-reads';
import { refreshPlaceOffsets } from './place-offsets';
import { withoutResult, withResult, type EffectFailure, type EffectName, type StoredResults } from './effect-results';
import { branchesOf, consistentTrail, defaultFlags, indexFlow, predecessors, pruneAnswers, returnTargetsOf, screensOfferedOnce } from './flow-graph';
import type { KindRegistry, Submission } from './kinds/screen-kind';
import { answerProblem, statusEffectOf, submissionOf, submitEffectOf } from './kinds/kind-registry';
import { unknownEffects } from './effect-references';
import { FlowProblemsError } from './flow-problem';

/** How the visitor reached the current screen; the address bar projection reads it. */
export type Move = 'start' | 'forward' | 'back' | 'history-back' | 'navigate';

/** The output types of effects by name when no app supplies its map (engine tests, the model): anything. */
export type AnyEffectOutputs = Record<string, unknown>;

/** The machine's data. `R` maps each effect name to its output type (the app's EffectResults). */
export interface FunnelContext<R = AnyEffectOutputs> {
  /** Answers keyed by step id (1-1, 2-1 ... 4-7). */
  answers: Answers;
  /** The screens on the visitor's path, from the start to the furthest reached. */
  trail: string[];
  /** The email, from a screen whose kind submits one (its descriptor's `submits`); held in memory only, never saved. */
  email: string | null;
  move: Move;
  /** The latest output of each named effect (e.g. the plans loadPlans fetched), in memory only. */
  results: StoredResults<R>;
  /**
   * The flag values in force: the flow's defaults, overridden by remote config (SET_FLAGS) for the flags not yet
   * assigned; an assigned flag always holds its assigned value. Conditions, effects and screens read these.
   */
  flags: Flags;
  /**
   * The flags this visitor has been shown, with the value they saw: a flag is assigned when a screen that reads it
   * opens (flagsReadBy) and never changes afterwards, whatever remote config says later. Saved with progress; the
   * session's abTestData and the events' properties are made from it.
   */
  assigned: FlagValues;
  /**
   * Remote config has answered, or the app stopped waiting for it (FLAGS_SETTLED, or SET_FLAGS with `settled`).
   * Until then a screen that reads an unassigned flag waits (awaitsFlags); afterwards it is assigned as the screen
   * opens. In memory only: each visit asks remote config again.
   */
  flagsSettled: boolean;
  /**
   * The latest page outside the flow a back target leaves for (`back: { to: "path" }`, say /understanding-astrology),
   * the funnel staying where it is: the address bar goes there. `seq` tells one Back from the next; never persisted.
   */
  leaving: { path: string; seq: number } | null;
  /**
   * The screens offered once (`once: true`, the discount pages) this visitor has been shown: each is added as it
   * opens, and the visitor's session (another tab, an earlier visit) adds what it remembers (SEEN). Conditions
   * `{ "seen": id }` read it; a screen in it does not open again by address, history or payment return. Saved with
   * progress, and on the server with the session.
   */
  seen: string[];
}

/** What a named effect is given when its screen opens (or, for a submit effect, when the screen submits). */
export interface EffectInput<R = AnyEffectOutputs> {
  /** The screen that runs the effect. */
  screen: Screen;
  answers: Answers;
  email: string | null;
  /** The outputs of the effects that ran before, by name. */
  results: StoredResults<R>;
  /** The feature switches in force. */
  flags: Flags;
  /** The screens offered once that the visitor has seen (a return route's conditions may read them); absent: none. */
  seen?: readonly string[];
}

export type FunnelEvent =
  | { type: 'ANSWER'; value: AnswerValue }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'NAVIGATE'; screen: string }
  /** The hosted payment sent the visitor back to one of a price screen's return routes. */
  | { type: 'RETURN'; screen: string }
  | { type: 'SUBMIT_EMAIL'; email: string }
  /**
   * Remote config arrived: these values (parseRemoteFlags) override the defaults of the flags not yet assigned;
   * values the flow's declarations do not allow are ignored. With `settled: true` the wait ends as FLAGS_SETTLED.
   */
  | { type: 'SET_FLAGS'; flags: Flags; settled?: boolean }
  /** Remote config will not answer in time (failed, or the app's wait ran out): screens take the values in force. */
  | { type: 'FLAGS_SETTLED' }
  /** Restored from saved progress: the screen opens again, so its effects run (a restored state starts none). */
  | { type: 'RESUME' }
  /**
   * The visitor asks the screen to run its effects again (plans that failed to load): their results are forgotten,
   * so the screen shows them loading, and the screen opens again in place. Not while it submits.
   */
  | { type: 'RETRY' }
  /** The visitor's session remembers these screens offered once as seen (in another tab, or an earlier visit). */
  | { type: 'SEEN'; screens: readonly string[] };

/**
 * An effect's implementation: actor logic that takes the EffectInput and whose output (the `output` of its done
 * snapshot) has the type the map gives its name. Only its first snapshot is typed here: XState's logic types
 * vary by kind of actor everywhere else.
 */
export type EffectLogic<R, Name extends keyof R> = AnyActorLogic & { getInitialSnapshot: (actorScope: never, input: EffectInput<R>) => Snapshot<R[Name]> };

/** Effect implementations by name, each with the output type `R` gives its name. */
export type EffectLogics<R> = { [Name in keyof R]?: EffectLogic<R, Name> };

export interface CompileOptions<R = AnyEffectOutputs> {
  /** The screen kinds the flow may use (src/engine/kinds/product-kinds.ts for the product's). */
  kinds: KindRegistry;
  /** Effect implementations by name (actors invoked when a screen that names them opens). */
  effects?: EffectLogics<R>;
  /** The clock used for date rules (tests pin it). */
  now?: () => Date;
}

/**
 * Compiles a validated flow into an XState machine: one state per screen, transitions from `next`
 * (conditions become the parameterised guard `answerMatches`), back targets, and a root NAVIGATE
 * event for the address bar that is accepted only for screens on the visitor's trail.
 */
export function compileFlow<R = AnyEffectOutputs>(flow: Flow, options: CompileOptions<NoInfer<R>>) {
  const { kinds } = options;
  const { byId, byRoute } = indexFlow(flow);
  const preds = predecessors(flow);
  // The screens each price screen's hosted payment may send the visitor back to.
  const returns = new Map(flow.screens.map((screen) => [screen.id, returnTargetsOf(flow, screen)] as const));
  const returnsOf = (id: string): string[] => returns.get(id) ?? [];
  const returnTargets = [...new Set([...returns.values()].flat())];
  const now = options.now ?? (() => new Date());
  const offeredOnce = screensOfferedOnce(flow);
  /** A screen offered once that the visitor has already seen: only a Back from the page after it opens it again. */
  const isUsedUp = (context: FunnelContext<R>, screen: string): boolean => offeredOnce.has(screen) && context.seen.includes(screen);
  const declarations = flagDeclarations(flow);
  const reads = new Map(flow.screens.map((screen) => [screen.id, flagsOfScreen(kinds, screen)] as const));
  const readsOf = (id: string): string[] => reads.get(id) ?? [];
  /** Nothing answered, nowhere gone: the state of a browser with no saved progress. */
  const knowsNothing = (context: FunnelContext<R>): boolean =>
    context.trail.length === 1 && context.trail[0] === flow.start && Object.keys(context.answers).length === 0 && context.email === null;
  const screenOf = (id: string): Screen => {
    const screen = byId.get(id);
    if (!screen) throw new Error(`compileFlow: unknown screen "${id}"`);
    return screen;
  };
  // XState takes the implementations by name; it cannot pair a flow's effect name with an output type, `effects` does.
  // Every effect the flow names is part of the machine (so `.provide()` can swap it); one without an implementation
  // is refused here, located, never silently left out.
  const effects: EffectLogics<R> = options.effects ?? {};
  const actors: Record<string, AnyActorLogic> = {};
  for (const name in effects) {
    const logic = effects[name];
    if (logic) actors[name] = logic;
  }
  const missing = unknownEffects(flow, kinds, Object.keys(actors), 'implemented');
  if (missing.length > 0) throw new FlowProblemsError(missing);
  const isImplemented = (name: string): name is EffectName<R> => Object.hasOwn(actors, name);
  // Always true after the check above; the type of the name follows from it.
  const implemented = (name: string): EffectName<R> => {
    if (isImplemented(name)) return name;
    throw new FlowProblemsError(unknownEffects(flow, kinds, Object.keys(actors), 'implemented'));
  };
  // What an effect's done event stores: its output, of the type the map gives its name (see `actors`).
  const storeOutput =
    <Name extends EffectName<R>>(name: Name) =>
    ({ context, event }: { context: FunnelContext<R>; event: { output: R[Name] } }) => ({ results: withResult(context.results, name, event.output) });
  const failed: EffectFailure = { outcome: 'failed' };
  const storeFailure =
    (name: EffectName<R>) =>
    ({ context }: { context: FunnelContext<R> }) => ({ results: withResult(context.results, name, failed) });
  const answersWith = (context: FunnelContext<R>, event: FunnelEvent, screenId: string): Answers => {
    const screen = screenOf(screenId);
    return event.type === 'ANSWER' && isQuestionScreen(screen) ? { ...context.answers, [screen.answerKey]: event.value } : context.answers;
  };

  const machineSetup = setup({
    actors,
    types: {
      context: {} as FunnelContext<R>,
      events: {} as FunnelEvent,
    },
    guards: {
      isValidAnswer: ({ event }, params: { screen: string }) =>
        event.type === 'ANSWER' && answerProblem(kinds, screenOf(params.screen), event.value, now()) === null,
      isValidEmail: ({ event }, params: { screen: string }) =>
        event.type === 'SUBMIT_EMAIL' && answerProblem(kinds, screenOf(params.screen), event.email, now()) === null,
      answerMatches: ({ context, event }, params: { screen: string; condition: Condition }) =>
        evaluateCondition(params.condition, answersWith(context, event, params.screen), context.results, context.flags, context.seen),
      isPreviousOnTrail: ({ context }, params: { screen: string; previous: string }) => {
        const at = context.trail.indexOf(params.screen);
        return at > 0 && context.trail[at - 1] === params.previous;
      },
      // A return route of a price screen the visitor has reached (the hosted payment's way back), or of any price
      // screen for a visitor this browser knows nothing of: the hosted page may hand back to another browser (out
      // of an in-app browser, say), and someone who paid must see the page they return to, not the start. That page
      // and the ones after it ask the servers, not this browser, what is true and what the visitor is entitled to.
      // A screen offered once and already seen is not returned to: the way there was decided when the payment
      // started, and another tab may have shown it since.
      isPaymentReturn: ({ context, event }, params: { screen: string }) =>
        event.type === 'RETURN' &&
        event.screen === params.screen &&
        !isUsedUp(context, params.screen) &&
        (context.trail.some((id) => returnsOf(id).includes(params.screen)) || knowsNothing(context)),
      canNavigate: ({ context, event }, params: { screen: string }) =>
        event.type === 'NAVIGATE' && event.screen === params.screen && context.trail.includes(params.screen) && !isUsedUp(context, params.screen),
    },
    actions: {
      storeAnswer: assign(({ context, event }, params: { screen: string }) => {
        assertEvent(event, 'ANSWER');
        const screen = screenOf(params.screen);
        if (!isQuestionScreen(screen)) return {};
        // The answer of the screen the visitor is on is always theirs to give, even when the trail before it is not
        // one the answers would take (a payment return in a browser that holds no progress).
        const pruned = pruneAnswers(flow, { ...context.answers, [screen.answerKey]: event.value }, context.trail, context.flags);
        const answers = { ...pruned, [screen.answerKey]: event.value };
        return { answers: refreshPlaceOffsets(flow, answers, screen.answerKey) };
      }),
      storeEmail: assign(({ event }) => {
        assertEvent(event, 'SUBMIT_EMAIL');
        return { email: event.email.trim() };
      }),
      advanceTrail: assign(({ context }, params: { from: string; to: string }) => {
        const at = context.trail.indexOf(params.from);
        const kept = at >= 0 ? context.trail.slice(0, at + 1) : [...context.trail, params.from];
        // Same way forward as before: keep the rest of the trail (browser forward still works), but
        // only as far as the answers, maybe just changed, still lead that way.
        const trail = context.trail[at + 1] === params.to && at >= 0 ? consistentTrail(flow, context.trail, context.answers, context.flags) : [...kept, params.to];
        return { trail, move: 'forward' as const };
      }),
      markMove: assign((_, params: { move: Move }) => ({ move: params.move })),
      leaveFor: assign(({ context }, params: { path: string }) => ({ leaving: { path: params.path, seq: (context.leaving?.seq ?? 0) + 1 } })),
      returnTo: assign(({ context }, params: { screen: string }) => {
        const from = context.trail.findLastIndex((id) => returnsOf(id).includes(params.screen));
        // A visitor new to this browser keeps the start behind the return page.
        const kept = from >= 0 ? context.trail.slice(0, from + 1) : context.trail;
        return { trail: [...kept, params.screen], move: 'navigate' as const };
      }),
      storeResult: assign((_, params: { results: StoredResults<R> }) => ({ results: params.results })),
      markSeen: assign(({ context }, params: { screen: string }) => (context.seen.includes(params.screen) ? {} : { seen: [...context.seen, params.screen] })),
      // What the session remembers adds to what this page knows; only screens this flow offers once count.
      rememberSeen: assign(({ context, event }) => {
        assertEvent(event, 'SEEN');
        const added = event.screens.filter((id) => offeredOnce.has(id) && !context.seen.includes(id));
        return added.length > 0 ? { seen: [...context.seen, ...new Set(added)] } : {};
      }),
      // A payment result screen opens with no answer from its status effect: an earlier visit's (say, "paid")
      // must not show for a moment while the page asks again, maybe about another order.
      forgetResult: assign(({ context }, params: { effect: EffectName<R> }) => ({ results: withoutResult(context.results, params.effect) })),
      // Remote config's values apply to the flags not yet assigned: a value a visitor has seen never changes.
      // Settling assigns the flags the open screen reads (`reads`), which it was waiting for.
      applyFlags: assign(({ context, event }, params: { reads: readonly string[] }) => {
        assertEvent(event, ['SET_FLAGS', 'FLAGS_SETTLED']);
        const incoming = event.type === 'SET_FLAGS' ? declaredValues(declarations, event.flags) : {};
        const flags = { ...context.flags, ...incoming, ...context.assigned };
        const flagsSettled = context.flagsSettled || event.type === 'FLAGS_SETTLED' || event.settled === true;
        return { flags, flagsSettled, assigned: flagsSettled ? assignReads(context.assigned, flags, params.reads) : context.assigned };
      }),
      // As a screen opens, once remote config has settled; or, `force`, as the visitor leaves it (they acted on
      // the values in force, say a branch or a return route, even if the app never held the screen).
      assignFlags: assign(({ context }, params: { reads: readonly string[]; force: boolean }) =>
        context.flagsSettled || params.force ? { assigned: assignReads(context.assigned, context.flags, params.reads) } : {},
      ),
    },
  });

  // From a screen's own sub-state (a submitting screen's "decided") a screen is reached by its id.
  const forward = (screen: Screen, valid: { type: 'isValidAnswer'; params: { screen: string } } | null, nested = false) =>
    branchesOf(screen).map((branch) => {
      const matches = branch.when ? { type: 'answerMatches' as const, params: { screen: screen.id, condition: branch.when } } : null;
      const guards = [valid, matches].filter((g) => g !== null);
      return {
        target: nested ? `#${flow.id}.${branch.to}` : branch.to,
        guard: guards.length === 2 ? and(guards) : guards[0],
        actions: [
          ...assignOnLeaving(screen),
          ...(valid ? [{ type: 'storeAnswer' as const, params: { screen: screen.id } }] : []),
          { type: 'advanceTrail' as const, params: { from: screen.id, to: branch.to } },
        ],
      };
    });

  // The flags a screen reads are assigned when it leaves, in case it was never held for them (see assignFlags).
  const assignOnLeaving = (screen: Screen) => {
    const names = readsOf(screen.id);
    return names.length > 0 ? [{ type: 'assignFlags' as const, params: { reads: names, force: true } }] : [];
  };
  // A screen that reads flags assigns them as it opens once remote config has settled, and on settling while open.
  const flagsOn = (screen: Screen) => {
    const names = readsOf(screen.id);
    if (names.length === 0) return { entry: [], on: {} };
    const apply = { actions: { type: 'applyFlags' as const, params: { reads: names } } };
    return { entry: [{ type: 'assignFlags' as const, params: { reads: names, force: false } }], on: { SET_FLAGS: apply, FLAGS_SETTLED: apply } };
  };

  const backTransitions = (screen: Screen) => {
    const back = screen.back;
    if (!back) return [];
    if (back.to === 'screen' && back.screen) return [{ target: back.screen, actions: { type: 'markMove' as const, params: { move: 'back' as const } } }];
    if (back.to === 'path' && back.path) {
      const inFlow = byRoute.get(back.path);
      return inFlow
        ? [{ target: inFlow.id, actions: { type: 'markMove' as const, params: { move: 'back' as const } } }]
        : [{ actions: { type: 'leaveFor' as const, params: { path: back.path } } }];
    }
    const move: Move = back.to === 'browser' ? 'history-back' : 'back';
    return (preds.get(screen.id) ?? []).map((previous) => ({
      target: previous,
      guard: { type: 'isPreviousOnTrail' as const, params: { screen: screen.id, previous } },
      actions: { type: 'markMove' as const, params: { move } },
    }));
  };

  // What every effect of a screen is given: the screen and the funnel's data at that moment.
  const effectInput =
    (screen: Screen) =>
    ({ context }: { context: FunnelContext<R> }): EffectInput<R> => ({
      screen,
      answers: context.answers,
      email: context.email,
      results: context.results,
      flags: context.flags,
      seen: context.seen,
    });

  // The effects run while the screen is open (a payment result screen's status effect runs in its own sub-state).
  const invokeFor = (screen: Screen) =>
    (screen.effects ?? []).flatMap((named) =>
      named !== statusEffectOf(kinds, screen)
        ? [
            {
              src: implemented(named),
              id: `${screen.id}:${named}`,
              input: effectInput(screen),
              onDone: { actions: { type: 'storeResult' as const, params: storeOutput(implemented(named)) } },
            },
          ]
        : [],
    );

  // An effect a screen waits on (its status, or what it submits to): its output, or the outcome "failed", is stored,
  // then the screen goes on to `target`.
  const settling = (screen: Screen, name: EffectName<R>, target: string) => ({
    src: name,
    id: `${screen.id}:${name}`,
    input: effectInput(screen),
    onDone: { target, actions: { type: 'storeResult' as const, params: storeOutput(name) } },
    onError: { target, actions: { type: 'storeResult' as const, params: storeFailure(name) } },
  });

  // createStateConfig keeps XState's checks on every guard, action and params name below.
  const stateFor = (screen: Screen) => {
    const back = backTransitions(screen);
    const invoke = invokeFor(screen);
    const common = {
      ...(invoke.length > 0 ? { invoke } : {}),
      meta: { route: screen.route },
    };
    const status = statusEffectOf(kinds, screen);
    const resume = invoke.length > 0 || status ? { RESUME: { target: `#${flow.id}.${screen.id}`, reenter: true } } : {};
    const retry =
      invoke.length > 0
        ? {
            RETRY: {
              target: `#${flow.id}.${screen.id}`,
              reenter: true,
              actions: invoke.map((effect) => ({ type: 'forgetResult' as const, params: { effect: effect.src } })),
            },
          }
        : {};
    const flagged = flagsOn(screen);
    // A screen offered once is remembered as seen the moment it opens.
    const seenEntry = offeredOnce.has(screen.id) ? [{ type: 'markSeen' as const, params: { screen: screen.id } }] : [];
    if (status !== undefined) {
      // A payment result screen: `checking` until its status effect answers (a failed effect counts as the
      // outcome "failed"), and only then NEXT, decided by `next` on that answer: nothing here may claim what the
      // server has not said.
      const statusName = implemented(status);
      return machineSetup.createStateConfig({
        ...common,
        entry: [{ type: 'forgetResult', params: { effect: statusName } }, ...seenEntry, ...flagged.entry],
        on: { ...flagged.on, ...resume, ...(back.length > 0 ? { BACK: back } : {}) },
        initial: 'checking',
        states: {
          checking: { invoke: settling(screen, statusName, 'checked') },
          // A question (a payment error page's actions) is answered; any other screen's button sends NEXT.
          checked: {
            on: isQuestionScreen(screen) ? { ANSWER: forward(screen, { type: 'isValidAnswer', params: { screen: screen.id } }, true) } : { NEXT: forward(screen, null, true) },
          },
        },
      });
    }
    const submission = submissionOf(kinds, screen);
    const declared = submitEffectOf(kinds, screen);
    const submitName = declared !== undefined ? implemented(declared) : null;
    const trigger = submission ? triggers[submission](screen.id) : null;
    // A screen submits through its sub-states when its trigger is an event of its own (an email is no ANSWER), or
    // when it has an effect to submit to; a screen whose answer has no effect to go to is a plain question.
    if (trigger && (trigger.event !== 'ANSWER' || submitName)) {
      const start = { guard: trigger.guard, target: submitName ? 'submitting' : 'decided', actions: [...assignOnLeaving(screen), trigger.action] };
      // The effect (if any) runs once per trigger, then `next` decides by the answers and its outcome.
      // A failed effect counts as the outcome "failed".
      return machineSetup.createStateConfig({
        ...common,
        entry: [...seenEntry, ...flagged.entry],
        on: { ...flagged.on, ...resume, ...(back.length > 0 ? { BACK: back } : {}) },
        initial: 'editing',
        states: {
          // Not while submitting: a double click must not run the effect twice (nor a retry stop it).
          editing: { on: { [trigger.event]: start, ...retry } },
          submitting: submitName ? { invoke: settling(screen, submitName, 'decided') } : {},
          decided: {
            always: forward(screen, null, true),
            // Where no branch leads on (an end, or a failed payment start), the visitor may try again.
            on: { [trigger.event]: { ...start, reenter: true }, ...retry },
          },
        },
      });
    }
    const answer = isQuestionScreen(screen)
      ? { ANSWER: forward(screen, { type: 'isValidAnswer', params: { screen: screen.id } }) }
      : { NEXT: forward(screen, null) };
    return machineSetup.createStateConfig({
      ...common,
      entry: [...seenEntry, ...flagged.entry],
      on: { ...flagged.on, ...answer, ...resume, ...retry, ...(back.length > 0 ? { BACK: back } : {}) },
    });
  };
  const states = Object.fromEntries(flow.screens.map((screen) => [screen.id, stateFor(screen)]));

  return machineSetup.createMachine({
      id: flow.id,
      initial: flow.start,
      context: () => ({
        answers: {},
        trail: [flow.start],
        email: null,
        move: 'start',
        results: {},
        flags: defaultFlags(flow),
        assigned: {},
        flagsSettled: false,
        leaving: null,
        seen: [],
      }),
      on: {
        SEEN: { actions: 'rememberSeen' },
        SET_FLAGS: { actions: { type: 'applyFlags', params: { reads: [] } } },
        FLAGS_SETTLED: { actions: { type: 'applyFlags', params: { reads: [] } } },
        RETURN: returnTargets.map((screen) => ({
          target: `.${screen}`,
          guard: { type: 'isPaymentReturn' as const, params: { screen } },
          actions: { type: 'returnTo' as const, params: { screen } },
        })),
        NAVIGATE: flow.screens.map((screen) => ({
          target: `.${screen.id}`,
          guard: { type: 'canNavigate' as const, params: { screen: screen.id } },
          actions: { type: 'markMove', params: { move: 'navigate' } },
        })),
      },
      states,
    });
}

/**
 * The machine's snapshot for saved progress: the screen and the context, resolved by the machine so
 * that a restored actor is exactly as consistent as one that walked there. `flags` are the flow's defaults; the
 * saved assignments (checked against the flow by loadProgress) hold over them, and the screens offered once that
 * were seen stay seen.
 */
export function restoreSnapshot<R>(
  machine: FunnelMachine<R>,
  progress: { screen: string; answers: Answers; trail: string[]; assigned?: FlagValues; seen?: readonly string[] },
  flags: Flags,
) {
  const assigned = progress.assigned ?? {};
  return machine.resolveState({
    value: progress.screen,
    context: {
      answers: progress.answers,
      trail: progress.trail,
      email: null,
      move: 'start',
      results: {},
      flags: { ...flags, ...assigned },
      assigned,
      flagsSettled: false,
      leaving: null,
      seen: [...(progress.seen ?? [])],
    },
  });
}

export type FunnelMachine<R = AnyEffectOutputs> = ReturnType<typeof compileFlow<R>>;

/** The screen a snapshot is on: its top-level state (a screen may have sub-states, like a submitting screen's). */
export function screenIdOf(snapshot: { value: unknown }): string {
  const value = snapshot.value;
  if (typeof value === 'string') return value;
  return typeof value === 'object' && value !== null ? (Object.keys(value)[0] ?? '') : '';
}

/**
 * What the visitor submits on each kind of `Submission` (a kind's `submits`): the event, the guard that
 * accepts it and the action that keeps it. An email goes to the machine's memory, never to the saved answers.
 */
const triggers = {
  email: (screen: string) => ({
    event: 'SUBMIT_EMAIL' as const,
    guard: { type: 'isValidEmail' as const, params: { screen } },
    action: { type: 'storeEmail' as const },
  }),
  answer: (screen: string) => ({
    event: 'ANSWER' as const,
    guard: { type: 'isValidAnswer' as const, params: { screen } },
    action: { type: 'storeAnswer' as const, params: { screen } },
  }),
} satisfies Record<Submission, (screen: string) => { event: FunnelEvent['type'] }>;


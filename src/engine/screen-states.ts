import { and } from 'xstate';
import type { Screen } from './generated/flow-types';
import { isQuestionScreen } from './answers';
import { withResult, type EffectFailure, type EffectName } from './effect-results';
import { branchesOf } from './flow-graph';
import type { Submission } from './kinds/screen-kind';
import { statusEffectOf, submissionOf, submitEffectOf } from './kinds/kind-registry';
import type { EffectInput, FunnelContext, FunnelEvent, Move } from './funnel-types';
import type { FlowModel, FunnelSetup } from './funnel-setup';

/**
 * Each screen's state of the machine: its way forward by `next` (its answer checked, its branches' conditions as
 * guards), its back targets, the effects it runs as it opens, the one it waits on (a status shown, or what it
 * submits to) in sub-states of its own, and the flags it assigns. `implemented` names an effect the machine has
 * (compileFlow refuses a flow naming one it lacks).
 */
export function screenStates<R>(machineSetup: FunnelSetup<R>, model: FlowModel, implemented: (name: string) => EffectName<R>) {
  const { flow, kinds, offeredOnce, byRoute, preds, readsOf } = model;
  // What an effect's done event stores: its output, of the type the map gives its name (see `actors`).
  const storeOutput =
    <Name extends EffectName<R>>(name: Name) =>
    ({ context, event }: { context: FunnelContext<R>; event: { output: R[Name] } }) => ({ results: withResult(context.results, name, event.output) });
  const failed: EffectFailure = { outcome: 'failed' };
  const storeFailure =
    (name: EffectName<R>) =>
    ({ context }: { context: FunnelContext<R> }) => ({ results: withResult(context.results, name, failed) });

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
  return Object.fromEntries(flow.screens.map((screen) => [screen.id, stateFor(screen)]));
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


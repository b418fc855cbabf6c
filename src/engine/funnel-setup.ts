import { assertEvent, assign, setup, type AnyActorLogic } from 'xstate';
import type { Condition, Flow, Screen } from './generated/flow-types';
import type { Answers, AnswerValue } from './answers';
import { isQuestionScreen } from './answers';
import { evaluateCondition } from './conditions';
import { declaredValues, type FlagDeclarations } from './flags';
import { assignReads } from './flag-reads';
import { refreshPlaceOffsets } from './place-offsets';
import { withoutResult, type EffectName, type StoredResults } from './effect-results';
import { consistentTrail, pruneAnswers } from './flow-graph';
import type { KindRegistry } from './kinds/screen-kind';
import { answerProblem, completeAnswer } from './kinds/kind-registry';
import type { FunnelContext, FunnelEvent, Move } from './funnel-types';

/** What the compiler knows of a flow that the machine's guards, actions and screen states read. */
export interface FlowModel {
  flow: Flow;
  kinds: KindRegistry;
  now: () => Date;
  /** The effects' implementations by name, as XState takes them. */
  actors: Record<string, AnyActorLogic>;
  /** The screens offered once (`once: true`). */
  offeredOnce: ReadonlySet<string>;
  declarations: FlagDeclarations;
  byRoute: ReadonlyMap<string, Screen>;
  /** Each screen's possible predecessors. */
  preds: ReadonlyMap<string, string[]>;
  screenOf(id: string): Screen;
  /** The screens a payment started on the screen may return to. */
  returnsOf(id: string): string[];
  /** The flags the screen reads. */
  readsOf(id: string): string[];
}

/**
 * The machine's setup: its effects, and the named guards and actions every screen's state refers to (XState checks
 * each name and its params). `R` maps each effect name to its output type.
 */
export function funnelSetup<R>(model: FlowModel) {
  const { flow, kinds, now, actors, offeredOnce, declarations, screenOf, returnsOf } = model;
  /** A screen offered once that the visitor has already seen: only a Back from the page after it opens it again. */
  const isUsedUp = (context: FunnelContext<R>, screen: string): boolean => offeredOnce.has(screen) && context.seen.includes(screen);
  /** Nothing answered, nowhere gone: the state of a browser with no saved progress. */
  const knowsNothing = (context: FunnelContext<R>): boolean =>
    context.trail.length === 1 && context.trail[0] === flow.start && Object.keys(context.answers).length === 0 && context.email === null;
  const answersWith = (context: FunnelContext<R>, event: FunnelEvent, screenId: string): Answers => {
    const screen = screenOf(screenId);
    return event.type === 'ANSWER' && isQuestionScreen(screen) ? { ...context.answers, [screen.answerKey]: event.value } : context.answers;
  };

  return setup({
    actors,
    types: {
      context: {} as FunnelContext<R>,
      events: {} as FunnelEvent,
    },
    guards: {
      // The answer as the machine would keep it (a place with its offset) is the one judged.
      isValidAnswer: ({ context, event }, params: { screen: string }) => {
        if (event.type !== 'ANSWER') return false;
        const screen = screenOf(params.screen);
        return answerProblem(kinds, screen, completeAnswer(kinds, screen, event.value, context.answers), now()) === null;
      },
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
        const value = completeAnswer(kinds, screen, event.value, context.answers) as AnswerValue;
        const pruned = pruneAnswers(flow, { ...context.answers, [screen.answerKey]: value }, context.trail, context.flags);
        const answers = { ...pruned, [screen.answerKey]: value };
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
}

/** The machine's setup, as screen-states.ts builds each screen's state with it. */
export type FunnelSetup<R> = ReturnType<typeof funnelSetup<R>>;

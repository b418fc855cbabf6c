import type { AnyActorLogic, Snapshot } from 'xstate';
import type { Screen } from './generated/flow-types';
import type { Answers, AnswerValue } from './answers';
import type { Flags } from './conditions';
import type { FlagValues } from './flags';
import type { StoredResults } from './effect-results';
import type { KindRegistry } from './kinds/screen-kind';

// The funnel machine's data, events and options: what the compiler (compile-flow.ts), its guards and actions
// (funnel-setup.ts) and its screens' states (screen-states.ts) share, and what the app and the tests type against.

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

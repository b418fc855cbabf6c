import type { Condition, Flow, FlowText, Profile, Screen } from '../generated/flow-types';
import type { AnswerProblem, Answers, AnswerValue } from '../answers';
import type { Flags } from '../conditions';
import type { OutputKind } from '../effect-results';
import type { PlanSet } from '../plan-set';
import type { ZoneHistory } from '../zone-history';

/** What a screen submits to its `submit` effect: the visitor's email (held in memory, never saved) or its answer. */
export type Submission = 'email' | 'answer';

/** A profile role: which of the visitor's facts an answer key holds (the flow's `profile`). */
export type ProfileRole = Exclude<keyof Profile, 'inRelationship'>;

/** Reports one problem: where (a JSON pointer into the flow), what is wrong, what to do. */
export type Report = (pointer: string, message: string, hint: string) => void;

/** An effect a screen reads the result of: the field naming it, and the kind of output it reads it as. */
export interface ResultRead {
  field: string;
  effect: string;
  kind: OutputKind;
}

/** What a kind's own checks may read of the flow around the screen. Assumes the flow passed the schema. */
export interface KindCheck {
  flow: Flow;
  /** The screen's JSON pointer (`/screens/3`). */
  pointer: string;
  report: Report;
  /** Screen ids and routes by their index in `screens`. */
  ids: ReadonlyMap<string, number>;
  routes: ReadonlyMap<string, number>;
  /** The question screens by answer key. */
  questions: ReadonlyMap<string, Screen>;
  /** The effect names the app registers; null when unchecked. */
  effects: readonly string[] | null;
  /** Checks the flags a condition reads (declared, values of the flag's type). */
  checkFlags(condition: Condition, pointer: string): void;
  /** The kind registry, for a check that asks what another screen's kind is. */
  kinds: KindRegistry;
}

/** What the persona simulator knows beyond the persona's answers. */
export interface PersonaContext {
  /** tz database histories by zone name, for a place picked by zone (the browser's data when absent). */
  zoneHistories?: Readonly<Record<string, ZoneHistory>>;
}

/**
 * One screen kind, as the engine knows it: what its answer is and when it is valid, its checks, its analytics, what
 * a simulated visitor answers on it, the effects it reads. Framework-free: the screen's component is in
 * src/screens/<kind>/ and registered in src/screens/registry.ts. Every engine function that depends on a kind reads
 * it from here, through the registry it is given (kind-registry.ts), never by testing the kind's name.
 *
 * Methods (not function-valued properties) so that a kind of a narrower screen type fits a registry of `Screen`s.
 */
export interface ScreenKind<S extends { kind: string } = Screen> {
  /** The `kind` of its screens, as in the schema's `$defs` entry. */
  readonly kind: string;
  /** What its screens submit to their `submit` effect; null: nothing (an answer, if any, just leads on). */
  readonly submits: Submission | null;
  /**
   * Why its answer never goes into analytics (it is personal: a name, a birth date), or null when the answer, if the
   * kind has one, is a value the flow or the server defines (an option, a plan id) and may be an event property.
   * Every kind says which: a new kind is a compile error until someone decides.
   */
  readonly personalAnswer: string | null;
  /** The visitor picks a plan or offers here: plan properties of analytics events have a value. */
  readonly choosesPlan?: boolean;
  /** A screen of this kind may be offered once (`once: true`, a discount page). */
  readonly mayBeOfferedOnce?: boolean;
  /** An empty answer is a skip, sent as the `skipped` event (the offers screen's "no thanks"). */
  readonly skippable?: boolean;
  /** Moves on by itself (a loading screen): the visitor never answers it, and the progress bar hides. */
  readonly movesOnByItself?: boolean;
  /** The landing: no top bar, and served as the page's first paint before any flag is known. */
  readonly landing?: boolean;
  /** The profile roles a question of this kind may hold (a date question: a birth date). */
  readonly profileRoles?: readonly ProfileRole[];
  /**
   * The output of an effect the kind shows and waits for before it can be answered (a payment result screen's
   * status): the field naming it, and the outcomes a condition may test.
   */
  readonly status?: { readonly field: string; readonly outcomes: readonly string[] };

  /** Why an answer is refused; null when it is acceptable. Absent: the kind takes any answer it is sent. */
  answerProblem?(screen: S, value: unknown, now: Date): AnswerProblem | null;
  /**
   * What the machine keeps for an answer given, with the answers so far: a place gets the UTC offset in force at the
   * birth moment (computed here only, never by the screen). Absent: the answer as given. The result is what
   * `answerProblem` judges.
   */
  completeAnswer?(screen: S, value: unknown, answers: Answers): unknown;
  /** The values its answer is made of that a condition may test (option values); absent when free. */
  answerValues?(screen: S): string[];
  /** The values a single answer is picked from, one `answeredAs` event each; absent when not a single pick. */
  pickedFrom?(screen: S): string[];
  /** The status effect's name (`status.field`'s value). */
  statusEffect?(screen: S): string;
  /** The effects it reads the results of. */
  resultReads?(screen: S): ResultRead[];
  /** An effect that must have run on the way here (on this screen or an earlier one), with the field naming it. */
  loadedOnTheWay?(screen: S): { field: string; effect: string };
  /** Its texts that may have variants by a flag, with their pointers below the screen (`/title`, `/body/0`). */
  variableTexts?(screen: S): Array<[pointer: string, text: FlowText]>;
  /** Its visitor-facing texts beyond title, subtitle and the common text fields, for the placeholder checks. */
  otherTexts?(screen: S): Array<[pointer: string, text: string]>;
  /** Its own rules that JSON Schema cannot express. */
  check?(screen: S, context: KindCheck): void;
  /** Its rules that keep what it tells visitors true (the claims checker). */
  checkClaims?(screen: S, context: KindCheck): void;
  /** The plans it shows with these flags, for the persona simulator's report. */
  planSet?(screen: S, flags: Flags): PlanSet;
  /**
   * The answers a simulated visitor may give, one per distinct way on (each option of a choice; a time and "don't
   * know"): the model-based tests walk each when a branch tests the answer, the first otherwise.
   */
  examples?(screen: S): AnswerValue[];
  /** What a persona answers here, from what its file gives (a place gets its UTC offset); absent: the given value. */
  personaAnswer?(screen: S, given: unknown, context: PersonaContext): AnswerValue | undefined;
}

/** The kinds a flow may use, by name. Passed as a value to every engine function that depends on a kind. */
export type KindRegistry = Readonly<Record<string, ScreenKind>>;

/**
 * A kind whose screens the generated types do not know (one that lives in a test, with a schema entry of its own):
 * its descriptor as the registry holds it. The engine hands it only screens of its own kind, which the schema it was
 * composed into has checked, so reading them as `S` is sound; the cast says what the generated union cannot.
 */
export function defineKind<S extends { kind: string }>(kind: ScreenKind<S>): ScreenKind {
  return kind as unknown as ScreenKind;
}

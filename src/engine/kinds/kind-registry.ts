import type { FlowText, Screen } from '../generated/flow-types';
import type { AnswerProblem, Answers } from '../answers';
import type { KindRegistry, ResultRead, ScreenKind, Submission } from './screen-kind';

/**
 * Reading a screen's kind from the registry the caller was given. The functions below are what the checker, the
 * compiler, the analytics plan and the persona simulator ask of a screen; each answers from the kind's descriptor.
 */

/** The descriptor of a screen's kind. A kind the registry lacks is a programming error: the schema refused it. */
export function kindOf(kinds: KindRegistry, screen: Pick<Screen, 'kind'>): ScreenKind {
  const kind = kinds[screen.kind];
  if (!kind) throw new Error(`no screen kind "${screen.kind}" in the registry (known: ${Object.keys(kinds).join(', ')})`);
  return kind;
}

/** Checks an answer against the rules of its screen's kind. Null when acceptable. */
export function answerProblem(kinds: KindRegistry, screen: Screen, value: unknown, now: Date = new Date()): AnswerProblem | null {
  return kindOf(kinds, screen).answerProblem?.(screen, value, now) ?? null;
}

/** What the machine keeps for an answer given on a screen, with the answers so far (a place with its UTC offset). */
export function completeAnswer(kinds: KindRegistry, screen: Screen, value: unknown, answers: Answers): unknown {
  return kindOf(kinds, screen).completeAnswer?.(screen, value, answers) ?? value;
}

/** The values a question can store that a condition may test (option values, the time's "don't know"); null when free. */
export function enumeratedValues(kinds: KindRegistry, screen: Screen): string[] | null {
  return kindOf(kinds, screen).answerValues?.(screen) ?? null;
}

/** The values a screen's single answer is picked from (one `answeredAs` event each); null when not a single pick. */
export function choiceValues(kinds: KindRegistry, screen: Screen): string[] | null {
  return kindOf(kinds, screen).pickedFrom?.(screen) ?? null;
}

/** What a screen submits to its `submit` effect; null when it submits nothing. */
export function submissionOf(kinds: KindRegistry, screen: Screen): Submission | null {
  return kindOf(kinds, screen).submits;
}

/** The effect a screen submits to: its `submit`, on a kind that submits. */
export function submitEffectOf(kinds: KindRegistry, screen: Screen): string | undefined {
  if (kindOf(kinds, screen).submits === null) return undefined;
  const submit = (screen as { submit?: unknown }).submit;
  return typeof submit === 'string' ? submit : undefined;
}

/** The effect whose outcome a screen shows, and waits for before it can be answered (a payment result's `statusFrom`). */
export function statusEffectOf(kinds: KindRegistry, screen: Screen): string | undefined {
  return kindOf(kinds, screen).statusEffect?.(screen);
}

/** The effects a screen reads the results of: the field that names each, and the kind of output it reads. */
export function resultReads(kinds: KindRegistry, screen: Screen): ResultRead[] {
  return kindOf(kinds, screen).resultReads?.(screen) ?? [];
}

/** Every text of a screen that may have variants, with its pointer below the screen. */
export function flowTextsOf(kinds: KindRegistry, screen: Screen): Array<[pointer: string, text: FlowText]> {
  return kindOf(kinds, screen).variableTexts?.(screen) ?? [];
}

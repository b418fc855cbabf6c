import type { Condition } from './generated/flow-types';
import type { Answers } from './answers';
import type { FlagValue, FlagValues } from './flags';

/** The outcome an effect's output reports (`{ outcome: "premium", … }`), if any. */
export function outcomeOf(output: unknown): string | undefined {
  return typeof output === 'object' && output !== null && 'outcome' in output && typeof output.outcome === 'string' ? output.outcome : undefined;
}

/** Flag values by name (the flow's `flags` with their defaults, maybe overridden by remote config). */
export type Flags = FlagValues;

/**
 * Evaluates a declarative condition on the answers, the effects' results, the flags and the screens offered once
 * that the visitor has seen (`seen`, remembered with their session).
 * A multiple-choice answer matches `is` when it contains the value. A missing answer matches nothing
 * but `isNot` and `not`; an effect that has not run has no outcome; an unknown flag is off (false) and has no
 * string value; a screen not in `seen` has not been seen.
 */
export function evaluateCondition(
  condition: Condition,
  answers: Answers,
  results: Record<string, unknown> = {},
  flags: Flags = {},
  seen: readonly string[] = [],
): boolean {
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, answers, results, flags, seen));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, answers, results, flags, seen));
  if ('not' in condition) return !evaluateCondition(condition.not, answers, results, flags, seen);
  if ('outcome' in condition) return outcomeOf(results[condition.outcome]) === condition.is;
  if ('flag' in condition) return (flags[condition.flag] ?? false) === condition.is;
  if ('seen' in condition) return seen.includes(condition.seen) === condition.is;
  const answer = answers[condition.answer];
  const has = (v: string) => (Array.isArray(answer) ? answer.includes(v) : answer === v);
  if ('is' in condition) return has(condition.is);
  if ('isNot' in condition) return !has(condition.isNot);
  return condition.in.some(has);
}

/** Every answer key a condition reads. */
export function conditionAnswerKeys(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionAnswerKeys);
  if ('any' in condition) return condition.any.flatMap(conditionAnswerKeys);
  if ('not' in condition) return conditionAnswerKeys(condition.not);
  if ('outcome' in condition || 'flag' in condition || 'seen' in condition) return [];
  return [condition.answer];
}

/** Every (answer key, value) pair a condition compares with. */
export function conditionValues(condition: Condition): Array<{ answer: string; value: string }> {
  if ('all' in condition) return condition.all.flatMap(conditionValues);
  if ('any' in condition) return condition.any.flatMap(conditionValues);
  if ('not' in condition) return conditionValues(condition.not);
  if ('outcome' in condition || 'flag' in condition || 'seen' in condition) return [];
  if ('is' in condition) return [{ answer: condition.answer, value: condition.is }];
  if ('isNot' in condition) return [{ answer: condition.answer, value: condition.isNot }];
  return condition.in.map((value) => ({ answer: condition.answer, value }));
}

/** Every effect whose outcome a condition tests. */
export function conditionOutcomes(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionOutcomes);
  if ('any' in condition) return condition.any.flatMap(conditionOutcomes);
  if ('not' in condition) return conditionOutcomes(condition.not);
  return 'outcome' in condition ? [condition.outcome] : [];
}

/** Every (flag, value) pair a condition compares with. */
export function conditionFlagValues(condition: Condition): Array<{ flag: string; value: FlagValue }> {
  if ('all' in condition) return condition.all.flatMap(conditionFlagValues);
  if ('any' in condition) return condition.any.flatMap(conditionFlagValues);
  if ('not' in condition) return conditionFlagValues(condition.not);
  return 'flag' in condition ? [{ flag: condition.flag, value: condition.is }] : [];
}

/** Every flag a condition reads. */
export function conditionFlags(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionFlags);
  if ('any' in condition) return condition.any.flatMap(conditionFlags);
  if ('not' in condition) return conditionFlags(condition.not);
  return 'flag' in condition ? [condition.flag] : [];
}

/** Every (effect, outcome) pair a condition compares with. */
export function conditionOutcomeValues(condition: Condition): Array<{ effect: string; value: string }> {
  if ('all' in condition) return condition.all.flatMap(conditionOutcomeValues);
  if ('any' in condition) return condition.any.flatMap(conditionOutcomeValues);
  if ('not' in condition) return conditionOutcomeValues(condition.not);
  return 'outcome' in condition ? [{ effect: condition.outcome, value: condition.is }] : [];
}

/** Every screen offered once whose having been seen a condition reads. */
export function conditionSeen(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionSeen);
  if ('any' in condition) return condition.any.flatMap(conditionSeen);
  if ('not' in condition) return conditionSeen(condition.not);
  return 'seen' in condition ? [condition.seen] : [];
}

/**
 * Whether a condition holds only while the visitor has not seen `screen`: it is `{ seen: screen, is: false }`, or
 * an `all` with such a part. What leads to a screen offered once must be such a condition.
 */
export function requiresUnseen(condition: Condition | undefined, screen: string): boolean {
  if (condition === undefined) return false;
  if ('seen' in condition) return condition.seen === screen && condition.is === false;
  if ('all' in condition) return condition.all.some((c) => requiresUnseen(c, screen));
  if ('not' in condition) return 'seen' in condition.not && condition.not.seen === screen && condition.not.is === true;
  return false;
}

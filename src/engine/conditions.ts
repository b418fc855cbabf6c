import type { Condition } from './generated/flow-types';
import type { Answers } from './answers';

/**
 * Evaluates a declarative condition on the answers. A multiple-choice answer matches `is` when it
 * contains the value. A missing answer matches nothing but `isNot` and `not`.
 */
export function evaluateCondition(condition: Condition, answers: Answers): boolean {
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, answers));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, answers));
  if ('not' in condition) return !evaluateCondition(condition.not, answers);
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
  return [condition.answer];
}

/** Every (answer key, value) pair a condition compares with. */
export function conditionValues(condition: Condition): Array<{ answer: string; value: string }> {
  if ('all' in condition) return condition.all.flatMap(conditionValues);
  if ('any' in condition) return condition.any.flatMap(conditionValues);
  if ('not' in condition) return conditionValues(condition.not);
  if ('is' in condition) return [{ answer: condition.answer, value: condition.is }];
  if ('isNot' in condition) return [{ answer: condition.answer, value: condition.isNot }];
  return condition.in.map((value) => ({ answer: condition.answer, value }));
}

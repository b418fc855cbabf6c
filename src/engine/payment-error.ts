import type { Condition, PaymentErrorScreen, Screen } from './generated/flow-types';
import type { Answers } from './answers';
import { branchesOf, resolveNext } from './flow-graph';
import { conditionAnswerKeys, evaluateCondition, type Flags } from './conditions';

/** Why a payment failed, as a payment error screen's `reasonFrom` effect reports it. */
export const paymentErrorReasons = ['declined', 'already_purchased', 'cancelled', 'unknown'] as const;
export type PaymentErrorReason = (typeof paymentErrorReasons)[number];

/** The outcomes a condition may test on a payment error screen's reason effect: its reasons, and `failed` (the effect threw). */
export const paymentErrorOutcomes: readonly string[] = [...paymentErrorReasons, 'failed'];

/**
 * What an effect of the `paymentError` kind (a payment error screen's `reasonFrom`) reports: why the payment failed,
 * and the screen the secondary action leads to now (null when no branch of `next` takes it), so its button can be
 * named for where it goes.
 */
export interface PaymentErrorReport {
  outcome: PaymentErrorReason;
  secondaryTo: string | null;
}

function isReason(value: string): value is PaymentErrorReason {
  return paymentErrorReasons.some((reason) => reason === value);
}

/**
 * The reason a payment error screen shows for its effect's result: `checking` while there is none, `unknown` for a
 * failed effect or any outcome that is no reason.
 */
export function paymentErrorReasonOf(result: { outcome: string } | undefined): PaymentErrorReason | 'checking' {
  if (result === undefined) return 'checking';
  return isReason(result.outcome) ? result.outcome : 'unknown';
}

/**
 * The screen `next` leads to when the screen is answered with `value`, given the funnel's data at that moment (the
 * machine decides with the same data), or null when no branch holds.
 */
export function targetOfAnswer(screen: PaymentErrorScreen, value: string, answers: Answers, results: Record<string, unknown>, flags: Flags, seen: readonly string[] = []): string | null {
  return resolveNext(screen, { ...answers, [screen.answerKey]: value }, flags, { results, seen });
}

/**
 * Every screen `next` may lead to when the screen is answered with `value`, whatever else the conditions read (flags,
 * effects' outcomes, screens seen): a branch decided by this screen's own answer alone is taken or skipped by `value`;
 * any other may be taken. The checker requires a label for each of these on the secondary action.
 */
export function possibleTargetsOfAnswer(screen: Screen & { answerKey: string }, value: string): string[] {
  const targets: string[] = [];
  for (const branch of branchesOf(screen)) {
    const when = branch.when;
    if (!when) {
      targets.push(branch.to);
      break;
    }
    const ownAnswerOnly = readsOnlyAnswers(when) && conditionAnswerKeys(when).every((key) => key === screen.answerKey);
    if (!ownAnswerOnly) {
      targets.push(branch.to);
      continue;
    }
    if (evaluateCondition(when, { [screen.answerKey]: value })) {
      targets.push(branch.to);
      break;
    }
  }
  return [...new Set(targets)];
}

/** Whether a condition reads answers only (no flag, effect outcome, or anything else a condition may read). */
function readsOnlyAnswers(condition: Condition): boolean {
  if ('all' in condition) return condition.all.every(readsOnlyAnswers);
  if ('any' in condition) return condition.any.every(readsOnlyAnswers);
  if ('not' in condition) return readsOnlyAnswers(condition.not);
  return 'answer' in condition;
}

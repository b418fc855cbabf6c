import type { PriceScreen } from './generated/flow-types';

/**
 * The placeholders of a price screen's `planTerms` and `payTerms`, filled from each plan: the trial price, the
 * trial's length, the renewal price and its period (src/screens/price fills them).
 */
export const planTermPlaceholders = ['trialPrice', 'trialLength', 'price', 'period'] as const;
export type PlanTermPlaceholder = (typeof planTermPlaceholders)[number];

/**
 * What the terms must state, by the screen's plan type: a trial's price, its length and the price it renews at; a
 * subscription's price and its period.
 */
export const requiredPlanTerms: Readonly<Record<NonNullable<PriceScreen['planType']>, readonly PlanTermPlaceholder[]>> = {
  TRIAL: ['trialPrice', 'trialLength', 'price'],
  SUBSCRIPTION: ['price', 'period'],
};

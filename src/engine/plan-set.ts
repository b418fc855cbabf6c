import type { PriceScreen } from './generated/flow-types';
import type { FlagValues } from './flags';

/** The value of a price screen's `plansBy` flag that keeps the screen's own plans. */
export const DEFAULT_PLAN_SET = 'default';

/** The plan groups a price screen may offer (its `planGroups`). */
export type OfferedGroup = NonNullable<PriceScreen['planGroups']>[number];

/** Which plans a price screen offers: plans of these groups, and of this A/B or discount set when one is named. */
export interface PlanSet {
  groups: readonly OfferedGroup[];
  abTestId: string | undefined;
}

/**
 * The plan set a price screen shows a visitor with these flag values. With `plansBy` (an A/B test of prices, e.g.
 * `priceSet`), a value other than "default" picks the ab_test plans whose abTestId is that value (a plan with an
 * abTestId is in the ab_test group: src/domain/group-plans.ts), e.g. trial_price_test; "default", or no `plansBy`,
 * keeps the screen's own `planGroups` (high, medium and low by default) and `abTestId`.
 */
export function planSetOf(screen: PriceScreen, flags: Readonly<FlagValues> = {}): PlanSet {
  const value = screen.plansBy !== undefined ? flags[screen.plansBy] : undefined;
  if (typeof value === 'string' && value !== DEFAULT_PLAN_SET) return { groups: ['ab_test'], abTestId: value };
  return { groups: screen.planGroups ?? ['high', 'medium', 'low'], abTestId: screen.abTestId };
}

import type { Offer, Plan, Product } from '../shared/contract/subscription';

/** The groups the funnel sorts the subscription server's products into. */
export type PlanGroup = 'high' | 'medium' | 'low' | 'extra' | 'ab_test' | 'paypal';

export type GroupedPlans = Record<PlanGroup, Product[]>;

/** Price of the high and the medium group. */
export const HIGH_PRICE = 29;
export const MEDIUM_PRICE = 19;

/** The group of one product: offers are extra, PayPal's plans are paypal, then abTestId, then the price. */
export function groupOf(product: Product): PlanGroup {
  if (product.type === 'FIXED') return 'extra';
  if (product.provider === 'paypal') return 'paypal';
  if (product.abTestId) return 'ab_test';
  if (product.price === HIGH_PRICE) return 'high';
  if (product.price === MEDIUM_PRICE) return 'medium';
  return 'low';
}

/** Groups the products of both providers. */
export function groupPlans(products: readonly Product[]): GroupedPlans {
  const groups: GroupedPlans = { high: [], medium: [], low: [], extra: [], ab_test: [], paypal: [] };
  for (const product of products) groups[groupOf(product)].push(product);
  return groups;
}

export function isPlan(product: Product): product is Plan {
  return product.type !== 'FIXED';
}

export function isOffer(product: Product): product is Offer {
  return product.type === 'FIXED';
}

/**
 * The trial plans a visitor chooses from: the plans of the given type (TRIAL by default)
 * in the high, medium and low groups, sorted by trial price ascending.
 */
export function trialChoices(groups: GroupedPlans, type: Plan['type'] = 'TRIAL'): Plan[] {
  return [...groups.high, ...groups.medium, ...groups.low]
    .filter(isPlan)
    .filter((plan) => plan.type === type)
    .sort((a, b) => a.trialPrice - b.trialPrice);
}

/**
 * A duration as the visitor reads it: "14 days" is "2 weeks", any whole number of weeks
 * likewise; other durations ("1 month", "3 days") are shown as they are.
 */
export function displayDuration(duration: string): string {
  const match = /^\s*(\d+)\s*days?\s*$/i.exec(duration);
  if (!match) return duration.trim();
  const days = Number(match[1]);
  if (days > 0 && days % 7 === 0) {
    const weeks = days / 7;
    return `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;
  }
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A USD amount as shown: $1.00, $29.00, $14.99. */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

import { effectLogic } from './define-effect';
import type { RecentPurchase } from '../../shared/contract/subscription';
import type { SubscriptionApi } from '../../services/subscription-api';

/** What `loadRecentPurchases` gives: the real recent purchases, none when they could not be loaded. */
export type LoadRecentPurchasesResult = readonly RecentPurchase[];

export interface LoadRecentPurchasesServices {
  subscriptions: Pick<SubscriptionApi, 'getRecentPurchases'>;
  project: string;
}

/**
 * `loadRecentPurchases`: the project's latest plan purchases from the subscription server, for a price screen's
 * "Recently joined" list (`transactionsFrom`). The server masks the buyers' names and sends nothing else about them.
 * A failed request (logged as "cannot get recent purchases") gives no purchases: the list is then not shown, never
 * filled with invented ones.
 */
export function loadRecentPurchases(services: LoadRecentPurchasesServices) {
  // It reads nothing of the funnel: the recent purchases are the project's.
  return effectLogic({ input: () => null, run: async (): Promise<LoadRecentPurchasesResult> => (await services.subscriptions.getRecentPurchases(services.project)) ?? [] });
}

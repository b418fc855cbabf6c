import { effectLogic } from './define-effect';
import type { PlansByProvider, SubscriptionApi } from '../../services/subscription-api';

/**
 * `loadPlans`: fetches the subscription plans of both providers in parallel while the visitor's
 * profile is prepared, so the price page has them at once. A provider whose request failed gives
 * null (logged as "cannot get subscription plans"); the funnel carries on either way.
 */
export function loadPlans(api: Pick<SubscriptionApi, 'getSubscriptionPlans'>, project: string) {
  // It reads nothing of the funnel: the plans are the project's.
  return effectLogic({ input: () => null, run: (): Promise<PlansByProvider> => api.getSubscriptionPlans(project) });
}

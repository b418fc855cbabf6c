import { fromPromise } from 'xstate';
import type { EffectInput } from '../../engine/compile-flow';
import type { OfferId } from '../../services/api-contract';

/** How buying the chosen offers ended. */
export type PurchaseOffersResult = { outcome: 'skipped' } | { outcome: 'bought'; bought: OfferId[] } | { outcome: 'failed'; bought: OfferId[] };

/** `purchaseOffers` (registered ahead of its implementation, so flows may name it). */
export function purchaseOffers() {
  return fromPromise(async (_: { input: EffectInput }): Promise<PurchaseOffersResult> => ({ outcome: 'failed', bought: [] }));
}

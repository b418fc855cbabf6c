import { fromPromise } from 'xstate';
import type { EffectInput } from '../../engine/compile-flow';
import type { Offer, OfferId } from '../../services/api-contract';
import type { PaymentProvider } from '../../services/subscription-api';

/** The offers the visitor can buy in one click, or `failed` when none could be fetched. */
export type LoadOffersResult = { outcome: 'ready'; provider: PaymentProvider; offers: Offer[]; bought: OfferId[] } | { outcome: 'failed' };

/** `loadOffers` (registered ahead of its implementation, so flows may name it). */
export function loadOffers() {
  return fromPromise(async (_: { input: EffectInput }): Promise<LoadOffersResult> => ({ outcome: 'failed' }));
}

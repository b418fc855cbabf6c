import type { EffectInputReading } from './effect-input';
import { effectLogic } from './define-effect';
import { lookUpOffers, type LoadOffersResult, type OfferReads, type OfferServices } from './offer-catalogue';

export type { LoadOffersResult } from './offer-catalogue';

export interface LoadOffersServices extends OfferServices {
  /** The email the server linked to the visitor's session (the machine has none after a payment return). */
  visitorEmail(): Promise<string | null>;
}

/**
 * `loadOffers`, run when the offer upsell opens: the fixed-price offers of the provider the visitor
 * paid with (their stored payment method buys them in one click), test or live as configured, in the
 * server's order, and which of them the visitor already bought. `failed` when none could be fetched
 * (logged by the client); without an email the offers are maxpay's and none counts as bought.
 */
export function loadOffers(services: LoadOffersServices) {
  return effectLogic({
    input: ({ email, results }: EffectInputReading<OfferReads>) => ({ email, results }),
    run: async ({ email, results }): Promise<LoadOffersResult> => lookUpOffers(services, email ?? (await services.visitorEmail()), results),
  });
}

import type { EffectInputReading } from './effect-input';
import { effectLogic } from './define-effect';
import type { OfferId, Purchase } from '../../shared/contract/subscription';
import type { SubscriptionApi } from '../../services/subscription-api';
import { basketOf, bundleOffersOf, coveredOffers } from '../../shared/offer-bundles';
import { lookUpOffers, ownedOffers, purchasesOf, type OfferReads, type OfferServices } from './offer-catalogue';

export interface PurchaseOffersServices extends OfferServices {
  subscriptions: OfferServices['subscriptions'] & Pick<SubscriptionApi, 'purchase'>;
  /** The visitor's id (the purchase links the session to the buyer). */
  visitor(): { usid: string };
  /** The email the server linked to the visitor's session (the machine has none after a payment return). */
  visitorEmail(): Promise<string | null>;
  /** A new idempotency key for one purchase. */
  newOrderId(): string;
}

/**
 * How buying the chosen offers ended: `skipped` (none chosen), `bought` (every chosen offer is now
 * the visitor's) or `failed`. `bought` lists the offers on sale that the visitor owns now, in the
 * server's order, so the screen can mark them after a partial failure.
 */
export type PurchaseOffersResult = { outcome: 'skipped' } | { outcome: 'bought'; bought: OfferId[] } | { outcome: 'failed'; bought: OfferId[] };

/** The screen's answer as offer ids: a list of strings at its answerKey; anything else chooses nothing. */
function chosen(input: EffectInputReading<OfferReads>): string[] {
  const { screen } = input;
  const answer = 'answerKey' in screen ? input.answers[screen.answerKey] : undefined;
  return Array.isArray(answer) ? [...new Set(answer.filter((id): id is string => typeof id === 'string'))] : [];
}

/**
 * `purchaseOffers`, the offer upsell's submit effect: buys the basket of the chosen offers in one click
 * (POST /purchases, charged to the stored payment method of the provider loadOffers found), one offer
 * after the other, each with its own orderId, then asks the server what the visitor owns. The basket is the
 * one the screen showed the total of (src/shared/offer-bundles.ts): offers the visitor owns, alone or inside a
 * bundle, and offers inside a chosen bundle are not bought on their own. The server never charges twice: an
 * offer already owned is a 409 that the reconciliation counts as owned. `failed` when a chosen offer is still
 * not the visitor's (no stored payment method: 402, the server down, an offer that is not on sale) or when
 * nobody knows the visitor's email.
 */
export function purchaseOffers(services: PurchaseOffersServices) {
  return effectLogic({
    input: (funnel: EffectInputReading<OfferReads>) => ({ wanted: chosen(funnel), email: funnel.email, results: funnel.results }),
    run: async ({ wanted, email: known, results }): Promise<PurchaseOffersResult> => {
      if (wanted.length === 0) return { outcome: 'skipped' };
      const email = known ?? (await services.visitorEmail());
      // The offers loadOffers found on this page load, else looked up again (results are only in memory).
      const offers = results.loadOffers;
      const loaded = offers?.outcome === 'ready' ? offers : await lookUpOffers(services, email, results);
      if (loaded.outcome !== 'ready') return { outcome: 'failed', bought: [] };
      if (!email) return { outcome: 'failed', bought: loaded.bought };

      const { usid } = services.visitor();
      const bundles = bundleOffersOf(loaded.offers);
      const chosenIds = loaded.offers.map((offer) => offer.id).filter((id) => wanted.includes(id));
      const basket = basketOf(bundles, loaded.bought, chosenIds);
      const made: Purchase[] = [];
      for (const item of basket.items) {
        const offer = loaded.offers.find((o) => o.id === item.id);
        if (!offer) continue;
        const purchase = await services.subscriptions.purchase({
          project: services.project,
          provider: loaded.provider,
          productId: offer.productId,
          email,
          usid,
          orderId: services.newOrderId(),
        });
        if (purchase) made.push(purchase);
      }

      const purchases = await purchasesOf(services, email);
      const owned = purchases ? ownedOffers(loaded.offers, purchases) : [...new Set([...loaded.bought, ...ownedOffers(loaded.offers, made)])];
      const bought = loaded.offers.map((offer) => offer.id).filter((id) => owned.includes(id));
      // Every chosen offer is the visitor's now, bought alone or inside a bundle (one not on sale never is).
      const covered: ReadonlySet<string> = coveredOffers(bundles, bought);
      return wanted.every((id) => covered.has(id)) ? { outcome: 'bought', bought } : { outcome: 'failed', bought };
    },
  });
}

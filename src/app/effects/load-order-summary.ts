import type { OrderLine, OrderSummary } from '../../domain/order-summary';
import { maskEmail } from '../../shared/mask-email';
import type { EffectInputReading } from './effect-input';
import { effectLogic } from './define-effect';
import { productFinder, purchasesOf, type OfferReads, type OfferServices } from './offer-catalogue';

export interface LoadOrderSummaryServices extends OfferServices {
  /** The email the server linked to the visitor's session (the machine has none after a payment return). */
  visitorEmail(): Promise<string | null>;
}

/** What the order summary screen shows (src/domain/order-summary.ts). */
export type LoadOrderSummaryResult = OrderSummary;

/**
 * `loadOrderSummary`, run when the end screen opens: what the visitor bought, as the subscription server tells
 * this visitor (the credential says who): the plan of their active subscription (its catalogue name states the
 * trial and the renewal; charged: the trial's price, or the price of a plan without one) and each offer they
 * bought for this email (charged: what the purchase took, a bundle less what was owned), oldest first; and the
 * email masked, computed here from the address in memory (the machine's, or the server's session record),
 * never stored. `failed` when nobody knows the email or a look-up failed: a partial list would misstate what
 * was bought.
 */
export function loadOrderSummary(services: LoadOrderSummaryServices) {
  return effectLogic({
    input: ({ email, results }: EffectInputReading<OfferReads>) => ({ email, results }),
    run: async ({ email: known, results }): Promise<LoadOrderSummaryResult> => {
      const email = known ?? (await services.visitorEmail());
      if (!email) return { outcome: 'failed' };
      const [check, purchases] = await Promise.all([services.subscriptions.checkSubscription(email, services.project), purchasesOf(services, email)]);
      if (check === null || purchases === null) return { outcome: 'failed' };
      const find = productFinder(services, results);
      const lines: OrderLine[] = [];
      const planId = check.isPremium ? check.info?.productId : undefined;
      if (planId) {
        const plan = await find(planId);
        if (!plan || plan.type === 'FIXED') return { outcome: 'failed' };
        lines.push({ kind: 'plan', productId: plan.productId, name: plan.name, charged: plan.type === 'TRIAL' ? plan.trialPrice : plan.price });
      }
      for (const purchase of purchases) {
        const offer = await find(purchase.productId);
        if (!offer || offer.type !== 'FIXED') return { outcome: 'failed' };
        lines.push({ kind: 'offer', offerId: purchase.offerId, name: offer.name, description: offer.description, charged: purchase.amount });
      }
      return { outcome: 'ready', lines, maskedEmail: maskEmail(email) };
    },
  });
}

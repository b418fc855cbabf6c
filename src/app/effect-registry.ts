import type { SubscriptionApi } from '../services/subscription-api';
import type { EffectName } from '../shared/effect-names';
import { loadPlans } from './effects/load-plans';
import { submitEmail, type SubmitEmailServices } from './effects/submit-email';
import { startCheckout, type StartCheckoutServices } from './effects/start-checkout';
import { loadOffers, type LoadOffersServices } from './effects/load-offers';
import { purchaseOffers, type PurchaseOffersServices } from './effects/purchase-offers';
import { orderReports, type OrderReportsServices } from './effects/order-reports';
import { checkPayment, type CheckPaymentServices } from './effects/check-payment';
import { readPaymentError, type ReadPaymentErrorServices } from './effects/read-payment-error';
import { loadRecentPurchases, type LoadRecentPurchasesServices } from './effects/load-recent-purchases';
import { loadOrderSummary, type LoadOrderSummaryServices } from './effects/load-order-summary';

type AllServices = SubmitEmailServices &
  StartCheckoutServices &
  LoadOffersServices &
  PurchaseOffersServices &
  OrderReportsServices &
  CheckPaymentServices &
  ReadPaymentErrorServices &
  LoadRecentPurchasesServices &
  LoadOrderSummaryServices;

/** What the effects reach the outside world with: every effect's services in one. */
export interface EffectServices extends Omit<AllServices, 'subscriptions' | 'astro' | 'visitor'> {
  subscriptions: SubmitEmailServices['subscriptions'] &
    StartCheckoutServices['subscriptions'] &
    LoadOffersServices['subscriptions'] &
    PurchaseOffersServices['subscriptions'] &
    OrderReportsServices['subscriptions'] &
    CheckPaymentServices['subscriptions'] &
    LoadRecentPurchasesServices['subscriptions'] &
    LoadOrderSummaryServices['subscriptions'] &
    Pick<SubscriptionApi, 'getSubscriptionPlans'>;
  astro: SubmitEmailServices['astro'] & OrderReportsServices['astro'];
  visitor(): ReturnType<SubmitEmailServices['visitor']> & ReturnType<StartCheckoutServices['visitor']> & ReturnType<PurchaseOffersServices['visitor']>;
}

/**
 * The effect registry: one implementation per name a flow may use. The app's map of outputs is inferred from it
 * (src/app/effect-output-map.ts); composing the funnel with it fails to compile when a name is missing or an output
 * does not fit its kind.
 */
export function effectsOf(services: EffectServices) {
  return {
    loadPlans: loadPlans(services.subscriptions, services.project),
    submitEmail: submitEmail(services),
    startCheckout: startCheckout(services),
    loadOffers: loadOffers(services),
    purchaseOffers: purchaseOffers(services),
    orderReports: orderReports(services),
    checkPayment: checkPayment(services),
    loadOrderSummary: loadOrderSummary(services),
    loadRecentPurchases: loadRecentPurchases(services),
    readPaymentError: readPaymentError(services),
  } satisfies Record<EffectName, unknown>;
}

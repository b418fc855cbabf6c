import type { OutputKind } from '../engine/effect-results';

/**
 * Names of the effects the app registers (src/app/effect-registry.ts provides their implementations).
 * Kept apart from the implementations so the flow checker can read it without loading HTTP code.
 */
export const effectNames = ['loadPlans', 'submitEmail', 'startCheckout', 'loadOffers', 'purchaseOffers', 'orderReports', 'checkPayment', 'loadOrderSummary', 'loadRecentPurchases', 'readPaymentError'] as const;

export type EffectName = (typeof effectNames)[number];

/**
 * The output kind of each effect, for the screen fields that name an effect whose result the screen reads
 * (null: no screen reads it by kind). The flow checker refuses a field naming an effect of another kind;
 * src/app/effect-output-map.ts does not compile when an effect's output does not fit its kind.
 */
export const effectKinds = {
  loadPlans: 'plans',
  submitEmail: null,
  startCheckout: null,
  loadOffers: 'offers',
  purchaseOffers: 'purchase',
  orderReports: null,
  checkPayment: 'paymentStatus',
  loadRecentPurchases: 'recentPurchases',
  loadOrderSummary: 'orderSummary',
  readPaymentError: 'paymentError',
} as const satisfies Record<EffectName, OutputKind | null>;

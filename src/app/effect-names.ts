/**
 * Names of the effects the app registers (src/app/effects.ts provides their implementations).
 * Kept apart from the implementations so the flow checker can read it without loading HTTP code.
 */
export const effectNames = ['loadPlans', 'submitEmail', 'startCheckout', 'loadOffers', 'purchaseOffers', 'orderReports', 'checkPayment'] as const;

export type EffectName = (typeof effectNames)[number];

import type { InterstitialScreen, OffersScreen, OrderSummaryScreen } from '../engine/generated/flow-types';
import type { NamedPlaceholder, TextPlaceholders } from '../engine/text-placeholders';

/** The sky at birth comes from the screen's `insight`: without one there is nothing to fill these with. */
const fromInsight = {
  needs: 'insight' satisfies keyof InterstitialScreen,
  hint: 'add "insight" with the birth answers, or remove the placeholder',
} as const satisfies NamedPlaceholder;

/**
 * The placeholders an interstitial fills from the visitor's sky at birth (their values:
 * src/screens/interstitial/sky-values.ts).
 */
export const skyPlaceholders = { sunSign: fromInsight, moonSign: fromInsight } as const;

/** The upsell's buy button: what it charges and with which card (src/screens/offers). */
const fromOffers = { needs: 'offersFrom' satisfies keyof OffersScreen, hint: 'use it on an offers screen only, or remove the placeholder' } as const satisfies NamedPlaceholder;

/** The order summary's delivery line: the visitor's email, masked (src/screens/order-summary). */
const fromSummary = { needs: 'summaryFrom' satisfies keyof OrderSummaryScreen, hint: 'use it on an order summary screen only, or remove the placeholder' } as const satisfies NamedPlaceholder;

/** The placeholders the offers and order summary screens fill from their effects' results. */
export const purchasePlaceholders = { total: fromOffers, last4: fromOffers, maskedEmail: fromSummary } as const;

/**
 * The placeholders the screens fill in flow texts besides {answer:KEY}, and the kinds of screen whose texts they
 * fill (fillText's callers). The flow checker (flow:check, the build, the app at load) refuses any other
 * placeholder, and one on a screen that cannot fill it. Data only, here beside the other registrations the checker
 * reads (effect-names.ts, public-paths.ts): the checker reads it without loading React or the screens.
 */
export const textPlaceholders = {
  filledOn: ['interstitial', 'offers', 'order-summary'],
  named: { ...skyPlaceholders, ...purchasePlaceholders },
} as const satisfies TextPlaceholders;

export type PlaceholderName = keyof typeof textPlaceholders.named;

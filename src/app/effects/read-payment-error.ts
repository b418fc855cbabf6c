import { outcomeOf } from '../../engine/conditions';
import { targetOfAnswer, type PaymentErrorReason, type PaymentErrorReport } from '../../engine/payment-error';
import type { EffectInputReading } from './effect-input';
import { effectLogic } from './define-effect';
import type { StartCheckoutResult } from './start-checkout';

/** The earlier result this effect reads: how starting the payment ended. */
type ReadPaymentErrorReads = { startCheckout: StartCheckoutResult };

export interface ReadPaymentErrorServices {
  /**
   * The query of the address the payment error page opened with: the hosted payment sends a decline back with
   * `payment=true&reason=declined` (or `reason=already_purchased`), and its cancel link with `payment=cancelled`.
   */
  paymentErrorReturn(): { payment: string | null; reason: string | null };
}

export type ReadPaymentErrorResult = PaymentErrorReport;

/**
 * Why the payment failed, from what this page knows. A payment this page could not even start (its `startCheckout`
 * reported `failed`) is `unknown`, whatever an earlier return left in the address. Otherwise the address the
 * hosted payment sent the visitor back with says: declined, already_purchased, cancelled; anything else (no
 * reason, a typed address) is `unknown`. The reason only picks which true explanation the page gives, so the
 * address is taken at its word: nothing here is about money received.
 */
export function paymentErrorReason(address: { payment: string | null; reason: string | null }, startCheckout: string | undefined): PaymentErrorReason {
  if (startCheckout === 'failed') return 'unknown';
  if (address.payment === 'true' && (address.reason === 'declined' || address.reason === 'already_purchased')) return address.reason;
  if (address.payment === 'cancelled') return 'cancelled';
  return 'unknown';
}

/**
 * `readPaymentError`, a payment error page's `reasonFrom`: reports why the payment failed (paymentErrorReason), and
 * where the page's secondary action leads with the funnel's data as it opens (the button is named for that page).
 * Never throws, never calls a server.
 */
export function readPaymentError(services: ReadPaymentErrorServices) {
  return effectLogic({
    // How the payment start ended on this page, and where the page's secondary action (a payment error page's
    // `secondary`) leads, decided with the funnel's data as the visitor would answer it.
    input: ({ screen, answers, results, flags, seen }: EffectInputReading<ReadPaymentErrorReads>) => ({
      startCheckout: outcomeOf(results.startCheckout),
      secondaryTo: 'secondary' in screen ? targetOfAnswer(screen, screen.secondary.value, answers, results, flags, seen) : null,
    }),
    run: ({ startCheckout, secondaryTo }): Promise<ReadPaymentErrorResult> =>
      Promise.resolve({ outcome: paymentErrorReason(services.paymentErrorReturn(), startCheckout), secondaryTo }),
  });
}

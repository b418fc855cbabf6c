/** What a payment return page may say of its order, as the effect named by its `statusFrom` reports it. */
export const paymentStatuses = ['paid', 'pending', 'declined', 'unknown'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The outcomes a condition may test on a payment result screen's status effect: its statuses, and `failed` (the effect threw). */
export const paymentOutcomes: readonly string[] = [...paymentStatuses, 'failed'];

/** What an effect of the `paymentStatus` kind (a payment result screen's `statusFrom`) reports: the status of the visitor's order. */
export interface PaymentStatusReport {
  outcome: PaymentStatus;
}

/**
 * The status a payment result screen shows for its status effect's result: `checking` while there is none
 * (the effect has not answered), and `unknown` for any outcome but paid, pending and declined (a failed
 * effect included), so that nothing but the server's own word ever shows a payment as received.
 */
export function paymentStatusOf(result: { outcome: string } | undefined): PaymentStatus | 'checking' {
  if (result === undefined) return 'checking';
  const { outcome } = result;
  return outcome === 'paid' || outcome === 'pending' || outcome === 'declined' ? outcome : 'unknown';
}

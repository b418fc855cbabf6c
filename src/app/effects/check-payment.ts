import type { OrderStatus } from '../../shared/contract/subscription';
import type { EffectInputReading } from './effect-input';
import { effectLogic } from './define-effect';
import type { SubscriptionApi } from '../../services/subscription-api';

export interface CheckPaymentServices {
  subscriptions: Pick<SubscriptionApi, 'getOrderStatus' | 'createSubscription'>;
  /** The return the hosted payment sent the visitor back with: the `order` parameter of the current address, if any. */
  paymentReturn(): { order: string | null };
  /** The project id sent to the subscription server. */
  project: string;
  /** The visitor's id. */
  visitor(): { usid: string };
  /** The email the server linked to the visitor's session (the machine has none after a payment return). */
  visitorEmail(): Promise<string | null>;
}

/** Why a payment's status is unknown: no order in the address, one that is no order id, none of this visitor's, or no answer. */
export type UnknownPaymentReason = 'noOrder' | 'badOrder' | 'notFound' | 'unreachable';

/**
 * What the server says of the order the visitor returned with. `paid`: the checkout of that order, this
 * visitor's own, is paid. `pending`: its checkout is still open. `declined`: it was refused, left, or
 * refused because the buyer holds the plan already (`reason`); nothing was charged. `unknown`: the reason
 * says why (for the log); the visitor is only told that the payment cannot be confirmed.
 */
export type CheckPaymentResult =
  | { outcome: 'paid'; orderId: string; productId: string; provider: OrderStatus['provider']; confirmed: boolean }
  | { outcome: 'pending'; orderId: string }
  | { outcome: 'declined'; orderId: string; reason: 'declined' | 'already_purchased' | 'cancelled' }
  | { outcome: 'unknown'; reason: UnknownPaymentReason; detail?: string };

/**
 * The contract's form of an order id (src/shared/contract/subscription.ts `OrderId`, whose TypeBox must stay out of the bundle):
 * anything else is no order of anyone's, and is not sent.
 */
export const orderIdForm = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * `checkPayment`, run when a payment return page opens: asks the subscription server for the status of the
 * order named by the address's `order` parameter (GET /orders/{orderId}, answered for the visitor's own
 * checkouts only), so the page says what is true. A forged or another visitor's order id is a 404 and comes
 * out `unknown`, as do a missing order and a server that cannot be reached (logged by the client as
 * "cannot get payment status"). A paid order's subscription is then confirmed with the spec's
 * POST /subscriptions/create (the server answers it only for the visitor's own paid order, and makes nothing);
 * `confirmed` says whether it was (the order's status, not the confirmation, decides what the page says).
 * Never throws.
 */
export function checkPayment(services: CheckPaymentServices) {
  return effectLogic({
    input: ({ email }: EffectInputReading) => ({ email }),
    run: async ({ email: known }): Promise<CheckPaymentResult> => {
      const { order } = services.paymentReturn();
      if (order === null || order === '') return { outcome: 'unknown', reason: 'noOrder' };
      if (!orderIdForm.test(order)) return { outcome: 'unknown', reason: 'badOrder' };
      const result = await services.subscriptions.getOrderStatus(order);
      if (!result.ok) return result.status === 404 ? { outcome: 'unknown', reason: 'notFound' } : { outcome: 'unknown', reason: 'unreachable', detail: result.reason };
      const status = result.data;
      switch (status.status) {
        case 'paid': {
          const email = known ?? (await services.visitorEmail());
          const subscription = email
            ? await services.subscriptions.createSubscription({
                email,
                project: services.project,
                productId: status.productId,
                provider: status.provider,
                orderId: status.orderId,
                usid: services.visitor().usid,
              })
            : null;
          return { outcome: 'paid', orderId: status.orderId, productId: status.productId, provider: status.provider, confirmed: subscription !== null };
        }
        case 'pending':
          return { outcome: 'pending', orderId: status.orderId };
        case 'declined':
          return { outcome: 'declined', orderId: status.orderId, reason: status.reason ?? 'declined' };
        case 'cancelled':
          return { outcome: 'declined', orderId: status.orderId, reason: 'cancelled' };
        default:
          return { outcome: 'unknown', reason: 'unreachable', detail: 'unexpected status' };
      }
    },
  });
}

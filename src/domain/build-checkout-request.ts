import type { PriceScreen } from '../engine/generated/flow-types';
import type { Answers } from '../engine/answers';
import type { Flags } from '../engine/conditions';
import type { ReturnRoute } from '../engine/generated/flow-types';
import { resolveReturnRoute } from '../engine/flow-graph';
import type { CheckoutCreate } from '../shared/contract/subscription';

export interface CheckoutRequestInput {
  screen: PriceScreen & { returnTo: NonNullable<PriceScreen['returnTo']> };
  project: string;
  provider: CheckoutCreate['provider'];
  productId: string;
  email: string;
  usid: string;
  orderId: string;
  /** What the return routes' conditions read: the answers, the effects' results, the flags and the screens seen. */
  answers: Answers;
  results: Record<string, unknown>;
  flags: Flags;
  seen: readonly string[] | undefined;
}

/**
 * The body of `POST /subs/checkout/sessions` for the plan chosen on a price screen: the buyer, the idempotent order
 * id, and the screen's three ways back from the hosted payment, each resolved now (a cancel may lead to a discount
 * page) and carrying the visitor's id. The start-checkout effect and the persona simulator both build it here.
 */
export function buildCheckoutRequest(input: CheckoutRequestInput): CheckoutCreate {
  const { screen } = input;
  const back = (value: ReturnRoute) => {
    const route = resolveReturnRoute(value, input.answers, input.results, input.flags, input.seen) ?? screen.route;
    return `${route}?usid=${encodeURIComponent(input.usid)}`;
  };
  return {
    project: input.project,
    provider: input.provider,
    productId: input.productId,
    email: input.email,
    usid: input.usid,
    orderId: input.orderId,
    successUrl: back(screen.returnTo.success),
    errorUrl: back(screen.returnTo.error),
    cancelUrl: back(screen.returnTo.cancel),
  };
}

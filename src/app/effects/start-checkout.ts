import { buildCheckoutRequest } from '../../domain/build-checkout-request';
import { paymentProviders, type PaymentProvider, type PlansByProvider, type SubscriptionApi } from '../../services/subscription-api';
import type { Settled } from '../../engine/effect-results';
import { resultsByKind } from '../../screens/results-by-kind';
import type { EffectInputReading } from './effect-input';
import { effectLogic } from './define-effect';

export interface StartCheckoutServices {
  subscriptions: Pick<SubscriptionApi, 'startCheckout' | 'checkSubscription'>;
  project: string;
  /** The visitor's id. */
  visitor(): { usid: string };
  /**
   * The email the server linked to the visitor's session, asked of the server when the page has not loaded the
   * session (yet): after a payment return the machine holds none, and a visitor may press "Try again" at once.
   */
  visitorEmail(): Promise<string | null>;
  /** A new idempotency key for this payment attempt. */
  newOrderId(): string;
  /** Where return URLs are resolved (this page's origin); the server accepts only its allow-listed paths. */
  origin: string;
  /** Sends the browser to the hosted payment page. */
  openPaymentPage(url: string): void;
}

/**
 * How starting the payment ended: `redirected` (the browser is leaving), `needsEmail`, `subscribed` (the
 * server refused because the email already has a subscription: it is never charged for another plan) or `failed`.
 */
export type StartCheckoutResult =
  | { outcome: 'redirected'; checkoutId: string }
  | { outcome: 'needsEmail' }
  | { outcome: 'subscribed'; productId: string | null }
  | { outcome: 'failed' };

/**
 * `startCheckout`, a price screen's submit effect: creates a hosted checkout for the chosen plan
 * (the screen's answer) with the screen's return routes, then sends the browser to the provider's
 * page. The email goes in the request body only, never in a URL. One orderId per attempt: the
 * server answers a replay with the same checkout, and never charges a checkout twice.
 */
export function startCheckout(services: StartCheckoutServices) {
  return effectLogic({ input: checkoutInput, run: (input) => start(services, input) });
}

/** What starting a checkout reads of the funnel as the price screen submits. */
function checkoutInput({ screen, answers, email, results, flags, seen }: EffectInputReading<Record<string, unknown>>) {
  return {
    screenId: screen.id,
    // The screen a hosted payment starts from says where it returns to (a price screen's `returnTo`).
    screen: 'returnTo' in screen && screen.returnTo ? { ...screen, returnTo: screen.returnTo } : null,
    productId: 'answerKey' in screen ? answers[screen.answerKey] : undefined,
    plans: 'plansFrom' in screen ? resultsByKind(results).plans[screen.plansFrom] : undefined,
    email,
    // What a conditional return route is decided with, as the payment starts.
    routing: { answers, results, flags, seen },
  };
}

async function start(services: StartCheckoutServices, input: ReturnType<typeof checkoutInput>): Promise<StartCheckoutResult> {
  const { screenId, screen, productId, plans, routing } = input;
  if (!screen) {
    console.error(`startCheckout: screen "${screenId}" is not a price screen with returnTo`);
    return { outcome: 'failed' };
  }
  if (typeof productId !== 'string') return { outcome: 'failed' };
  const email = input.email ?? (await services.visitorEmail());
  if (!email) return { outcome: 'needsEmail' };
  const visitor = services.visitor();
  // A conditional return (e.g. a discount page only while "discounts" is on and the visitor has not seen it) is
  // decided now.
  const checkout = await services.subscriptions.startCheckout(
    buildCheckoutRequest({
      screen,
      project: services.project,
      provider: providerOf(productId, plans) ?? screen.provider ?? 'maxpay',
      productId,
      email,
      usid: visitor.usid,
      orderId: services.newOrderId(),
      ...routing,
    }),
  );
  if (!checkout) {
    // Refused or unreachable: a subscriber (paid meanwhile, in another tab) is told so rather than shown an error.
    const check = await services.subscriptions.checkSubscription(email, services.project);
    return check?.isPremium ? { outcome: 'subscribed', productId: check.info?.productId ?? null } : { outcome: 'failed' };
  }
  services.openPaymentPage(new URL(checkout.url, services.origin).toString());
  return { outcome: 'redirected', checkoutId: checkout.id };
}

/** The provider whose plans (the price screen's `plansFrom` result) hold the product. */
function providerOf(productId: string, plans: Settled<PlansByProvider> | undefined): PaymentProvider | null {
  if (plans === undefined || 'outcome' in plans) return null;
  return paymentProviders.find((provider) => plans[provider]?.some((p) => p.productId === productId)) ?? null;
}

// Test support (imported by the effects' tests only): effect inputs, visitors as browsers (a fetch that keeps the
// visitor credential cookie the reference server sets, a random v4 UUID session id), the API clients of such a
// browser, and visitors who paid on the reference server's sandbox hosted checkout, the way a browser does it
// (their session first, then POST /subs/checkout/sessions, then the page's form), so the server holds a
// subscription or a purchase of theirs and a stored payment method for one-click offers.
import { randomUUID } from 'node:crypto';
import { cookieFetch, type CookieFetch } from '../../../server/test-support/cookie-fetch';
import type { AppEffectInput } from '../effect-output-map';
import type { Checkout, Plan, Product } from '../../shared/contract/subscription';
import { createAstroApi } from '../../services/astro-api';
import { createSubscriptionApi, type PaymentProvider } from '../../services/subscription-api';

/** An effect's input; the machine's feature switches all at the flow's defaults (none set). */
export function effectInput(fields: Pick<AppEffectInput, 'screen' | 'answers' | 'email' | 'results'>): AppEffectInput {
  const input = { flags: {}, ...fields };
  return input;
}

const CARD_OK = { cardName: 'Ada Lovelace', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };
const PAYPAL_OK = { paypalEmail: 'buyer@sandbox.paypal.example', password: 'sandbox' };

/**
 * A visitor: an email, a session id as the app makes them (a random lower-case v4 UUID) and their browser,
 * a fetch that keeps the credential cookie the server sets when the session is created (Node's fetch has no
 * cookie jar). Every call made through `browser.fetch` is made as this visitor, as a browser's would be.
 */
export interface Visitor {
  email: string;
  usid: string;
  browser: CookieFetch;
}

let n = 0;
/** A fresh visitor (a new email, session id and browser) who has not landed yet: no session, no credential. */
export function newVisitor(label = 'visitor'): Visitor {
  const id = `${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { email: `${label}.${id}@example.com`, usid: randomUUID(), browser: cookieFetch() };
}

/**
 * Creates (201) or renews (200, their own) the visitor's session through their browser, as the app does on
 * every page load; their browser then holds the credential naming them.
 */
export async function startSession(base: string, visitor: Visitor): Promise<Visitor> {
  const response = await asVisitor(base, visitor, 'POST', '/subs/sessions/create', { id: visitor.usid });
  if (response.status !== 201 && response.status !== 200) throw new Error(`session not created: HTTP ${response.status} ${await response.text()}`);
  if (visitor.browser.visitorId() !== visitor.usid) throw new Error(`the browser holds no credential for ${visitor.usid}`);
  return visitor;
}

/** A fresh visitor who landed: their session is created and their browser holds its credential. */
export async function landedVisitor(base: string, label = 'visitor'): Promise<Visitor> {
  return startSession(base, newVisitor(label));
}

/** The app's API clients in the visitor's browser: every call carries the visitor's credential. `url`: where the servers are. */
export function apiClients(visitor: Pick<Visitor, 'browser'>, url: string) {
  const config = { astroApiUrl: `${url}/astro`, subscriptionApiUrl: `${url}/subs`, requestTimeoutMs: 2000, fetch: visitor.browser.fetch };
  return { astro: createAstroApi(config), subscriptions: createSubscriptionApi(config) };
}

/** A plain JSON request (a body is sent as JSON) from the visitor's browser, with their credential. */
export async function asVisitor(base: string, visitor: Pick<Visitor, 'browser'>, method: string, path: string, body?: unknown): Promise<Response> {
  return visitor.browser.fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A fresh idempotency key. */
export const newOrderId = () => `ord_${Date.now().toString(36)}_${(n++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The catalogue of one provider, test or live, as the server answers it. */
export async function catalogue(base: string, provider: PaymentProvider, isTest = false): Promise<Product[]> {
  const response = await fetch(`${base}/subs/subscription-plans?project=astrelle&provider=${provider}&countryCode=US&isTest=${isTest}`);
  return (await response.json()) as Product[];
}

/** The live TRIAL plan of package 1 of a provider. */
export async function trialPlan(base: string, provider: PaymentProvider): Promise<Plan> {
  return (await catalogue(base, provider)).find((p): p is Plan => p.type === 'TRIAL' && p.packageId === '1' && p.abTestId === null)!;
}

/**
 * The visitor lands (their session is created, or renewed by their own browser), then pays `productId` through
 * the hosted checkout (maxpay's test card, or the PayPal sandbox buyer): the session gets the email, the visitor
 * a stored payment method, and the subscription or purchase is theirs. The hosted page is posted from the same
 * browser, as in the app: its credential comes with the form, which makes the method theirs for one-click
 * offers (knowing the checkout id is what lets one pay at all). Answers the checkout.
 */
export async function payThroughCheckout(base: string, visitor: Visitor, provider: PaymentProvider, productId: string): Promise<Checkout> {
  await startSession(base, visitor);
  const back = (route: string) => `${route}?usid=${visitor.usid}`;
  const created = await asVisitor(base, visitor, 'POST', '/subs/checkout/sessions', {
    project: 'astrelle', provider, productId, email: visitor.email, usid: visitor.usid, orderId: newOrderId(),
    successUrl: back('/payment-success'), errorUrl: back('/payment-error'), cancelUrl: back('/sale'),
  });
  if (created.status !== 201) throw new Error(`checkout not created: HTTP ${created.status} ${await created.text()}`);
  const checkout = (await created.json()) as Checkout;
  // Paid in the visitor's own browser: its credential comes with the form, so the method is theirs for one click.
  const paid = await visitor.browser.fetch(`${base}/subs/checkout/${checkout.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(provider === 'maxpay' ? CARD_OK : PAYPAL_OK).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303 || !paid.headers.get('location')?.includes('/payment-success')) throw new Error(`checkout not paid: HTTP ${paid.status}`);
  return checkout;
}

/** A visitor who landed and subscribed to the live trial plan with `provider`, in their own browser. */
export async function subscriber(base: string, provider: PaymentProvider = 'maxpay'): Promise<Visitor & { plan: Plan }> {
  const visitor = newVisitor(`sub.${provider}`);
  const plan = await trialPlan(base, provider);
  await payThroughCheckout(base, visitor, provider, plan.productId);
  return { ...visitor, plan };
}

// Test support (imported by the effects' tests only): effect inputs, and visitors who paid on the reference server's
// sandbox hosted checkout, the way a browser does it (POST /subs/checkout/sessions, then the page's
// form), so the server holds a subscription or a purchase and a stored payment method for one-click offers.
import type { EffectInput } from '../../engine/compile-flow';
import type { Checkout, Plan, Product } from '../../services/api-contract';
import type { PaymentProvider } from '../../services/subscription-api';

/** An effect's input; the machine's feature switches all at the flow's defaults (none set). */
export function effectInput(fields: Pick<EffectInput, 'screen' | 'answers' | 'email' | 'results'>): EffectInput {
  const input = { flags: {}, ...fields };
  return input;
}

const CARD_OK = { cardName: 'Ada Lovelace', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };
const PAYPAL_OK = { paypalEmail: 'buyer@sandbox.paypal.example', password: 'sandbox' };

let n = 0;
/** A fresh visitor: a new email and session id. */
export function newVisitor(label = 'visitor'): { email: string; usid: string } {
  const id = `${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { email: `${label}.${id}@example.com`, usid: `usid_${id}` };
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
 * Creates the visitor's session, then pays `productId` through the hosted checkout (maxpay's test card,
 * or the PayPal sandbox buyer): the session gets the email, the buyer a stored payment method.
 */
export async function payThroughCheckout(base: string, visitor: { email: string; usid: string }, provider: PaymentProvider, productId: string): Promise<void> {
  await post(base, '/subs/sessions/create', { id: visitor.usid });
  const back = (route: string) => `${route}?usid=${visitor.usid}`;
  const created = await post(base, '/subs/checkout/sessions', {
    project: 'astrelle', provider, productId, email: visitor.email, usid: visitor.usid, orderId: newOrderId(),
    successUrl: back('/payment-success'), errorUrl: back('/payment-error'), cancelUrl: back('/sale'),
  });
  if (created.status !== 201) throw new Error(`checkout not created: HTTP ${created.status}`);
  const checkout = (await created.json()) as Checkout;
  const paid = await fetch(`${base}/subs/checkout/${checkout.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(provider === 'maxpay' ? CARD_OK : PAYPAL_OK).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303 || !paid.headers.get('location')?.includes('/payment-success')) throw new Error(`checkout not paid: HTTP ${paid.status}`);
}

/** A visitor who subscribed to the live trial plan with `provider`. */
export async function subscriber(base: string, provider: PaymentProvider = 'maxpay'): Promise<{ email: string; usid: string; plan: Plan }> {
  const visitor = newVisitor(`sub.${provider}`);
  const plan = await trialPlan(base, provider);
  await payThroughCheckout(base, visitor, provider, plan.productId);
  return { ...visitor, plan };
}

async function post(base: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

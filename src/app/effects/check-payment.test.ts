import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { cookieFetch, type CookieFetch } from '../../../server/test-support/cookie-fetch';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import { OrderId, type Checkout, type Plan, type Product } from '../../shared/contract/subscription';
import { createSubscriptionApi } from '../../services/subscription-api';
import { loadTestFlow } from '../../../tests/support/load-test-flow';
import { checkPayment, orderIdForm, type CheckPaymentResult } from './check-payment';
import { effectInput } from './effect-test-support';

// The effect against the real reference server (SQLite), over HTTP, each visitor with a browser of their own: a
// fetch that keeps the credential cookie the server sets with their session, as a browser does.
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());

const CARD_OK = { cardName: 'Ada Lovelace', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };
const CARD_DECLINED = { ...CARD_OK, cardNumber: '4000000000000002' };

interface Visitor {
  usid: string;
  email: string;
  browser: CookieFetch;
}

/** A visitor who landed: their session is created, and their browser holds its credential. */
async function landedVisitor(): Promise<Visitor> {
  const visitor = { usid: randomUUID(), email: `pay.${randomUUID().slice(0, 8)}@example.com`, browser: cookieFetch() };
  const created = await send(visitor, 'POST', '/subs/sessions/create', { id: visitor.usid });
  expect(created.status).toBe(201);
  return visitor;
}

async function send(visitor: Visitor, method: string, path: string, body?: unknown): Promise<Response> {
  return visitor.browser.fetch(`${base()}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** The live maxpay trial of package 1. */
async function trialPlan(): Promise<Plan> {
  const response = await fetch(`${base()}/subs/subscription-plans?project=astrelle&provider=maxpay&countryCode=US&isTest=false`);
  const products = (await response.json()) as Product[];
  return products.find((p): p is Plan => p.type === 'TRIAL' && p.packageId === '1' && p.abTestId === null)!;
}

/** A hosted checkout the visitor opened, as the app's startCheckout opens one (their order id, their return pages). */
async function openCheckout(visitor: Visitor): Promise<Checkout> {
  const orderId = `ord_${randomUUID().replace(/-/g, '')}`;
  const back = (route: string) => `${route}?usid=${visitor.usid}`;
  const created = await send(visitor, 'POST', '/subs/checkout/sessions', {
    project: 'astrelle', provider: 'maxpay', productId: (await trialPlan()).productId, email: visitor.email, usid: visitor.usid, orderId,
    successUrl: back('/payment-success'), errorUrl: back('/payment-error'), cancelUrl: back('/sale'),
  });
  expect(created.status).toBe(201);
  return (await created.json()) as Checkout;
}

/** The hosted page's form, posted as the provider's page posts it (no credential: it is another site). */
async function payOn(checkout: Checkout, card: typeof CARD_OK): Promise<string> {
  const paid = await fetch(`${base()}/subs/checkout/${checkout.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(card).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return paid.headers.get('location') ?? '';
}

/** checkPayment run in the visitor's browser on an address whose `order` parameter is `order`. */
async function check(visitor: Pick<Visitor, 'browser'> & Partial<Visitor>, order: string | null, url = `${base()}/subs`): Promise<CheckPaymentResult> {
  const subscriptions = createSubscriptionApi({ subscriptionApiUrl: url, requestTimeoutMs: 2000, fetch: visitor.browser.fetch });
  const services = {
    subscriptions,
    paymentReturn: () => ({ order }),
    project: 'astrelle',
    visitor: () => ({ usid: visitor.usid ?? '' }),
    // As the browser learns it after a return: the email the checkout linked to the visitor's session.
    visitorEmail: async () => visitor.email ?? null,
  };
  // A payment return: the machine knows no email (the page is opened by the hosted page's redirect).
  const input = effectInput({ screen: paymentSuccess, answers: {}, email: null, results: {} });
  return toPromise(createActor(checkPayment(services), { input }).start());
}

const paymentSuccess = loadTestFlow().screens.find((screen) => screen.id === 'payment-success')!;

describe('checking the payment a visitor returned with', () => {
  it('says paid for the visitor\'s own paid order, the order id taken from the return address', async () => {
    const visitor = await landedVisitor();
    const checkout = await openCheckout(visitor);
    const back = new URL(await payOn(checkout, CARD_OK), base());
    expect(back.pathname).toBe('/payment-success');
    const order = back.searchParams.get('order');
    expect(order).toBe(checkout.orderId);
    expect(await check(visitor, order)).toEqual({ outcome: 'paid', orderId: checkout.orderId, productId: checkout.productId, provider: 'maxpay', confirmed: true });
    expect(errors).not.toHaveBeenCalled();
  });

  it('confirms the paid order\'s subscription with POST /subscriptions/create, which the server answers with that very subscription', async () => {
    const visitor = await landedVisitor();
    const checkout = await openCheckout(visitor);
    await payOn(checkout, CARD_OK);
    const seen: Array<{ method: string; path: string; body: unknown }> = [];
    const recording = { ...visitor.browser, fetch: (async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      seen.push({ method: request.method, path, body: request.method === 'POST' ? await request.clone().json() : null });
      return visitor.browser.fetch(request);
    }) as typeof fetch };
    expect(await check({ ...visitor, browser: recording }, checkout.orderId)).toMatchObject({ outcome: 'paid', confirmed: true });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /subs/orders/${checkout.orderId}`, 'POST /subs/subscriptions/create']);
    expect(seen[1]!.body).toEqual({ email: visitor.email, project: 'astrelle', productId: checkout.productId, provider: 'maxpay', orderId: checkout.orderId, usid: visitor.usid });
    // Still paid when the confirmation cannot be made (no email known here): the order's status decides.
    expect(await check({ browser: visitor.browser, usid: visitor.usid }, checkout.orderId)).toMatchObject({ outcome: 'paid', confirmed: false });
  });

  it('says unknown for a forged order id, without logging it as a failure', async () => {
    const visitor = await landedVisitor();
    await payOn(await openCheckout(visitor), CARD_OK);
    expect(await check(visitor, 'FORGED_order_1234')).toEqual({ outcome: 'unknown', reason: 'notFound' });
    expect(errors).not.toHaveBeenCalled();
  });

  it('says unknown for another visitor\'s real, paid order', async () => {
    const payer = await landedVisitor();
    const checkout = await openCheckout(payer);
    await payOn(checkout, CARD_OK);
    const other = await landedVisitor();
    expect(await check(other, checkout.orderId)).toEqual({ outcome: 'unknown', reason: 'notFound' });
    // Nor does a browser without any credential learn it.
    expect(await check({ browser: cookieFetch() }, checkout.orderId)).toMatchObject({ outcome: 'unknown' });
    // The payer still does.
    expect(await check(payer, checkout.orderId)).toMatchObject({ outcome: 'paid', confirmed: true });
  });

  it('says declined for the visitor\'s declined checkout', async () => {
    const visitor = await landedVisitor();
    const checkout = await openCheckout(visitor);
    expect(new URL(await payOn(checkout, CARD_DECLINED), base()).pathname).toBe('/payment-error');
    expect(await check(visitor, checkout.orderId)).toEqual({ outcome: 'declined', orderId: checkout.orderId, reason: 'declined' });
  });

  it('says declined, nothing charged, for a checkout the visitor left', async () => {
    const visitor = await landedVisitor();
    const checkout = await openCheckout(visitor);
    const left = await fetch(`${base()}/subs/checkout/${checkout.id}/cancel`, { redirect: 'manual' });
    expect(left.status).toBe(303);
    expect(await check(visitor, checkout.orderId)).toEqual({ outcome: 'declined', orderId: checkout.orderId, reason: 'cancelled' });
  });

  it('says pending for a checkout the visitor opened and has not paid yet', async () => {
    const visitor = await landedVisitor();
    const checkout = await openCheckout(visitor);
    expect(await check(visitor, checkout.orderId)).toEqual({ outcome: 'pending', orderId: checkout.orderId });
  });

  it('says unknown without asking when the address has no order, or no order id', async () => {
    const visitor = await landedVisitor();
    const fetchSpy = vi.fn(visitor.browser.fetch);
    const browser = { ...visitor.browser, fetch: fetchSpy };
    expect(await check({ browser }, null)).toEqual({ outcome: 'unknown', reason: 'noOrder' });
    expect(await check({ browser }, '')).toEqual({ outcome: 'unknown', reason: 'noOrder' });
    expect(await check({ browser }, '../sessions/x')).toEqual({ outcome: 'unknown', reason: 'badOrder' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says unknown, logged by the client, when the server cannot be reached', async () => {
    const visitor = await landedVisitor();
    expect(await check(visitor, 'ord_12345678', 'http://127.0.0.1:9/subs')).toMatchObject({ outcome: 'unknown', reason: 'unreachable' });
    expect(errors).toHaveBeenCalledWith('cannot get payment status', expect.any(String));
  });

  it('knows order ids in the contract\'s form', () => {
    expect(OrderId).toMatchObject({ pattern: orderIdForm.source });
  });
});

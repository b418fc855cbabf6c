import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import type { AppEffectInput, AppResults } from '../effect-output-map';
import type { PriceScreen } from '../../engine/generated/flow-types';
import type { Product } from '../../shared/contract/subscription';
import { apiClients, asVisitor, landedVisitor, newVisitor, payThroughCheckout, type Visitor } from './effect-test-support';
import { startCheckout, type StartCheckoutResult, type StartCheckoutServices } from './start-checkout';

// The effect against the real reference server (SQLite), over HTTP, in the visitor's browser (their credential
// cookie goes with every call: a checkout is started by, and for, the visitor whose session it names).
const { baseUrl: base } = withReferenceServer();
let trialProductId = '';
beforeAll(async () => {
  const plans = (await (await fetch(`${base()}/subs/subscription-plans?project=astrelle&provider=maxpay&countryCode=US&isTest=false`)).json()) as Product[];
  trialProductId = plans.find((p) => p.type === 'TRIAL')!.productId;
});
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());

const priceScreen: PriceScreen = {
  id: 'select-price', route: '/select-price', kind: 'price', group: 'results', answerKey: '5-1', title: 'Choose', cta: 'Pay',
  plansFrom: 'loadPlans', submit: 'startCheckout', messages: { required: 'r', unavailable: 'u', retry: 't' }, end: true,
  planTerms: '{trialPrice} for {trialLength}, then {price}', payTerms: '{trialPrice} for {trialLength}, then {price}',
  returnTo: { success: '/payment-success', error: '/payment-error', cancel: '/sale' },
};
let n = 0;

/**
 * Runs the effect in `on.visitor`'s browser (a fresh visitor who landed when none is given), with the email the
 * machine has; the visitor's session holds no email unless `over.visitor` says so.
 */
async function run(
  email: string | null,
  over: Partial<StartCheckoutServices> = {},
  url = () => base(),
  on: { screen?: PriceScreen; flags?: Record<string, boolean>; productId?: string; results?: AppResults; visitor?: Visitor } = {},
) {
  const { screen = priceScreen, flags = {}, productId = trialProductId, results = {} } = on;
  const visitor = on.visitor ?? (await landedVisitor(base(), 'buyer'));
  const opened: string[] = [];
  const services: StartCheckoutServices = {
    subscriptions: apiClients(visitor, url()).subscriptions,
    project: 'astrelle',
    visitor: () => ({ usid: visitor.usid }),
    visitorEmail: async () => null,
    newOrderId: () => `ord_test_${Date.now()}_${n++}`,
    origin: base(),
    openPaymentPage: (page) => opened.push(page),
    ...over,
  };
  const input: AppEffectInput = { screen, answers: { '5-1': productId }, email, results, flags };
  const result: StartCheckoutResult = await toPromise(createActor(startCheckout(services), { input }).start());
  return { result, opened, visitor };
}

describe('starting the hosted payment', () => {
  it('creates a checkout for the chosen plan and opens its page, with no email in the URL', async () => {
    const email = `buyer.${Date.now()}@example.com`;
    const { result, opened } = await run(email);
    expect(result).toMatchObject({ outcome: 'redirected' });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(new RegExp(`^${base()}/subs/checkout/[A-Za-z0-9_-]+$`));
    expect(opened[0]).not.toContain('example.com');
    const page = await fetch(opened[0]!);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(email);
  });

  it('uses the email the server linked to the session when the machine has none (after a reload)', async () => {
    const visitor = await landedVisitor(base(), 'linked');
    const { result } = await run(null, { visitorEmail: async () => visitor.email }, base, { visitor });
    expect(result.outcome).toBe('redirected');
  });

  it('waits for the server to say which email the session holds rather than sending a fast visitor back for one', async () => {
    // "Try again" pressed on the payment error page before the page has read the session: the answer comes late.
    const visitor = await landedVisitor(base(), 'fast');
    let answer: (email: string) => void = () => {};
    const visitorEmail = vi.fn(() => new Promise<string | null>((resolve) => (answer = resolve)));
    const running = run(null, { visitorEmail }, base, { visitor });
    await vi.waitFor(() => expect(visitorEmail).toHaveBeenCalledOnce());
    answer(visitor.email);
    const { result, opened } = await running;
    expect(result.outcome).toBe('redirected');
    expect(opened).toHaveLength(1);
  });

  it('asks for the email only when nobody has given one: the machine\'s email is used as it is', async () => {
    const visitorEmail = vi.fn(async () => null);
    const { result } = await run(`given.${Date.now()}@example.com`, { visitorEmail });
    expect(result.outcome).toBe('redirected');
    expect(visitorEmail).not.toHaveBeenCalled();
  });

  it('decides a conditional return route when the payment starts: the discount page only while its flag is on', async () => {
    const screen: PriceScreen = { ...priceScreen, returnTo: { ...priceScreen.returnTo!, cancel: [{ when: { flag: 'discounts', is: true }, to: '/sale' }, { to: '/select-price' }] } };
    const cancelled = async (flags: Record<string, boolean>) => {
      const { opened } = await run(`flag.${Date.now()}@example.com`, {}, base, { screen, flags });
      const cancel = await fetch(`${opened[0]!}/cancel`, { redirect: 'manual' });
      expect(cancel.status).toBe(303);
      return new URL(cancel.headers.get('location')!, base()).pathname;
    };
    expect(await cancelled({ discounts: true })).toBe('/sale');
    expect(await cancelled({ discounts: false })).toBe('/select-price');
  });

  it("pays with the provider whose plan was chosen (PayPal's twin of the plan from the price page's second button)", async () => {
    const get = async (provider: string) =>
      (await (await fetch(`${base()}/subs/subscription-plans?project=astrelle&provider=${provider}&countryCode=US&isTest=false`)).json()) as Product[];
    const [maxpay, paypal] = await Promise.all([get('maxpay'), get('paypal')]);
    const twin = paypal.find((p) => p.type === 'TRIAL' && !p.abTestId)!.productId;
    const { result, visitor } = await run(`pp.${Date.now()}@example.com`, {}, base, { productId: twin, results: { loadPlans: { maxpay, paypal } } });
    expect(result).toMatchObject({ outcome: 'redirected' });
    // Read back in the visitor's browser: a checkout is shown only to the visitor whose session it names.
    const read = await asVisitor(base(), visitor, 'GET', `/subs/checkout/sessions/${(result as { checkoutId: string }).checkoutId}`);
    expect(read.status).toBe(200);
    const checkout = (await read.json()) as { provider: string; productId: string };
    expect(checkout).toMatchObject({ provider: 'paypal', productId: twin });
  });

  it('tells a subscriber so instead of charging them for another plan (the server refuses the checkout)', async () => {
    const plans = (await (await fetch(`${base()}/subs/subscription-plans?project=astrelle&provider=maxpay&countryCode=US&isTest=false`)).json()) as Product[];
    const other = plans.find((p) => p.type === 'TRIAL' && p.productId !== trialProductId)!.productId;
    // Changed by the trust model: a subscription only comes from a paid hosted checkout (POST /subs/subscriptions/create
    // no longer makes one), so the visitor subscribes to the other plan through it, in their browser, first.
    const visitor = newVisitor('subscribed');
    await payThroughCheckout(base(), visitor, 'maxpay', other);
    const { result, opened } = await run(visitor.email, {}, base, { visitor });
    expect(result).toEqual({ outcome: 'subscribed', productId: other });
    expect(opened).toEqual([]);
    // New by design: in another visitor's browser the subscriber's address is refused all the same, but which plan
    // it has is only told to the visitor who paid for it.
    const elsewhere = await run(visitor.email);
    expect(elsewhere.result).toEqual({ outcome: 'subscribed', productId: null });
    expect(elsewhere.opened).toEqual([]);
  });

  it('asks for the email again when nobody knows it, and fails softly when the server is down', async () => {
    expect((await run(null)).result).toEqual({ outcome: 'needsEmail' });
    const down = await run('x@example.com', {}, () => 'http://127.0.0.1:9');
    expect(down.result).toEqual({ outcome: 'failed' });
    expect(down.opened).toEqual([]);
    expect(errors).toHaveBeenCalledWith('cannot start payment', expect.any(String));
  });
});

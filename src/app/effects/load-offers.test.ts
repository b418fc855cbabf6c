import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import type { EffectInput } from '../../engine/compile-flow';
import type { AppResults } from '../effect-output-map';
import type { Offer } from '../../shared/contract/subscription';
import type { PlansByProvider } from '../../services/subscription-api';
import { loadOffers, type LoadOffersResult, type LoadOffersServices } from './load-offers';
import { apiClients, asVisitor, catalogue, effectInput, landedVisitor, newOrderId, newVisitor, payThroughCheckout, subscriber, trialPlan, type Visitor } from './effect-test-support';

// The effect against the real reference server (SQLite), over HTTP, in the visitor's browser (their credential
// cookie goes with every call: the plan and the purchases it finds are the visitor's own).
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());

const screen = { id: 'signup-offer', route: '/signup-offer', kind: 'welcome', group: 'results', title: 'Offers', cta: 'Go' } as unknown as EffectInput['screen'];

function services(visitor: Visitor, over: Partial<LoadOffersServices> = {}, url = base): LoadOffersServices {
  return {
    subscriptions: apiClients(visitor, url()).subscriptions,
    project: 'astrelle',
    testOffers: false,
    visitorEmail: async () => null,
    ...over,
  };
}

/** Runs the effect in `visitor`'s browser with the email the machine has (`null`: none). */
async function run(
  visitor: Visitor,
  email: string | null,
  over: Partial<LoadOffersServices> = {},
  results: AppResults = {},
  url?: () => string,
): Promise<LoadOffersResult> {
  const input = effectInput({ screen, answers: {}, email, results });
  return toPromise(createActor(loadOffers(services(visitor, over, url)), { input }).start());
}

const CARD_4242 = { provider: 'maxpay', type: 'card', last4: '4242' };
const offersOf = async (provider: 'maxpay' | 'paypal', isTest = false) => (await catalogue(base(), provider, isTest)).filter((p): p is Offer => p.type === 'FIXED');
const ids = (result: LoadOffersResult) => (result.outcome === 'ready' ? result.offers.map((o) => o.id) : []);

describe('loading the one-click offers', () => {
  it('offers a maxpay subscriber maxpay\'s live offers in the server\'s order, none bought yet', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const result = await run(visitor, visitor.email);
    expect(result).toEqual({ outcome: 'ready', provider: 'maxpay', offers: await offersOf('maxpay'), bought: [], paymentMethod: CARD_4242 });
    expect(ids(result)).toEqual(['birth_chart', 'love_paths', 'ultra_pack']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('offers a PayPal subscriber PayPal\'s offers, since their stored payment method is a PayPal one', async () => {
    const visitor = await subscriber(base(), 'paypal');
    const result = await run(visitor, visitor.email);
    expect(result).toMatchObject({ outcome: 'ready', provider: 'paypal', bought: [] });
    expect(result.outcome === 'ready' && result.offers).toEqual(await offersOf('paypal'));
    // The server names the method as the buy button may: PayPal, without the account's address.
    expect(result.outcome === 'ready' && result.paymentMethod).toEqual({ provider: 'paypal', type: 'paypal' });
  });

  it('finds the subscriber\'s provider in the plans loadPlans already fetched, without fetching them again', async () => {
    const visitor = await subscriber(base(), 'paypal');
    const api = apiClients(visitor, base()).subscriptions;
    const loadPlans: PlansByProvider = { maxpay: await catalogue(base(), 'maxpay'), paypal: await catalogue(base(), 'paypal') };
    const getSubscriptionPlans = vi.fn(api.getSubscriptionPlans);
    const result = await run(visitor, visitor.email, { subscriptions: { ...api, getSubscriptionPlans } }, { loadPlans });
    expect(result).toMatchObject({ outcome: 'ready', provider: 'paypal' });
    expect(getSubscriptionPlans).not.toHaveBeenCalled();
  });

  it('sells the test variants when the deployment is configured for test offers', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const result = await run(visitor, visitor.email, { testOffers: true });
    const testOffers = await offersOf('maxpay', true);
    expect(result).toEqual({ outcome: 'ready', provider: 'maxpay', offers: testOffers, bought: [], paymentMethod: CARD_4242 });
    expect(testOffers.every((o) => o.isTest)).toBe(true);
    expect(testOffers.map((o) => o.productId)).not.toEqual((await offersOf('maxpay')).map((o) => o.productId));
  });

  it('marks the offers the visitor already bought, whichever way they bought them', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const [birthChart, , ultraPack] = await offersOf('maxpay');
    // Bought through the hosted checkout.
    await payThroughCheckout(base(), visitor, 'maxpay', birthChart!.productId);
    expect(await run(visitor, visitor.email)).toMatchObject({ outcome: 'ready', bought: ['birth_chart'] });
    // Bought in one click in the visitor's browser (a purchase is made only by, and for, the caller).
    const bought = await asVisitor(base(), visitor, 'POST', '/subs/purchases', {
      project: 'astrelle', provider: 'maxpay', productId: ultraPack!.productId, email: visitor.email, usid: visitor.usid, orderId: newOrderId(),
    });
    expect(bought.status).toBe(201);
    expect(await run(visitor, visitor.email)).toMatchObject({ outcome: 'ready', bought: ['birth_chart', 'ultra_pack'] });
    // New by design: the purchases are the visitor's own (GET /purchases has no email any more), so in another
    // visitor's browser the same address has bought nothing.
    expect(await run(await landedVisitor(base()), visitor.email)).toMatchObject({ outcome: 'ready', provider: 'maxpay', bought: [] });
  });

  it('marks as bought only the offers bought for the email given, when one visitor paid with two addresses', async () => {
    // GET /subs/purchases answers all of the visitor's purchases, whatever address each was for: only the given
    // address's count (offer-catalogue.ts purchasesOf).
    // One browser, two addresses: birth_chart paid through the hosted checkout for the first, then (the visitor
    // typed another address) the trial plan for the second. The second address has bought no offer: the server
    // sells it birth_chart in one click.
    const visitor = newVisitor('two');
    const [birthChart] = await offersOf('maxpay');
    await payThroughCheckout(base(), visitor, 'maxpay', birthChart!.productId);
    const second: Visitor = { ...visitor, email: `second.${visitor.email}` };
    await payThroughCheckout(base(), second, 'maxpay', (await trialPlan(base(), 'maxpay')).productId);
    expect(await run(second, second.email)).toEqual({ outcome: 'ready', provider: 'maxpay', offers: await offersOf('maxpay'), bought: [], paymentMethod: CARD_4242 });
    expect(await run(visitor, visitor.email)).toMatchObject({ outcome: 'ready', provider: 'maxpay', bought: ['birth_chart'] });
  });

  it('takes the provider of the latest purchase when the visitor bought an offer without subscribing', async () => {
    const visitor = newVisitor();
    const [birthChart] = await offersOf('paypal');
    await payThroughCheckout(base(), visitor, 'paypal', birthChart!.productId);
    expect(await run(visitor, visitor.email)).toMatchObject({ outcome: 'ready', provider: 'paypal', bought: ['birth_chart'] });
  });

  it('uses the email the server linked to the session when the machine has none (after the payment return)', async () => {
    const visitor = await subscriber(base(), 'paypal');
    const visitorEmail = vi.fn(async () => visitor.email);
    expect(await run(visitor, null, { visitorEmail })).toMatchObject({ outcome: 'ready', provider: 'paypal' });
    expect(visitorEmail).toHaveBeenCalledOnce();
  });

  it('shows maxpay\'s offers, none bought, when nobody knows the visitor\'s email', async () => {
    expect(await run(await landedVisitor(base()), null)).toEqual({ outcome: 'ready', provider: 'maxpay', offers: await offersOf('maxpay'), bought: [], paymentMethod: null });
  });

  it('names no payment method for a visitor who paid none: the server knows none for them, and none is guessed', async () => {
    const visitor = await landedVisitor(base());
    expect(await run(visitor, visitor.email)).toMatchObject({ outcome: 'ready', provider: 'maxpay', paymentMethod: null });
    // A 404 is an answer, not a failure to log.
    expect(errors).not.toHaveBeenCalled();
    // Another visitor's stored card is not theirs to see, even for the subscriber's own address.
    const other = await subscriber(base(), 'maxpay');
    expect(await run(visitor, other.email)).toMatchObject({ paymentMethod: null });
  });

  it('fails softly, logged by the client, when the offers cannot be fetched', async () => {
    expect(await run(newVisitor('nobody'), 'nobody@example.com', {}, {}, () => 'http://127.0.0.1:9')).toEqual({ outcome: 'failed' });
    expect(errors).toHaveBeenCalledWith('cannot get subscription plans', expect.any(String));
    expect(errors).toHaveBeenCalledWith('cannot check subscription', expect.any(String));
    expect(errors).toHaveBeenCalledWith('cannot get purchases', expect.any(String));
  });
});

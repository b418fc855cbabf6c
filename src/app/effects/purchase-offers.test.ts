import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import type { EffectInput } from '../../engine/compile-flow';
import type { AppEffectInput, AppResults } from '../effect-output-map';
import type { Offer, Purchase } from '../../shared/contract/subscription';
import type { PaymentProvider } from '../../services/subscription-api';
import { loadOffers } from './load-offers';
import { purchaseOffers, type PurchaseOffersResult, type PurchaseOffersServices } from './purchase-offers';
import { apiClients, asVisitor, catalogue, effectInput, landedVisitor, newOrderId, newVisitor, payThroughCheckout, subscriber, trialPlan, type Visitor } from './effect-test-support';

// The effect against the real reference server (SQLite), over HTTP, in the visitor's browser (their credential
// cookie goes with every call: a visitor buys with their own stored payment method and sees their own purchases).
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());

// The /signup-offer screen as the effect sees it: any screen whose answer at answerKey is the chosen offer ids.
const screen = {
  id: 'signup-offer', route: '/signup-offer', kind: 'offers', group: 'results', answerKey: 'offers', title: 'Offers',
  offersFrom: 'loadOffers', submit: 'purchaseOffers', cta: 'Buy', skip: 'No thanks', messages: { unavailable: 'u', failed: 'f' },
} as unknown as EffectInput['screen'];

function services(visitor: Visitor, over: Partial<PurchaseOffersServices> = {}, url = base): PurchaseOffersServices {
  return {
    subscriptions: apiClients(visitor, url()).subscriptions,
    project: 'astrelle',
    testOffers: false,
    visitor: () => ({ usid: visitor.usid }),
    visitorEmail: async () => null,
    newOrderId,
    ...over,
  };
}

function input(visitor: Visitor | null, chosen: unknown, results: AppResults = {}): AppEffectInput {
  return effectInput({ screen, answers: { offers: chosen as string[] }, email: visitor?.email ?? null, results });
}

async function run(visitor: Visitor, chosen: unknown, over: Partial<PurchaseOffersServices> = {}, results: AppResults = {}): Promise<PurchaseOffersResult> {
  return toPromise(createActor(purchaseOffers(services(visitor, over)), { input: input(visitor, chosen, results) }).start());
}

/** What loadOffers put in the machine's results when the screen opened. */
async function loaded(visitor: Visitor, over: Partial<PurchaseOffersServices> = {}): Promise<AppResults> {
  return { loadOffers: await toPromise(createActor(loadOffers(services(visitor, over)), { input: input(visitor, []) }).start()) };
}

/** The visitor's purchases, read in their browser (the credential says whose: there is no email in the URL any more). */
async function purchases(visitor: Visitor): Promise<Purchase[]> {
  const response = await asVisitor(base(), visitor, 'GET', '/subs/purchases?project=astrelle');
  expect(response.status).toBe(200);
  return (await response.json()) as Purchase[];
}
const offersOf = async (provider: PaymentProvider, isTest = false) => (await catalogue(base(), provider, isTest)).filter((p): p is Offer => p.type === 'FIXED');

describe('buying the chosen offers in one click', () => {
  it('skips without buying anything when no offer is chosen', async () => {
    const visitor = await subscriber(base());
    expect(await run(visitor, [], {}, await loaded(visitor))).toEqual({ outcome: 'skipped' });
    expect(await run(visitor, undefined)).toEqual({ outcome: 'skipped' });
    expect(await purchases(visitor)).toEqual([]);
  });

  it('charges each chosen offer once to the stored card, with the provider loadOffers found', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const result = await run(visitor, ['love_paths', 'birth_chart'], {}, await loaded(visitor));
    expect(result).toEqual({ outcome: 'bought', bought: ['birth_chart', 'love_paths'] });
    const offers = await offersOf('maxpay');
    const bought = await purchases(visitor);
    expect(bought.map((p) => [p.offerId, p.productId, p.provider, p.amount, p.paymentMethod]).sort()).toEqual([
      ['birth_chart', offers[0]!.productId, 'maxpay', 19.99, 'card ending 4242'],
      ['love_paths', offers[1]!.productId, 'maxpay', 24.99, 'card ending 4242'],
    ]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('buys a chosen bundle alone: the offers in it, chosen too, are not charged on their own', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const purchase = vi.fn(services(visitor).subscriptions.purchase);
    const result = await run(visitor, ['ultra_pack', 'birth_chart'], { subscriptions: { ...services(visitor).subscriptions, purchase } }, await loaded(visitor));
    // The birth chart is the visitor's, inside the pack.
    expect(result).toEqual({ outcome: 'bought', bought: ['ultra_pack'] });
    expect(purchase).toHaveBeenCalledTimes(1);
    expect((await purchases(visitor)).map((p) => [p.offerId, p.amount])).toEqual([['ultra_pack', 49.99]]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('pays for a bundle less the offers in it the visitor owns, the price the screen showed', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    expect(await run(visitor, ['birth_chart'], {}, await loaded(visitor))).toEqual({ outcome: 'bought', bought: ['birth_chart'] });
    expect(await run(visitor, ['ultra_pack', 'love_paths'], {}, await loaded(visitor))).toEqual({ outcome: 'bought', bought: ['birth_chart', 'ultra_pack'] });
    expect((await purchases(visitor)).map((p) => [p.offerId, p.amount])).toEqual([['birth_chart', 19.99], ['ultra_pack', 30]]);
  });

  it('buys a PayPal subscriber\'s offers with PayPal, looking the offers up again when loadOffers\' result was lost (a reload)', async () => {
    const visitor = await subscriber(base(), 'paypal');
    expect(await run(visitor, ['love_paths'])).toEqual({ outcome: 'bought', bought: ['love_paths'] });
    expect(await purchases(visitor)).toMatchObject([{ offerId: 'love_paths', provider: 'paypal', productId: (await offersOf('paypal'))[1]!.productId }]);
  });

  it('never charges an offer twice: a second submit, even with a stale list that shows nothing bought, counts the 409 as bought', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const stale = await loaded(visitor);
    expect(await run(visitor, ['birth_chart'], {}, stale)).toEqual({ outcome: 'bought', bought: ['birth_chart'] });
    // The same list from before the purchase: the server answers 409 (already bought) and charges nothing.
    expect(await run(visitor, ['birth_chart', 'love_paths'], {}, stale)).toEqual({ outcome: 'bought', bought: ['birth_chart', 'love_paths'] });
    expect(errors).toHaveBeenCalledWith('cannot purchase offer', '(HTTP 409)');
    // A fresh list knows birth_chart is bought and does not even ask.
    const purchase = vi.fn(services(visitor).subscriptions.purchase);
    const fresh = await loaded(visitor);
    expect(await run(visitor, ['birth_chart', 'love_paths'], { subscriptions: { ...services(visitor).subscriptions, purchase } }, fresh)).toEqual({
      outcome: 'bought',
      bought: ['birth_chart', 'love_paths'],
    });
    expect(purchase).not.toHaveBeenCalled();
    expect((await purchases(visitor)).map((p) => p.offerId).sort()).toEqual(['birth_chart', 'love_paths']);
  });

  it('charges once when the visitor submits twice at the same time', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const results = await loaded(visitor);
    const both = await Promise.all([run(visitor, ['ultra_pack'], {}, results), run(visitor, ['ultra_pack'], {}, results)]);
    expect(both).toEqual([{ outcome: 'bought', bought: ['ultra_pack'] }, { outcome: 'bought', bought: ['ultra_pack'] }]);
    expect(await purchases(visitor)).toHaveLength(1);
  });

  it('uses the email the server linked to the session when the machine has none', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const result = await toPromise(
      createActor(purchaseOffers(services(visitor, { visitorEmail: async () => visitor.email })), { input: input(null, ['birth_chart']) }).start(),
    );
    expect(result).toEqual({ outcome: 'bought', bought: ['birth_chart'] });
    expect(await purchases(visitor)).toHaveLength(1);
  });

  it('fails with what is owned when the visitor has no stored payment method (402)', async () => {
    const visitor = await landedVisitor(base(), 'nocard');
    expect(await run(visitor, ['birth_chart'])).toEqual({ outcome: 'failed', bought: [] });
    expect(errors).toHaveBeenCalledWith('cannot purchase offer', '(HTTP 402)');
    expect(await purchases(visitor)).toEqual([]);
  });

  it('never charges a subscriber\'s stored card in another visitor\'s browser, even with the subscriber\'s email', async () => {
    const owner = await subscriber(base(), 'maxpay');
    // New by design: the stored payment method is the one of the CALLER's own paid checkout, so a visitor who types
    // someone else's address has none (402) and buys nothing; the subscriber owns nothing new either.
    const other: Visitor = { ...(await landedVisitor(base(), 'other')), email: owner.email };
    expect(await run(other, ['birth_chart'], {}, await loaded(other))).toEqual({ outcome: 'failed', bought: [] });
    expect(errors).toHaveBeenCalledWith('cannot purchase offer', '(HTTP 402)');
    expect(await purchases(other)).toEqual([]);
    expect(await purchases(owner)).toEqual([]);
  });

  it('buys an offer for the email given when the visitor bought it before for another address', async () => {
    // GET /subs/purchases answers all of the visitor's purchases, whatever address each was for: only the given
    // address's count (offer-catalogue.ts purchasesOf).
    // One browser, two addresses: birth_chart paid through the hosted checkout for the first, then (the visitor
    // typed another address) the trial plan for the second, whose card now buys offers for the second address.
    const visitor = newVisitor('two');
    await payThroughCheckout(base(), visitor, 'maxpay', (await offersOf('maxpay'))[0]!.productId);
    const second: Visitor = { ...visitor, email: `second.${visitor.email}` };
    await payThroughCheckout(base(), second, 'maxpay', (await trialPlan(base(), 'maxpay')).productId);
    expect(await run(second, ['birth_chart'], {}, await loaded(second))).toEqual({ outcome: 'bought', bought: ['birth_chart'] });
    expect((await purchases(visitor)).map((p) => [p.offerId, p.email])).toEqual([
      ['birth_chart', visitor.email],
      ['birth_chart', second.email],
    ]);
  });

  it('fails, listing the offers bought, when one chosen offer was bought and another is not on sale', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    expect(await run(visitor, ['birth_chart', 'moon_pack'], {}, await loaded(visitor))).toEqual({ outcome: 'failed', bought: ['birth_chart'] });
  });

  it('fails when nobody knows the visitor\'s email, and when the server is down', async () => {
    const visitor = await landedVisitor(base());
    const anonymous = await toPromise(createActor(purchaseOffers(services(visitor)), { input: input(null, ['birth_chart']) }).start());
    expect(anonymous).toEqual({ outcome: 'failed', bought: [] });
    const down = await toPromise(createActor(purchaseOffers(services(visitor, {}, () => 'http://127.0.0.1:9')), { input: input(visitor, ['birth_chart']) }).start());
    expect(down).toEqual({ outcome: 'failed', bought: [] });
    expect(errors).toHaveBeenCalledWith('cannot get subscription plans', expect.any(String));
  });

  it('buys the test variant when test offers are configured', async () => {
    const visitor = newVisitor('tester');
    const testOffers = await offersOf('maxpay', true);
    // The stored method comes from any paid maxpay checkout: here one of a test offer.
    await payThroughCheckout(base(), visitor, 'maxpay', testOffers[1]!.productId);
    expect(await run(visitor, ['birth_chart'], { testOffers: true })).toEqual({ outcome: 'bought', bought: ['birth_chart', 'love_paths'] });
    expect((await purchases(visitor)).map((p) => p.productId).sort()).toEqual([testOffers[0]!.productId, testOffers[1]!.productId].sort());
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import type { EffectInput } from '../../engine/compile-flow';
import type { AppResults } from '../effect-output-map';
import type { ReportOrder } from '../../shared/contract/astro';
import type { Offer } from '../../shared/contract/subscription';
import type { PaymentProvider, PlansByProvider } from '../../services/subscription-api';
import { loadOffers } from './load-offers';
import { orderReports, type OrderReportsResult, type OrderReportsServices } from './order-reports';
import { apiClients, asVisitor, catalogue, effectInput, landedVisitor, newOrderId, newVisitor, payThroughCheckout, subscriber, trialPlan, type Visitor } from './effect-test-support';
import { reportsOrderedKey, reportsOrderedStore } from './reports-ordered';
import { loadTestFlow } from '../../../tests/support/load-test-flow';

// The effect against the real reference server (SQLite), over HTTP. The server has no way to read report
// orders back, so the tests count the orders the real astro client sends (and the server accepted: 201). All in
// the visitor's browser (their credential cookie goes with every call): the server takes a report order only for
// what the email paid for through this visitor's own checkouts, so every visitor who orders paid first.
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());

const screen = { id: 'payment-success', route: '/payment-success', kind: 'welcome', group: 'results', title: 'Thanks', cta: 'Go' } as unknown as EffectInput['screen'];
// Stored under the answer keys the flow's profile names: the report order reads them through those roles.
const roles = loadTestFlow().profile;
const single = {
  [roles.relationship]: 'single', [roles.name]: 'Maya', [roles.birthDate]: '1990-05-17', [roles.birthTime]: '10:30', [roles.gender]: 'female',
  [roles.birthPlace]: { latitude: 51.50853, longitude: -0.12574, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' },
};
const PLAN_REPORTS = ['natal_chart', 'compatibility', 'daily_horoscope'];

/**
 * A browser: the visitor's credential cookie (their `browser` fetch), its localStorage (new per call: nothing
 * ordered yet), and the effect registry of one page load (new per reload).
 */
function browser(visitor: Visitor) {
  const items = new Map<string, string>();
  const storage = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  const orders: ReportOrder[] = [];
  const page = (over: Partial<OrderReportsServices> = {}, urls: { astro?: string; subs?: string } = {}) => {
    const astro = apiClients(visitor, urls.astro ?? base()).astro;
    const services: OrderReportsServices = {
      astro: {
        orderReports: async (order) => {
          const receipt = await astro.orderReports(order);
          if (receipt) orders.push(order);
          return receipt;
        },
      },
      subscriptions: apiClients(visitor, urls.subs ?? base()).subscriptions,
      project: 'astrelle',
      testOffers: false,
      visitorEmail: async () => null,
      reportsOrdered: reportsOrderedStore(storage),
      profile: roles,
      ...over,
    };
    const logic = orderReports(services);
    return (email: string | null, answers: EffectInput['answers'] = single, results: AppResults = {}): Promise<OrderReportsResult> =>
      toPromise(createActor(logic, { input: effectInput({ screen, answers, email, results }) }).start());
  };
  return { page, orders, items };
}

const offersOf = async (provider: PaymentProvider, isTest = false) => (await catalogue(base(), provider, isTest)).filter((p): p is Offer => p.type === 'FIXED');

/** The visitor buys `offer` in one click in their browser (a purchase is made only by, and for, the caller). */
async function buyInOneClick(visitor: Visitor, offer: Offer): Promise<void> {
  const response = await asVisitor(base(), visitor, 'POST', '/subs/purchases', {
    project: 'astrelle', provider: offer.provider, productId: offer.productId, email: visitor.email, usid: visitor.usid, orderId: newOrderId(),
  });
  expect(response.status).toBe(201);
}

describe('ordering the reports the visitor paid for', () => {
  it('orders the subscription plan\'s reports once, with the visitor\'s birth data, and remembers it without the email', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const { page, orders, items } = browser(visitor);
    expect(await page()(visitor.email)).toEqual({ outcome: 'ordered', reports: PLAN_REPORTS });
    expect(orders).toEqual([
      {
        reports: PLAN_REPORTS,
        email: visitor.email,
        yourData: { name: 'Maya', day: 17, month: 5, year: 1990, hour: 10, minute: 30, latitude: 51.50853, longitude: -0.12574, timezone: 1, place: 'London, United Kingdom' },
      },
    ]);
    const stored = items.get(reportsOrderedKey) ?? '';
    expect(JSON.parse(stored)).toEqual([`plan:${visitor.plan.productId}`]);
    expect(stored).not.toContain('@');
    expect(errors).not.toHaveBeenCalled();
  });

  it('orders nothing more when /payment-success is reloaded', async () => {
    const visitor = await subscriber(base(), 'paypal');
    const { page, orders } = browser(visitor);
    expect(await page()(visitor.email)).toMatchObject({ outcome: 'ordered' });
    // A reload: a new page load with a new registry, the same localStorage.
    expect(await page()(visitor.email)).toEqual({ outcome: 'nothing' });
    expect(await page()(visitor.email)).toEqual({ outcome: 'nothing' });
    expect(orders).toHaveLength(1);
  });

  it('orders once when both success pages run it at the same time', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const { page, orders } = browser(visitor);
    const run = page();
    const both = await Promise.all([run(visitor.email), run(visitor.email)]);
    expect(both).toEqual([{ outcome: 'ordered', reports: PLAN_REPORTS }, { outcome: 'nothing' }]);
    expect(orders).toHaveLength(1);
  });

  it('after buying offers, orders only their reports, each report once, in one order', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const { page, orders } = browser(visitor);
    await page()(visitor.email);
    const [birthChart, , ultraPack] = await offersOf('maxpay');
    await buyInOneClick(visitor, birthChart!);
    await buyInOneClick(visitor, ultraPack!);
    expect(await page()(visitor.email)).toEqual({ outcome: 'ordered', reports: ['birth_chart', 'love_paths', 'career_guide', 'year_ahead'] });
    expect(await page()(visitor.email)).toEqual({ outcome: 'nothing' });
    expect(orders.map((o) => o.reports)).toEqual([PLAN_REPORTS, ['birth_chart', 'love_paths', 'career_guide', 'year_ahead']]);
  });

  it('in a browser that ordered nothing yet, orders the plan\'s reports first and the offers\' after them, in one order', async () => {
    const visitor = await subscriber(base(), 'paypal');
    await buyInOneClick(visitor, (await offersOf('paypal'))[1]!);
    const { page, orders, items } = browser(visitor);
    expect(await page()(visitor.email)).toEqual({ outcome: 'ordered', reports: [...PLAN_REPORTS, 'love_paths'] });
    expect(orders).toHaveLength(1);
    expect(JSON.parse(items.get(reportsOrderedKey) ?? '')).toEqual([`plan:${visitor.plan.productId}`, expect.stringMatching(/^purchase:/)]);
  });

  it('orders an offer bought through the hosted checkout without a subscription, a test variant too', async () => {
    const visitor = newVisitor();
    const testBirthChart = (await offersOf('maxpay', true))[0]!;
    await payThroughCheckout(base(), visitor, 'maxpay', testBirthChart.productId);
    const { page } = browser(visitor);
    expect(await page()(visitor.email)).toEqual({ outcome: 'ordered', reports: ['birth_chart'] });
  });

  it('adds the partner\'s data for a visitor in a relationship', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const { page, orders } = browser(visitor);
    const answers = { ...single, [roles.relationship]: roles.inRelationship, [roles.partnerBirthDate]: '1988-02-03', [roles.partnerBirthTime]: '08:15' };
    expect(await page()(visitor.email, answers)).toMatchObject({ outcome: 'ordered' });
    expect(orders[0]?.partnerData).toEqual({
      name: '', day: 3, month: 2, year: 1988, hour: 8, minute: 15, latitude: 40.7127753, longitude: -74.0059728, timezone: 1, place: expect.any(String),
    });
  });

  it('takes the products from what loadPlans and loadOffers already fetched', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    await buyInOneClick(visitor, (await offersOf('maxpay'))[0]!);
    const api = apiClients(visitor, base()).subscriptions;
    const loadPlans: PlansByProvider = { maxpay: await catalogue(base(), 'maxpay'), paypal: null };
    const offers = await toPromise(
      createActor(loadOffers({ subscriptions: api, project: 'astrelle', testOffers: false, visitorEmail: async () => null }), {
        input: effectInput({ screen, answers: {}, email: visitor.email, results: { loadPlans } }),
      }).start(),
    );
    const getSubscriptionPlans = vi.fn(api.getSubscriptionPlans);
    const { page } = browser(visitor);
    expect(await page({ subscriptions: { ...api, getSubscriptionPlans } })(visitor.email, single, { loadPlans, loadOffers: offers })).toEqual({
      outcome: 'ordered',
      reports: [...PLAN_REPORTS, 'birth_chart'],
    });
    expect(getSubscriptionPlans).not.toHaveBeenCalled();
  });

  it('uses the email the server linked to the session when the machine has none (after the payment return)', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const { page } = browser(visitor);
    expect(await page({ visitorEmail: async () => visitor.email })(null)).toEqual({ outcome: 'ordered', reports: PLAN_REPORTS });
  });

  it('orders nothing for a visitor who paid for nothing, or whose email nobody knows', async () => {
    const visitor = await landedVisitor(base());
    const { page, orders } = browser(visitor);
    expect(await page()(visitor.email)).toEqual({ outcome: 'nothing' });
    expect(await page()(null)).toEqual({ outcome: 'nothing' });
    expect(orders).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('fails without remembering anything when the astro server is down, and orders on the next visit', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    const { page, orders, items } = browser(visitor);
    expect(await page({}, { astro: 'http://127.0.0.1:9' })(visitor.email)).toEqual({ outcome: 'failed' });
    expect(errors).toHaveBeenCalledWith('cannot send astrology report(s)', expect.any(String));
    expect(items.get(reportsOrderedKey)).toBeUndefined();
    expect(await page()(visitor.email)).toEqual({ outcome: 'ordered', reports: PLAN_REPORTS });
    expect(orders).toHaveLength(1);
  });

  it('orders nothing in another visitor\'s browser, even with a subscriber\'s email', async () => {
    const owner = await subscriber(base(), 'maxpay');
    await buyInOneClick(owner, (await offersOf('maxpay'))[0]!);
    // New by design: which plan an email has is told only to the visitor who paid for it, and the purchases are
    // the visitor's own, so another visitor who types the subscriber's address has nothing to order (and the
    // astro server would refuse it: 403 on reports).
    const { page, orders } = browser(await landedVisitor(base()));
    expect(await page()(owner.email)).toEqual({ outcome: 'nothing' });
    expect(orders).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // The subscriber's own browser still orders everything.
    expect(await browser(owner).page()(owner.email)).toEqual({ outcome: 'ordered', reports: [...PLAN_REPORTS, 'birth_chart'] });
  });

  it('orders for the email given only what that email paid for, when one visitor paid with two addresses', async () => {
    // GET /subs/purchases answers all of the visitor's purchases, whatever address each was for: only the given
    // address's count (offer-catalogue.ts purchasesOf).
    // One browser, two addresses: an offer paid through the hosted checkout for the first, then (the visitor typed
    // another address) the trial plan for the second.
    const visitor = newVisitor('two');
    const first = visitor.email;
    await payThroughCheckout(base(), visitor, 'maxpay', (await offersOf('maxpay'))[0]!.productId);
    const second = `second.${visitor.email}`;
    await payThroughCheckout(base(), { ...visitor, email: second }, 'maxpay', (await trialPlan(base(), 'maxpay')).productId);
    const { page, orders } = browser(visitor);
    // The astro server refuses (403 on reports) an order for the second address that holds the first's birth_chart.
    expect(await page()(second)).toEqual({ outcome: 'ordered', reports: PLAN_REPORTS });
    expect(await page()(first)).toEqual({ outcome: 'ordered', reports: ['birth_chart'] });
    expect(orders.map((o) => [o.email, o.reports])).toEqual([[second, PLAN_REPORTS], [first, ['birth_chart']]]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('fails when the subscription server cannot say what the visitor paid for', async () => {
    const { page, orders } = browser(newVisitor());
    expect(await page({}, { subs: 'http://127.0.0.1:9' })('maya@example.com')).toEqual({ outcome: 'failed' });
    expect(errors).toHaveBeenCalledWith('cannot check subscription', expect.any(String));
    expect(orders).toEqual([]);
  });
});

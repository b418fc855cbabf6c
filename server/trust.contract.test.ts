import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AstroUserPayload, ReportOrder } from '../src/shared/contract/astro';
import type { Checkout, Offer, Plan, Product, SubscriptionUserPayload } from '../src/shared/contract/subscription';
import { buildServer } from './app';
import { signerFactory } from '@fastify/cookie';
import { CREDENTIAL_COOKIE, CREDENTIAL_MAX_AGE_SECONDS, credentialValue, SECURE_CREDENTIAL_COOKIE } from './auth/visitor-credential';
import { describeOnEachDatabase, TEST_PROJECT } from './test-support/databases';
import { newVisitorId, TestBrowser, type Answer } from './test-support/test-browser';
import { readTrustProxy } from './trust-proxy';

// The trust model of the reference backend (README "Trust model"), tried as an attacker would: plain HTTP
// calls with no credential, a forged one, or another visitor's own. Each such attack is made here and
// must be refused with nothing created, charged, changed or revealed, checked in the database (the ledger)
// as well as in the answers. On SQLite and on PostgreSQL.

const CARD_OK = { cardName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
let n = 0;
const newEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${(n++).toString(36)}@example.com`;
const newOrderId = () => `ord_${Date.now().toString(36)}_${(n++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

describeOnEachDatabase('Trust model', ({ store }) => {
  let app: FastifyInstance;
  let baseUrl = '';
  let maxpay: Product[];
  const base = () => baseUrl;
  /** An attacker with curl: no cookie at all. */
  const curl = () => new TestBrowser(base);

  beforeAll(async () => {
    app = await buildServer({ store: store() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    maxpay = (await curl().get<Product[]>(`/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&countryCode=US&isTest=false`)).body;
  });
  afterAll(async () => {
    await app?.close();
  });

  const trialPlan = () => maxpay.find((p): p is Plan => p.type === 'TRIAL' && p.packageId === '1' && p.abTestId === null)!;
  const offers = () => maxpay.filter((p): p is Offer => p.type === 'FIXED');
  const offerOf = (id: string) => offers().find((o) => o.id === id)!;
  const db = () => store().db;
  const ledger = {
    charges: (email: string) => db().selectFrom('charges').selectAll().where('email_key', '=', email.toLowerCase()).execute(),
    subscriptions: (email: string) => db().selectFrom('subscriptions').selectAll().where('email_key', '=', email.toLowerCase()).execute(),
    purchases: (email: string) => db().selectFrom('purchases').selectAll().where('email_key', '=', email.toLowerCase()).execute(),
    reportOrders: (email: string) => db().selectFrom('report_orders').selectAll().where('email_key', '=', email.toLowerCase()).execute(),
    session: (id: string) => db().selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    subscriptionUser: (email: string) => db().selectFrom('subscription_users').selectAll().where('email_key', '=', email.toLowerCase()).executeTakeFirst(),
    astroUser: (email: string) => db().selectFrom('astro_users').selectAll().where('email_key', '=', email.toLowerCase()).executeTakeFirst(),
  };

  function expectRefused(answer: Answer, status: number, field?: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    const body = answer.body as { error: string; message: string; field?: string };
    expect(typeof body.message).toBe('string');
    if (field !== undefined) expect(body.field).toBe(field);
  }

  /** A text holds nothing of the victim's: no email, usid, name, birth data, IP, card digits. */
  function expectNothingOf(answer: Answer, victim: { email: string; usid: string }) {
    const text = JSON.stringify(answer.body);
    for (const secret of [victim.email, victim.usid, 'Victoria', '1984-02-29', '203.0.113.77', '4242', 'RG12']) expect(text).not.toContain(secret);
  }

  function astroUser(usid: string, email: string, overrides: Partial<AstroUserPayload> = {}): AstroUserPayload {
    return {
      username: 'Victoria',
      email,
      usid,
      isLegal: true,
      gender: 'female',
      relationship: 'single',
      birthday: { date: '1984-02-29', time: '06:30:00' },
      location: { latitude: 51.4, longitude: -0.76 },
      locale: 'en',
      timezone: 'Europe/London',
      ...overrides,
    };
  }

  function subscriptionUser(email: string, overrides: Partial<SubscriptionUserPayload> = {}): SubscriptionUserPayload {
    return {
      email,
      isLegal: true,
      project: TEST_PROJECT,
      ip: '203.0.113.77',
      fbc: 'fb.1.1554763741205.victim',
      fbp: 'fb.1.1558571054389.victim',
      city: 'Bracknell',
      postalCode: 'RG12',
      countryCode: 'GB',
      loc: '51.4036,-0.7618',
      timezone: 'Europe/London',
      userAgent: 'Victim Browser',
      ...overrides,
    };
  }

  function reportOrder(email: string, reports: string[]): ReportOrder {
    return {
      reports,
      email,
      yourData: { name: 'Victoria', day: 1, month: 3, year: 1984, hour: 6, minute: 30, latitude: 51.4, longitude: -0.76, timezone: 0, place: 'Bracknell' },
    };
  }

  /** Starts and pays a checkout of `productId` in `browser`'s session, as the hosted page's form does. */
  async function payCheckout(browser: TestBrowser, email: string, productId: string): Promise<{ checkout: Checkout; orderId: string }> {
    const usid = browser.visitorId!;
    const orderId = newOrderId();
    const created = await browser.post<Checkout>('/subs/checkout/sessions', {
      project: TEST_PROJECT,
      provider: 'maxpay',
      productId,
      email,
      usid,
      orderId,
      successUrl: `/payment-success?usid=${usid}`,
      errorUrl: `/payment-error?usid=${usid}`,
      cancelUrl: `/sale?usid=${usid}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Paid in the visitor's own browser: the credential comes with the hosted page's form.
    const paid = await fetch(`${baseUrl}/subs/checkout/${created.body.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.credential! },
      body: new URLSearchParams(CARD_OK).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('/payment-success');
    return { checkout: created.body, orderId };
  }

  /**
   * A victim who went through the whole funnel: a session with IP info, an astro profile, a subscription user,
   * a paid trial, one offer bought in one click, and their plan's reports ordered.
   */
  async function victim() {
    const browser = new TestBrowser(base);
    const usid = await browser.startSession();
    const email = newEmail('victim');
    await browser.post(`/subs/sessions/write/${usid}`, {
      id: usid,
      flowOuter: false,
      abTestData: {},
      gclid: false,
      testEventCode: null,
      ipInfo: { ip: '203.0.113.77', city: 'Bracknell', country: 'GB', postal: 'RG12', loc: '51.4036,-0.7618', timezone: 'Europe/London' },
    });
    expect((await browser.post('/astro/api/v2/user/create', astroUser(usid, email))).status).toBe(201);
    expect((await browser.post('/subs/users/create', subscriptionUser(email))).status).toBe(201);
    const { orderId } = await payCheckout(browser, email, trialPlan().productId);
    const bought = await browser.post('/subs/purchases', { project: TEST_PROJECT, provider: 'maxpay', productId: offerOf('birth_chart').productId, email, usid, orderId: newOrderId() });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect((await browser.post('/astro/api/astrology/report', reportOrder(email, trialPlan().reports))).status).toBe(201);
    return { browser, usid, email, orderId };
  }

  /** Another visitor with a session of their own (the attacker in a browser). */
  async function attacker(): Promise<TestBrowser> {
    const browser = new TestBrowser(base);
    await browser.startSession();
    return browser;
  }

  /**
   * Each kind of caller that is not the victim, with the usid it puts in bodies (its own session's, or the
   * victim's when it has none): no cookie, a forged or unsigned cookie naming the victim, another visitor.
   */
  async function strangers(victimUsid: string): Promise<Array<[string, TestBrowser, string, string | null]>> {
    const forged = new TestBrowser(base);
    forged.useCredential(`${CREDENTIAL_COOKIE}=${victimUsid}.${'A'.repeat(43)}`);
    const unsigned = new TestBrowser(base);
    unsigned.useCredential(`${CREDENTIAL_COOKIE}=${victimUsid}`);
    const other = await attacker();
    return [
      ['no credential', curl(), victimUsid, null],
      ['a forged credential', forged, victimUsid, null],
      ['an unsigned credential', unsigned, victimUsid, null],
      ['another visitor', other, other.visitorId!, other.visitorId],
    ];
  }

  describe('the visitor credential', () => {
    it('is an httpOnly, SameSite=Lax cookie naming the new session, set only when the session is created', async () => {
      const id = newVisitorId();
      const response = await fetch(`${baseUrl}/subs/sessions/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
      expect(response.status).toBe(201);
      const [cookie] = response.headers.getSetCookie();
      expect(cookie).toMatch(new RegExp(`^${CREDENTIAL_COOKIE}=${id}~\\d+\\.[A-Za-z0-9%_/+=-]+;`));
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/; Secure/i);
    });

    it('is Secure and __Host- named behind HTTPS, where a plain-named one (planted over HTTP) counts for nothing', async () => {
      const proxied = await buildServer({ store: store(), trustProxy: true });
      try {
        const https = { 'x-forwarded-proto': 'https' };
        const id = newVisitorId();
        const answer = await proxied.inject({ method: 'POST', url: '/subs/sessions/create', headers: https, payload: { id } });
        expect(answer.statusCode).toBe(201);
        const setCookie = String(answer.headers['set-cookie']);
        expect(setCookie).toMatch(new RegExp(`^${SECURE_CREDENTIAL_COOKIE}=${id}~`));
        expect(setCookie).toMatch(/; Secure/i);
        const value = setCookie.split(';')[0]!.slice(SECURE_CREDENTIAL_COOKIE.length + 1);
        expect((await proxied.inject({ method: 'GET', url: `/subs/sessions/${id}`, headers: { ...https, cookie: `${SECURE_CREDENTIAL_COOKIE}=${value}` } })).statusCode).toBe(200);
        expect((await proxied.inject({ method: 'GET', url: `/subs/sessions/${id}`, headers: { ...https, cookie: `${CREDENTIAL_COOKIE}=${value}` } })).statusCode).toBe(401);
      } finally {
        await proxied.close();
      }
    });

    it('counts for nothing when a second one comes beside it, or when it is older than its lifetime', async () => {
      const secret = 'a-known-secret-for-this-test-only-0123456789';
      const server = await buildServer({ store: store(), sessionSecrets: [secret] });
      try {
        const signer = signerFactory([secret]);
        const cookieOf = (visitor: string, issuedAt: number) => `${CREDENTIAL_COOKIE}=${encodeURIComponent(signer.sign(credentialValue(visitor, issuedAt)))}`;
        const now = Math.floor(Date.now() / 1000);
        const mine = JSON.parse((await server.inject({ method: 'POST', url: '/subs/sessions/create', payload: { id: newVisitorId() } })).body).id as string;
        const other = JSON.parse((await server.inject({ method: 'POST', url: '/subs/sessions/create', payload: { id: newVisitorId() } })).body).id as string;
        const read = (cookie: string) => server.inject({ method: 'GET', url: `/subs/sessions/${mine}`, headers: { cookie } });
        expect((await read(cookieOf(mine, now))).statusCode).toBe(200);
        expect((await read(`${cookieOf(mine, now)}; ${cookieOf(other, now)}`)).statusCode).toBe(401);
        expect((await read(`${cookieOf(other, now)}; ${cookieOf(mine, now)}`)).statusCode).toBe(401);
        expect((await read(cookieOf(mine, now - CREDENTIAL_MAX_AGE_SECONDS - 60))).statusCode).toBe(401);
        expect((await read(cookieOf(mine, now + 3600))).statusCode).toBe(401);
        expect((await read(`${CREDENTIAL_COOKIE}=${encodeURIComponent(signer.sign(mine))}`)).statusCode).toBe(401);
      } finally {
        await server.close();
      }
    });

    it('is SameSite=None and Secure when the APIs are called from another origin (CORS_ORIGINS)', async () => {
      const crossSite = await buildServer({ store: store(), corsOrigins: ['https://app.example'] });
      try {
        const answer = await crossSite.inject({ method: 'POST', url: '/subs/sessions/create', headers: { origin: 'https://app.example' }, payload: { id: newVisitorId() } });
        expect(answer.statusCode).toBe(201);
        expect(String(answer.headers['set-cookie'])).toMatch(new RegExp(`^${SECURE_CREDENTIAL_COOKIE}=`));
        expect(String(answer.headers['set-cookie'])).toMatch(/; SameSite=None/i);
        expect(String(answer.headers['set-cookie'])).toMatch(/; Secure/i);
        expect(answer.headers['access-control-allow-credentials']).toBe('true');
        expect(answer.headers['access-control-allow-origin']).toBe('https://app.example');
      } finally {
        await crossSite.close();
      }
    });

    it('refuses session ids that are not random v4 UUIDs, creating nothing', async () => {
      for (const id of ['abcdefgh', 'visitor-0001', '00000000-0000-4000-8000-000000000000', '11111111-1111-4111-8111-111111111111', newVisitorId().toUpperCase(), 'a'.repeat(64)]) {
        expectRefused(await curl().post('/subs/sessions/create', { id }), 400, 'id');
        expect(await db().selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      }
    });

    it('answers an existing session only to the browser that created it; anyone else gets a 403 and no credential', async () => {
      const owner = new TestBrowser(base);
      const id = await owner.startSession();
      const again = await owner.post('/subs/sessions/create', { id });
      expect(again.status).toBe(200);
      for (const [who, stranger] of await strangers(id)) {
        const answer = await stranger.post('/subs/sessions/create', { id });
        expect(answer.status, who).toBe(403);
        expect(answer.headers.getSetCookie(), who).toEqual([]);
      }
    });

    it('survives a restart with the same secret, and is refused by a server with another secret', async () => {
      const browser = new TestBrowser(base);
      const id = await browser.startSession();
      for (const [secrets, status] of [
        [['another-secret-that-is-long-enough-0123456789'], 401],
      ] as const) {
        const other = await buildServer({ store: store(), sessionSecrets: secrets });
        try {
          const answer = await other.inject({ method: 'GET', url: `/subs/sessions/${id}`, headers: { cookie: browser.credential! } });
          expect(answer.statusCode).toBe(status);
        } finally {
          await other.close();
        }
      }
      const secret = 'the-same-secret-on-both-servers-0123456789abc';
      const first = await buildServer({ store: store(), sessionSecrets: [secret] });
      const second = await buildServer({ store: store(), sessionSecrets: ['a-newer-secret-after-rotation-0123456789abcd', secret] });
      try {
        const created = await first.inject({ method: 'POST', url: '/subs/sessions/create', payload: { id: newVisitorId() } });
        const cookie = String(created.headers['set-cookie']).split(';')[0]!;
        const read = await second.inject({ method: 'GET', url: `/subs/sessions/${JSON.parse(created.body).id}`, headers: { cookie } });
        expect(read.statusCode).toBe(200);
      } finally {
        await first.close();
        await second.close();
      }
    });
  });

  describe('money only from paid checkouts', () => {
    it('POST /subscriptions/create with a made-up orderId makes nobody premium', async () => {
      const email = newEmail('free-ride');
      // A live plan, an offer, and a plan of the test (sandbox) catalogue.
      for (const productId of [trialPlan().productId, offerOf('ultra_pack').productId, trialPlan().productId.replace(/_live$/, '_test')]) {
        for (const [who, caller, usid] of await strangers(newVisitorId())) {
          const body = { email, project: TEST_PROJECT, productId, provider: 'maxpay', orderId: newOrderId(), usid };
          const answer = await caller.post('/subs/subscriptions/create', body);
          expect([401, 404], `${who} ${productId}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
        }
      }
      expect(await ledger.subscriptions(email)).toEqual([]);
      expect(await ledger.charges(email)).toEqual([]);
      expect((await curl().get(`/subs/users/check-subscription?email=${encodeURIComponent(email)}&project=${TEST_PROJECT}`)).body).toEqual({ isPremium: false, info: null });
    });

    it('confirms only the caller\'s own paid order, idempotently, and never an unpaid or someone else\'s one', async () => {
      const buyer = new TestBrowser(base);
      const usid = await buyer.startSession();
      const email = newEmail('buyer');
      const { orderId } = await payCheckout(buyer, email, trialPlan().productId);
      const body = { email, project: TEST_PROJECT, productId: trialPlan().productId, provider: 'maxpay', orderId, usid };
      const first = await buyer.post('/subs/subscriptions/create', body);
      const second = await buyer.post('/subs/subscriptions/create', body);
      expect(first.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(await ledger.subscriptions(email)).toHaveLength(1);
      expectRefused(await buyer.post('/subs/subscriptions/create', { ...body, productId: offerOf('love_paths').productId }), 409, 'productId');
      expectRefused(await buyer.post('/subs/subscriptions/create', { ...body, email: newEmail('other') }), 409, 'email');

      const thief = await attacker();
      expectRefused(await thief.post('/subs/subscriptions/create', { ...body, usid: thief.visitorId }), 404, 'orderId');
      expectRefused(await thief.post('/subs/subscriptions/create', body), 403, 'usid');

      // A checkout opened but not paid confirms nothing.
      const laterEmail = newEmail('later');
      const unpaid = await buyer.post<Checkout>('/subs/checkout/sessions', {
        project: TEST_PROJECT, provider: 'maxpay', productId: offerOf('love_paths').productId, email: laterEmail, usid, orderId: newOrderId(),
        successUrl: '/payment-success', errorUrl: '/payment-error', cancelUrl: '/sale',
      });
      expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(201);
      const unpaidBody = { email: laterEmail, project: TEST_PROJECT, productId: offerOf('love_paths').productId, provider: 'maxpay', orderId: unpaid.body.orderId };
      expectRefused(await buyer.post('/subs/subscriptions/create', unpaidBody), 402, 'orderId');
      expect(await ledger.subscriptions(laterEmail)).toEqual([]);
      expect(await ledger.subscriptions(email)).toHaveLength(1);
      expect(await ledger.charges(email)).toHaveLength(1);
    });

    it('a one-click purchase with a victim\'s email (any case) charges nothing and links nothing', async () => {
      const target = await victim();
      const chargesBefore = await ledger.charges(target.email);
      for (const [who, caller, usid, own] of await strangers(target.usid)) {
        for (const offer of offers()) {
          for (const email of [target.email, target.email.toUpperCase()]) {
            const answer = await caller.post('/subs/purchases', {
              project: TEST_PROJECT, provider: 'maxpay', productId: offer.productId, email, usid, orderId: newOrderId(),
            });
            expect([401, 402, 403], `${who} ${offer.id}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
            expectNothingOf(answer, target);
          }
        }
        if (own) expect((await ledger.session(own)).user_email, who).toBeNull();
      }
      expect(await ledger.charges(target.email)).toEqual(chargesBefore);
      expect((await ledger.purchases(target.email)).map((p) => p.offer_id)).toEqual(['birth_chart']);
    });

    it('an attacker who paid for their own plan still cannot charge a victim\'s stored card', async () => {
      const target = await victim();
      const thief = await attacker();
      const thiefEmail = newEmail('thief');
      await payCheckout(thief, thiefEmail, trialPlan().productId);
      const answer = await thief.post('/subs/purchases', {
        project: TEST_PROJECT, provider: 'maxpay', productId: offerOf('love_paths').productId, email: target.email, usid: thief.visitorId, orderId: newOrderId(),
      });
      expectRefused(answer, 403, 'email');
      expect((await ledger.purchases(target.email)).map((p) => p.offer_id)).toEqual(['birth_chart']);
      expect(await ledger.purchases(thiefEmail)).toEqual([]);
    });

    it('a checkout link sent to someone else and paid there never lets its creator charge that card again', async () => {
      const creator = await attacker();
      const payer = await attacker();
      // The link is paid in another visitor's browser (their credential comes with the form), or in one with none.
      for (const [who, cookie, paidBy] of [['another visitor', payer.credential!, payer.visitorId], ['no credential', undefined, null]] as const) {
        const email = newEmail('phished');
        const orderId = newOrderId();
        const opened = await creator.post<Checkout>('/subs/checkout/sessions', {
          project: TEST_PROJECT, provider: 'maxpay', productId: trialPlan().productId, email, usid: creator.visitorId, orderId,
          successUrl: '/payment-success', errorUrl: '/payment-error', cancelUrl: '/sale',
        });
        expect(opened.status, who).toBe(201);
        const paid = await fetch(`${baseUrl}/subs/checkout/${opened.body.id}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
          body: new URLSearchParams({ ...CARD_OK, cardNumber: '5555 5555 5555 4444' }).toString(),
          redirect: 'manual',
        });
        expect(paid.status, who).toBe(303);
        expect((await db().selectFrom('checkouts').select('paid_by_usid').where('order_id', '=', orderId).executeTakeFirstOrThrow()).paid_by_usid, who).toBe(paidBy);
        for (const offer of offers()) {
          const answer = await creator.post('/subs/purchases', { project: TEST_PROJECT, provider: 'maxpay', productId: offer.productId, email, usid: creator.visitorId, orderId: newOrderId() });
          expectRefused(answer, 402, 'payment');
        }
        expect(await ledger.purchases(email), who).toEqual([]);
        expect((await ledger.charges(email)).map((c) => c.payment_method), who).toEqual(['card ending 4444']);
      }
    });

    it('a checkout for an address another visitor registered names that address on the buyer\'s session, never the other visitor\'s user record', async () => {
      const target = await victim();
      const buyer = await attacker();
      const opened = await buyer.post('/subs/checkout/sessions', {
        project: TEST_PROJECT, provider: 'maxpay', productId: offerOf('love_paths').productId, email: target.email, usid: buyer.visitorId, orderId: newOrderId(),
        successUrl: '/payment-success', errorUrl: '/payment-error', cancelUrl: '/sale',
      });
      expect(opened.status).toBe(201);
      const session = await ledger.session(buyer.visitorId!);
      expect(session.user_email).toBe(target.email);
      expect(session.user_id).toBeNull();
      expect((await buyer.get(`/subs/sessions/${buyer.visitorId}`)).body).toMatchObject({ user: { id: null, email: target.email } });
    });

    it('orders reports only for what the email paid for through the caller\'s own checkouts', async () => {
      const target = await victim();
      const before = await ledger.reportOrders(target.email);
      for (const [who, caller] of await strangers(target.usid)) {
        const answer = await caller.post('/astro/api/astrology/report', reportOrder(target.email, ['natal_chart']));
        expect([401, 403], who).toContain(answer.status);
      }
      const neverPaid = newEmail('never-paid');
      expectRefused(await (await attacker()).post('/astro/api/astrology/report', reportOrder(neverPaid, [...trialPlan().reports, ...offerOf('ultra_pack').reports])), 403, 'reports');
      // The victim: the plan's and the bought offer's reports, not an offer they did not buy.
      expect((await target.browser.post('/astro/api/astrology/report', reportOrder(target.email, offerOf('birth_chart').reports))).status).toBe(201);
      expectRefused(await target.browser.post('/astro/api/astrology/report', reportOrder(target.email, offerOf('ultra_pack').reports)), 403, 'reports');
      expect(await ledger.reportOrders(neverPaid)).toEqual([]);
      expect(await ledger.reportOrders(target.email)).toHaveLength(before.length + 1);
    });
  });

  describe('personal data only to its owner', () => {
    it('email look-ups and session reads reveal nothing to anyone else', async () => {
      const target = await victim();
      const q = encodeURIComponent(target.email);
      for (const [who, caller] of await strangers(target.usid)) {
        for (const path of [
          `/astro/api/v2/user/email?email=${q}`,
          `/subs/users?email=${q}&project=${TEST_PROJECT}`,
          `/subs/sessions/${target.usid}`,
          `/subs/purchases?project=${TEST_PROJECT}`,
          `/subs/purchases?project=${TEST_PROJECT}&email=${q}`,
          `/subs/orders/${target.orderId}`,
        ]) {
          const answer = await caller.get(path);
          expect(answer.status === 401 || answer.status === 404 || (answer.status === 200 && JSON.stringify(answer.body) === '[]'), `${who} ${path}: ${answer.status}`).toBe(true);
          expectNothingOf(answer, target);
        }
        const check = await caller.get(`/subs/users/check-subscription?email=${q}&project=${TEST_PROJECT}`);
        expect(check.body, who).toEqual({ isPremium: true, info: null });
      }
      // The owner reads their own.
      expect((await target.browser.get(`/astro/api/v2/user/email?email=${q}`)).body).toMatchObject({ username: 'Victoria', usid: target.usid });
      expect((await target.browser.get(`/subs/users?email=${q}&project=${TEST_PROJECT}`)).body).toMatchObject({ ip: '203.0.113.77', city: 'Bracknell' });
      expect((await target.browser.get(`/subs/sessions/${target.usid}`)).body).toMatchObject({ user: { email: target.email } });
      expect((await target.browser.get(`/subs/users/check-subscription?email=${q}&project=${TEST_PROJECT}`)).body).toEqual({ isPremium: true, info: { productId: trialPlan().productId } });
      expect((await target.browser.get<unknown[]>(`/subs/purchases?project=${TEST_PROJECT}`)).body).toHaveLength(1);
    });

    it('answers with personal data carry Cache-Control: no-store', async () => {
      const target = await victim();
      const q = encodeURIComponent(target.email);
      for (const path of [`/astro/api/v2/user/email?email=${q}`, `/subs/users?email=${q}&project=${TEST_PROJECT}`, `/subs/sessions/${target.usid}`, `/subs/purchases?project=${TEST_PROJECT}`, `/subs/orders/${target.orderId}`]) {
        const answer = await target.browser.get(path);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('cache-control'), path).toBe('no-store');
      }
    });

    it('nobody overwrites, moves or confirms someone else\'s records', async () => {
      const target = await victim();
      const astroBefore = await ledger.astroUser(target.email);
      const userBefore = await ledger.subscriptionUser(target.email);
      const sessionBefore = await ledger.session(target.usid);
      for (const [who, caller, usid] of await strangers(target.usid)) {
        const moved = await caller.put(`/astro/api/v2/user/profile/email?email=${encodeURIComponent(target.email)}`, astroUser(usid, newEmail('attacker'), { username: 'Mallory' }));
        expect([401, 404], `${who} move`).toContain(moved.status);
        const created = await caller.post('/astro/api/v2/user/create', astroUser(target.usid, newEmail('squat')));
        expect([401, 403], `${who} create as victim`).toContain(created.status);
        const replaced = await caller.post('/subs/users/create', subscriptionUser(target.email.toUpperCase(), { ip: '198.51.100.66', city: 'Elsewhere' }));
        expect([401, 409], `${who} user`).toContain(replaced.status);
        expectNothingOf(replaced, target);
        const written = await caller.post(`/subs/sessions/write/${target.usid}`, { id: target.usid, flowOuter: true, abTestData: { hacked: 1 }, gclid: true, testEventCode: 'X', ipInfo: null });
        expect([401, 404], `${who} session write`).toContain(written.status);
        const confirmed = await caller.put(`/astro/api/v2/user/confirm-email?usid=${target.usid}`);
        expect([401, 404], `${who} confirm`).toContain(confirmed.status);
        const orderId = newOrderId();
        const attackerEmail = newEmail('attacker');
        const checkout = await caller.post('/subs/checkout/sessions', {
          project: TEST_PROJECT, provider: 'maxpay', productId: trialPlan().productId, email: attackerEmail, usid: target.usid, orderId,
          successUrl: '/payment-success', errorUrl: '/payment-error', cancelUrl: '/sale',
        });
        expect([401, 403], `${who} checkout on the victim's session`).toContain(checkout.status);
        // Nothing opened, and no subscription user made for the address the refused request named.
        expect(await db().selectFrom('checkouts').select('id').where('order_id', '=', orderId).executeTakeFirst(), `${who} checkout row`).toBeUndefined();
        expect(await ledger.subscriptionUser(attackerEmail), `${who} subscription user`).toBeUndefined();
      }
      expect(await ledger.astroUser(target.email)).toEqual(astroBefore);
      expect(await ledger.subscriptionUser(target.email)).toEqual(userBefore);
      expect(await ledger.session(target.usid)).toEqual(sessionBefore);
    });

    it('a second visitor typing an address already on file goes on without touching the first visitor\'s records', async () => {
      const target = await victim();
      const second = await attacker();
      const usid = second.visitorId!;
      // What the app does on /email: the subscriber is recognised (isPremium, no plan named) …
      expect((await second.get(`/subs/users/check-subscription?email=${encodeURIComponent(target.email)}&project=${TEST_PROJECT}`)).body).toEqual({ isPremium: true, info: null });
      // … and for an address on file that is not a subscriber, the profile and user calls are refused.
      const other = new TestBrowser(base);
      const ownerUsid = await other.startSession();
      const email = newEmail('shared');
      expect((await other.post('/astro/api/v2/user/create', astroUser(ownerUsid, email))).status).toBe(201);
      expect((await other.post('/subs/users/create', subscriptionUser(email))).status).toBe(201);
      expectRefused(await second.get(`/astro/api/v2/user/email?email=${encodeURIComponent(email)}`), 404);
      expectRefused(await second.post('/astro/api/v2/user/create', astroUser(usid, email, { username: 'Second' })), 409, 'email');
      expectRefused(await second.post('/subs/users/create', subscriptionUser(email, { ip: '198.51.100.66' })), 409, 'email');
      expect((await ledger.astroUser(email))!.usid).toBe(ownerUsid);
      expect((await ledger.subscriptionUser(email))!.ip).toBe('203.0.113.77');
    });
  });

  describe('rate limits', () => {
    it('a burst of 300 email look-ups from one address gets 429s with Retry-After', async () => {
      const limited = await buildServer({ store: store() });
      try {
        const statuses: number[] = [];
        let retryAfter: string | undefined;
        for (let i = 0; i < 300; i++) {
          const answer = await limited.inject({ method: 'GET', url: `/subs/users/check-subscription?email=guess${i}%40example.com&project=${TEST_PROJECT}` });
          statuses.push(answer.statusCode);
          if (answer.statusCode === 429) retryAfter ??= String(answer.headers['retry-after']);
        }
        expect(statuses.filter((s) => s === 200)).toHaveLength(100);
        expect(statuses.filter((s) => s === 429)).toHaveLength(200);
        expect(Number(retryAfter)).toBeGreaterThan(0);
        // Another client address is not held back by this one's burst.
        const elsewhere = await limited.inject({ method: 'GET', url: `/subs/users/check-subscription?email=a%40example.com&project=${TEST_PROJECT}`, remoteAddress: '198.51.100.9' });
        expect(elsewhere.statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('cannot be escaped by writing X-Forwarded-For behind a proxy (TRUST_PROXY=true trusts one hop), nor by HEAD', async () => {
      const proxied = await buildServer({ store: store(), trustProxy: readTrustProxy('true'), rateLimits: { lookups: 5, sessions: 5, checkouts: 5, ipLookups: 5, analytics: 5, editor: 5 } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 8; i++) {
          // The client writes a new address each time; the proxy appends the one it saw.
          const forwarded = `10.0.${i}.${i}, 203.0.113.5`;
          const answer = await proxied.inject({ method: 'GET', url: `/subs/users/check-subscription?email=g${i}%40example.com&project=${TEST_PROJECT}`, headers: { 'x-forwarded-for': forwarded } });
          statuses.push(answer.statusCode);
        }
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
        const head = await proxied.inject({ method: 'HEAD', url: `/subs/users/check-subscription?email=g%40example.com&project=${TEST_PROJECT}`, headers: { 'x-forwarded-for': '203.0.113.6' } });
        expect(head.statusCode).toBe(405);
        // Another real client behind the same proxy has its own budget.
        const other = await proxied.inject({ method: 'GET', url: `/subs/users/check-subscription?email=o%40example.com&project=${TEST_PROJECT}`, headers: { 'x-forwarded-for': '203.0.113.7' } });
        expect(other.statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
    });

    it('limits the profile move, whose 409 says whether an address is on file', async () => {
      const limited = await buildServer({ store: store(), rateLimits: { lookups: 3, sessions: 100, checkouts: 100, ipLookups: 100, analytics: 100, editor: 100 } });
      try {
        const created = await limited.inject({ method: 'POST', url: '/subs/sessions/create', payload: { id: newVisitorId() } });
        const cookie = String(created.headers['set-cookie']).split(';')[0]!;
        const usid = JSON.parse(created.body).id as string;
        const mine = newEmail('mover');
        expect((await limited.inject({ method: 'POST', url: '/astro/api/v2/user/create', headers: { cookie }, payload: astroUser(usid, mine) })).statusCode).toBe(201);
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          const answer = await limited.inject({ method: 'PUT', url: `/astro/api/v2/user/profile/email?email=${encodeURIComponent(mine)}`, headers: { cookie }, payload: astroUser(usid, mine) });
          statuses.push(answer.statusCode);
        }
        expect(statuses).toEqual([200, 200, 200, 429]);
      } finally {
        await limited.close();
      }
    });

    it('limits session reads and creation, user look-ups and creation, checkout creation, astro look-ups and the IP lookup, each as configured', async () => {
      const limited = await buildServer({ store: store(), rateLimits: { lookups: 3, sessions: 3, checkouts: 2, ipLookups: 2, analytics: 2, editor: 2 }, ipLookup: { locator: async () => ({ lookup: () => ({ status: 'fail' }) }) as never } });
      try {
        const burst = async (count: number, request: InjectOptions) => {
          const statuses: number[] = [];
          for (let i = 0; i < count; i++) statuses.push((await limited.inject(request)).statusCode);
          return statuses;
        };
        expect((await burst(4, { method: 'GET', url: `/astro/api/v2/user/email?email=a%40example.com` })).at(-1)).toBe(429);
        expect((await burst(4, { method: 'GET', url: `/subs/sessions/${newVisitorId()}` })).at(-1)).toBe(429);
        // The other email-keyed calls, each its own budget (the one the guessing attack used, GET /subs/users, first).
        expect((await burst(4, { method: 'GET', url: `/subs/users?email=guess%40example.com&project=${TEST_PROJECT}` })).at(-1)).toBe(429);
        expect((await burst(4, { method: 'POST', url: '/subs/users/create', payload: subscriptionUser(newEmail('burst')) })).at(-1)).toBe(429);
        expect((await burst(4, { method: 'POST', url: '/astro/api/v2/user/create', payload: astroUser(newVisitorId(), newEmail('burst')) })).at(-1)).toBe(429);
        expect((await burst(4, { method: 'POST', url: `/subs/sessions/${newVisitorId()}/seen`, payload: { screen: 'sale' } })).at(-1)).toBe(429);
        // Checkout creation counts the visitor's valid requests: refused return URLs open nothing and count nothing.
        const created = await limited.inject({ method: 'POST', url: '/subs/sessions/create', payload: { id: newVisitorId() } });
        const cookie = String(created.headers['set-cookie']).split(';')[0]!;
        const usid = JSON.parse(created.body).id as string;
        const checkout = (returnUrl: string) => ({
          method: 'POST' as const,
          url: '/subs/checkout/sessions',
          headers: { cookie },
          payload: { project: TEST_PROJECT, provider: 'maxpay', productId: trialPlan().productId, email: newEmail('limited'), usid, orderId: newOrderId(), successUrl: returnUrl, errorUrl: '/payment-error', cancelUrl: '/sale' },
        });
        for (let i = 0; i < 5; i++) expect((await limited.inject(checkout('//evil.example'))).statusCode).toBe(400);
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await limited.inject(checkout('/payment-success'))).statusCode);
        expect(statuses).toEqual([201, 201, 429]);
        expect((await burst(3, { method: 'GET', url: '/ip/json' })).at(-1)).toBe(429);
        const answer = await limited.inject({ method: 'GET', url: '/ip/json' });
        expect(JSON.parse(answer.body)).toMatchObject({ error: 'Too Many Requests' });
        expect(answer.headers['retry-after']).toBeDefined();
        // Session creation (the checkout's visitor above made the first of three).
        const creates: number[] = [];
        for (let i = 0; i < 3; i++) creates.push((await limited.inject({ method: 'POST', url: '/subs/sessions/create', payload: { id: newVisitorId() } })).statusCode);
        expect(creates).toEqual([201, 201, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});

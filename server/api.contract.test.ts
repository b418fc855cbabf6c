import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AstroUser, AstroUserPayload, EmailConfirmation, ReportOrder, ReportOrderReceipt } from '../src/shared/contract/astro';
import type {
  Checkout,
  Offer,
  Plan,
  Product,
  Provider,
  Session,
  SessionWrite,
  Subscription,
  SubscriptionCheck,
  SubscriptionCreate,
  SubscriptionUser,
  SubscriptionUserPayload,
} from '../src/shared/contract/subscription';
import { groupPlans, trialChoices } from '../src/domain/group-plans';
import { buildServer } from './app';
import { createSubscription } from './subs/subscription-orders';
import { describeOnEachDatabase, TEST_PROJECT } from './test-support/databases';
import { newVisitorId, TestBrowser, type Answer } from './test-support/test-browser';

// The API contract (src/shared/contract/) over real HTTP, on SQLite and on PostgreSQL: every
// endpoint's success, its bad input (missing and mistyped fields, malformed and oversized bodies, unicode,
// prototype keys) and its unknown ids. Each test is a visitor in a browser (TestBrowser: it keeps the visitor
// credential its session was created with), acting on its own records as the trust model requires (README
// "Trust model"); the attacks on that model are in trust.contract.test.ts. Subscriptions and offers come only
// from paid hosted checkouts, and reports only for what the visitor paid for.

const uniq = () => randomUUID().replace(/-/g, '').slice(0, 12);
const newEmail = (tag = 'user') => `${tag}.${uniq()}@example.com`;
const newOrderId = () => `ord_${uniq()}`;

/** What the sandbox provider approves: the test card, or the PayPal sandbox buyer. */
const APPROVED_PAYMENT: Record<Provider, Record<string, string>> = {
  maxpay: { cardName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  paypal: { paypalEmail: 'buyer@sandbox.paypal.example', password: 'sandbox' },
};

function astroUser(usid: string, overrides: Partial<AstroUserPayload> = {}): AstroUserPayload {
  return {
    username: 'Ada',
    email: newEmail('astro'),
    usid,
    isLegal: true,
    gender: 'female',
    relationship: 'in_relationships',
    birthday: { date: '1990-07-14', time: '06:30:00' },
    location: { latitude: 40.7127753, longitude: -74.0059728 },
    locale: 'en',
    timezone: 'America/New_York',
    ...overrides,
  };
}

const person = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada',
  day: 14,
  month: 7,
  year: 1990,
  hour: 6,
  minute: 30,
  latitude: 40.7127753,
  longitude: -74.0059728,
  timezone: -5,
  place: 'New York, NY, United States',
  ...overrides,
});

function reportOrder(overrides: Record<string, unknown> = {}): ReportOrder {
  return { reports: ['natal_chart'], email: newEmail('report'), yourData: person(), ...overrides } as ReportOrder;
}

function sessionWrite(id: string, overrides: Partial<SessionWrite> = {}): SessionWrite {
  return {
    id,
    flowOuter: false,
    abTestData: { landing: 'a', price: { variant: 2 } },
    gclid: true,
    testEventCode: 'TEST123',
    ipInfo: { ip: '81.2.69.142', city: 'Bracknell', country: 'GB', postal: 'RG12', loc: '51.4036,-0.7618', timezone: 'Europe/London' },
    ...overrides,
  };
}

function subscriptionUser(overrides: Partial<SubscriptionUserPayload> = {}): SubscriptionUserPayload {
  return {
    email: newEmail('sub'),
    isLegal: true,
    project: TEST_PROJECT,
    ip: '81.2.69.142',
    fbc: 'fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890',
    fbp: 'fb.1.1558571054389.1098115397',
    city: 'Bracknell',
    postalCode: 'RG12',
    countryCode: 'GB',
    loc: '51.4036,-0.7618',
    timezone: 'Europe/London',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
    ...overrides,
  };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeOnEachDatabase('API contract', ({ store }) => {
  let app: FastifyInstance;
  let baseUrl = '';
  /** The live maxpay trial of package 1: what a visitor pays for before ordering the plans' reports. */
  let trialProductId: string;
  const base = () => baseUrl;

  beforeAll(async () => {
    // Every browser of this file calls from 127.0.0.1, so the per-address limits count the whole file as one
    // client: it opens about 55 checkouts within seconds, next to the default 60 a minute, and any further
    // payment test would get 429s instead of the contract's answers. The limits are tested in
    // trust.contract.test.ts, so here they are lifted out of the way.
    app = await buildServer({ store: store(), rateLimits: { lookups: 100000, sessions: 100000, checkouts: 100000, ipLookups: 100000, analytics: 100000, editor: 100000 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const live = (await anonymous().get<Product[]>(`/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&countryCode=US&isTest=false`)).body;
    trialProductId = live.find((p): p is Plan => p.type === 'TRIAL' && p.packageId === '1' && p.abTestId === null)!.productId;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A browser without a session, so without a credential: the public endpoints, and the hosted pages. */
  function anonymous(): TestBrowser {
    return new TestBrowser(base);
  }

  /** A visitor: a browser that created its session (201) and holds its credential, as the app's landing does. */
  async function visitor(): Promise<{ browser: TestBrowser; usid: string }> {
    const browser = new TestBrowser(base);
    const usid = await browser.startSession();
    return { browser, usid };
  }

  const q = encodeURIComponent;

  function expectError(answer: Answer, status: number, field?: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const body = answer.body as { error: string; message: string; field?: string };
    expect(typeof body.error).toBe('string');
    expect(typeof body.message).toBe('string');
    if (field !== undefined) expect(body.field).toBe(field);
  }

  /** An order as POST /subs/subscriptions/create names it, and as its checkout is opened. */
  interface OrderFields {
    email: string;
    project: string;
    productId: string;
    provider: Provider;
    orderId: string;
  }

  /** Opens the hosted checkout of `order` in `browser`'s session (POST /subs/checkout/sessions). */
  function openCheckout(browser: TestBrowser, usid: string, order: OrderFields): Promise<Answer<Checkout>> {
    return browser.post<Checkout>('/subs/checkout/sessions', {
      ...order,
      usid,
      successUrl: `/payment-success?usid=${usid}`,
      errorUrl: `/payment-error?usid=${usid}`,
      cancelUrl: `/sale?usid=${usid}`,
    });
  }

  /** Posts the hosted page's form of a checkout with the approved test account, as the provider's page does (no cookie). */
  function submitPayment(checkoutId: string, provider: Provider = 'maxpay'): Promise<Answer> {
    return anonymous().post(`/subs/checkout/${checkoutId}/pay`, new URLSearchParams(APPROVED_PAYMENT[provider]).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
  }

  /** Where a payment sent the visitor back: "paid" (successUrl), or the decline reason (errorUrl). */
  function outcome(answer: Answer): string {
    expect(answer.status).toBe(303);
    const url = new URL(answer.headers.get('location')!, baseUrl);
    return url.pathname === '/payment-success' ? 'paid' : `${url.pathname} ${url.searchParams.get('reason')}`;
  }

  /** Opens and pays the checkout of `order` in `browser`'s session: the only way to a subscription or an offer. */
  async function payCheckout(browser: TestBrowser, usid: string, order: OrderFields): Promise<Checkout> {
    const opened = await openCheckout(browser, usid, order);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(outcome(await submitPayment(opened.body.id, order.provider))).toBe('paid');
    return opened.body;
  }

  /** Pays the trial plan for `email` in `browser`'s session: the plan's reports are then the visitor's to order for it. */
  async function payForReports(browser: TestBrowser, usid: string, email: string): Promise<void> {
    await payCheckout(browser, usid, { email, project: TEST_PROJECT, productId: trialProductId, provider: 'maxpay', orderId: newOrderId() });
  }

  describe('bodies, whatever the route', () => {
    it('rejects malformed JSON with a 400 on the field "body"', async () => {
      const { browser } = await visitor();
      expectError(await browser.post('/astro/api/v2/user/create', '{"username": "Ada",'), 400, 'body');
      expectError(await browser.post('/subs/sessions/create', '{id: 1}'), 400, 'body');
    });

    it('rejects an empty body where one is required with a 400 on "body"', async () => {
      const { browser } = await visitor();
      expectError(await browser.post('/subs/sessions/create', ''), 400, 'body');
      expectError(await browser.call('POST', '/subs/users/create'), 400, 'body');
    });

    it('rejects a body that is not an object with a 400 on "body"', async () => {
      const browser = anonymous();
      expectError(await browser.post('/subs/sessions/create', '[]'), 400, 'body');
      expectError(await browser.post('/subs/sessions/create', '"id"'), 400, 'body');
    });

    it('answers 413 to a 3 MB body before reading it all', async () => {
      const { browser, usid } = await visitor();
      const huge = { ...astroUser(usid), username: 'x'.repeat(3 * 1024 * 1024) };
      expectError(await browser.post('/astro/api/v2/user/create', huge), 413);
      expectError(await browser.post(`/subs/sessions/write/${usid}`, { id: usid, blob: 'y'.repeat(3 * 1024 * 1024) }), 413);
    });

    it('refuses a body that is not JSON with a 415', async () => {
      expectError(await anonymous().post('/subs/sessions/create', `id=${newVisitorId()}`, { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    });

    it('rejects __proto__ and constructor keys anywhere, naming them, and stores nothing', async () => {
      const browser = anonymous();
      const id = newVisitorId();
      expectError(await browser.post('/subs/sessions/create', `{"id":"${id}","__proto__":{"admin":true}}`), 400, '__proto__');
      // Nothing was stored: the id is still a new session (201, not the 200 or 403 of an existing one).
      expect(await store().db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect((await browser.post('/subs/sessions/create', { id })).status).toBe(201);
      const write = JSON.stringify(sessionWrite(id)).replace('"abTestData":{', '"abTestData":{"__proto__":{"polluted":1},');
      expectError(await browser.post(`/subs/sessions/write/${id}`, write), 400, 'abTestData.__proto__');
      const ctor = JSON.stringify(sessionWrite(id)).replace('"abTestData":{', '"abTestData":{"constructor":{"prototype":{"polluted":1}},');
      expectError(await browser.post(`/subs/sessions/write/${id}`, ctor), 400, 'abTestData.constructor');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    it('rejects a NUL character or an unpaired surrogate in any string, naming the field', async () => {
      const { browser, usid } = await visitor();
      expectError(await browser.post('/astro/api/v2/user/create', { ...astroUser(usid), username: 'A\u0000da' }), 400, 'username');
      expectError(await browser.post('/astro/api/v2/user/create', '{"username":"\\ud800","email":"x@example.com"}'), 400, 'username');
      expectError(await browser.post(`/subs/sessions/write/${usid}`, sessionWrite(usid, { abTestData: { 'k\u0000': 1 } })), 400, 'abTestData.k\u0000');
    });

    it('rejects JSON nested deeper than 32 levels with a 400, however deep', async () => {
      const depth = 400_000;
      const { browser, usid } = await visitor();
      expectError(await browser.post('/subs/sessions/create', `{"id":${'['.repeat(depth)}${']'.repeat(depth)}}`), 400, 'id.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0');
      let nested: unknown = 'bottom';
      for (let i = 0; i < 32; i += 1) nested = { d: nested };
      expectError(await browser.post(`/subs/sessions/write/${usid}`, sessionWrite(usid, { abTestData: { nested } as Record<string, unknown> })), 400);
      let shallower: unknown = 'bottom';
      for (let i = 0; i < 20; i += 1) shallower = { d: shallower };
      expect((await browser.post(`/subs/sessions/write/${usid}`, sessionWrite(usid, { abTestData: { shallower } as Record<string, unknown> }))).status).toBe(200);
    });

    it('rejects unknown properties in a body, naming them', async () => {
      const { browser, usid } = await visitor();
      expectError(await browser.post('/astro/api/v2/user/create', { ...astroUser(usid), admin: true }), 400, 'admin');
      expectError(await browser.post('/astro/api/v2/user/create', { ...astroUser(usid), birthday: { date: '1990-01-01', time: '12:00:00', zone: 'x' } }), 400, 'birthday.zone');
    });

    it('ignores __proto__ and constructor in a query string', async () => {
      const answer = await anonymous().get(`/subs/users/check-subscription?email=${q(newEmail())}&project=${TEST_PROJECT}&__proto__=1&constructor=2&__proto__[admin]=1`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ isPremium: false, info: null });
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    it('answers an unknown API path with a JSON 404', async () => {
      const { browser } = await visitor();
      expectError(await browser.get('/subs/no-such-thing'), 404);
      expectError(await browser.get('/astro/api/v2/nothing'), 404);
    });
  });

  describe('astro users', () => {
    it('creates a user: 201 with the payload, an id, unconfirmed email and timestamps', async () => {
      const { browser, usid } = await visitor();
      const payload = astroUser(usid);
      const answer = await browser.post<AstroUser>('/astro/api/v2/user/create', payload);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject(payload);
      expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.body.emailConfirmed).toBe(false);
      expect(answer.body.createdAt).toMatch(ISO);
      expect(answer.body.updatedAt).toBe(answer.body.createdAt);
    });

    it('refuses a second user with the same email in any letter case: 409 on "email"', async () => {
      const first = await visitor();
      const payload = astroUser(first.usid);
      expect((await first.browser.post('/astro/api/v2/user/create', payload)).status).toBe(201);
      const second = await visitor();
      expectError(await second.browser.post('/astro/api/v2/user/create', { ...payload, email: payload.email.toUpperCase(), usid: second.usid }), 409, 'email');
    });

    it('finds a user by email, in any letter case', async () => {
      const { browser, usid } = await visitor();
      const payload = astroUser(usid);
      const created = (await browser.post<AstroUser>('/astro/api/v2/user/create', payload)).body;
      const found = await browser.get<AstroUser>(`/astro/api/v2/user/email?email=${q(payload.email.toUpperCase())}`);
      expect(found.status).toBe(200);
      expect(found.body).toEqual(created);
    });

    it('answers 404 for an email nobody has, and 400 for one that is not an email', async () => {
      const { browser } = await visitor();
      expectError(await browser.get(`/astro/api/v2/user/email?email=${q(newEmail())}`), 404);
      expectError(await browser.get('/astro/api/v2/user/email?email=not-an-email'), 400, 'email');
      expectError(await browser.get('/astro/api/v2/user/email'), 400, 'email');
    });

    it('keeps unicode (emoji, RTL, CJK, combining marks) and SQL-looking text exactly as sent', async () => {
      const { browser, usid } = await visitor();
      const username = "👩‍🚀 שָׁלוֹם 李小龍 e\u0301 Robert'); DROP TABLE astro_users;--";
      const payload = astroUser(usid, { username, gender: '⚧ non-binary', relationship: "it's complicated" });
      const created = await browser.post<AstroUser>('/astro/api/v2/user/create', payload);
      expect(created.status).toBe(201);
      expect(created.body.username).toBe(username);
      const found = await browser.get<AstroUser>(`/astro/api/v2/user/email?email=${q(payload.email)}`);
      expect(found.body.username).toBe(username);
      expect(found.body.relationship).toBe("it's complicated");
    });

    it.each([
      ['a missing email', (p: Record<string, unknown>) => delete p.email, 'email'],
      ['an invalid email', (p: Record<string, unknown>) => (p.email = 'ada@'), 'email'],
      ['an email over 254 characters', (p: Record<string, unknown>) => (p.email = `${'a'.repeat(250)}@example.com`), 'email'],
      ['a usid with a slash', (p: Record<string, unknown>) => (p.usid = 'abc/defgh'), 'usid'],
      ['a usid under 8 characters', (p: Record<string, unknown>) => (p.usid = 'abc'), 'usid'],
      ['a username over 100 characters', (p: Record<string, unknown>) => (p.username = 'a'.repeat(101)), 'username'],
      ['isLegal as the string "true"', (p: Record<string, unknown>) => (p.isLegal = 'true'), 'isLegal'],
      ['a missing birthday', (p: Record<string, unknown>) => delete p.birthday, 'birthday'],
      ['a missing birthday.time', (p: Record<string, unknown>) => delete (p.birthday as Record<string, unknown>).time, 'birthday.time'],
      ['February 29 of 2001', (p: Record<string, unknown>) => (p.birthday = { date: '2001-02-29', time: '12:00:00' }), 'birthday.date'],
      ['a date written 1990-7-14', (p: Record<string, unknown>) => (p.birthday = { date: '1990-7-14', time: '12:00:00' }), 'birthday.date'],
      ['the time 24:00:00', (p: Record<string, unknown>) => (p.birthday = { date: '1990-07-14', time: '24:00:00' }), 'birthday.time'],
      ['the time 12:00 without seconds', (p: Record<string, unknown>) => (p.birthday = { date: '1990-07-14', time: '12:00' }), 'birthday.time'],
      ['latitude 91', (p: Record<string, unknown>) => (p.location = { latitude: 91, longitude: 0 }), 'location.latitude'],
      ['longitude as a string', (p: Record<string, unknown>) => (p.location = { latitude: 0, longitude: '10' }), 'location.longitude'],
      ['locale "fr"', (p: Record<string, unknown>) => (p.locale = 'fr'), 'locale'],
      ['an unknown time zone', (p: Record<string, unknown>) => (p.timezone = 'Mars/Olympus_Mons'), 'timezone'],
      ['a gender over 32 characters', (p: Record<string, unknown>) => (p.gender = 'g'.repeat(33)), 'gender'],
    ])('rejects %s with a 400 naming the field', async (_case, mutate, field) => {
      const { browser, usid } = await visitor();
      const payload = astroUser(usid) as unknown as Record<string, unknown>;
      payload.birthday = { ...(payload.birthday as object) };
      mutate(payload);
      expectError(await browser.post('/astro/api/v2/user/create', payload), 400, field);
    });

    it('accepts an empty username and a UTC offset as the time zone', async () => {
      const { browser, usid } = await visitor();
      const answer = await browser.post<AstroUser>('/astro/api/v2/user/create', astroUser(usid, { username: '', timezone: '+05:30' }));
      expect(answer.status).toBe(201);
      expect(answer.body.timezone).toBe('+05:30');
    });

    it('updates the user found by the query email, which the body may change', async () => {
      const { browser, usid } = await visitor();
      const payload = astroUser(usid);
      const created = (await browser.post<AstroUser>('/astro/api/v2/user/create', payload)).body;
      const changed = { ...payload, email: newEmail('moved'), username: 'Ada L.', birthday: { date: '1991-01-02', time: '23:59:59' } };
      const updated = await browser.put<AstroUser>(`/astro/api/v2/user/profile/email?email=${q(payload.email)}`, changed);
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ ...changed, id: created.id, createdAt: created.createdAt });
      expect(updated.body.updatedAt >= created.updatedAt).toBe(true);
      expectError(await browser.get(`/astro/api/v2/user/email?email=${q(payload.email)}`), 404);
      expect((await browser.get<AstroUser>(`/astro/api/v2/user/email?email=${q(changed.email)}`)).body.username).toBe('Ada L.');
    });

    it('refuses to move a user onto another user’s email: 409 on "email"', async () => {
      const one = await visitor();
      const other = await visitor();
      const first = astroUser(one.usid);
      const second = astroUser(other.usid);
      expect((await one.browser.post('/astro/api/v2/user/create', first)).status).toBe(201);
      expect((await other.browser.post('/astro/api/v2/user/create', second)).status).toBe(201);
      expectError(await other.browser.put(`/astro/api/v2/user/profile/email?email=${q(second.email)}`, { ...second, email: first.email }), 409, 'email');
      expect((await other.browser.get<AstroUser>(`/astro/api/v2/user/email?email=${q(second.email)}`)).status).toBe(200);
    });

    it('answers 404 when updating an email nobody has, and 400 for a bad body', async () => {
      const { browser, usid } = await visitor();
      expectError(await browser.put(`/astro/api/v2/user/profile/email?email=${q(newEmail())}`, astroUser(usid)), 404);
      expectError(await browser.put(`/astro/api/v2/user/profile/email?email=${q(newEmail())}`, { ...astroUser(usid), locale: 'de' }), 400, 'locale');
      expectError(await browser.put('/astro/api/v2/user/profile/email', astroUser(usid)), 400, 'email');
    });
  });

  describe('email confirmation', () => {
    it('confirms the user of a usid, and repeating it changes nothing', async () => {
      const { browser, usid } = await visitor();
      const payload = astroUser(usid);
      await browser.post('/astro/api/v2/user/create', payload);
      const first = await browser.put<EmailConfirmation>(`/astro/api/v2/user/confirm-email?usid=${q(usid)}`);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ usid, emailConfirmed: true, confirmedAt: expect.stringMatching(ISO) });
      const again = await browser.put<EmailConfirmation>(`/astro/api/v2/user/confirm-email?usid=${q(usid)}`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await browser.get<AstroUser>(`/astro/api/v2/user/email?email=${q(payload.email)}`)).body.emailConfirmed).toBe(true);
    });

    it('unconfirms the email when the profile moves to a new address', async () => {
      const { browser, usid } = await visitor();
      const payload = astroUser(usid);
      await browser.post('/astro/api/v2/user/create', payload);
      await browser.put(`/astro/api/v2/user/confirm-email?usid=${q(usid)}`);
      const same = await browser.put<AstroUser>(`/astro/api/v2/user/profile/email?email=${q(payload.email)}`, { ...payload, username: 'Still me' });
      expect(same.body.emailConfirmed).toBe(true);
      const moved = await browser.put<AstroUser>(`/astro/api/v2/user/profile/email?email=${q(payload.email)}`, { ...payload, email: newEmail('new') });
      expect(moved.body.emailConfirmed).toBe(false);
    });

    it('answers 404 for a usid no astro user has, and 400 for a malformed one', async () => {
      const { browser, usid } = await visitor();
      // The visitor's own usid, before they made a profile; and a usid nobody has.
      expectError(await browser.put(`/astro/api/v2/user/confirm-email?usid=${usid}`), 404);
      expectError(await browser.put(`/astro/api/v2/user/confirm-email?usid=${newVisitorId()}`), 404);
      expectError(await browser.put('/astro/api/v2/user/confirm-email?usid=x'), 400, 'usid');
      expectError(await browser.put('/astro/api/v2/user/confirm-email'), 400, 'usid');
    });
  });

  describe('report orders', () => {
    // The reports ordered here (natal_chart, compatibility, daily_horoscope) are those of every plan
    // (server/subs/catalogue.ts): each order's email first gets a paid trial in the ordering visitor's session.

    it('queues an order: 201 with an id, status queued, the reports and a timestamp', async () => {
      const { browser, usid } = await visitor();
      const order = reportOrder({ reports: ['natal_chart', 'compatibility'], partnerData: person({ name: '', day: 29, month: 2, year: 2000, timezone: 5.5 }) });
      await payForReports(browser, usid, order.email);
      const answer = await browser.post<ReportOrderReceipt>('/astro/api/astrology/report', order);
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'queued', reports: ['natal_chart', 'compatibility'], createdAt: expect.stringMatching(ISO) });
    });

    it('stores the order as sent', async () => {
      const { browser, usid } = await visitor();
      const order = reportOrder({ yourData: person({ name: 'Zoë 🌙', place: 'Zürich, Switzerland' }) });
      await payForReports(browser, usid, order.email);
      const answer = await browser.post<ReportOrderReceipt>('/astro/api/astrology/report', order);
      const row = await store().db.selectFrom('report_orders').selectAll().where('id', '=', answer.body.id).executeTakeFirstOrThrow();
      expect(JSON.parse(row.your_data)).toEqual(order.yourData);
      expect(row.partner_data).toBeNull();
      expect(row.email).toBe(order.email);
    });

    it('takes an identical order sent again (a reload while it was on the wire) once: 200 with the first receipt', async () => {
      const { browser, usid } = await visitor();
      const order = reportOrder({ reports: ['natal_chart', 'compatibility'], partnerData: person({ name: '' }) });
      await payForReports(browser, usid, order.email);
      const first = await browser.post<ReportOrderReceipt>('/astro/api/astrology/report', order);
      // The same order in another letter case, its reports and fields in another order, is the same order.
      const reordered = { email: order.email.toUpperCase(), partnerData: order.partnerData, yourData: Object.fromEntries(Object.entries(order.yourData).reverse()), reports: ['compatibility', 'natal_chart'] };
      const [again, sameTime] = await Promise.all([browser.post<ReportOrderReceipt>('/astro/api/astrology/report', reordered), browser.post<ReportOrderReceipt>('/astro/api/astrology/report', order)]);
      expect(first.status).toBe(201);
      expect([again.status, sameTime.status]).toEqual([200, 200]);
      expect(again.body).toMatchObject({ id: first.body.id, createdAt: first.body.createdAt, status: 'queued' });
      expect(sameTime.body).toEqual(first.body);
      const rows = await store().db.selectFrom('report_orders').select('id').where('email_key', '=', order.email.toLowerCase()).execute();
      expect(rows).toHaveLength(1);
    });

    it('takes the same new order sent many times at once (two tabs, a double reload) once', async () => {
      const { browser, usid } = await visitor();
      // 40 at once: enough that, without a constraint, PostgreSQL's concurrent transactions all miss each other.
      const order = reportOrder({ reports: ['natal_chart', 'daily_horoscope'] });
      await payForReports(browser, usid, order.email);
      const answers = await Promise.all(Array.from({ length: 40 }, () => browser.post<ReportOrderReceipt>('/astro/api/astrology/report', order)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(39);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      const rows = await store().db.selectFrom('report_orders').select('id').where('email_key', '=', order.email.toLowerCase()).execute();
      expect(rows).toHaveLength(1);
    });

    it('queues a second order when anything in it differs: reports, a person\'s data, the partner or the email', async () => {
      const { browser, usid } = await visitor();
      const order = reportOrder({ reports: ['natal_chart'] });
      const otherEmail = newEmail('other');
      await payForReports(browser, usid, order.email);
      await payForReports(browser, usid, otherEmail);
      const variants = [
        order,
        { ...order, reports: ['natal_chart', 'compatibility'] },
        { ...order, yourData: { ...order.yourData, hour: (order.yourData.hour + 1) % 24 } },
        { ...order, partnerData: person({ name: '' }) },
        { ...order, email: otherEmail },
      ];
      const answers = [];
      for (const variant of variants) answers.push(await browser.post<ReportOrderReceipt>('/astro/api/astrology/report', variant));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(5);
    });

    it('queues the same order again after a day', async () => {
      const { browser, usid } = await visitor();
      const order = reportOrder();
      await payForReports(browser, usid, order.email);
      const first = await browser.post<ReportOrderReceipt>('/astro/api/astrology/report', order);
      await store().db.updateTable('report_orders').set({ created_at: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString() }).where('id', '=', first.body.id).execute();
      const next = await browser.post<ReportOrderReceipt>('/astro/api/astrology/report', order);
      expect(next.status).toBe(201);
      expect(next.body.id).not.toBe(first.body.id);
    });

    it.each([
      ['February 30', { yourData: person({ day: 30, month: 2 }) }, 'yourData.day'],
      ['April 31', { yourData: person({ day: 31, month: 4 }) }, 'yourData.day'],
      ['a partner born on February 29 of 1999', { partnerData: person({ day: 29, month: 2, year: 1999 }) }, 'partnerData.day'],
      ['month 13', { yourData: person({ month: 13 }) }, 'yourData.month'],
      ['day 0', { yourData: person({ day: 0 }) }, 'yourData.day'],
      ['year 1899', { yourData: person({ year: 1899 }) }, 'yourData.year'],
      ['hour 24', { yourData: person({ hour: 24 }) }, 'yourData.hour'],
      ['minute 7.5', { yourData: person({ minute: 7.5 }) }, 'yourData.minute'],
      ['hour as the string "5"', { yourData: person({ hour: '5' }) }, 'yourData.hour'],
      ['a time zone of 15 hours', { yourData: person({ timezone: 15 }) }, 'yourData.timezone'],
      ['latitude -90.5', { yourData: person({ latitude: -90.5 }) }, 'yourData.latitude'],
      ['a place over 200 characters', { yourData: person({ place: 'p'.repeat(201) }) }, 'yourData.place'],
      ['no reports', { reports: [] }, 'reports'],
      ['11 reports', { reports: Array.from({ length: 11 }, (_, i) => `report_${i}`) }, 'reports'],
      ['a repeated report', { reports: ['natal_chart', 'natal_chart'] }, 'reports'],
      ['a report id with capitals', { reports: ['Natal'] }, 'reports.0'],
      ['an invalid email', { email: 'nobody' }, 'email'],
      ['a missing yourData', { yourData: undefined }, 'yourData'],
      ['an unknown property in yourData', { yourData: { ...person(), zodiac: 'leo' } }, 'yourData.zodiac'],
    ])('rejects %s with a 400 naming the field', async (_case, overrides, field) => {
      const { browser } = await visitor();
      expectError(await browser.post('/astro/api/astrology/report', reportOrder(overrides)), 400, field);
    });

    it('rejects a person missing minute with a 400 on "yourData.minute"', async () => {
      const { browser } = await visitor();
      const { minute: _minute, ...rest } = person();
      expectError(await browser.post('/astro/api/astrology/report', reportOrder({ yourData: rest })), 400, 'yourData.minute');
    });
  });

  describe('subscription plans', () => {
    const plansPath = (provider: string, isTest = false, project = TEST_PROJECT) =>
      `/subs/subscription-plans?project=${project}&provider=${provider}&countryCode=US&isTest=${isTest}`;

    it('lists the plans and offers of a provider as one flat array', async () => {
      const answer = await anonymous().get<Product[]>(plansPath('maxpay'));
      expect(answer.status).toBe(200);
      const plans = answer.body.filter((p): p is Plan => p.type !== 'FIXED');
      const offers = answer.body.filter((p): p is Offer => p.type === 'FIXED');
      expect(plans).toHaveLength(13);
      expect(offers.map((o) => o.id)).toEqual(['birth_chart', 'love_paths', 'ultra_pack']);
      for (const product of answer.body) {
        expect(product.provider).toBe('maxpay');
        expect(product.isTest).toBe(false);
        expect(product.currency).toBe('USD');
        expect(product.paymentPage).toBe('/subs/checkout/sessions');
        expect(product.reports.length).toBeGreaterThan(0);
      }
    });

    it('offers 14-day trials in packages 1, 2 and 3 at 29 (high), 19 (medium) and a lower price', async () => {
      const plans = (await anonymous().get<Product[]>(plansPath('paypal'))).body.filter((p): p is Plan => p.type === 'TRIAL' && p.abTestId === null);
      expect(plans.map((p) => p.packageId).sort()).toEqual(['1', '2', '3']);
      expect(plans.map((p) => p.price).sort((a, b) => b - a)).toEqual([29, 19, expect.any(Number)]);
      expect(Math.min(...plans.map((p) => p.price))).toBeLessThan(19);
      for (const plan of plans) {
        expect(plan).toMatchObject({ project: TEST_PROJECT, additionalInfo: { trialDuration: '14 days', subscriptionDuration: '1 month' } });
        expect(plan.trialPrice).toBeGreaterThan(0);
      }
    });

    it('lists the plans in catalogue order: the trials, a subscription without a trial, then the A/B, sale and secret-discount sets', async () => {
      const plans = (await anonymous().get<Product[]>(plansPath('maxpay'))).body.filter((p): p is Plan => p.type !== 'FIXED');
      expect(plans.map(({ productId, type, packageId, abTestId, trialPrice, price }) => [productId, type, packageId, abTestId, trialPrice, price])).toEqual([
        ['mxp_astrelle_trial_1_2900_live', 'TRIAL', '1', null, 1, 29],
        ['mxp_astrelle_trial_2_1900_live', 'TRIAL', '2', null, 5, 19],
        ['mxp_astrelle_trial_3_1499_live', 'TRIAL', '3', null, 9, 14.99],
        ['mxp_astrelle_monthly_2499_live', 'SUBSCRIPTION', '1', null, 0, 24.99],
        ['mxp_astrelle_tpt_1_2900_live', 'TRIAL', '1', 'trial_price_test', 0.99, 29],
        ['mxp_astrelle_tpt_2_1900_live', 'TRIAL', '2', 'trial_price_test', 4.99, 19],
        ['mxp_astrelle_tpt_3_1499_live', 'TRIAL', '3', 'trial_price_test', 8.99, 14.99],
        ['mxp_astrelle_sale_1_2900_live', 'TRIAL', '1', 'sale', 0.5, 29],
        ['mxp_astrelle_sale_2_1900_live', 'TRIAL', '2', 'sale', 2.5, 19],
        ['mxp_astrelle_sale_3_1499_live', 'TRIAL', '3', 'sale', 4.5, 14.99],
        ['mxp_astrelle_secret_discount_1_2900_live', 'TRIAL', '1', 'secret_discount', 0.25, 29],
        ['mxp_astrelle_secret_discount_2_1900_live', 'TRIAL', '2', 'secret_discount', 1.25, 19],
        ['mxp_astrelle_secret_discount_3_1499_live', 'TRIAL', '3', 'secret_discount', 2.25, 14.99],
      ]);
    });

    it.each([
      ['maxpay', 'mxp', false],
      ['maxpay', 'mxp', true],
      ['paypal', 'ppl', false],
      ['paypal', 'ppl', true],
    ] as const)('offers the /sale (half the trial price) and /secret-discount (a quarter) sets on %s (isTest %s)', async (provider, prefix, isTest) => {
      const variant = isTest ? 'test' : 'live';
      const answer = await anonymous().get<Product[]>(plansPath(provider, isTest));
      expect(answer.status).toBe(200);
      const trials = answer.body.filter((p): p is Plan => p.type === 'TRIAL' && p.abTestId === null);
      const reports = trials[0]!.reports;
      const discountSet = (abTestId: string) =>
        answer.body
          .filter((p): p is Plan => p.type !== 'FIXED' && p.abTestId === abTestId)
          .map(({ id, productId, amplitudeId, packageId, type, trialPrice, price, name, additionalInfo }) => ({ id, productId, amplitudeId, packageId, type, trialPrice, price, name, additionalInfo }));
      const expected = (key: string, packageId: string, trialCents: number, priceCents: number, name: string) => ({
        id: `pln_${TEST_PROJECT}_${provider}_${variant}_${key}`,
        productId: `${prefix}_${TEST_PROJECT}_${key}_${priceCents}_${variant}`,
        amplitudeId: `${TEST_PROJECT}_${provider}_${key}_${trialCents}_${priceCents}`,
        packageId,
        type: 'TRIAL',
        trialPrice: trialCents / 100,
        price: priceCents / 100,
        name,
        additionalInfo: { subscriptionDuration: '1 month', trialDuration: '14 days' },
      });
      expect(discountSet('sale')).toEqual([
        expected('sale_1', '1', 50, 2900, '14-day trial, then $29.00 a month'),
        expected('sale_2', '2', 250, 1900, '14-day trial, then $19.00 a month'),
        expected('sale_3', '3', 450, 1499, '14-day trial, then $14.99 a month'),
      ]);
      expect(discountSet('secret_discount')).toEqual([
        expected('secret_discount_1', '1', 25, 2900, '14-day trial, then $29.00 a month'),
        expected('secret_discount_2', '2', 125, 1900, '14-day trial, then $19.00 a month'),
        expected('secret_discount_3', '3', 225, 1499, '14-day trial, then $14.99 a month'),
      ]);
      // Same plans, cheaper trial: the subscription prices are those of the trials "1", "2" and "3".
      expect(trials.map((p) => [p.packageId, p.price])).toEqual([['1', 29], ['2', 19], ['3', 14.99]]);
      for (const plan of answer.body.filter((p): p is Plan => p.type !== 'FIXED' && (p.abTestId === 'sale' || p.abTestId === 'secret_discount'))) {
        expect(plan).toMatchObject({ project: TEST_PROJECT, provider, isTest, currency: 'USD', paymentPage: '/subs/checkout/sessions', reports });
      }
    });

    it('keeps the discount sets in the browser’s ab_test group, out of the trials a visitor normally chooses from', async () => {
      const products = (await anonymous().get<Product[]>(plansPath('maxpay'))).body;
      const groups = groupPlans(products);
      expect(groups.ab_test.map((p) => (p as Plan).abTestId)).toEqual([
        ...Array.from({ length: 3 }, () => 'trial_price_test'),
        ...Array.from({ length: 3 }, () => 'sale'),
        ...Array.from({ length: 3 }, () => 'secret_discount'),
      ]);
      expect(trialChoices(groups).map((p) => p.productId)).toEqual(['mxp_astrelle_trial_1_2900_live', 'mxp_astrelle_trial_2_1900_live', 'mxp_astrelle_trial_3_1499_live']);
    });

    it('prices the extra offers as the spec lists them', async () => {
      const offers = (await anonymous().get<Product[]>(plansPath('maxpay'))).body.filter((p): p is Offer => p.type === 'FIXED');
      expect(offers.map(({ id, price, prevPrice, percentOff }) => ({ id, price, prevPrice, percentOff }))).toEqual([
        { id: 'birth_chart', price: 19.99, prevPrice: 34.99, percentOff: 45 },
        { id: 'love_paths', price: 24.99, prevPrice: 59.99, percentOff: 58 },
        { id: 'ultra_pack', price: 49.99, prevPrice: 129.99, percentOff: 61 },
      ]);
      expect(offers.find((o) => o.id === 'ultra_pack')!.reports.length).toBeGreaterThan(1);
    });

    it('has separate test and live products, every product id unique', async () => {
      const all = (await Promise.all([plansPath('maxpay'), plansPath('maxpay', true), plansPath('paypal'), plansPath('paypal', true)].map((p) => anonymous().get<Product[]>(p)))).map((a) => a.body);
      expect(all[1]!.every((p) => p.isTest)).toBe(true);
      // 13 plans and 3 offers for each provider, live and test.
      expect(all.map((products) => products.length)).toEqual([16, 16, 16, 16]);
      const ids = all.flat().map((p) => p.productId);
      expect(new Set(ids).size).toBe(ids.length);
      const amplitudeIds = all.flat().map((p) => p.amplitudeId);
      expect(amplitudeIds.every((id) => id.length > 0)).toBe(true);
    });

    it('answers an empty list for a project without products', async () => {
      const answer = await anonymous().get<Product[]>(plansPath('maxpay', false, 'food-mentor'));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    });

    it.each([
      ['a missing project', '/subs/subscription-plans?provider=maxpay&countryCode=US&isTest=false', 'project'],
      ['a missing countryCode', `/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&isTest=false`, 'countryCode'],
      ['a lower-case countryCode', `/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&countryCode=us&isTest=false`, 'countryCode'],
      ['an unknown provider', `/subs/subscription-plans?project=${TEST_PROJECT}&provider=stripe&countryCode=US&isTest=false`, 'provider'],
      ['isTest "maybe"', `/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&countryCode=US&isTest=maybe`, 'isTest'],
      ['a missing isTest', `/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&countryCode=US`, 'isTest'],
    ])('rejects %s with a 400 naming the parameter', async (_case, path, field) => {
      expectError(await anonymous().get(path), 400, field);
    });
  });

  describe('sessions', () => {
    it('creates a session: 201 with no user and a default record', async () => {
      const id = newVisitorId();
      const answer = await anonymous().post<Session>('/subs/sessions/create', { id });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id,
        user: null,
        record: { flowOuter: false, abTestData: {}, ipInfo: null, altPayout: false, gclid: false, testEventCode: null, attribution: {}, seenScreens: [] },
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
    });

    it('answers an existing session with 200, unchanged', async () => {
      const { browser, usid: id } = await visitor();
      const written = (await browser.post<Session>(`/subs/sessions/write/${id}`, sessionWrite(id))).body;
      const again = await browser.post<Session>('/subs/sessions/create', { id });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(written);
    });

    it('writes the record and fills the user from the IP info', async () => {
      const { browser, usid: id } = await visitor();
      const write = sessionWrite(id, { flowOuter: true, attribution: { utmSource: 'facebook', utmCampaign: 'spring_🌸', hash: '!abc' } });
      const answer = await browser.post<Session>(`/subs/sessions/write/${id}`, write);
      expect(answer.status).toBe(200);
      expect(answer.body.record).toEqual({
        flowOuter: true,
        abTestData: write.abTestData,
        ipInfo: write.ipInfo,
        altPayout: false,
        gclid: true,
        testEventCode: 'TEST123',
        attribution: write.attribution,
        seenScreens: [],
      });
      expect(answer.body.user).toEqual({ id: null, email: null, ip: '81.2.69.142', postalCode: 'RG12', countryCode: 'GB', city: 'Bracknell', loc: '51.4036,-0.7618', timezone: 'Europe/London' });
      expect((await browser.get<Session>(`/subs/sessions/${id}`)).body).toEqual(answer.body);
    });

    it('keeps the user and the attribution when a later write has no IP info and no attribution', async () => {
      const { browser, usid: id } = await visitor();
      const first = (await browser.post<Session>(`/subs/sessions/write/${id}`, sessionWrite(id, { attribution: { utmTerm: 'stars' } }))).body;
      const second = await browser.post<Session>(`/subs/sessions/write/${id}`, sessionWrite(id, { ipInfo: null, gclid: false, testEventCode: null }));
      expect(second.body.user).toEqual(first.user);
      expect(second.body.record).toMatchObject({ ipInfo: null, gclid: false, testEventCode: null, attribution: { utmTerm: 'stars' } });
    });

    it('keeps A/B data of any JSON shape, booleans and unicode as written', async () => {
      const { browser, usid: id } = await visitor();
      const abTestData = { a: true, b: false, n: null, list: [1, 'two', { three: 3 }], 'ключ': 'значение', emoji: '🧪', rtl: 'مرحبا', float: 0.1 };
      const answer = await browser.post<Session>(`/subs/sessions/write/${id}`, sessionWrite(id, { abTestData }));
      expect(answer.body.record.abTestData).toEqual(abTestData);
      expect((await browser.get<Session>(`/subs/sessions/${id}`)).body.record.abTestData).toEqual(abTestData);
    });

    it('refuses a body whose id is not the path id: 400 on "id"', async () => {
      const { browser, usid: id } = await visitor();
      expectError(await browser.post(`/subs/sessions/write/${id}`, sessionWrite(newVisitorId())), 400, 'id');
    });

    it('answers 404 for writing or reading an unknown session', async () => {
      const { browser, usid } = await visitor();
      const id = newVisitorId();
      expectError(await browser.post(`/subs/sessions/write/${id}`, sessionWrite(id)), 404);
      expectError(await browser.get(`/subs/sessions/${id}`), 404);
      // The visitor's own session, gone from the database (a reset) while the browser still holds its credential.
      await store().db.deleteFrom('sessions').where('id', '=', usid).execute();
      expectError(await browser.post(`/subs/sessions/write/${usid}`, sessionWrite(usid)), 404);
      expectError(await browser.get(`/subs/sessions/${usid}`), 404);
    });

    it.each([
      ['a malformed id', { id: 'short' }, 'id'],
      ['an id with a space', { id: 'abc defgh' }, 'id'],
      ['a numeric id', { id: 12345678 }, 'id'],
      ['a missing id', {}, 'id'],
    ])('refuses to create a session with %s', async (_case, body, field) => {
      expectError(await anonymous().post('/subs/sessions/create', body), 400, field);
    });

    it('answers 400 for reading a session by a malformed id, however long', async () => {
      const { browser } = await visitor();
      expectError(await browser.get('/subs/sessions/bad'), 400, 'id');
      expectError(await browser.get(`/subs/sessions/${'a'.repeat(65)}`), 400, 'id');
      const answer = await browser.get(`/subs/sessions/${'a'.repeat(150)}`);
      expectError(answer, 400);
      expect(Object.keys(answer.body).sort()).toEqual(['error', 'message']);
    });

    it.each([
      ['51 A/B keys', (w: Record<string, unknown>) => (w.abTestData = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))), 'abTestData'],
      ['an A/B key over 128 characters', (w: Record<string, unknown>) => (w.abTestData = { ['k'.repeat(129)]: 1 }), 'abTestData'],
      ['A/B data over 8 KB', (w: Record<string, unknown>) => (w.abTestData = { big: 'x'.repeat(8200) }), 'abTestData'],
      ['flowOuter as 1', (w: Record<string, unknown>) => (w.flowOuter = 1), 'flowOuter'],
      ['a missing gclid', (w: Record<string, unknown>) => delete w.gclid, 'gclid'],
      ['a testEventCode over 64 characters', (w: Record<string, unknown>) => (w.testEventCode = 't'.repeat(65)), 'testEventCode'],
      ['IP info without a city', (w: Record<string, unknown>) => delete (w.ipInfo as Record<string, unknown>).city, 'ipInfo.city'],
      ['IP info with a malformed loc', (w: Record<string, unknown>) => ((w.ipInfo as Record<string, unknown>).loc = 'north'), 'ipInfo.loc'],
      ['an attribution value over 512 characters', (w: Record<string, unknown>) => (w.attribution = { utmSource: 'u'.repeat(513) }), 'attribution.utmSource'],
      ['an unknown attribution key', (w: Record<string, unknown>) => (w.attribution = { utmMedium: 'cpc' }), 'attribution.utmMedium'],
    ])('refuses a write with %s, naming the field', async (_case, mutate, field) => {
      const { browser, usid: id } = await visitor();
      const write = sessionWrite(id) as unknown as Record<string, unknown>;
      write.ipInfo = { ...(write.ipInfo as object) };
      mutate(write);
      expectError(await browser.post(`/subs/sessions/write/${id}`, write), 400, field);
    });
  });

  describe('subscription users', () => {
    it('creates a user: 201 with the payload, an id and timestamps', async () => {
      const { browser } = await visitor();
      const payload = subscriptionUser();
      const answer = await browser.post<SubscriptionUser>('/subs/users/create', payload);
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ ...payload, id: expect.stringMatching(/^[0-9a-f-]{36}$/), createdAt: expect.stringMatching(ISO), updatedAt: expect.stringMatching(ISO) });
    });

    it('updates the user of the same email and project: 200, same id', async () => {
      const { browser } = await visitor();
      const payload = subscriptionUser();
      const created = (await browser.post<SubscriptionUser>('/subs/users/create', payload)).body;
      const again = await browser.post<SubscriptionUser>('/subs/users/create', { ...payload, email: payload.email.toUpperCase(), city: null, isLegal: false });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: created.id, city: null, isLegal: false, createdAt: created.createdAt });
    });

    it('keeps one user per project: the same email in another project is another user', async () => {
      const { browser } = await visitor();
      const payload = subscriptionUser();
      const first = (await browser.post<SubscriptionUser>('/subs/users/create', payload)).body;
      const other = await browser.post<SubscriptionUser>('/subs/users/create', { ...payload, project: 'food-mentor' });
      expect(other.status).toBe(201);
      expect(other.body.id).not.toBe(first.id);
    });

    it('accepts null for every nullable field', async () => {
      const { browser } = await visitor();
      const payload = subscriptionUser({ ip: null, fbc: null, fbp: null, city: null, postalCode: null, countryCode: null, loc: null, timezone: null, userAgent: '' });
      const answer = await browser.post<SubscriptionUser>('/subs/users/create', payload);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject(payload);
    });

    it('finds a user by email and project, and answers 404 otherwise', async () => {
      const { browser } = await visitor();
      const payload = subscriptionUser();
      const created = (await browser.post<SubscriptionUser>('/subs/users/create', payload)).body;
      const found = await browser.get<SubscriptionUser>(`/subs/users?email=${q(payload.email)}&project=${TEST_PROJECT}`);
      expect(found.status).toBe(200);
      expect(found.body).toEqual(created);
      expectError(await browser.get(`/subs/users?email=${q(payload.email)}&project=food-mentor`), 404);
      expectError(await browser.get(`/subs/users?email=${q(newEmail())}&project=${TEST_PROJECT}`), 404);
      expectError(await browser.get(`/subs/users?email=${q(payload.email)}`), 400, 'project');
    });

    it.each([
      ['a missing userAgent', (p: Record<string, unknown>) => delete p.userAgent, 'userAgent'],
      ['a userAgent over 1024 characters', (p: Record<string, unknown>) => (p.userAgent = 'u'.repeat(1025)), 'userAgent'],
      ['an omitted nullable field', (p: Record<string, unknown>) => delete p.fbc, 'fbc'],
      ['isLegal as null', (p: Record<string, unknown>) => (p.isLegal = null), 'isLegal'],
      ['a project with spaces', (p: Record<string, unknown>) => (p.project = 'my project'), 'project'],
      ['a countryCode of three letters', (p: Record<string, unknown>) => (p.countryCode = 'GBR'), 'countryCode'],
    ])('rejects %s with a 400 naming the field', async (_case, mutate, field) => {
      const { browser } = await visitor();
      const payload = subscriptionUser() as unknown as Record<string, unknown>;
      mutate(payload);
      expectError(await browser.post('/subs/users/create', payload), 400, field);
    });
  });

  describe('subscriptions', () => {
    // A subscription is made only by paying a plan's hosted checkout (POST /subs/checkout/sessions, then the
    // hosted page's form); POST /subs/subscriptions/create confirms the caller's own paid order. The rules that
    // were checked when POST /subscriptions/create made subscriptions (the orderId, the one plan per buyer, the
    // product) are checked where orders are made now: when the checkout is opened, and when it is paid.
    let productId: string;
    let otherProductId: string;
    let paypalProductId: string;
    let maxpay: Product[];
    /** The maxpay test product whose id ends with `_{key}_{price}_test` ("sale_1", "birth_chart" …). */
    const productOf = (key: string) => maxpay.find((p) => new RegExp(`_${key}_\\d+_test$`).test(p.productId))!.productId;
    beforeAll(async () => {
      maxpay = (await anonymous().get<Product[]>(`/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&countryCode=US&isTest=true`)).body;
      productId = maxpay.find((p) => p.type === 'TRIAL')!.productId;
      otherProductId = maxpay.find((p) => p.type === 'FIXED')!.productId;
      const paypal = (await anonymous().get<Product[]>(`/subs/subscription-plans?project=${TEST_PROJECT}&provider=paypal&countryCode=US&isTest=true`)).body;
      paypalProductId = paypal[0]!.productId;
    });
    const order = (overrides: Partial<OrderFields> = {}): OrderFields => ({
      email: newEmail('buyer'),
      project: TEST_PROJECT,
      productId,
      provider: 'maxpay',
      orderId: newOrderId(),
      ...overrides,
    });
    const confirm = (browser: TestBrowser, body: Partial<SubscriptionCreate> | Record<string, unknown>) => browser.post<Subscription>('/subs/subscriptions/create', body);
    const db = () => store().db;
    const subscriptionsOf = (email: string) => db().selectFrom('subscriptions').select(['product_id', 'order_id', 'usid']).where('email_key', '=', email.toLowerCase()).execute();
    const chargesOf = (email: string) => db().selectFrom('charges').select(['order_id', 'product_id']).where('email_key', '=', email.toLowerCase()).execute();
    const checkoutsOf = (email: string) => db().selectFrom('checkouts').select(['order_id', 'product_id', 'status']).where('email_key', '=', email.toLowerCase()).execute();

    it('makes an active subscription only by a paid checkout: confirming the order is a 402 before the payment, then 200 with it', async () => {
      const { browser, usid } = await visitor();
      const body = order();
      const opened = await openCheckout(browser, usid, body);
      expect(opened.status).toBe(201);
      expectError(await confirm(browser, body), 402, 'orderId');
      expect(await subscriptionsOf(body.email)).toEqual([]);
      expect(outcome(await submitPayment(opened.body.id))).toBe('paid');
      const answer = await confirm(browser, body);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ...body, id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'active', createdAt: expect.stringMatching(ISO) });
      expect(await subscriptionsOf(body.email)).toEqual([{ product_id: productId, order_id: body.orderId, usid }]);
    });

    it('answers every confirmation of the same paid order with 200 and the same subscription', async () => {
      const { browser, usid } = await visitor();
      const body = order();
      await payCheckout(browser, usid, body);
      const first = await confirm(browser, body);
      const replay = await confirm(browser, { ...body, usid });
      expect(first.status).toBe(200);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(await subscriptionsOf(body.email)).toHaveLength(1);
    });

    it('refuses an orderId reused for a different order: 409 on "orderId" for a checkout, 409 on the differing field for a confirmation', async () => {
      const { browser, usid } = await visitor();
      const body = order();
      await payCheckout(browser, usid, body);
      expectError(await openCheckout(browser, usid, { ...body, productId: otherProductId }), 409, 'orderId');
      expectError(await openCheckout(browser, usid, { ...body, email: newEmail() }), 409, 'orderId');
      expectError(await confirm(browser, { ...body, productId: otherProductId }), 409, 'productId');
      expectError(await confirm(browser, { ...body, email: newEmail() }), 409, 'email');
      expectError(await confirm(browser, { ...body, provider: 'paypal' }), 409, 'provider');
      expectError(await confirm(browser, { ...body, project: 'food-mentor' }), 409, 'project');
      expect(await subscriptionsOf(body.email)).toEqual([{ product_id: productId, order_id: body.orderId, usid }]);
      expect(await checkoutsOf(body.email)).toEqual([{ order_id: body.orderId, product_id: productId, status: 'paid' }]);
    });

    it('never subscribes one email to one product twice: a new checkout of it is a 409 on "productId"', async () => {
      const { browser, usid } = await visitor();
      const body = order();
      await payCheckout(browser, usid, body);
      const answer = await openCheckout(browser, usid, { ...body, email: body.email.toUpperCase(), orderId: newOrderId() });
      expectError(answer, 409, 'productId');
      expect((answer.body as unknown as { message: string }).message).toBe('This email already has an active subscription.');
      expect(await checkoutsOf(body.email)).toHaveLength(1);
    });

    it('refuses a checkout of any plan of any set to an email with an active subscription (sale_1 after trial_1): 409 on "productId", nothing stored', async () => {
      const { browser, usid } = await visitor();
      const body = order({ productId: productOf('trial_1') });
      await payCheckout(browser, usid, body);
      for (const key of ['sale_1', 'secret_discount_1', 'trial_2', 'tpt_3', 'monthly']) {
        const answer = await openCheckout(browser, usid, { ...body, email: body.email.toUpperCase(), productId: productOf(key), orderId: newOrderId() });
        expectError(answer, 409, 'productId');
        expect((answer.body as unknown as { message: string }).message).toBe('This email already has an active subscription.');
      }
      const rows = await db().selectFrom('subscriptions').select('product_id').where('email_key', '=', body.email).execute();
      expect(rows.map((r) => r.product_id)).toEqual([body.productId]);
      expect((await checkoutsOf(body.email)).map((c) => c.order_id)).toEqual([body.orderId]);
      // The first order's confirmation still answers it.
      expect((await confirm(browser, body)).status).toBe(200);
    });

    it('keeps the per-product rule for offers: a subscriber may buy each offer once, a second checkout of it is a 409 on "productId"', async () => {
      const { browser, usid } = await visitor();
      const body = order({ productId: productOf('sale_2') });
      await payCheckout(browser, usid, body);
      const birthChart = { ...body, productId: productOf('birth_chart'), orderId: newOrderId() };
      await payCheckout(browser, usid, birthChart);
      await payCheckout(browser, usid, { ...body, productId: productOf('love_paths'), orderId: newOrderId() });
      const again = await openCheckout(browser, usid, { ...birthChart, orderId: newOrderId() });
      expectError(again, 409, 'productId');
      expect((again.body as unknown as { message: string }).message).toBe('This email has already bought this product.');
      const bought = await db().selectFrom('purchases').select('offer_id').where('email_key', '=', body.email).orderBy('offer_id').execute();
      expect(bought.map((p) => p.offer_id)).toEqual(['birth_chart', 'love_paths']);
      expect((await subscriptionsOf(body.email)).map((s) => s.product_id)).toEqual([body.productId]);
    });

    it('counts an active subscription to an offer too: a checkout of a plan after it is a 409 on "productId"', async () => {
      // No route makes a subscription to an offer any more (an offer's paid checkout is a purchase); one made
      // before, when POST /subscriptions/create made subscriptions, still holds the buyer's one plan slot.
      const body = order({ productId: productOf('ultra_pack') });
      await store().write((trx) => createSubscription(trx, body));
      const { browser, usid } = await visitor();
      expectError(await openCheckout(browser, usid, { ...body, productId: productOf('secret_discount_2'), orderId: newOrderId() }), 409, 'productId');
      expect(await checkoutsOf(body.email)).toEqual([]);
    });

    it('answers 404 for a checkout of an unknown product, or one of another provider or project, and for confirming an order never opened', async () => {
      const { browser, usid } = await visitor();
      expectError(await openCheckout(browser, usid, order({ productId: 'no_such_product' })), 404);
      expectError(await openCheckout(browser, usid, order({ productId: paypalProductId })), 404);
      expectError(await openCheckout(browser, usid, order({ project: 'food-mentor' })), 404);
      const never = order();
      expectError(await confirm(browser, never), 404, 'orderId');
      expect(await subscriptionsOf(never.email)).toEqual([]);
    });

    it('makes the buyer premium and creates the subscription user', async () => {
      const { browser, usid } = await visitor();
      const body = order();
      const before = await browser.get<SubscriptionCheck>(`/subs/users/check-subscription?email=${q(body.email)}&project=${TEST_PROJECT}`);
      expect(before.body).toEqual({ isPremium: false, info: null });
      await payCheckout(browser, usid, body);
      const after = await browser.get<SubscriptionCheck>(`/subs/users/check-subscription?email=${q(body.email.toUpperCase())}&project=${TEST_PROJECT}`);
      expect(after.status).toBe(200);
      expect(after.body).toEqual({ isPremium: true, info: { productId } });
      const user = await browser.get<SubscriptionUser>(`/subs/users?email=${q(body.email)}&project=${TEST_PROJECT}`);
      expect(user.status).toBe(200);
      expect(user.body.email).toBe(body.email);
    });

    it('keeps an existing subscription user as it was', async () => {
      const { browser, usid } = await visitor();
      const payload = subscriptionUser();
      const created = (await browser.post<SubscriptionUser>('/subs/users/create', payload)).body;
      await payCheckout(browser, usid, order({ email: payload.email }));
      expect((await browser.get<SubscriptionUser>(`/subs/users?email=${q(payload.email)}&project=${TEST_PROJECT}`)).body).toEqual(created);
    });

    it('links the session named by usid to the subscription user', async () => {
      const { browser, usid } = await visitor();
      const body = order();
      await payCheckout(browser, usid, body);
      expect((await confirm(browser, { ...body, usid })).status).toBe(200);
      const user = (await browser.get<SubscriptionUser>(`/subs/users?email=${q(body.email)}&project=${TEST_PROJECT}`)).body;
      const session = (await browser.get<Session>(`/subs/sessions/${usid}`)).body;
      expect(session.user).toMatchObject({ id: user.id, email: body.email });
    });

    it('answers the check for an unknown email with isPremium false', async () => {
      const answer = await anonymous().get<SubscriptionCheck>(`/subs/users/check-subscription?email=${q(newEmail())}&project=${TEST_PROJECT}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ isPremium: false, info: null });
      expectError(await anonymous().get(`/subs/users/check-subscription?email=bad&project=${TEST_PROJECT}`), 400, 'email');
    });

    it.each([
      ['a missing orderId', { orderId: undefined }, 'orderId'],
      ['a short orderId', { orderId: 'ord' }, 'orderId'],
      ['an unknown provider', { provider: 'stripe' }, 'provider'],
      ['a malformed usid', { usid: 'bad usid!' }, 'usid'],
      ['a productId over 64 characters', { productId: 'p'.repeat(65) }, 'productId'],
    ])('rejects %s with a 400 naming the field', async (_case, overrides, field) => {
      const { browser } = await visitor();
      expectError(await confirm(browser, { ...order(), ...overrides }), 400, field);
    });

    it('creates exactly one subscription and one charge from ten identical concurrent payments, and confirms it to ten identical concurrent requests', async () => {
      const { browser, usid } = await visitor();
      const body = order();
      const opened = await openCheckout(browser, usid, body);
      expect(opened.status).toBe(201);
      const paid = await Promise.all(Array.from({ length: 10 }, () => submitPayment(opened.body.id)));
      expect(paid.map(outcome)).toEqual(Array.from({ length: 10 }, () => 'paid'));
      const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(browser, body)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      const rows = await db().selectFrom('subscriptions').select('id').where('order_id', '=', body.orderId).execute();
      expect(rows).toHaveLength(1);
      expect(await chargesOf(body.email)).toHaveLength(1);
    });

    /** Opens the ten orders at once, pays them all at once: one is paid, nine refused, one subscription, one charge. */
    async function expectOneOfTenPaid(email: string, orders: ReturnType<typeof order>[]) {
      const { browser, usid } = await visitor();
      const opened = await Promise.all(orders.map((o) => openCheckout(browser, usid, o)));
      expect(opened.map((a) => a.status)).toEqual(orders.map(() => 201));
      const paid = await Promise.all(opened.map((a) => submitPayment(a.body.id)));
      expect(paid.map(outcome).sort()).toEqual([...Array.from({ length: 9 }, () => '/payment-error already_purchased'), 'paid']);
      const confirmed = await Promise.all(orders.map((o) => confirm(browser, o)));
      expect(confirmed.map((a) => a.status).sort()).toEqual([200, 402, 402, 402, 402, 402, 402, 402, 402, 402]);
      const rows = await db().selectFrom('subscriptions').select('id').where('email_key', '=', email).execute();
      expect(rows).toHaveLength(1);
      expect(await chargesOf(email)).toHaveLength(1);
    }

    it('creates exactly one subscription from ten concurrently paid checkouts of one email for ten different plans', async () => {
      const email = newEmail('race');
      const keys = ['trial_1', 'trial_2', 'trial_3', 'monthly', 'tpt_1', 'sale_1', 'sale_2', 'sale_3', 'secret_discount_1', 'secret_discount_3'];
      await expectOneOfTenPaid(email, keys.map((key) => order({ email, productId: productOf(key) })));
    });

    it('lets only one of two overlapping orders of one email for different plans through, even when neither sees the other before writing', async () => {
      const email = newEmail('overlap');
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The first order stays uncommitted while the second one checks and writes (on PostgreSQL the second
      // cannot see it: only the database's one-active-plan key can stop it).
      let written: () => void = () => undefined;
      const firstWritten = new Promise<void>((resolve) => (written = resolve));
      const first = store().write(async (trx) => {
        const result = await createSubscription(trx, order({ email, productId: productOf('trial_1') }));
        written();
        await held;
        return result;
      });
      // Only once the first has written (uncommitted): under load the second could otherwise write first.
      await firstWritten;
      const second = store().write((trx) => createSubscription(trx, order({ email, productId: productOf('sale_1') })));
      setTimeout(release, 300);
      const outcomes = await Promise.allSettled([first, second]);
      expect(outcomes[0].status).toBe('fulfilled');
      expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { statusCode: 409, field: 'productId' } });
      const rows = await db().selectFrom('subscriptions').select('product_id').where('email_key', '=', email).execute();
      expect(rows.map((r) => r.product_id)).toEqual([productOf('trial_1')]);
    });

    it('creates exactly one subscription from ten concurrently paid checkouts of one email for one product', async () => {
      const email = newEmail('race');
      await expectOneOfTenPaid(email, Array.from({ length: 10 }, () => order({ email })));
    });
  });
});

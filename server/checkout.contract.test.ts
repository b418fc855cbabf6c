import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Checkout,
  CheckoutCreate,
  Offer,
  OrderStatus,
  Plan,
  Product,
  Purchase,
  PurchaseCreate,
  Session,
  Subscription,
  SubscriptionCheck,
  SubscriptionUser,
} from '../src/shared/contract/subscription';
import { buildServer } from './app';
import { describeOnEachDatabase, TEST_PROJECT } from './test-support/databases';
import { TestBrowser, type Answer } from './test-support/test-browser';

// The sandbox hosted checkout and one-click offer purchases over real HTTP, on SQLite and on PostgreSQL:
// starting a checkout (return-URL allow-list, idempotency, ownership), the hosted pages' HTML, paying,
// declining, cancelling, double clicks and replays (exactly one charge, counted in the database), and
// one-click purchases with the stored payment method.
//
// Every JSON call is made by a visitor's browser (TestBrowser: the credential cookie of the session it
// created), and the checkout's or purchase's usid is that visitor's id, as in the app. The hosted pages
// (/subs/checkout/{id}, its /pay form and /cancel) stand for the provider's site: they are called without a
// cookie, knowing the checkout id being what lets one pay it. The attacks on the trust model are in
// trust.contract.test.ts; this file checks that the checkout keeps its promises to its own visitor.

const uniq = () => randomUUID().replace(/-/g, '').slice(0, 12);
const newEmail = (tag = 'buyer') => `${tag}.${uniq()}@example.com`;
const newOrderId = () => `ord_${uniq()}`;
const APP_ORIGIN = 'https://app.example';

const CARD_OK = { cardName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
/** Another card the sandbox approves: its stored method is "card ending 4444". */
const CARD_OK_4444 = { ...CARD_OK, cardNumber: '5555 5555 5555 4444' };
const CARD_DECLINED = { ...CARD_OK, cardNumber: '4000 0000 0000 0002' };
const PAYPAL_OK = { paypalEmail: 'buyer@sandbox.paypal.example', password: 'sandbox' };
const PAYPAL_DECLINED = { paypalEmail: 'declined@sandbox.paypal.example', password: 'sandbox' };

/** Evil return URLs: every one must be refused, in every return-URL field. */
const EVIL_RETURN_URLS = [
  '//evil.example',
  '//evil.example/payment-success',
  '/\\evil.example',
  '/\\evil.example/payment-success',
  'https:evil.example',
  'http://evil.example/payment-success',
  'https://evil.example/payment-success',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '%2F%2Fevil.example',
  '%252F%252Fevil.example',
  '/%2F%2Fevil.example',
  '/%252F%252Fevil.example/payment-success',
  encodeURIComponent('javascript:alert(1)'),
  encodeURIComponent(encodeURIComponent('https://evil.example/payment-success')),
  '/payment-success\\..\\evil',
  '/payment-success\n',
  ' /payment-success',
  '/payment-\tsuccess',
  'https://app@evil.example/payment-success',
  'https://app.example@evil.example/payment-success',
  '/payment-success/../../evil.example',
  '/sale/../payment-success',
  '/admin',
  '/payment-success#//evil.example',
  '/payment-success?email=ada@example.com',
  'payment-success',
];

describeOnEachDatabase('Sandbox checkout and purchases', ({ store }) => {
  let app: FastifyInstance;
  let baseUrl: string;
  let maxpay: Product[];
  let paypal: Product[];
  const base = () => baseUrl;
  /** A caller with no cookie at all (curl). */
  const anonymous = () => new TestBrowser(base);

  beforeAll(async () => {
    app = await buildServer({
      store: store(),
      checkout: { appOrigins: [APP_ORIGIN] },
      // Every call of this file comes from 127.0.0.1, and it opens far more checkouts (over 150) and sessions
      // than the per-address defaults allow in a minute (checkouts 60, sessions 300): they would end in 429s.
      // The limits themselves are tested in trust.contract.test.ts.
      rateLimits: { lookups: 100000, sessions: 100000, checkouts: 100000, ipLookups: 100000, analytics: 100000, editor: 100000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    maxpay = (await anonymous().get<Product[]>(`/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&countryCode=US&isTest=false`)).body;
    paypal = (await anonymous().get<Product[]>(`/subs/subscription-plans?project=${TEST_PROJECT}&provider=paypal&countryCode=US&isTest=false`)).body;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A new visitor's browser with its session created, holding its credential (as the app's landing does). */
  async function newBrowser(): Promise<TestBrowser> {
    const browser = new TestBrowser(base);
    await browser.startSession();
    return browser;
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

  const plan = (products: Product[], key: string) => products.find((p): p is Plan => p.type !== 'FIXED' && p.id.endsWith(`_${key}`))!;
  const offer = (products: Product[], id: string) => products.find((p): p is Offer => p.type === 'FIXED' && p.id === id)!;
  const trialPlan = () => plan(maxpay, 'trial_1');

  /** The body of a checkout started in `browser`'s session (its usid is the browser's visitor). */
  function checkoutBody(browser: TestBrowser, overrides: Partial<CheckoutCreate> = {}): CheckoutCreate {
    const usid = overrides.usid ?? browser.visitorId!;
    return {
      project: TEST_PROJECT,
      provider: 'maxpay',
      productId: trialPlan().productId,
      email: newEmail(),
      usid,
      orderId: newOrderId(),
      successUrl: `/payment-success?usid=${usid}`,
      errorUrl: `/payment-error?usid=${usid}`,
      cancelUrl: `/select-price?usid=${usid}`,
      ...overrides,
    };
  }

  /** Starts a checkout (201) in `buyer`'s session, or in a new visitor's when no browser is given. */
  async function startCheckout(overrides: Partial<CheckoutCreate> = {}, buyer?: TestBrowser): Promise<{ body: CheckoutCreate; checkout: Checkout; buyer: TestBrowser }> {
    const browser = buyer ?? (await newBrowser());
    const body = checkoutBody(browser, overrides);
    const answer = await browser.post<Checkout>('/subs/checkout/sessions', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    payers.set(answer.body.id, browser);
    return { body, checkout: answer.body, buyer: browser };
  }

  /** The browser each checkout was opened in: it is the one that pays on the hosted page, as in the app. */
  const payers = new Map<string, TestBrowser>();

  /**
   * Posts the hosted page's form, from the browser that opened the checkout (its credential comes with the form,
   * which decides whose stored method the payment becomes), or from `payer` (null: no cookie at all); redirects
   * are not followed.
   */
  async function pay(id: string, fields: Record<string, string>, payer?: TestBrowser | null): Promise<{ status: number; location: string | null; html: string; headers: Headers }> {
    const cookie = (payer === undefined ? payers.get(id) : payer)?.credential;
    const response = await fetch(`${baseUrl}/subs/checkout/${id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    return { status: response.status, location: response.headers.get('location'), html: await response.text(), headers: response.headers };
  }

  async function page(path: string): Promise<{ status: number; html: string; headers: Headers }> {
    const response = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    return { status: response.status, html: await response.text(), headers: response.headers };
  }

  async function cancel(id: string): Promise<{ status: number; location: string | null }> {
    const response = await fetch(`${baseUrl}/subs/checkout/${id}/cancel`, { redirect: 'manual' });
    await response.text();
    return { status: response.status, location: response.headers.get('location') };
  }

  const rows = {
    charges: (where: { checkoutId?: string; orderId?: string; email?: string }) => {
      let query = store().db.selectFrom('charges').selectAll();
      if (where.checkoutId) query = query.where('checkout_id', '=', where.checkoutId);
      if (where.orderId) query = query.where('order_id', '=', where.orderId);
      if (where.email) query = query.where('email_key', '=', where.email.toLowerCase());
      return query.execute();
    },
    subscriptions: (email: string) => store().db.selectFrom('subscriptions').selectAll().where('email_key', '=', email.toLowerCase()).execute(),
    purchases: (email: string) => store().db.selectFrom('purchases').selectAll().where('email_key', '=', email.toLowerCase()).execute(),
    checkout: (id: string) => store().db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    checkoutsOfOrder: (orderId: string) => store().db.selectFrom('checkouts').select('id').where('order_id', '=', orderId).execute(),
  };

  /** The subscription check as `browser` sees it: the plan is named only to the visitor whose checkout paid for it. */
  const isPremium = async (email: string, browser: TestBrowser) => (await browser.get<SubscriptionCheck>(`/subs/users/check-subscription?email=${q(email)}&project=${TEST_PROJECT}`)).body;

  /** The body of POST /subs/subscriptions/create that confirms the subscription of a checkout's order. */
  const confirmation = (body: CheckoutCreate) => ({ email: body.email, project: body.project, productId: body.productId, provider: body.provider, orderId: body.orderId, usid: body.usid });

  describe('starting a checkout', () => {
    it('opens a checkout: 201 with the hosted page’s path and the trial price as the amount', async () => {
      const buyer = await newBrowser();
      const body = checkoutBody(buyer);
      const answer = await buyer.post<Checkout>('/subs/checkout/sessions', body);
      expect(answer.status).toBe(201);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({
        id: expect.stringMatching(/^chk_[A-Za-z0-9_-]{24}$/),
        url: `/subs/checkout/${answer.body.id}`,
        status: 'open',
        orderId: body.orderId,
        project: TEST_PROJECT,
        provider: 'maxpay',
        productId: body.productId,
        amount: trialPlan().trialPrice,
        currency: 'USD',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      expect(answer.body.amount).toBe(1);
      expect(answer.body.url).not.toContain(body.email);
      expect(answer.body.url).not.toContain('@');
    });

    it('charges the price now for a subscription without a trial and for an offer', async () => {
      const monthly = plan(paypal, 'monthly');
      const subscription = await startCheckout({ provider: 'paypal', productId: monthly.productId });
      expect(subscription.checkout.amount).toBe(monthly.price);
      expect(subscription.checkout.amount).toBe(24.99);
      const birthChart = await startCheckout({ productId: offer(maxpay, 'birth_chart').productId });
      expect(birthChart.checkout.amount).toBe(19.99);
    });

    it('answers the same orderId with the same fields with 200 and the same checkout, and shows it only to its visitor', async () => {
      const { body, checkout, buyer } = await startCheckout();
      const again = await buyer.post<Checkout>('/subs/checkout/sessions', body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(checkout);
      const read = await buyer.get<Checkout>(`/subs/checkout/sessions/${checkout.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(checkout);
      // The checkout is its visitor's: another visitor reads nothing of it, a caller without the credential neither.
      expectError(await (await newBrowser()).get(`/subs/checkout/sessions/${checkout.id}`), 404);
      expectError(await anonymous().get(`/subs/checkout/sessions/${checkout.id}`), 401, 'credential');
    });

    it('refuses an orderId reused with different fields: 409 on "orderId"', async () => {
      const { body, buyer } = await startCheckout();
      expectError(await buyer.post('/subs/checkout/sessions', { ...body, productId: plan(maxpay, 'trial_2').productId }), 409, 'orderId');
      expectError(await buyer.post('/subs/checkout/sessions', { ...body, email: newEmail() }), 409, 'orderId');
      expectError(await buyer.post('/subs/checkout/sessions', { ...body, successUrl: '/payment-success' }), 409, 'orderId');
      // Another visitor sending the same order under their own usid is a different order too.
      const other = await newBrowser();
      expectError(await other.post('/subs/checkout/sessions', { ...body, usid: other.visitorId! }), 409, 'orderId');
      expect(await rows.checkoutsOfOrder(body.orderId)).toHaveLength(1);
    });

    it('refuses an orderId already used by another order (a one-click purchase, another visitor’s paid subscription): 409 on "orderId"', async () => {
      // Trust model: a subscription comes only from a paid checkout, whose order is that checkout's own.
      // POST /subscriptions/create with a made-up orderId makes none (404 on orderId), so that orderId stays free.
      const buyer = await newBrowser();
      const orderId = newOrderId();
      const email = newEmail();
      const made = await buyer.post('/subs/subscriptions/create', { email, project: TEST_PROJECT, productId: plan(maxpay, 'trial_3').productId, provider: 'maxpay', orderId, usid: buyer.visitorId! });
      expectError(made, 404, 'orderId');
      expect(await rows.subscriptions(email)).toHaveLength(0);
      expect((await startCheckout({ email, orderId, productId: plan(maxpay, 'trial_3').productId }, buyer)).checkout.status).toBe('open');

      // The order of another visitor's paid subscription.
      const paid = await startCheckout({ productId: plan(maxpay, 'trial_3').productId });
      expect((await pay(paid.checkout.id, CARD_OK)).location).toContain('payment=true&order=');
      expect((await rows.subscriptions(paid.body.email)).map((s) => s.order_id)).toEqual([paid.body.orderId]);
      const other = await newBrowser();
      const reused = checkoutBody(other, { orderId: paid.body.orderId });
      expectError(await other.post('/subs/checkout/sessions', reused), 409, 'orderId');

      // The order of a one-click purchase.
      const purchaseOrderId = newOrderId();
      const bought = await paid.buyer.post('/subs/purchases', {
        project: TEST_PROJECT,
        provider: 'maxpay',
        productId: offer(maxpay, 'birth_chart').productId,
        email: paid.body.email,
        usid: paid.body.usid,
        orderId: purchaseOrderId,
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      expectError(await paid.buyer.post('/subs/checkout/sessions', checkoutBody(paid.buyer, { orderId: purchaseOrderId, productId: offer(maxpay, 'love_paths').productId })), 409, 'orderId');
      expect(await rows.checkoutsOfOrder(purchaseOrderId)).toHaveLength(0);
      expect(await rows.checkoutsOfOrder(paid.body.orderId)).toHaveLength(1);
    });

    it('creates concurrent requests of one orderId once: one 201, the rest 200 with the same checkout', async () => {
      const buyer = await newBrowser();
      const body = checkoutBody(buyer);
      const answers = await Promise.all(Array.from({ length: 8 }, () => buyer.post<Checkout>('/subs/checkout/sessions', body)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(await rows.checkoutsOfOrder(body.orderId)).toHaveLength(1);
    });

    it('answers 404 for an unknown product, one of the other provider, or another project', async () => {
      const buyer = await newBrowser();
      expectError(await buyer.post('/subs/checkout/sessions', checkoutBody(buyer, { productId: 'no_such_product' })), 404);
      expectError(await buyer.post('/subs/checkout/sessions', checkoutBody(buyer, { productId: plan(paypal, 'trial_1').productId })), 404);
      expectError(await buyer.post('/subs/checkout/sessions', checkoutBody(buyer, { project: 'food-mentor' })), 404);
    });

    it('names the buyer on the visitor’s session and creates the subscription user', async () => {
      const buyer = await newBrowser();
      const usid = buyer.visitorId!;
      const { body } = await startCheckout({ usid }, buyer);
      const user = await buyer.get<SubscriptionUser>(`/subs/users?email=${q(body.email)}&project=${TEST_PROJECT}`);
      expect(user.status).toBe(200);
      expect(user.body).toMatchObject({ email: body.email, project: TEST_PROJECT, isLegal: false, userAgent: '' });
      const session = await buyer.get<Session>(`/subs/sessions/${usid}`);
      expect(session.body.user).toMatchObject({ id: user.body.id, email: body.email });
    });

    it('opens a checkout only for a visitor with a session (401 without the credential, nothing opened), and leaves an existing subscription user as it was', async () => {
      // Trust model: a caller without the visitor credential cannot open a checkout any more (it used to).
      const owner = await newBrowser();
      const email = newEmail();
      const registered = await owner.post<SubscriptionUser>('/subs/users/create', {
        email,
        isLegal: true,
        project: TEST_PROJECT,
        ip: null,
        fbc: null,
        fbp: null,
        city: 'Paris',
        postalCode: null,
        countryCode: 'FR',
        loc: null,
        timezone: null,
        userAgent: 'UA',
      });
      expect(registered.status).toBe(201);
      const created = registered.body;
      const anonymousBody = checkoutBody(owner, { email });
      expectError(await anonymous().post('/subs/checkout/sessions', anonymousBody), 401, 'credential');
      expect(await rows.checkoutsOfOrder(anonymousBody.orderId)).toHaveLength(0);
      // The user's own checkout, and another visitor's with the same address, leave the record as it was.
      for (const buyer of [owner, await newBrowser()]) {
        const { checkout } = await startCheckout({ email }, buyer);
        expect(checkout.status).toBe('open');
      }
      expect((await owner.get<SubscriptionUser>(`/subs/users?email=${q(email)}&project=${TEST_PROJECT}`)).body).toEqual(created);
    });

    it.each(EVIL_RETURN_URLS)('refuses the return URL %j in each field with a 400 naming it', async (url) => {
      const buyer = await newBrowser();
      for (const field of ['successUrl', 'errorUrl', 'cancelUrl'] as const) {
        const body = checkoutBody(buyer, { [field]: url });
        expectError(await buyer.post('/subs/checkout/sessions', body), 400, field);
        expect(await rows.checkoutsOfOrder(body.orderId)).toHaveLength(0);
      }
    });

    it('accepts absolute return URLs on an origin listed in APP_ORIGINS', async () => {
      const { checkout } = await startCheckout({ successUrl: `${APP_ORIGIN}/payment-success?usid=abc`, errorUrl: `${APP_ORIGIN}/payment-error`, cancelUrl: `${APP_ORIGIN}/sale` });
      expect(checkout.status).toBe('open');
    });

    it.each([
      ['a missing email', { email: undefined }, 'email'],
      ['an invalid email', { email: 'ada@' }, 'email'],
      ['a short orderId', { orderId: 'ord' }, 'orderId'],
      ['an orderId with a slash', { orderId: 'ord/12345678' }, 'orderId'],
      ['an unknown provider', { provider: 'stripe' }, 'provider'],
      ['a malformed usid', { usid: 'bad usid' }, 'usid'],
      ['a missing successUrl', { successUrl: undefined }, 'successUrl'],
      ['an empty cancelUrl', { cancelUrl: '' }, 'cancelUrl'],
      ['a return URL over 2048 characters', { errorUrl: `/payment-error?x=${'y'.repeat(2048)}` }, 'errorUrl'],
      ['an unknown property', { amount: 0 }, 'amount'],
    ])('rejects %s with a 400 naming the field', async (_case, overrides, field) => {
      const buyer = await newBrowser();
      expectError(await buyer.post('/subs/checkout/sessions', { ...checkoutBody(buyer), ...overrides }), 400, field);
    });

    it('answers 404 for reading an unknown checkout and 400 for a malformed id', async () => {
      const buyer = await newBrowser();
      expectError(await buyer.get('/subs/checkout/sessions/chk_doesnotexist000000000000'), 404);
      expectError(await buyer.get('/subs/checkout/sessions/bad'), 400, 'id');
    });
  });

  describe('the hosted pages', () => {
    /** Every attribute value in the HTML. */
    const attributeValues = (html: string) => [...html.matchAll(/\s[a-z-]+="([^"]*)"/g)].map((m) => m[1]!);

    function expectStrictPolicy(headers: Headers, html: string) {
      const policy = headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toMatch(/form-action 'self'/);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('script-src');
      // The one inline style sheet is allowed by its hash, so the page is styled under the policy.
      const css = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
      expect(policy).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
      expect(html).not.toMatch(/<script|\son[a-z]+=|style="/i);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
    }

    it('shows the maxpay card form: labelled fields with autocomplete, the amount, the trial terms and the test cards', async () => {
      const { body, checkout } = await startCheckout();
      const { status, html, headers } = await page(checkout.url);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^text\/html/);
      expectStrictPolicy(headers, html);
      expect(html).toContain('maxpay sandbox');
      expect(html).toContain('Sandbox: no real money');
      expect(html).toContain('Astrelle');
      expect(html).toContain(trialPlan().name);
      expect(html).toContain('Due today');
      expect(html).toContain('$1.00');
      expect(html).toContain('14-day trial for $1.00, then $29.00 per month');
      expect(html).toContain('Pay $1.00');
      for (const [id, label, autocomplete] of [
        ['cardName', 'Name on card', 'cc-name'],
        ['cardNumber', 'Card number', 'cc-number'],
        ['expiry', 'Expiry (MM/YY)', 'cc-exp'],
        ['cvc', 'CVC', 'cc-csc'],
      ]) {
        expect(html).toContain(`<label for="${id}">${label}</label>`);
        expect(html).toMatch(new RegExp(`<input id="${id}" name="${id}" [^>]*autocomplete="${autocomplete}"`));
      }
      expect(html).toContain('<code>4242 4242 4242 4242</code><span class="ok">succeeds</span>');
      expect(html).toContain('<code>4000 0000 0000 0002</code><span class="ko">is declined</span>');
      expect(html).toContain(`<form method="post" action="/subs/checkout/${checkout.id}/pay">`);
      expect(html).toContain(`<a href="/subs/checkout/${checkout.id}/cancel">Cancel and return to Astrelle</a>`);
      // The buyer's email is nowhere on the page, and no URL or attribute holds an email.
      expect(html.toLowerCase()).not.toContain(body.email.toLowerCase());
      expect(attributeValues(html).filter((v) => v.includes('@'))).toEqual([]);
    });

    it('shows the PayPal sandbox login prefilled with the buyer account, the declined account and an approve button', async () => {
      const { body, checkout } = await startCheckout({ provider: 'paypal', productId: plan(paypal, 'trial_2').productId });
      const { status, html, headers } = await page(checkout.url);
      expect(status).toBe(200);
      expectStrictPolicy(headers, html);
      expect(html).toContain('PayPal sandbox');
      expect(html).toContain('Sandbox: no real money');
      expect(html).toContain('14-day trial for $5.00, then $19.00 per month');
      expect(html).toContain('<label for="paypalEmail">Sandbox account email</label>');
      expect(html).toMatch(/<input id="paypalEmail" name="paypalEmail" type="email" autocomplete="username" required value="buyer@sandbox\.paypal\.example"/);
      expect(html).toContain('<label for="password">Password</label>');
      expect(html).toMatch(/<input id="password" name="password" type="password" autocomplete="current-password" required value="[^"]+"/);
      expect(html).toContain('Approve and pay $5.00');
      expect(html).toContain('<code>declined@sandbox.paypal.example</code><span class="ko">is declined</span>');
      expect(html).toContain(`<a href="/subs/checkout/${checkout.id}/cancel">Cancel and return to Astrelle</a>`);
      expect(html.toLowerCase()).not.toContain(body.email.toLowerCase());
      // The only email in an attribute is the sandbox account the form is prefilled with.
      expect(attributeValues(html).filter((v) => v.includes('@'))).toEqual(['buyer@sandbox.paypal.example']);
    });

    it('describes a subscription without a trial and a one-time offer', async () => {
      const monthly = await startCheckout({ provider: 'paypal', productId: plan(paypal, 'monthly').productId });
      const monthlyHtml = (await page(monthly.checkout.url)).html;
      expect(monthlyHtml).toContain('$24.99 per month</strong>, renewed automatically until you cancel');
      expect(monthlyHtml).not.toContain('trial for');
      const birthChart = await startCheckout({ productId: offer(maxpay, 'birth_chart').productId });
      const offerHtml = (await page(birthChart.checkout.url)).html;
      expect(offerHtml).toContain('Your birth chart reading');
      expect(offerHtml).toContain('One-time payment.');
      expect(offerHtml).toContain('Pay $19.99');
    });

    it('answers an unknown or malformed checkout id with a 404 page', async () => {
      for (const path of ['/subs/checkout/chk_doesnotexist000000000000', '/subs/checkout/x', `/subs/checkout/${'a'.repeat(70)}`]) {
        const { status, html, headers } = await page(path);
        expect(status).toBe(404);
        expect(headers.get('content-type')).toMatch(/^text\/html/);
        expect(html).toContain('Checkout not found');
        expect(html).not.toContain('<form');
      }
      expect((await pay('chk_doesnotexist000000000000', CARD_OK)).status).toBe(404);
      expect((await cancel('chk_doesnotexist000000000000')).status).toBe(404);
    });
  });

  describe('paying', () => {
    it('pays a trial: one charge, one subscription, the buyer premium, and a 303 to successUrl with payment and order', async () => {
      const { body, checkout, buyer } = await startCheckout();
      const answer = await pay(checkout.id, CARD_OK);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}`);
      expect(answer.location).not.toContain('@');
      expect((await buyer.get<Checkout>(`/subs/checkout/sessions/${checkout.id}`)).body.status).toBe('paid');
      const charges = await rows.charges({ email: body.email });
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ checkout_id: checkout.id, order_id: body.orderId, amount_cents: 100, currency: 'USD', payment_method: 'card ending 4242', product_id: body.productId });
      const subscriptions = await rows.subscriptions(body.email);
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0]).toMatchObject({ order_id: body.orderId, product_id: body.productId, status: 'active', usid: body.usid });
      expect(await isPremium(body.email, buyer)).toEqual({ isPremium: true, info: { productId: body.productId } });
    });

    it('stores only "card ending 4242", never the card number or the CVC', async () => {
      const { body, checkout } = await startCheckout();
      await pay(checkout.id, { ...CARD_OK, cvc: '987' });
      const stored = JSON.stringify([await rows.checkout(checkout.id), await rows.charges({ email: body.email }), await rows.subscriptions(body.email)]);
      expect(stored).toContain('card ending 4242');
      expect(stored).not.toContain('4242424242424242');
      expect(stored).not.toContain('4242 4242 4242 4242');
      // The CVC's digits may occur by chance inside random ids and timestamps: look at every other stored value.
      const random = new Set(['id', 'order_id', 'checkout_id', 'usid', 'paid_by_usid', 'subscription_user_id', 'created_at', 'updated_at']);
      const storedRows = [await rows.checkout(checkout.id), ...(await rows.charges({ email: body.email })), ...(await rows.subscriptions(body.email))];
      // The random values also occur inside other columns (the return URLs carry the usid): cut them out there too.
      const randomValues = storedRows.flatMap((row) => Object.entries(row).filter(([column]) => random.has(column)).map(([, value]) => String(value))).filter((value) => value.length > 0);
      const values = storedRows.flatMap((row) =>
        Object.entries(row)
          .filter(([column]) => !random.has(column))
          .map(([, value]) => randomValues.reduce((text, randomValue) => text.split(randomValue).join(''), String(value))),
      );
      expect(values.filter((value) => value.includes('987'))).toEqual([]);
    });

    it('reads the buyer back from the session after returning from the page', async () => {
      const buyer = await newBrowser();
      const usid = buyer.visitorId!;
      const { body, checkout } = await startCheckout({ usid }, buyer);
      await pay(checkout.id, CARD_OK);
      const session = (await buyer.get<Session>(`/subs/sessions/${usid}`)).body;
      expect(session.user?.email).toBe(body.email);
    });

    it('redirects to an absolute successUrl on an app origin', async () => {
      const { body, checkout } = await startCheckout({ successUrl: `${APP_ORIGIN}/payment-success?usid=abc&payment=false` });
      const answer = await pay(checkout.id, CARD_OK);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`${APP_ORIGIN}/payment-success?usid=abc&payment=true&order=${body.orderId}`);
    });

    it('pays with the PayPal sandbox buyer', async () => {
      const { body, checkout, buyer } = await startCheckout({ provider: 'paypal', productId: plan(paypal, 'trial_1').productId });
      const answer = await pay(checkout.id, PAYPAL_OK);
      expect(answer.location).toBe(`/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}`);
      expect((await rows.charges({ checkoutId: checkout.id }))[0]?.payment_method).toBe('PayPal buyer@sandbox.paypal.example');
      expect(await isPremium(body.email, buyer)).toEqual({ isPremium: true, info: { productId: body.productId } });
    });

    it('declines the decline card: no charge, no subscription, a 303 to errorUrl with the reason', async () => {
      const { body, checkout, buyer } = await startCheckout();
      const answer = await pay(checkout.id, CARD_DECLINED);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/payment-error?usid=${body.usid}&payment=true&reason=declined`);
      expect((await buyer.get<Checkout>(`/subs/checkout/sessions/${checkout.id}`)).body.status).toBe('declined');
      expect(await rows.charges({ email: body.email })).toHaveLength(0);
      expect(await rows.subscriptions(body.email)).toHaveLength(0);
      expect(await isPremium(body.email, buyer)).toEqual({ isPremium: false, info: null });
      // A declined order confirms no subscription.
      expectError(await buyer.post('/subs/subscriptions/create', confirmation(body)), 402, 'orderId');
      expect(await rows.subscriptions(body.email)).toHaveLength(0);
    });

    it('declines the declined PayPal sandbox account', async () => {
      const { body, checkout } = await startCheckout({ provider: 'paypal', productId: plan(paypal, 'trial_3').productId });
      const answer = await pay(checkout.id, PAYPAL_DECLINED);
      expect(answer.location).toBe(`/payment-error?usid=${body.usid}&payment=true&reason=declined`);
      expect(await rows.charges({ email: body.email })).toHaveLength(0);
    });

    it('lets the buyer retry after a decline with a new orderId, and the declined checkout stays declined', async () => {
      const email = newEmail();
      const first = await startCheckout({ email });
      await pay(first.checkout.id, CARD_DECLINED);
      // The declined checkout cannot be paid any more: a good card there only goes back to errorUrl.
      const again = await pay(first.checkout.id, CARD_OK);
      expect(again.location).toBe(`/payment-error?usid=${first.body.usid}&payment=true&reason=declined`);
      const declinedPage = await page(first.checkout.url);
      expect(declinedPage.html).toContain('Payment declined');
      expect(declinedPage.html).not.toContain('<form');
      expect(declinedPage.html).toContain(`href="/payment-error?usid=${first.body.usid}&amp;payment=true&amp;reason=declined"`);

      const second = await startCheckout({ email }, first.buyer);
      const paid = await pay(second.checkout.id, CARD_OK);
      expect(paid.location).toBe(`/payment-success?usid=${second.body.usid}&payment=true&order=${second.body.orderId}`);
      expect(await rows.charges({ email })).toHaveLength(1);
      expect(await rows.subscriptions(email)).toHaveLength(1);
    });

    it.each([
      ['a card number failing Luhn', { cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'This card number is not valid'],
      ['an expired card', { expiry: '01/20' }, 'expiry', 'This card has expired.'],
      ['a malformed expiry', { expiry: '1/2/3' }, 'expiry', 'Enter the expiry date as MM/YY.'],
      ['a missing CVC', { cvc: '' }, 'cvc', 'Enter the 3 or 4 digits'],
      ['a missing name', { cardName: '' }, 'cardName', 'Enter the name on the card.'],
    ])('shows the form again with a message for %s: 400, nothing charged, typed values kept but the card number', async (_case, change, field, message) => {
      const { body, checkout } = await startCheckout();
      const form = { ...CARD_OK, cardName: 'Zoë <O’Brien>', expiry: '12/34', cvc: '321', ...change };
      const answer = await pay(checkout.id, form);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.html).toContain('<p class="alert" role="alert">Nothing was charged. Check the highlighted field:');
      expect(answer.html).toContain(`<p class="field-error" id="${field}-error">${message}`);
      expect(answer.html).toMatch(new RegExp(`<input id="${field}" [^>]*aria-invalid="true" aria-describedby="${field}-error"`));
      if (form.cardName) expect(answer.html).toContain('value="Zoë &lt;O’Brien&gt;"');
      if (field !== 'expiry') expect(answer.html).toContain('value="12/34"');
      // The card number and the CVC are never sent back.
      expect(answer.html).toMatch(/<input id="cardNumber" name="cardNumber" [^>]*>/);
      expect(/<input id="cardNumber" [^>]*>/.exec(answer.html)![0]).not.toContain('value=');
      expect(/<input id="cvc" [^>]*>/.exec(answer.html)![0]).not.toContain('value=');
      // The checkout's random id is in the page's links and may hold these digits by chance.
      const pageWithoutId = answer.html.replaceAll(checkout.id, '');
      expect(pageWithoutId).not.toContain('4242424242424241');
      expect(pageWithoutId).not.toContain('321');
      expect((await rows.checkout(checkout.id)).status).toBe('open');
      expect(await rows.charges({ email: body.email })).toHaveLength(0);
      // Corrected, it goes through.
      expect((await pay(checkout.id, CARD_OK)).location).toContain('payment=true&order=');
    });

    it('refuses a PayPal login that is not a sandbox account with a 400 page', async () => {
      const { checkout } = await startCheckout({ provider: 'paypal', productId: plan(paypal, 'trial_1').productId });
      const answer = await pay(checkout.id, { paypalEmail: 'ada@example.com', password: 'x' });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain('Use a PayPal sandbox account');
      expect((await rows.checkout(checkout.id)).status).toBe('open');
    });

    it('takes one charge and makes one subscription from ten concurrent clicks on Pay', async () => {
      const { body, checkout } = await startCheckout();
      const answers = await Promise.all(Array.from({ length: 10 }, () => pay(checkout.id, CARD_OK)));
      const success = `/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}`;
      expect(answers.map((a) => [a.status, a.location])).toEqual(Array.from({ length: 10 }, () => [303, success]));
      expect(await rows.charges({ checkoutId: checkout.id })).toHaveLength(1);
      expect(await rows.charges({ email: body.email })).toHaveLength(1);
      expect(await rows.subscriptions(body.email)).toHaveLength(1);
    });

    it('takes one charge when a good card and the decline card race on one checkout', async () => {
      const { body, checkout } = await startCheckout();
      const answers = await Promise.all([CARD_OK, CARD_DECLINED, CARD_OK, CARD_DECLINED, CARD_OK].map((card) => pay(checkout.id, card)));
      const final = await rows.checkout(checkout.id);
      const expected = final.status === 'paid' ? `/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}` : `/payment-error?usid=${body.usid}&payment=true&reason=declined`;
      expect(answers.map((a) => a.location)).toEqual(Array.from({ length: 5 }, () => expected));
      expect(await rows.charges({ email: body.email })).toHaveLength(final.status === 'paid' ? 1 : 0);
    });

    it('answers a resubmit or refresh of a paid checkout with the same redirect and takes nothing more', async () => {
      const { body, checkout, buyer } = await startCheckout();
      const first = await pay(checkout.id, CARD_OK);
      for (const form of [CARD_OK, CARD_DECLINED, {}, { cardNumber: 'garbage' }] as Array<Record<string, string>>) {
        const again = await pay(checkout.id, form);
        expect(again.status).toBe(303);
        expect(again.location).toBe(first.location);
      }
      expect(await rows.charges({ email: body.email })).toHaveLength(1);
      expect(await rows.subscriptions(body.email)).toHaveLength(1);
      // The replay of the create call still answers the same, now paid, checkout.
      const replay = await buyer.post<Checkout>('/subs/checkout/sessions', body);
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ id: checkout.id, status: 'paid' });
      // And confirming its subscription, any number of times, answers the one subscription.
      const confirmed = await buyer.post<Subscription>('/subs/subscriptions/create', confirmation(body));
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ email: body.email, productId: body.productId, orderId: body.orderId, status: 'active' });
      expect((await buyer.post<Subscription>('/subs/subscriptions/create', confirmation(body))).body).toEqual(confirmed.body);
      expect(await rows.charges({ email: body.email })).toHaveLength(1);
      expect(await rows.subscriptions(body.email)).toHaveLength(1);
    });

    it('shows a paid checkout’s outcome with a link back and no payment form', async () => {
      const { body, checkout } = await startCheckout();
      await pay(checkout.id, CARD_OK);
      const { status, html } = await page(checkout.url);
      expect(status).toBe(200);
      expect(html).toContain('Payment successful');
      expect(html).toContain('card ending 4242');
      expect(html).not.toContain('<form');
      expect(html).not.toContain('<input');
      expect(html).toContain(`href="/payment-success?usid=${body.usid}&amp;payment=true&amp;order=${body.orderId}"`);
      expect(html.toLowerCase()).not.toContain(body.email.toLowerCase());
    });

    it('refuses a new checkout of the plan the buyer already subscribes to, in any letter case, in any browser: 409 on "productId"', async () => {
      const { body, checkout, buyer } = await startCheckout();
      await pay(checkout.id, CARD_OK);
      for (const browser of [buyer, await newBrowser()]) {
        const again = checkoutBody(browser, { email: body.email.toUpperCase() });
        const answer = await browser.post<{ message: string }>('/subs/checkout/sessions', again);
        expectError(answer, 409, 'productId');
        expect(answer.body.message).toBe('This email already has an active subscription.');
        expect(await rows.checkoutsOfOrder(again.orderId)).toHaveLength(0);
      }
    });

    it('never charges twice for one plan through two checkouts opened before either was paid', async () => {
      const email = newEmail();
      const first = await startCheckout({ email });
      const second = await startCheckout({ email }, first.buyer);
      await pay(first.checkout.id, CARD_OK);
      const answer = await pay(second.checkout.id, CARD_OK);
      expect(answer.location).toBe(`/payment-error?usid=${second.body.usid}&payment=true&reason=already_purchased`);
      expect((await rows.checkout(second.checkout.id)).status).toBe('declined');
      expect(await rows.charges({ email })).toHaveLength(1);
      expect(await rows.subscriptions(email)).toHaveLength(1);
      const { html } = await page(second.checkout.url);
      expect(html).toContain('You already have a subscription');
      expect(html).toContain('This email already has an active subscription, so nothing was charged.');
    });

    it('never charges twice for one plan when two open checkouts are paid at the same moment', async () => {
      const email = newEmail();
      const buyer = await newBrowser();
      const checkouts = await Promise.all(Array.from({ length: 4 }, () => startCheckout({ email }, buyer)));
      const answers = await Promise.all(checkouts.map(({ checkout }) => pay(checkout.id, CARD_OK)));
      expect(answers.filter((a) => a.location?.includes('payment=true&order=')).length).toBe(1);
      expect(answers.filter((a) => a.location?.includes('reason=already_purchased')).length).toBe(3);
      expect(await rows.charges({ email })).toHaveLength(1);
      expect(await rows.subscriptions(email)).toHaveLength(1);
    });

    it('sells an offer through the checkout: a purchase and a charge, listed for the buyer, and never twice', async () => {
      const birthChart = offer(maxpay, 'birth_chart');
      const { body, checkout, buyer } = await startCheckout({ productId: birthChart.productId });
      const answer = await pay(checkout.id, CARD_OK);
      expect(answer.location).toBe(`/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}`);
      const purchases = await buyer.get<Purchase[]>(`/subs/purchases?project=${TEST_PROJECT}`);
      expect(purchases.status).toBe(200);
      expect(purchases.body).toEqual([
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          orderId: body.orderId,
          project: TEST_PROJECT,
          provider: 'maxpay',
          productId: birthChart.productId,
          offerId: 'birth_chart',
          email: body.email,
          amount: 19.99,
          currency: 'USD',
          paymentMethod: 'card ending 4242',
          status: 'paid',
          createdAt: expect.any(String),
        },
      ]);
      // Listed for the buyer's browser only.
      expect((await (await newBrowser()).get<Purchase[]>(`/subs/purchases?project=${TEST_PROJECT}`)).body).toEqual([]);
      expect(await rows.charges({ email: body.email })).toHaveLength(1);
      expect(await rows.subscriptions(body.email)).toHaveLength(0);
      expectError(await buyer.post('/subs/checkout/sessions', checkoutBody(buyer, { email: body.email, productId: birthChart.productId })), 409, 'productId');
      // Its order bought an offer: there is no subscription to confirm.
      expectError(await buyer.post('/subs/subscriptions/create', confirmation(body)), 409, 'productId');
      expect(await rows.subscriptions(body.email)).toHaveLength(0);
    });

    it('refuses a form body that is not a form, with an HTML 415', async () => {
      const { checkout } = await startCheckout();
      const response = await fetch(`${baseUrl}/subs/checkout/${checkout.id}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CARD_OK) });
      expect(response.status).toBe(415);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect((await rows.checkout(checkout.id)).status).toBe('open');
    });

    it('does not take a form body anywhere else in the API', async () => {
      // Sent with the visitor's credential, so that only the body's type is wrong.
      const buyer = await newBrowser();
      const answer = await buyer.post('/subs/checkout/sessions', new URLSearchParams({ project: TEST_PROJECT }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
      expect(answer.status).toBe(415);
    });
  });

  describe('one plan per buyer, whichever set it is sold in', () => {
    /** Every other plan of maxpay live: the trials, the subscription and the A/B, /sale and /secret-discount sets. */
    const otherPlans = ['trial_2', 'trial_3', 'monthly', 'tpt_1', 'sale_1', 'sale_3', 'secret_discount_1', 'secret_discount_2'];

    it('refuses a checkout of sale_1 to a buyer subscribed to trial_1, in any letter case and in any browser: 409 on "productId", nothing opened', async () => {
      // Trust model: a subscription comes only from a paid checkout (POST /subscriptions/create used to make one
      // without paying; it now only confirms the caller's paid order, and makes nothing from a made-up one).
      const email = newEmail();
      const buyer = await newBrowser();
      expectError(
        await buyer.post('/subs/subscriptions/create', { email, project: TEST_PROJECT, productId: plan(maxpay, 'trial_1').productId, provider: 'maxpay', orderId: newOrderId(), usid: buyer.visitorId! }),
        404,
        'orderId',
      );
      expect(await rows.subscriptions(email)).toHaveLength(0);
      const trial = await startCheckout({ email, productId: plan(maxpay, 'trial_1').productId }, buyer);
      expect((await pay(trial.checkout.id, CARD_OK)).location).toContain('payment=true&order=');
      const subscribed = await buyer.post<Subscription>('/subs/subscriptions/create', confirmation(trial.body));
      expect(subscribed.status).toBe(200);
      expect(subscribed.body).toMatchObject({ email, productId: trial.body.productId, orderId: trial.body.orderId, status: 'active' });
      for (const browser of [buyer, await newBrowser()]) {
        const body = checkoutBody(browser, { email: email.toUpperCase(), productId: plan(maxpay, 'sale_1').productId });
        const answer = await browser.post<{ message: string }>('/subs/checkout/sessions', body);
        expectError(answer, 409, 'productId');
        expect(answer.body.message).toBe('This email already has an active subscription.');
        expect(await rows.checkoutsOfOrder(body.orderId)).toHaveLength(0);
      }
      expect((await rows.subscriptions(email)).map((r) => r.product_id)).toEqual([plan(maxpay, 'trial_1').productId]);
      expect(await rows.charges({ email })).toHaveLength(1);
    });

    it('refuses a checkout of every other plan, in every set, to a buyer who paid for trial_1: 409 on "productId"', async () => {
      const { body, checkout, buyer } = await startCheckout();
      await pay(checkout.id, CARD_OK);
      for (const key of otherPlans) {
        expectError(await buyer.post('/subs/checkout/sessions', checkoutBody(buyer, { email: body.email, productId: plan(maxpay, key).productId })), 409, 'productId');
      }
      // The other provider's plans too: a subscription is the buyer's, whoever took the money.
      const paypalSale = checkoutBody(buyer, { email: body.email, provider: 'paypal', productId: plan(paypal, 'sale_2').productId });
      expectError(await buyer.post('/subs/checkout/sessions', paypalSale), 409, 'productId');
      // The replay of the paid checkout's own order still answers it.
      const replay = await buyer.post<Checkout>('/subs/checkout/sessions', body);
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ id: checkout.id, status: 'paid' });
    });

    it('declines the second of two checkouts for different plans (trial_1, then sale_1) with already_purchased: one subscription, one charge', async () => {
      const email = newEmail();
      const first = await startCheckout({ email, productId: plan(maxpay, 'trial_1').productId });
      const second = await startCheckout({ email, productId: plan(maxpay, 'sale_1').productId }, first.buyer);
      expect(second.checkout.amount).toBe(0.5);
      const paid = await pay(first.checkout.id, CARD_OK);
      expect(paid.location).toBe(`/payment-success?usid=${first.body.usid}&payment=true&order=${first.body.orderId}`);
      const answer = await pay(second.checkout.id, CARD_OK);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/payment-error?usid=${second.body.usid}&payment=true&reason=already_purchased`);
      expect(await rows.checkout(second.checkout.id)).toMatchObject({ status: 'declined', decline_reason: 'already_purchased' });
      const charges = await rows.charges({ email });
      expect(charges.map((c) => [c.checkout_id, c.product_id, c.amount_cents])).toEqual([[first.checkout.id, first.body.productId, 100]]);
      const subscriptions = await rows.subscriptions(email);
      expect(subscriptions.map((r) => [r.order_id, r.product_id, r.status])).toEqual([[first.body.orderId, first.body.productId, 'active']]);
      expect(await isPremium(email, first.buyer)).toEqual({ isPremium: true, info: { productId: first.body.productId } });
      // Paying it again later changes nothing.
      expect((await pay(second.checkout.id, CARD_OK)).location).toBe(answer.location);
      expect(await rows.charges({ email })).toHaveLength(1);
    });

    it('declines a sale_1 checkout opened before the buyer subscribed to trial_1 in another browser, and takes nothing for it', async () => {
      // Trust model: the subscription that used to be made without a checkout is now the buyer's paid trial_1
      // checkout in another browser (another visitor with the same email), so the ledger holds its one charge.
      const email = newEmail();
      const sale = await startCheckout({ email, productId: plan(maxpay, 'sale_1').productId });
      // Not paid yet: POST /subscriptions/create confirms nothing (402), and the other browser's order is not this visitor's (404).
      expectError(await sale.buyer.post('/subs/subscriptions/create', confirmation(sale.body)), 402, 'orderId');
      const trial = await startCheckout({ email, productId: plan(maxpay, 'trial_1').productId });
      expect((await pay(trial.checkout.id, CARD_OK)).location).toContain('payment=true&order=');
      expect((await trial.buyer.post('/subs/subscriptions/create', confirmation(trial.body))).status).toBe(200);
      expectError(await sale.buyer.post('/subs/subscriptions/create', { ...confirmation(trial.body), usid: sale.body.usid }), 404, 'orderId');
      const answer = await pay(sale.checkout.id, CARD_OK);
      expect(answer.location).toBe(`/payment-error?usid=${sale.body.usid}&payment=true&reason=already_purchased`);
      expect(await rows.checkout(sale.checkout.id)).toMatchObject({ status: 'declined', decline_reason: 'already_purchased' });
      expect(await rows.charges({ checkoutId: sale.checkout.id })).toHaveLength(0);
      expect((await rows.charges({ email })).map((c) => [c.checkout_id, c.product_id, c.amount_cents])).toEqual([[trial.checkout.id, plan(maxpay, 'trial_1').productId, 100]]);
      expect((await rows.subscriptions(email)).map((r) => r.product_id)).toEqual([plan(maxpay, 'trial_1').productId]);
      expectError(await sale.buyer.post('/subs/subscriptions/create', confirmation(sale.body)), 402, 'orderId');
    });

    it('takes one charge when open checkouts of different plans of one buyer are paid at the same moment', async () => {
      const email = newEmail();
      const buyer = await newBrowser();
      const keys = ['trial_1', 'sale_2', 'secret_discount_3', 'monthly', 'tpt_2', 'sale_1'];
      const checkouts = await Promise.all(keys.map((key) => startCheckout({ email, productId: plan(maxpay, key).productId }, buyer)));
      const answers = await Promise.all(checkouts.map(({ checkout }) => pay(checkout.id, CARD_OK)));
      expect(answers.filter((a) => a.location?.includes('payment=true&order=')).length).toBe(1);
      expect(answers.filter((a) => a.location?.includes('reason=already_purchased')).length).toBe(keys.length - 1);
      const charges = await rows.charges({ email });
      const subscriptions = await rows.subscriptions(email);
      expect(charges).toHaveLength(1);
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0]!.order_id).toBe(charges[0]!.order_id);
      const statuses = await Promise.all(checkouts.map(({ checkout }) => rows.checkout(checkout.id)));
      expect(statuses.map((c) => c.status).sort()).toEqual(['declined', 'declined', 'declined', 'declined', 'declined', 'paid']);
    });

    it('still sells a subscriber offers through the checkout: each offer once, a second checkout of the same offer declined', async () => {
      const { body, checkout, buyer } = await startCheckout();
      await pay(checkout.id, CARD_OK);
      const email = body.email;
      const birthChart = await startCheckout({ email, productId: offer(maxpay, 'birth_chart').productId }, buyer);
      const lovePaths = await startCheckout({ email, productId: offer(maxpay, 'love_paths').productId }, buyer);
      const lovePathsAgain = await startCheckout({ email, productId: offer(maxpay, 'love_paths').productId }, buyer);
      expect((await pay(birthChart.checkout.id, CARD_OK)).location).toContain('payment=true&order=');
      expect((await pay(lovePaths.checkout.id, CARD_OK)).location).toContain('payment=true&order=');
      const again = await pay(lovePathsAgain.checkout.id, CARD_OK);
      expect(again.location).toBe(`/payment-error?usid=${lovePathsAgain.body.usid}&payment=true&reason=already_purchased`);
      expect((await page(lovePathsAgain.checkout.url)).html).toContain('This email already has this product, so nothing was charged.');
      expect((await rows.purchases(email)).map((p) => p.offer_id).sort()).toEqual(['birth_chart', 'love_paths']);
      expect(await rows.charges({ email })).toHaveLength(3);
      expect(await rows.subscriptions(email)).toHaveLength(1);
      const refused = await buyer.post<{ message: string }>('/subs/checkout/sessions', checkoutBody(buyer, { email, productId: offer(maxpay, 'birth_chart').productId }));
      expectError(refused, 409, 'productId');
      expect(refused.body.message).toBe('This email has already bought this product.');
    });
  });

  describe('cancelling', () => {
    it('answers a payment return the truth about its order, to the visitor whose order it is: pending, paid, declined (and why) or cancelled', async () => {
      const status = async (browser: TestBrowser, orderId: string) => {
        const answer = await browser.get<OrderStatus>(`/subs/orders/${orderId}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        return answer.body;
      };
      const open = await startCheckout();
      expect(await status(open.buyer, open.body.orderId)).toEqual({ orderId: open.body.orderId, status: 'pending', reason: null, productId: open.body.productId, provider: 'maxpay' });
      await pay(open.checkout.id, CARD_OK);
      expect(await status(open.buyer, open.body.orderId)).toMatchObject({ status: 'paid', reason: null });

      const refused = await startCheckout();
      await pay(refused.checkout.id, CARD_DECLINED);
      expect(await status(refused.buyer, refused.body.orderId)).toMatchObject({ status: 'declined', reason: 'declined' });

      // Already the email's: declined with nothing charged, and the page says why.
      const email = newEmail();
      const first = await startCheckout({ email });
      const second = await startCheckout({ email, productId: plan(maxpay, 'sale_1').productId }, first.buyer);
      await pay(first.checkout.id, CARD_OK);
      await pay(second.checkout.id, CARD_OK);
      expect(await status(first.buyer, second.body.orderId)).toMatchObject({ status: 'declined', reason: 'already_purchased' });

      const left = await startCheckout();
      await cancel(left.checkout.id);
      expect(await status(left.buyer, left.body.orderId)).toMatchObject({ status: 'cancelled', reason: null });

      // Someone else's order, and one nobody made: nothing to say.
      expectError(await (await newBrowser()).get(`/subs/orders/${open.body.orderId}`), 404);
      expectError(await open.buyer.get(`/subs/orders/${newOrderId()}`), 404);
    });

    it('cancels an open checkout and returns to cancelUrl with payment=cancelled', async () => {
      const { body, checkout } = await startCheckout();
      const answer = await cancel(checkout.id);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/select-price?usid=${body.usid}&payment=cancelled`);
      expect((await rows.checkout(checkout.id)).status).toBe('cancelled');
      // Paying a cancelled checkout takes nothing and goes back to cancelUrl.
      const late = await pay(checkout.id, CARD_OK);
      expect(late.location).toBe(`/select-price?usid=${body.usid}&payment=cancelled`);
      expect(await rows.charges({ email: body.email })).toHaveLength(0);
      const { html } = await page(checkout.url);
      expect(html).toContain('Checkout cancelled');
      expect(html).not.toContain('<form');
    });

    it('leaves a paid checkout paid: its cancel link goes to successUrl', async () => {
      const { body, checkout } = await startCheckout();
      await pay(checkout.id, CARD_OK);
      const answer = await cancel(checkout.id);
      expect(answer.location).toBe(`/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}`);
      expect((await rows.checkout(checkout.id)).status).toBe('paid');
    });
  });

  describe('one-click purchases', () => {
    const birthChart = () => offer(maxpay, 'birth_chart');
    /** The body of a one-click purchase by `browser`'s visitor (its usid is the browser's). */
    function purchaseBody(browser: TestBrowser, overrides: Partial<PurchaseCreate> = {}): PurchaseCreate {
      return { project: TEST_PROJECT, provider: 'maxpay', productId: birthChart().productId, email: newEmail(), usid: browser.visitorId!, orderId: newOrderId(), ...overrides };
    }
    /** A buyer who paid a maxpay trial in their browser (so a stored card, for the email they paid for). */
    async function subscriber(): Promise<{ buyer: TestBrowser; email: string; usid: string }> {
      const { body, checkout, buyer } = await startCheckout();
      expect((await pay(checkout.id, CARD_OK)).location).toContain('payment=true');
      return { buyer, email: body.email, usid: body.usid };
    }

    it('answers 402 on "payment" when the buyer has no stored payment method, and takes nothing', async () => {
      // A visitor who never paid a checkout.
      const visitor = await newBrowser();
      const body = purchaseBody(visitor);
      expectError(await visitor.post('/subs/purchases', body), 402, 'payment');
      expect(await rows.purchases(body.email)).toHaveLength(0);
      expect(await rows.charges({ email: body.email })).toHaveLength(0);
    });

    it('answers 402 when the only checkout was declined', async () => {
      const { body, checkout, buyer } = await startCheckout();
      await pay(checkout.id, CARD_DECLINED);
      expectError(await buyer.post('/subs/purchases', purchaseBody(buyer, { email: body.email })), 402, 'payment');
      expect(await rows.purchases(body.email)).toHaveLength(0);
      expect(await rows.charges({ email: body.email })).toHaveLength(0);
    });

    it('buys an offer with the stored card: 201, one purchase, one charge to "card ending 4242"', async () => {
      const { buyer, email } = await subscriber();
      const body = purchaseBody(buyer, { email });
      const answer = await buyer.post<Purchase>('/subs/purchases', body);
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        orderId: body.orderId,
        project: TEST_PROJECT,
        provider: 'maxpay',
        productId: body.productId,
        offerId: 'birth_chart',
        email: body.email,
        amount: 19.99,
        currency: 'USD',
        paymentMethod: 'card ending 4242',
        status: 'paid',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const charges = await rows.charges({ orderId: body.orderId });
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ checkout_id: null, amount_cents: 1999, payment_method: 'card ending 4242' });
      // Listed for the buyer (GET /purchases takes no email now: it lists the caller's own purchases).
      expect((await buyer.get<Purchase[]>(`/subs/purchases?project=${TEST_PROJECT}`)).body).toEqual([answer.body]);
    });

    it('answers a replay with 200 and the same purchase, and a second order of the offer with 409 on "productId"', async () => {
      const { buyer, email } = await subscriber();
      const body = purchaseBody(buyer, { email });
      const first = await buyer.post<Purchase>('/subs/purchases', body);
      const replay = await buyer.post<Purchase>('/subs/purchases', body);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expectError(await buyer.post('/subs/purchases', { ...body, orderId: newOrderId() }), 409, 'productId');
      expect(await rows.purchases(email)).toHaveLength(1);
      expect(await rows.charges({ email })).toHaveLength(2);
      // Another offer is another product.
      const lovePaths = await buyer.post<Purchase>('/subs/purchases', purchaseBody(buyer, { email, productId: offer(maxpay, 'love_paths').productId }));
      expect(lovePaths.status).toBe(201);
      expect(lovePaths.body.amount).toBe(24.99);
      expect((await buyer.get<Purchase[]>(`/subs/purchases?project=${TEST_PROJECT}`)).body.map((p) => p.offerId)).toEqual(['birth_chart', 'love_paths']);
    });

    it('refuses an orderId reused for a different order: 409 on "orderId"', async () => {
      const { buyer, email } = await subscriber();
      const body = purchaseBody(buyer, { email });
      expect((await buyer.post('/subs/purchases', body)).status).toBe(201);
      expectError(await buyer.post('/subs/purchases', { ...body, productId: offer(maxpay, 'ultra_pack').productId }), 409, 'orderId');
      // The orderId of a checkout is taken too.
      const { body: checkoutOrder } = await startCheckout({ email, productId: offer(maxpay, 'ultra_pack').productId }, buyer);
      expectError(await buyer.post('/subs/purchases', { ...body, orderId: checkoutOrder.orderId, productId: offer(maxpay, 'ultra_pack').productId }), 409, 'orderId');
      expect((await rows.purchases(email)).map((p) => p.offer_id)).toEqual(['birth_chart']);
    });

    it('takes one charge from ten identical concurrent purchases: one 201, nine 200', async () => {
      const { buyer, email } = await subscriber();
      const body = purchaseBody(buyer, { email, productId: offer(maxpay, 'ultra_pack').productId });
      const answers = await Promise.all(Array.from({ length: 10 }, () => buyer.post<Purchase>('/subs/purchases', body)));
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(await rows.charges({ orderId: body.orderId })).toHaveLength(1);
    });

    it('takes one charge from concurrent purchases of one offer under different orderIds', async () => {
      const { buyer, email } = await subscriber();
      const answers = await Promise.all(Array.from({ length: 6 }, () => buyer.post('/subs/purchases', purchaseBody(buyer, { email, productId: offer(maxpay, 'love_paths').productId }))));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await rows.purchases(email)).filter((p) => p.offer_id === 'love_paths')).toHaveLength(1);
    });

    it('charges the stored method of the same provider only: a card does not pay through PayPal', async () => {
      const { buyer, email } = await subscriber();
      expectError(await buyer.post('/subs/purchases', purchaseBody(buyer, { email, provider: 'paypal', productId: offer(paypal, 'birth_chart').productId })), 402, 'payment');
      expect(await rows.purchases(email)).toHaveLength(0);
      expect(await rows.charges({ email })).toHaveLength(1);
    });

    it('charges only the caller’s own stored method, for the email it was paid for: 402 or 403 for anyone else, nothing taken', async () => {
      // Trust model: the stored method used to be found by the email alone, for any caller who typed it.
      const { buyer, email } = await subscriber();
      const before = await rows.charges({ email });
      // A visitor who never paid, with the buyer's email: no stored method of theirs.
      const stranger = await newBrowser();
      expectError(await stranger.post('/subs/purchases', purchaseBody(stranger, { email })), 402, 'payment');
      expectError(await stranger.post('/subs/purchases', purchaseBody(stranger, { email: email.toUpperCase() })), 402, 'payment');
      // A visitor who paid for their own address, with the buyer's email: their card is not for it.
      const other = await subscriber();
      expectError(await other.buyer.post('/subs/purchases', purchaseBody(other.buyer, { email })), 403, 'email');
      expectError(await other.buyer.post('/subs/purchases', purchaseBody(other.buyer, { email: email.toUpperCase() })), 403, 'email');
      // The buyer with an address other than the one they paid for.
      const elsewhere = newEmail('elsewhere');
      expectError(await buyer.post('/subs/purchases', purchaseBody(buyer, { email: elsewhere })), 403, 'email');
      // A body naming the buyer's usid from another browser, or none at all.
      expectError(await stranger.post('/subs/purchases', purchaseBody(buyer, { email })), 403, 'usid');
      expectError(await anonymous().post('/subs/purchases', purchaseBody(buyer, { email })), 401, 'credential');
      expect(await rows.charges({ email })).toEqual(before);
      expect(await rows.purchases(email)).toHaveLength(0);
      expect(await rows.purchases(elsewhere)).toHaveLength(0);
      expect(await rows.charges({ email: elsewhere })).toHaveLength(0);
      expect(await rows.purchases(other.email)).toHaveLength(0);
      // The buyer, with their own address in any letter case, is charged as before.
      const own = await buyer.post<Purchase>('/subs/purchases', purchaseBody(buyer, { email: email.toUpperCase() }));
      expect(own.status, JSON.stringify(own.body)).toBe(201);
      expect(own.body.paymentMethod).toBe('card ending 4242');
      expect(await rows.charges({ email })).toHaveLength(before.length + 1);
    });

    it('charges the method of the caller’s latest paid checkout with the provider, and only for the email that checkout was paid for', async () => {
      const { buyer, email } = await subscriber();
      // A later checkout (an offer) paid with another card: that card is now the stored method.
      const lovePaths = await startCheckout({ email, productId: offer(maxpay, 'love_paths').productId }, buyer);
      expect((await pay(lovePaths.checkout.id, CARD_OK_4444)).location).toContain('payment=true&order=');
      const birth = await buyer.post<Purchase>('/subs/purchases', purchaseBody(buyer, { email }));
      expect(birth.status, JSON.stringify(birth.body)).toBe(201);
      expect(birth.body.paymentMethod).toBe('card ending 4444');
      expect((await rows.charges({ orderId: birth.body.orderId }))[0]).toMatchObject({ payment_method: 'card ending 4444', amount_cents: 1999 });
      // The same browser then pays a checkout for another address: one-click purchases are for that address now.
      const partner = newEmail('partner');
      const partnerOrder = await startCheckout({ email: partner, productId: offer(maxpay, 'birth_chart').productId }, buyer);
      expect((await pay(partnerOrder.checkout.id, CARD_OK)).location).toContain('payment=true&order=');
      expectError(await buyer.post('/subs/purchases', purchaseBody(buyer, { email, productId: offer(maxpay, 'ultra_pack').productId })), 403, 'email');
      expect((await rows.purchases(email)).map((p) => p.offer_id).sort()).toEqual(['birth_chart', 'love_paths']);
      const ultra = await buyer.post<Purchase>('/subs/purchases', purchaseBody(buyer, { email: partner, productId: offer(maxpay, 'ultra_pack').productId }));
      expect(ultra.status, JSON.stringify(ultra.body)).toBe(201);
      expect(ultra.body.paymentMethod).toBe('card ending 4242');
      expect((await rows.purchases(partner)).map((p) => p.offer_id).sort()).toEqual(['birth_chart', 'ultra_pack']);
    });

    it('answers 404 for a plan, an unknown product, or an offer of another provider or project', async () => {
      const { buyer, email } = await subscriber();
      expectError(await buyer.post('/subs/purchases', purchaseBody(buyer, { email, productId: trialPlan().productId })), 404);
      expectError(await buyer.post('/subs/purchases', purchaseBody(buyer, { email, productId: 'no_such_offer' })), 404);
      expectError(await buyer.post('/subs/purchases', purchaseBody(buyer, { email, productId: offer(paypal, 'birth_chart').productId })), 404);
      expectError(await buyer.post('/subs/purchases', purchaseBody(buyer, { email, project: 'food-mentor' })), 404);
    });

    it.each([
      ['a missing orderId', { orderId: undefined }, 'orderId'],
      ['an invalid email', { email: 'nobody' }, 'email'],
      ['a missing usid', { usid: undefined }, 'usid'],
      ['an unknown provider', { provider: 'stripe' }, 'provider'],
      ['an unknown property', { price: 0 }, 'price'],
    ])('rejects %s with a 400 naming the field', async (_case, overrides, field) => {
      const buyer = await newBrowser();
      expectError(await buyer.post('/subs/purchases', { ...purchaseBody(buyer), ...overrides }), 400, field);
    });

    it('lists only the caller’s own purchases: nothing for a visitor without any, whatever email the URL names; 401 without the credential; 400 on a bad query', async () => {
      // Trust model: GET /purchases used to list an email's purchases to anyone (?email=); it lists the caller's now.
      const { buyer, email } = await subscriber();
      expect((await buyer.post('/subs/purchases', purchaseBody(buyer, { email }))).status).toBe(201);
      const visitor = await newBrowser();
      const answer = await visitor.get<Purchase[]>(`/subs/purchases?project=${TEST_PROJECT}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
      const named = await visitor.get<Purchase[]>(`/subs/purchases?project=${TEST_PROJECT}&email=${q(email)}`);
      expect(named.status).toBe(200);
      expect(named.body).toEqual([]);
      expect((await buyer.get<Purchase[]>(`/subs/purchases?project=${TEST_PROJECT}`)).body.map((p) => p.email)).toEqual([email]);
      expectError(await anonymous().get(`/subs/purchases?project=${TEST_PROJECT}`), 401, 'credential');
      expectError(await visitor.get('/subs/purchases'), 400, 'project');
      expectError(await visitor.get('/subs/purchases?project=Not%20A%20Project'), 400, 'project');
    });
  });

  describe('bundles: what an offer contains is never charged twice', () => {
    const productOf = (id: string, products = maxpay) => offer(products, id).productId;
    /** A buyer who paid a maxpay trial with the 4242 card in their browser. */
    async function subscriber(): Promise<{ buyer: TestBrowser; email: string }> {
      const { body, checkout, buyer } = await startCheckout();
      expect((await pay(checkout.id, CARD_OK)).location).toContain('payment=true');
      return { buyer, email: body.email };
    }
    const buy = <T = Purchase>(buyer: TestBrowser, email: string, id: string, provider: 'maxpay' | 'paypal' = 'maxpay') =>
      buyer.post<T>('/subs/purchases', { project: TEST_PROJECT, provider, productId: productOf(id, provider === 'maxpay' ? maxpay : paypal), email, usid: buyer.visitorId!, orderId: newOrderId() });
    /** The cents charged for offers (the trial's charge left out), in order. */
    const offerCharges = async (email: string) =>
      (await rows.charges({ email })).filter((c) => !c.product_id.includes('_trial_')).map((c) => [c.product_id, c.amount_cents]);

    it('says what each offer contains: the ultra pack contains the birth chart and love paths offers, in every variant', async () => {
      for (const products of [maxpay, paypal]) {
        expect(offer(products, 'ultra_pack')).toMatchObject({ includes: ['birth_chart', 'love_paths'], description: expect.stringContaining('birth chart') });
        expect(offer(products, 'ultra_pack').reports).toEqual(expect.arrayContaining(['birth_chart', 'love_paths']));
        expect(offer(products, 'birth_chart').includes).toEqual([]);
        expect(offer(products, 'love_paths').includes).toEqual([]);
      }
    });

    it('refuses an offer inside a bundle the email bought, in one click or a checkout, with any provider: 409 on "productId", nothing charged', async () => {
      const { buyer, email } = await subscriber();
      const ultra = await buy(buyer, email, 'ultra_pack');
      expect(ultra.status, JSON.stringify(ultra.body)).toBe(201);
      expect(ultra.body.amount).toBe(49.99);
      for (const part of ['birth_chart', 'love_paths']) {
        const refused = await buy<{ message: string }>(buyer, email, part);
        expectError(refused, 409, 'productId');
        expect(refused.body.message).toContain('part of ultra_pack');
        expectError(await buyer.post('/subs/checkout/sessions', checkoutBody(buyer, { email, productId: productOf(part) })), 409, 'productId');
        expectError(await buyer.post('/subs/checkout/sessions', checkoutBody(buyer, { email, provider: 'paypal', productId: productOf(part, paypal) })), 409, 'productId');
      }
      // The bundle itself, again, with the other provider.
      expectError(await buyer.post('/subs/checkout/sessions', checkoutBody(buyer, { email, provider: 'paypal', productId: productOf('ultra_pack', paypal) })), 409, 'productId');
      expect(await offerCharges(email)).toEqual([[productOf('ultra_pack'), 4999]]);
      expect((await rows.purchases(email)).map((p) => p.offer_id)).toEqual(['ultra_pack']);
    });

    it('charges a bundle less the offers in it the email owns: the ultra pack after the birth chart costs $30.00', async () => {
      const { buyer, email } = await subscriber();
      expect((await buy(buyer, email, 'birth_chart')).status).toBe(201);
      // A checkout shows the lowered amount too.
      const checkout = await buyer.post<Checkout>('/subs/checkout/sessions', checkoutBody(buyer, { email, productId: productOf('ultra_pack') }));
      expect(checkout.status).toBe(201);
      expect(checkout.body.amount).toBe(30);
      const ultra = await buy(buyer, email, 'ultra_pack');
      expect(ultra.status, JSON.stringify(ultra.body)).toBe(201);
      expect(ultra.body.amount).toBe(30);
      expectError(await buy(buyer, email, 'love_paths'), 409, 'productId');
      // 19.99 + 30.00: the whole pack, its birth chart paid once.
      expect(await offerCharges(email)).toEqual([[productOf('birth_chart'), 1999], [productOf('ultra_pack'), 3000]]);
      expect((await buyer.get<Purchase[]>(`/subs/purchases?project=${TEST_PROJECT}`)).body.map((p) => [p.offerId, p.amount])).toEqual([['birth_chart', 19.99], ['ultra_pack', 30]]);
    });

    it('charges the ultra pack $5.01 to an email that owns both offers in it', async () => {
      const { buyer, email } = await subscriber();
      expect((await buy(buyer, email, 'birth_chart')).status).toBe(201);
      expect((await buy(buyer, email, 'love_paths')).status).toBe(201);
      const ultra = await buy(buyer, email, 'ultra_pack');
      expect(ultra.status).toBe(201);
      expect(ultra.body.amount).toBe(5.01);
      expect((await offerCharges(email)).reduce((sum, [, cents]) => sum + Number(cents), 0)).toBe(4999);
    });

    it('decides a bundle and an offer in it bought at the same moment one after the other: $49.99 in all, whichever wins', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { buyer, email } = await subscriber();
        const [ultra, birth] = await Promise.all([buy(buyer, email, 'ultra_pack'), buy(buyer, email, 'birth_chart')]);
        const statuses = [ultra.status, birth.status];
        // Either the pack came first (the birth chart is then refused) or the birth chart did (the pack then costs less).
        expect([[201, 409], [201, 201]], JSON.stringify([ultra.body, birth.body])).toContainEqual(statuses);
        const charged = await offerCharges(email);
        expect(charged.reduce((sum, [, cents]) => sum + Number(cents), 0)).toBe(4999);
        expect(charged.filter(([product]) => product === productOf('birth_chart')).length + charged.filter(([product]) => product === productOf('ultra_pack')).length).toBe(charged.length);
      }
    });

    it('declines a pack checkout opened before the email bought an offer in it (its price changed): nothing charged, a new checkout costs less', async () => {
      const { buyer, email } = await subscriber();
      const pack = await startCheckout({ email, productId: productOf('ultra_pack') }, buyer);
      expect(pack.checkout.amount).toBe(49.99);
      expect((await buy(buyer, email, 'birth_chart')).status).toBe(201);
      const answer = await pay(pack.checkout.id, CARD_OK);
      expect(answer.location).toBe(`/payment-error?usid=${pack.body.usid}&payment=true&reason=already_purchased`);
      expect(await offerCharges(email)).toEqual([[productOf('birth_chart'), 1999]]);
      const again = await startCheckout({ email, productId: productOf('ultra_pack') }, buyer);
      expect(again.checkout.amount).toBe(30);
      expect((await pay(again.checkout.id, CARD_OK)).location).toContain('payment=true&order=');
      expect(await offerCharges(email)).toEqual([[productOf('birth_chart'), 1999], [productOf('ultra_pack'), 3000]]);
    });

    it('declines a checkout of an offer once the email has it inside a bundle bought since: nothing charged', async () => {
      const { buyer, email } = await subscriber();
      const part = await startCheckout({ email, productId: productOf('love_paths') }, buyer);
      expect((await buy(buyer, email, 'ultra_pack')).status).toBe(201);
      expect((await pay(part.checkout.id, CARD_OK)).location).toContain('reason=already_purchased');
      expect(await offerCharges(email)).toEqual([[productOf('ultra_pack'), 4999]]);
    });
  });

  describe('the stored payment method', () => {
    const methodPath = (provider = 'maxpay', project = TEST_PROJECT) => `/subs/payment-method?project=${project}&provider=${provider}`;

    it('names the card a one-click purchase would charge by its last four digits only', async () => {
      const { checkout, buyer } = await startCheckout();
      expectError(await buyer.get(methodPath()), 404, 'payment');
      await pay(checkout.id, CARD_OK_4444);
      const answer = await buyer.get(methodPath());
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({ provider: 'maxpay', type: 'card', last4: '4444' });
      // Per provider: this visitor has no PayPal account on file.
      expectError(await buyer.get(methodPath('paypal')), 404, 'payment');
    });

    it('names a PayPal account as PayPal, without its address', async () => {
      const { checkout, buyer } = await startCheckout({ provider: 'paypal', productId: plan(paypal, 'trial_1').productId });
      await pay(checkout.id, PAYPAL_OK);
      const answer = await buyer.get(methodPath('paypal'));
      expect(answer.body).toEqual({ provider: 'paypal', type: 'paypal' });
      expect(JSON.stringify(answer.body)).not.toContain('@');
    });

    it('answers only the visitor who paid: 404 for another visitor, 401 without the credential, 400 naming a bad field', async () => {
      const { checkout } = await startCheckout();
      await pay(checkout.id, CARD_OK);
      expectError(await (await newBrowser()).get(methodPath()), 404, 'payment');
      expectError(await anonymous().get(methodPath()), 401, 'credential');
      const visitor = await newBrowser();
      expectError(await visitor.get(methodPath('stripe')), 400, 'provider');
      expectError(await visitor.get('/subs/payment-method?provider=maxpay'), 400, 'project');
    });
  });
});

import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, CheckoutCreate, Offer, Plan, Product, Purchase, PurchaseCreate, Session, SubscriptionCheck, SubscriptionUser } from '../src/services/api-contract';
import { buildServer } from './app';
import { describeOnEachDatabase, TEST_PROJECT } from './test-support/databases';

// The sandbox hosted checkout and one-click offer purchases over real HTTP, on SQLite and on PostgreSQL:
// starting a checkout (return-URL allow-list, idempotency, ownership), the hosted pages' HTML, paying,
// declining, cancelling, double clicks and replays (exactly one charge, counted in the database), and
// one-click purchases with the stored payment method.

interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

const uniq = () => randomUUID().replace(/-/g, '').slice(0, 12);
const newEmail = (tag = 'buyer') => `${tag}.${uniq()}@example.com`;
const newUsid = () => `v_${uniq()}`;
const newOrderId = () => `ord_${uniq()}`;
const APP_ORIGIN = 'https://app.example';

const CARD_OK = { cardName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
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

  beforeAll(async () => {
    app = await buildServer({ store: store(), checkout: { appOrigins: [APP_ORIGIN] } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    maxpay = (await get<Product[]>(`/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&countryCode=US&isTest=false`)).body;
    paypal = (await get<Product[]>(`/subs/subscription-plans?project=${TEST_PROJECT}&provider=paypal&countryCode=US&isTest=false`)).body;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  const post = <T = Record<string, unknown>>(path: string, body?: unknown) => call<T>('POST', path, body);
  const get = <T = Record<string, unknown>>(path: string) => call<T>('GET', path);
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

  function checkoutBody(overrides: Partial<CheckoutCreate> = {}): CheckoutCreate {
    const usid = overrides.usid ?? newUsid();
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

  async function startCheckout(overrides: Partial<CheckoutCreate> = {}): Promise<{ body: CheckoutCreate; checkout: Checkout }> {
    const body = checkoutBody(overrides);
    const answer = await post<Checkout>('/subs/checkout/sessions', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { body, checkout: answer.body };
  }

  /** Posts the hosted page's form; redirects are not followed. */
  async function pay(id: string, fields: Record<string, string>): Promise<{ status: number; location: string | null; html: string; headers: Headers }> {
    const response = await fetch(`${baseUrl}/subs/checkout/${id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
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
  };

  const isPremium = async (email: string) => (await get<SubscriptionCheck>(`/subs/users/check-subscription?email=${q(email)}&project=${TEST_PROJECT}`)).body;

  describe('starting a checkout', () => {
    it('opens a checkout: 201 with the hosted page’s path and the trial price as the amount', async () => {
      const body = checkoutBody();
      const answer = await post<Checkout>('/subs/checkout/sessions', body);
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

    it('answers the same orderId with the same fields with 200 and the same checkout', async () => {
      const { body, checkout } = await startCheckout();
      const again = await post<Checkout>('/subs/checkout/sessions', body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(checkout);
      const read = await get<Checkout>(`/subs/checkout/sessions/${checkout.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(checkout);
    });

    it('refuses an orderId reused with different fields: 409 on "orderId"', async () => {
      const { body } = await startCheckout();
      expectError(await post('/subs/checkout/sessions', { ...body, productId: plan(maxpay, 'trial_2').productId }), 409, 'orderId');
      expectError(await post('/subs/checkout/sessions', { ...body, email: newEmail() }), 409, 'orderId');
      expectError(await post('/subs/checkout/sessions', { ...body, successUrl: '/payment-success' }), 409, 'orderId');
    });

    it('refuses an orderId already used by a subscription made without checkout: 409 on "orderId"', async () => {
      const orderId = newOrderId();
      await post('/subs/subscriptions/create', { email: newEmail(), project: TEST_PROJECT, productId: plan(maxpay, 'trial_3').productId, provider: 'maxpay', orderId });
      expectError(await post('/subs/checkout/sessions', checkoutBody({ orderId })), 409, 'orderId');
    });

    it('creates concurrent requests of one orderId once: one 201, the rest 200 with the same checkout', async () => {
      const body = checkoutBody();
      const answers = await Promise.all(Array.from({ length: 8 }, () => post<Checkout>('/subs/checkout/sessions', body)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(await store().db.selectFrom('checkouts').select('id').where('order_id', '=', body.orderId).execute()).toHaveLength(1);
    });

    it('answers 404 for an unknown product, one of the other provider, or another project', async () => {
      expectError(await post('/subs/checkout/sessions', checkoutBody({ productId: 'no_such_product' })), 404);
      expectError(await post('/subs/checkout/sessions', checkoutBody({ productId: plan(paypal, 'trial_1').productId })), 404);
      expectError(await post('/subs/checkout/sessions', checkoutBody({ project: 'food-mentor' })), 404);
    });

    it('names the buyer on the visitor’s session and creates the subscription user', async () => {
      const usid = newUsid();
      await post('/subs/sessions/create', { id: usid });
      const { body } = await startCheckout({ usid });
      const user = await get<SubscriptionUser>(`/subs/users?email=${q(body.email)}&project=${TEST_PROJECT}`);
      expect(user.status).toBe(200);
      expect(user.body).toMatchObject({ email: body.email, project: TEST_PROJECT, isLegal: false, userAgent: '' });
      const session = await get<Session>(`/subs/sessions/${usid}`);
      expect(session.body.user).toMatchObject({ id: user.body.id, email: body.email });
    });

    it('opens a checkout for a visitor without a session, and leaves an existing subscription user as it was', async () => {
      const email = newEmail();
      const created = (
        await post<SubscriptionUser>('/subs/users/create', {
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
        })
      ).body;
      const { checkout } = await startCheckout({ email, usid: newUsid() });
      expect(checkout.status).toBe('open');
      expect((await get<SubscriptionUser>(`/subs/users?email=${q(email)}&project=${TEST_PROJECT}`)).body).toEqual(created);
    });

    it.each(EVIL_RETURN_URLS)('refuses the return URL %j in each field with a 400 naming it', async (url) => {
      for (const field of ['successUrl', 'errorUrl', 'cancelUrl'] as const) {
        const body = checkoutBody({ [field]: url });
        expectError(await post('/subs/checkout/sessions', body), 400, field);
        expect(await store().db.selectFrom('checkouts').select('id').where('order_id', '=', body.orderId).execute()).toHaveLength(0);
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
      expectError(await post('/subs/checkout/sessions', { ...checkoutBody(), ...overrides }), 400, field);
    });

    it('answers 404 for reading an unknown checkout and 400 for a malformed id', async () => {
      expectError(await get('/subs/checkout/sessions/chk_doesnotexist000000000000'), 404);
      expectError(await get('/subs/checkout/sessions/bad'), 400, 'id');
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
      const { body, checkout } = await startCheckout();
      const answer = await pay(checkout.id, CARD_OK);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}`);
      expect(answer.location).not.toContain('@');
      expect((await get<Checkout>(`/subs/checkout/sessions/${checkout.id}`)).body.status).toBe('paid');
      const charges = await rows.charges({ email: body.email });
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ checkout_id: checkout.id, order_id: body.orderId, amount_cents: 100, currency: 'USD', payment_method: 'card ending 4242', product_id: body.productId });
      const subscriptions = await rows.subscriptions(body.email);
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0]).toMatchObject({ order_id: body.orderId, product_id: body.productId, status: 'active', usid: body.usid });
      expect(await isPremium(body.email)).toEqual({ isPremium: true, info: { productId: body.productId } });
    });

    it('stores only "card ending 4242", never the card number or the CVC', async () => {
      const { body, checkout } = await startCheckout();
      await pay(checkout.id, { ...CARD_OK, cvc: '987' });
      const stored = JSON.stringify([await rows.checkout(checkout.id), await rows.charges({ email: body.email }), await rows.subscriptions(body.email)]);
      expect(stored).toContain('card ending 4242');
      expect(stored).not.toContain('4242424242424242');
      expect(stored).not.toContain('4242 4242 4242 4242');
      expect(stored).not.toContain('987');
    });

    it('reads the buyer back from the session after returning from the page', async () => {
      const usid = newUsid();
      await post('/subs/sessions/create', { id: usid });
      const { body, checkout } = await startCheckout({ usid });
      await pay(checkout.id, CARD_OK);
      const session = (await get<Session>(`/subs/sessions/${usid}`)).body;
      expect(session.user?.email).toBe(body.email);
    });

    it('redirects to an absolute successUrl on an app origin', async () => {
      const { body, checkout } = await startCheckout({ successUrl: `${APP_ORIGIN}/payment-success?usid=abc&payment=false` });
      const answer = await pay(checkout.id, CARD_OK);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`${APP_ORIGIN}/payment-success?usid=abc&payment=true&order=${body.orderId}`);
    });

    it('pays with the PayPal sandbox buyer', async () => {
      const { body, checkout } = await startCheckout({ provider: 'paypal', productId: plan(paypal, 'trial_1').productId });
      const answer = await pay(checkout.id, PAYPAL_OK);
      expect(answer.location).toBe(`/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}`);
      expect((await rows.charges({ checkoutId: checkout.id }))[0]?.payment_method).toBe('PayPal buyer@sandbox.paypal.example');
      expect(await isPremium(body.email)).toEqual({ isPremium: true, info: { productId: body.productId } });
    });

    it('declines the decline card: no charge, no subscription, a 303 to errorUrl with the reason', async () => {
      const { body, checkout } = await startCheckout();
      const answer = await pay(checkout.id, CARD_DECLINED);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/payment-error?usid=${body.usid}&payment=true&reason=declined`);
      expect((await get<Checkout>(`/subs/checkout/sessions/${checkout.id}`)).body.status).toBe('declined');
      expect(await rows.charges({ email: body.email })).toHaveLength(0);
      expect(await rows.subscriptions(body.email)).toHaveLength(0);
      expect(await isPremium(body.email)).toEqual({ isPremium: false, info: null });
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

      const second = await startCheckout({ email });
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
      expect(answer.html).not.toContain('4242424242424241');
      expect(answer.html).not.toContain('321');
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
      const { body, checkout } = await startCheckout();
      const first = await pay(checkout.id, CARD_OK);
      for (const form of [CARD_OK, CARD_DECLINED, {}, { cardNumber: 'garbage' }] as Array<Record<string, string>>) {
        const again = await pay(checkout.id, form);
        expect(again.status).toBe(303);
        expect(again.location).toBe(first.location);
      }
      expect(await rows.charges({ email: body.email })).toHaveLength(1);
      expect(await rows.subscriptions(body.email)).toHaveLength(1);
      // The replay of the create call still answers the same, now paid, checkout.
      const replay = await post<Checkout>('/subs/checkout/sessions', body);
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ id: checkout.id, status: 'paid' });
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

    it('refuses a new checkout of the plan the buyer already subscribes to, in any letter case: 409 on "productId"', async () => {
      const { body, checkout } = await startCheckout();
      await pay(checkout.id, CARD_OK);
      const answer = await post<{ message: string }>('/subs/checkout/sessions', checkoutBody({ email: body.email.toUpperCase() }));
      expectError(answer, 409, 'productId');
      expect(answer.body.message).toBe('This email already has an active subscription.');
    });

    it('never charges twice for one plan through two checkouts opened before either was paid', async () => {
      const email = newEmail();
      const first = await startCheckout({ email });
      const second = await startCheckout({ email });
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
      const checkouts = await Promise.all(Array.from({ length: 4 }, () => startCheckout({ email })));
      const answers = await Promise.all(checkouts.map(({ checkout }) => pay(checkout.id, CARD_OK)));
      expect(answers.filter((a) => a.location?.includes('payment=true&order=')).length).toBe(1);
      expect(answers.filter((a) => a.location?.includes('reason=already_purchased')).length).toBe(3);
      expect(await rows.charges({ email })).toHaveLength(1);
      expect(await rows.subscriptions(email)).toHaveLength(1);
    });

    it('sells an offer through the checkout: a purchase and a charge, listed for the buyer, and never twice', async () => {
      const birthChart = offer(maxpay, 'birth_chart');
      const { body, checkout } = await startCheckout({ productId: birthChart.productId });
      const answer = await pay(checkout.id, CARD_OK);
      expect(answer.location).toBe(`/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}`);
      const purchases = await get<Purchase[]>(`/subs/purchases?email=${q(body.email)}&project=${TEST_PROJECT}`);
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
      expect(await rows.charges({ email: body.email })).toHaveLength(1);
      expect(await rows.subscriptions(body.email)).toHaveLength(0);
      expectError(await post('/subs/checkout/sessions', checkoutBody({ email: body.email, productId: birthChart.productId })), 409, 'productId');
    });

    it('refuses a form body that is not a form, with an HTML 415', async () => {
      const { checkout } = await startCheckout();
      const response = await fetch(`${baseUrl}/subs/checkout/${checkout.id}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CARD_OK) });
      expect(response.status).toBe(415);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect((await rows.checkout(checkout.id)).status).toBe('open');
    });

    it('does not take a form body anywhere else in the API', async () => {
      const response = await fetch(`${baseUrl}/subs/checkout/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ project: TEST_PROJECT }).toString(),
      });
      expect(response.status).toBe(415);
    });
  });

  describe('one plan per buyer, whichever set it is sold in', () => {
    /** Every other plan of maxpay live: the trials, the subscription and the A/B, /sale and /secret-discount sets. */
    const otherPlans = ['trial_2', 'trial_3', 'monthly', 'tpt_1', 'sale_1', 'sale_3', 'secret_discount_1', 'secret_discount_2'];

    it('refuses a checkout of sale_1 to a buyer subscribed to trial_1 without a checkout: 409 on "productId", nothing opened', async () => {
      const email = newEmail();
      const subscribed = await post('/subs/subscriptions/create', { email, project: TEST_PROJECT, productId: plan(maxpay, 'trial_1').productId, provider: 'maxpay', orderId: newOrderId() });
      expect(subscribed.status).toBe(201);
      const body = checkoutBody({ email: email.toUpperCase(), productId: plan(maxpay, 'sale_1').productId });
      const answer = await post<{ message: string }>('/subs/checkout/sessions', body);
      expectError(answer, 409, 'productId');
      expect(answer.body.message).toBe('This email already has an active subscription.');
      expect(await store().db.selectFrom('checkouts').select('id').where('order_id', '=', body.orderId).execute()).toHaveLength(0);
    });

    it('refuses a checkout of every other plan, in every set, to a buyer who paid for trial_1: 409 on "productId"', async () => {
      const { body, checkout } = await startCheckout();
      await pay(checkout.id, CARD_OK);
      for (const key of otherPlans) {
        expectError(await post('/subs/checkout/sessions', checkoutBody({ email: body.email, productId: plan(maxpay, key).productId })), 409, 'productId');
      }
      // The other provider's plans too: a subscription is the buyer's, whoever took the money.
      const paypalSale = checkoutBody({ email: body.email, provider: 'paypal', productId: plan(paypal, 'sale_2').productId });
      expectError(await post('/subs/checkout/sessions', paypalSale), 409, 'productId');
      // The replay of the paid checkout's own order still answers it.
      const replay = await post<Checkout>('/subs/checkout/sessions', body);
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ id: checkout.id, status: 'paid' });
    });

    it('declines the second of two checkouts for different plans (trial_1, then sale_1) with already_purchased: one subscription, one charge', async () => {
      const email = newEmail();
      const first = await startCheckout({ email, productId: plan(maxpay, 'trial_1').productId });
      const second = await startCheckout({ email, productId: plan(maxpay, 'sale_1').productId });
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
      expect(await isPremium(email)).toEqual({ isPremium: true, info: { productId: first.body.productId } });
      // Paying it again later changes nothing.
      expect((await pay(second.checkout.id, CARD_OK)).location).toBe(answer.location);
      expect(await rows.charges({ email })).toHaveLength(1);
    });

    it('declines a sale_1 checkout opened before a subscription to trial_1 was made without checkout, and takes nothing', async () => {
      const email = newEmail();
      const sale = await startCheckout({ email, productId: plan(maxpay, 'sale_1').productId });
      await post('/subs/subscriptions/create', { email, project: TEST_PROJECT, productId: plan(maxpay, 'trial_1').productId, provider: 'maxpay', orderId: newOrderId() });
      const answer = await pay(sale.checkout.id, CARD_OK);
      expect(answer.location).toBe(`/payment-error?usid=${sale.body.usid}&payment=true&reason=already_purchased`);
      expect(await rows.charges({ email })).toHaveLength(0);
      expect((await rows.subscriptions(email)).map((r) => r.product_id)).toEqual([plan(maxpay, 'trial_1').productId]);
    });

    it('takes one charge when open checkouts of different plans of one buyer are paid at the same moment', async () => {
      const email = newEmail();
      const keys = ['trial_1', 'sale_2', 'secret_discount_3', 'monthly', 'tpt_2', 'sale_1'];
      const checkouts = await Promise.all(keys.map((key) => startCheckout({ email, productId: plan(maxpay, key).productId })));
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
      const { body, checkout } = await startCheckout();
      await pay(checkout.id, CARD_OK);
      const email = body.email;
      const birthChart = await startCheckout({ email, productId: offer(maxpay, 'birth_chart').productId });
      const lovePaths = await startCheckout({ email, productId: offer(maxpay, 'love_paths').productId });
      const lovePathsAgain = await startCheckout({ email, productId: offer(maxpay, 'love_paths').productId });
      expect((await pay(birthChart.checkout.id, CARD_OK)).location).toContain('payment=true&order=');
      expect((await pay(lovePaths.checkout.id, CARD_OK)).location).toContain('payment=true&order=');
      const again = await pay(lovePathsAgain.checkout.id, CARD_OK);
      expect(again.location).toBe(`/payment-error?usid=${lovePathsAgain.body.usid}&payment=true&reason=already_purchased`);
      expect((await page(lovePathsAgain.checkout.url)).html).toContain('This email already has this product, so nothing was charged.');
      expect((await rows.purchases(email)).map((p) => p.offer_id).sort()).toEqual(['birth_chart', 'love_paths']);
      expect(await rows.charges({ email })).toHaveLength(3);
      expect(await rows.subscriptions(email)).toHaveLength(1);
      const refused = await post<{ message: string }>('/subs/checkout/sessions', checkoutBody({ email, productId: offer(maxpay, 'birth_chart').productId }));
      expectError(refused, 409, 'productId');
      expect(refused.body.message).toBe('This email has already bought this product.');
    });
  });

  describe('cancelling', () => {
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
    function purchaseBody(overrides: Partial<PurchaseCreate> = {}): PurchaseCreate {
      return { project: TEST_PROJECT, provider: 'maxpay', productId: birthChart().productId, email: newEmail(), usid: newUsid(), orderId: newOrderId(), ...overrides };
    }
    /** A buyer with a paid maxpay trial (so a stored card). */
    async function subscriber(): Promise<{ email: string; usid: string }> {
      const { body, checkout } = await startCheckout();
      expect((await pay(checkout.id, CARD_OK)).location).toContain('payment=true');
      return { email: body.email, usid: body.usid };
    }

    it('answers 402 on "payment" when the buyer has no stored payment method, and takes nothing', async () => {
      const body = purchaseBody();
      expectError(await post('/subs/purchases', body), 402, 'payment');
      expect(await rows.purchases(body.email)).toHaveLength(0);
      expect(await rows.charges({ email: body.email })).toHaveLength(0);
    });

    it('answers 402 when the only checkout was declined', async () => {
      const { body, checkout } = await startCheckout();
      await pay(checkout.id, CARD_DECLINED);
      expectError(await post('/subs/purchases', purchaseBody({ email: body.email })), 402, 'payment');
    });

    it('buys an offer with the stored card: 201, one purchase, one charge to "card ending 4242"', async () => {
      const buyer = await subscriber();
      const body = purchaseBody(buyer);
      const answer = await post<Purchase>('/subs/purchases', body);
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
      expect((await get<Purchase[]>(`/subs/purchases?email=${q(body.email.toUpperCase())}&project=${TEST_PROJECT}`)).body).toEqual([answer.body]);
    });

    it('answers a replay with 200 and the same purchase, and a second order of the offer with 409 on "productId"', async () => {
      const buyer = await subscriber();
      const body = purchaseBody(buyer);
      const first = await post<Purchase>('/subs/purchases', body);
      const replay = await post<Purchase>('/subs/purchases', body);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expectError(await post('/subs/purchases', { ...body, orderId: newOrderId() }), 409, 'productId');
      expect(await rows.purchases(buyer.email)).toHaveLength(1);
      expect(await rows.charges({ email: buyer.email })).toHaveLength(2);
      // Another offer is another product.
      const lovePaths = await post<Purchase>('/subs/purchases', purchaseBody({ ...buyer, productId: offer(maxpay, 'love_paths').productId }));
      expect(lovePaths.status).toBe(201);
      expect(lovePaths.body.amount).toBe(24.99);
      expect((await get<Purchase[]>(`/subs/purchases?email=${q(buyer.email)}&project=${TEST_PROJECT}`)).body.map((p) => p.offerId)).toEqual(['birth_chart', 'love_paths']);
    });

    it('refuses an orderId reused for a different order: 409 on "orderId"', async () => {
      const buyer = await subscriber();
      const body = purchaseBody(buyer);
      await post('/subs/purchases', body);
      expectError(await post('/subs/purchases', { ...body, productId: offer(maxpay, 'ultra_pack').productId }), 409, 'orderId');
      // The orderId of a checkout is taken too.
      const { body: checkoutOrder } = await startCheckout({ email: buyer.email, productId: offer(maxpay, 'ultra_pack').productId });
      expectError(await post('/subs/purchases', { ...body, orderId: checkoutOrder.orderId, productId: offer(maxpay, 'ultra_pack').productId }), 409, 'orderId');
    });

    it('takes one charge from ten identical concurrent purchases: one 201, nine 200', async () => {
      const buyer = await subscriber();
      const body = purchaseBody({ ...buyer, productId: offer(maxpay, 'ultra_pack').productId });
      const answers = await Promise.all(Array.from({ length: 10 }, () => post<Purchase>('/subs/purchases', body)));
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(await rows.charges({ orderId: body.orderId })).toHaveLength(1);
    });

    it('takes one charge from concurrent purchases of one offer under different orderIds', async () => {
      const buyer = await subscriber();
      const answers = await Promise.all(Array.from({ length: 6 }, () => post('/subs/purchases', purchaseBody({ ...buyer, productId: offer(maxpay, 'love_paths').productId }))));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await rows.purchases(buyer.email)).filter((p) => p.offer_id === 'love_paths')).toHaveLength(1);
    });

    it('charges the stored method of the same provider only: a card does not pay through PayPal', async () => {
      const buyer = await subscriber();
      expectError(await post('/subs/purchases', purchaseBody({ ...buyer, provider: 'paypal', productId: offer(paypal, 'birth_chart').productId })), 402, 'payment');
    });

    it('answers 404 for a plan, an unknown product, or an offer of another provider or project', async () => {
      const buyer = await subscriber();
      expectError(await post('/subs/purchases', purchaseBody({ ...buyer, productId: trialPlan().productId })), 404);
      expectError(await post('/subs/purchases', purchaseBody({ ...buyer, productId: 'no_such_offer' })), 404);
      expectError(await post('/subs/purchases', purchaseBody({ ...buyer, productId: offer(paypal, 'birth_chart').productId })), 404);
      expectError(await post('/subs/purchases', purchaseBody({ ...buyer, project: 'food-mentor' })), 404);
    });

    it.each([
      ['a missing orderId', { orderId: undefined }, 'orderId'],
      ['an invalid email', { email: 'nobody' }, 'email'],
      ['a missing usid', { usid: undefined }, 'usid'],
      ['an unknown provider', { provider: 'stripe' }, 'provider'],
      ['an unknown property', { price: 0 }, 'price'],
    ])('rejects %s with a 400 naming the field', async (_case, overrides, field) => {
      expectError(await post('/subs/purchases', { ...purchaseBody(), ...overrides }), 400, field);
    });

    it('lists nothing for an email without purchases, and refuses a bad query', async () => {
      const answer = await get<Purchase[]>(`/subs/purchases?email=${q(newEmail())}&project=${TEST_PROJECT}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
      expectError(await get(`/subs/purchases?email=bad&project=${TEST_PROJECT}`), 400, 'email');
      expectError(await get(`/subs/purchases?email=${q(newEmail())}`), 400, 'project');
    });
  });
});

import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { funnelPaths } from './model/funnel-paths';
import { loadTestFlow } from './support/load-test-flow';
import { expectScreen, freshEmail, freshStart, resumeAt, subscriberEmail } from './support/funnel-driver';
import { walkToEmail, type Visitor } from './support/quiz-walk';
import { cancelCheckout, expectHostedCheckout, fillCard, testCards } from './support/hosted-checkout';
import { logRequests } from './support/request-log';
import { countsFor } from './support/e2e-database';

const flow = loadTestFlow();
const resume = funnelPaths(flow).paths.find((p) => p.resume)!.resume!;
// The browser's own zone: the astro user's timezone when the IP lookup gives none (locally it never does).
test.use({ timezoneId: 'Europe/Paris' });
test.describe.configure({ mode: 'parallel' });

const PLAN = 'mxp_astrelle_trial_1_2900_live';
const PLAN_REPORTS = ['natal_chart', 'compatibility', 'daily_horoscope'];
const BIRTH_CHART = 'mxp_astrelle_birth_chart_1999_live';

/** Looks at a post-quiz page as a visitor would: nothing serious for axe, nothing wider than the phone, a screenshot. */
async function look(page: Page, id: string) {
  await expectScreen(page, flow, id);
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${id}: ${v.id} ${v.help}`)).toEqual([]);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${id} overflows`).toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: test.info().outputPath(`${id}.png`), fullPage: true });
}

/**
 * Pays on the hosted card page while a second submission of the same form reaches the server at the same
 * time (a double click; a second charge must never follow). The second one is sent beside the page, as
 * Chromium may leave the page blank when a double click cancels its own form navigation.
 */
async function payTwiceFast(page: Page, card: keyof typeof testCards) {
  const pay = await fillCard(page, card);
  const action = new URL(page.url()).pathname + '/pay';
  const form = { cardName: 'Maya Test', cardNumber: testCards[card], expiry: '12/34', cvc: '123' };
  const [second] = await Promise.all([page.request.post(action, { form, maxRedirects: 0 }), pay.click()]);
  expect(second.status()).toBe(303);
}

async function enterEmail(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'See my reading' }).click();
}

const usidOf = (page: Page) => new URL(page.url()).searchParams.get('usid') ?? '';

async function storageHasNoEmail(page: Page, email: string) {
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).not.toContain(email);
  expect(stored).not.toContain('@');
}

const visitors: Array<{ title: string; visitor: Visitor; cookies: boolean }> = [
  { title: 'a single visitor with an unknown birth time, no IP location and no partner', visitor: { relationship: 'single', birthTime: 'dont_know' }, cookies: false },
  { title: 'a visitor in a relationship with every answer, a partner and ad cookies', visitor: { relationship: 'in_relationships', birthTime: '10:30' }, cookies: true },
];

for (const { title, visitor, cookies } of visitors) {
  test(`${title} becomes a subscriber and buys a report; every request carries the spec's fields`, async ({ page, context }) => {
    const partner = visitor.relationship === 'in_relationships';
    if (cookies) {
      await context.addCookies([
        { name: '_fbc', value: 'fb.1.1700000000000.AbCd', domain: 'localhost', path: '/' },
        { name: '_fbp', value: 'fb.1.1700000000000.123456', domain: 'localhost', path: '/' },
      ]);
    }
    const log = logRequests(page);
    const email = freshEmail();
    await freshStart(page);
    await walkToEmail(page, visitor);
    const usid = usidOf(page);
    const answers = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('astrelle:progress:astrology') ?? '{}') as { answers: Record<string, unknown> }).answers);
    const london = answers['2-4'] as { latitude: number; longitude: number; place: string; utcOffsetMinutes: number };
    expect(london).toMatchObject({ place: 'London, United Kingdom', utcOffsetMinutes: 60 });

    await enterEmail(page, email);
    await look(page, 'get-access');

    // The email step: the subscription check, then the astro user and the subscription-server user.
    const check = log.calls('GET', '/subs/users/check-subscription');
    expect(check).toHaveLength(1);
    expect(Object.fromEntries(check[0]!.url.searchParams)).toEqual({ email, project: 'astrelle' });
    expect(Object.fromEntries(log.calls('GET', '/astro/api/v2/user/email')[0]!.url.searchParams)).toEqual({ email });
    const astroUser = log.calls('POST', '/astro/api/v2/user/create');
    expect(astroUser).toHaveLength(1);
    expect(astroUser[0]!.body).toEqual({
      username: 'Maya',
      email,
      usid,
      isLegal: true,
      gender: 'female',
      relationship: visitor.relationship,
      birthday: { date: '1990-05-17', time: partner ? '10:30:00' : '12:00:00' },
      location: { latitude: 0, longitude: 0 },
      locale: 'en',
      timezone: 'Europe/Paris',
    });
    const userAgent = await page.evaluate(() => navigator.userAgent);
    expect(log.calls('POST', '/subs/users/create').map((r) => r.body)).toEqual([
      {
        email,
        isLegal: true,
        project: 'astrelle',
        ip: null,
        fbc: cookies ? 'fb.1.1700000000000.AbCd' : null,
        fbp: cookies ? 'fb.1.1700000000000.123456' : null,
        city: null,
        postalCode: null,
        countryCode: null,
        loc: null,
        timezone: null,
        userAgent,
      },
    ]);
    // The plans, fetched while the profile loaded: both providers, in the US, live.
    const plans = log.calls('GET', '/subs/subscription-plans').map((r) => Object.fromEntries(r.url.searchParams));
    expect(plans).toEqual(
      expect.arrayContaining([
        { project: 'astrelle', provider: 'maxpay', countryCode: 'US', isTest: 'false' },
        { project: 'astrelle', provider: 'paypal', countryCode: 'US', isTest: 'false' },
      ]),
    );

    await page.getByRole('button', { name: 'Get access' }).click();
    await look(page, 'select-price');
    await page.getByRole('radio', { name: /\$1\.00/ }).check();
    // A double tap starts one checkout.
    await page.getByRole('button', { name: 'Continue to payment' }).dblclick();
    await expectHostedCheckout(page);
    const checkouts = log.calls('POST', '/subs/checkout/sessions');
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]!.body).toEqual({
      project: 'astrelle',
      provider: 'maxpay',
      productId: PLAN,
      email,
      usid,
      orderId: expect.stringMatching(/^ord_[A-Za-z0-9]{16,}$/),
      successUrl: `/payment-success?usid=${usid}`,
      errorUrl: `/payment-error?usid=${usid}`,
      cancelUrl: `/sale?usid=${usid}`,
    });
    expect(countsFor(email)).toMatchObject({ checkouts: 1 });

    await payTwiceFast(page, 'approved');
    await look(page, 'payment-success');
    expect(new URL(page.url()).searchParams.get('payment')).toBe('true');
    await expect.poll(() => countsFor(email).reportOrders).toEqual([PLAN_REPORTS]);
    // The plan's reports, ordered with the spec's report order (§3) and its defaults (§5).
    const me = {
      name: 'Maya',
      day: 17,
      month: 5,
      year: 1990,
      hour: partner ? 10 : 12,
      minute: partner ? 30 : 0,
      latitude: london.latitude,
      longitude: london.longitude,
      timezone: 1,
      place: 'London, United Kingdom',
    };
    const madrid = answers['4-2'] as { latitude: number; longitude: number; place: string } | undefined;
    const partnerData = partner
      ? { partnerData: { name: '', day: 2, month: 11, year: 1988, hour: 12, minute: 0, latitude: madrid!.latitude, longitude: madrid!.longitude, timezone: 1, place: 'Madrid, Spain' } }
      : {};
    if (partner) expect(madrid).toMatchObject({ place: 'Madrid, Spain', latitude: expect.closeTo(40.4, 0) });
    expect(log.calls('POST', '/astro/api/astrology/report').map((r) => r.body)).toEqual([{ reports: PLAN_REPORTS, email, yourData: me, ...partnerData }]);

    // A reload of the return page charges nothing and orders nothing again.
    await page.reload();
    await expectScreen(page, flow, 'payment-success');
    await page.waitForLoadState('networkidle');
    expect(countsFor(email)).toMatchObject({ checkouts: 1, paidCheckouts: 1, subscriptions: 1, charges: 1, reportOrders: [PLAN_REPORTS] });

    await page.getByRole('button', { name: 'Continue' }).click();
    await look(page, 'signup-offer');
    await page.getByRole('checkbox', { name: /birth chart/ }).check();
    await page.getByRole('button', { name: 'Add to my order' }).dblclick();
    await look(page, 'signup-offer-success');
    expect(log.calls('POST', '/subs/purchases').map((r) => r.body)).toEqual([
      { project: 'astrelle', provider: 'maxpay', productId: BIRTH_CHART, email, usid, orderId: expect.stringMatching(/^ord_[A-Za-z0-9]{16,}$/) },
    ]);
    await expect.poll(() => countsFor(email).reportOrders).toEqual([PLAN_REPORTS, ['birth_chart']]);
    expect(log.calls('POST', '/astro/api/astrology/report').at(-1)!.body).toEqual({ reports: ['birth_chart'], email, yourData: me, ...partnerData });
    await page.reload();
    await expectScreen(page, flow, 'signup-offer-success');
    await page.waitForLoadState('networkidle');
    expect(countsFor(email)).toMatchObject({ subscriptions: 1, charges: 2, purchases: 1, reportOrders: [PLAN_REPORTS, ['birth_chart']] });

    expect(log.emailLeaks(email)).toEqual([]);
    await storageHasNoEmail(page, email);
  });
}

/** A new visitor, resumed at /email, who chooses a trial price and goes to the hosted checkout. */
async function toCheckout(page: Page, price: RegExp) {
  const log = logRequests(page);
  const email = freshEmail();
  await resumeAt(page, flow, resume);
  await enterEmail(page, email);
  await page.getByRole('button', { name: 'Get access' }).click();
  await page.getByRole('radio', { name: price }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  return { log, email };
}

test('a declined card leads to /payment-error; "Try again" and a good card make one subscription', async ({ page }) => {
  const { log, email } = await toCheckout(page, /\$5\.00/);
  await payTwiceFast(page, 'declined');
  await look(page, 'payment-error');
  expect(new URL(page.url()).searchParams.get('reason')).toBe('declined');
  await page.reload();
  await expectScreen(page, flow, 'payment-error');
  expect(countsFor(email)).toMatchObject({ checkouts: 1, subscriptions: 0, charges: 0 });

  await page.getByRole('button', { name: 'Try again' }).click();
  await expectScreen(page, flow, 'select-price');
  await page.getByRole('radio', { name: /\$5\.00/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payTwiceFast(page, 'approved');
  await expectScreen(page, flow, 'payment-success');
  expect(countsFor(email)).toMatchObject({ checkouts: 2, paidCheckouts: 1, subscriptions: 1, charges: 1 });
  expect(log.emailLeaks(email)).toEqual([]);
  await storageHasNoEmail(page, email);
});

test('leaving checkout shows /sale, leaving again /secret-discount, whose price is then paid once', async ({ page }) => {
  const { log, email } = await toCheckout(page, /\$1\.00/);
  await cancelCheckout(page);
  await expectScreen(page, flow, 'sale');
  // Back is there, and waits 2000 ms (spec §2).
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled({ timeout: 4000 });
  await look(page, 'sale');
  expect(new URL(page.url()).searchParams.get('payment')).toBe('cancelled');
  await page.reload();
  await expectScreen(page, flow, 'sale');
  await expect(page.getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('radio', { name: /\$0\.50/ })).toBeVisible();
  await page.getByRole('radio', { name: /\$0\.50/ }).check();
  await page.getByRole('button', { name: 'Claim my discount' }).click();
  await cancelCheckout(page);
  await expectScreen(page, flow, 'secret-discount');
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled({ timeout: 4000 });
  await look(page, 'secret-discount');
  await page.getByRole('radio', { name: /\$0\.25/ }).check();
  await page.getByRole('button', { name: 'Get my secret price' }).dblclick();
  await payTwiceFast(page, 'approved');
  await expectScreen(page, flow, 'payment-success');
  const checkouts = log.calls('POST', '/subs/checkout/sessions').map((r) => (r.body as { productId: string; cancelUrl: string }));
  expect(checkouts.map((c) => c.productId)).toEqual([PLAN, 'mxp_astrelle_sale_1_2900_live', 'mxp_astrelle_secret_discount_1_2900_live']);
  expect(checkouts.map((c) => c.cancelUrl.split('?')[0])).toEqual(['/sale', '/secret-discount', '/select-price']);
  expect(countsFor(email)).toMatchObject({ checkouts: 3, paidCheckouts: 1, subscriptions: 1, charges: 1 });
  const check = await (await page.request.get(`/subs/users/check-subscription?email=${encodeURIComponent(email)}&project=astrelle`)).json();
  expect(check).toEqual({ isPremium: true, info: { productId: 'mxp_astrelle_secret_discount_1_2900_live' } });
  expect(log.emailLeaks(email)).toEqual([]);
});

test('an existing subscriber is sent to /already-subscribed, and Back returns to /email; nothing is charged', async ({ page }) => {
  const email = await subscriberEmail(page);
  await resumeAt(page, flow, resume);
  await enterEmail(page, email);
  await look(page, 'already-subscribed');
  await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
  await page.getByRole('button', { name: 'Back' }).click();
  await expectScreen(page, flow, 'email');
  expect(countsFor(email)).toMatchObject({ checkouts: 0, charges: 0, subscriptions: 1 });
});

test('the checkout refuses return URLs that would leave the app', async ({ page }) => {
  await freshStart(page);
  await expect(page).toHaveURL(/usid=/);
  const usid = usidOf(page);
  const evil = [
    '//evil.example/payment-success',
    'https:evil.example/payment-success',
    'https://evil.example/payment-success',
    'javascript:alert(1)',
    '%2F%2Fevil.example%2Fpayment-success',
    'javascript%3Aalert(1)',
    '/%2F%2Fevil.example',
    '/\\evil.example',
    'https:%2F%2Fevil.example',
    '/payment-success@evil.example',
  ];
  for (const field of ['successUrl', 'errorUrl', 'cancelUrl'] as const) {
    for (const url of evil) {
      const body = {
        project: 'astrelle', provider: 'maxpay', productId: PLAN, email: freshEmail(), usid, orderId: `ord_${Math.random().toString(36).slice(2, 14)}`,
        successUrl: '/payment-success', errorUrl: '/payment-error', cancelUrl: '/sale', [field]: url,
      };
      const answer = await page.request.post('/subs/checkout/sessions', { data: body });
      expect(answer.status(), `${field} = ${url}`).toBe(400);
      expect(JSON.stringify(await answer.json())).toContain(field);
    }
  }
});

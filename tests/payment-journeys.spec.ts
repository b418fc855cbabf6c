import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { funnelPaths } from './model/funnel-paths';
import { keyOf, loadTestFlow, screenById } from './support/load-test-flow';
import { expectScreen, freshEmail, freshStart, resumeAt, savedAnswers, subscriberEmail } from './support/funnel-driver';
import { walkToEmail, type Visitor } from './support/quiz-walk';
import { cancelCheckout, expectHostedCheckout, fillCard, payWithCard, testCards } from './support/hosted-checkout';
import { logRequests, type LoggedRequest } from './support/request-log';
import { ledgerFor } from './support/payment-ledger';

// The journeys after /email, in Chromium against the reference server: every call the browser makes to /astro,
// /subs and /ip checked against the payload it must carry (defaults included), the database's money rows after
// double clicks and reloads, return URLs that would leave the app, and no email where it must not be.

const flow = loadTestFlow();
const key = (id: string) => keyOf(flow, id);
/** Where a visitor resumes at /email with the model's sample answers (for journeys whose quiz answers do not matter). */
const resumeAtEmail = funnelPaths(flow).paths.find((p) => p.resume)!.resume!;
/** Whether those sample answers have a partner (the report orders then carry partner data). */
const resumedWithPartner = resumeAtEmail.answers[key('relationship-status')] === 'in_relationships';

// No IP location locally (the lookup sees a loopback caller: reserved range), so the astro user's timezone is the
// browser's own: a fixed zone makes it a literal, and one far from London shows it is not the birth place's.
test.use({ timezoneId: 'America/Chicago' });
test.describe.configure({ mode: 'parallel' });

const PROJECT = 'astrelle';
const TRIAL_1 = 'mxp_astrelle_trial_1_2900_live'; // $1.00 now, then $29.00 a month
const TRIAL_2 = 'mxp_astrelle_trial_2_1900_live'; // $5.00 now
const SALE_1 = 'mxp_astrelle_sale_1_2900_live'; // $0.50
const SECRET_1 = 'mxp_astrelle_secret_discount_1_2900_live'; // $0.25
const BIRTH_CHART = 'mxp_astrelle_birth_chart_1999_live';
const LOVE_PATHS = 'mxp_astrelle_love_paths_2499_live';
const ORDER_ID = /^ord_[A-Za-z0-9_-]{8,}$/;
const PAY_FORM = /^\/subs\/checkout\/[A-Za-z0-9_-]+\/pay$/;
/** An order id no other test (or repeat) uses. */
const freshOrderId = (what: string) => `ord_${what}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
const PAY_PAGE = /^\/subs\/checkout\/[A-Za-z0-9_-]+$/;
/** The sandbox's test cards as the hosted form sends them (literal, not read from the helper). */
const testCardNumbers: Record<keyof typeof testCards, string> = { approved: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };

/** The birth places as the place search gives them (asserted against the saved answers before use). */
const LONDON = { latitude: 51.50853, longitude: -0.12574, place: 'London, England, United Kingdom' };
const MADRID = { latitude: 40.4165, longitude: -3.70256, place: 'Madrid, Spain' };

// ---------------------------------------------------------------------------------------------------------------
// Looking at pages

/** The screen's route without its slash: the name of its screenshot. */
const routeName = (id: string) => screenById(flow, id).route.replace(/^\//, '').replace(/\//g, '_');
const screensDir = () => join(dirname(test.info().config.configFile ?? join(process.cwd(), 'x')), 'test-results', 'screens');

/**
 * Looks at a page after /email as a visitor on a phone would: the screen, nothing serious or critical for axe,
 * nothing wider than the 390 px viewport, and (unless `shoot` is false) a full-page screenshot in
 * test-results/screens/<route>.png for a person to look at.
 */
async function look(page: Page, id: string, shoot = true) {
  await expectScreen(page, flow, id);
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${id}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.inner, 'the phone viewport').toBe(390);
  expect(width.scroll, `${id} is wider than the phone`).toBeLessThanOrEqual(width.inner);
  if (!shoot) return;
  mkdirSync(screensDir(), { recursive: true });
  await page.screenshot({ path: join(screensDir(), `${routeName(id)}.png`), fullPage: true });
}

/** Reloads a page the visitor came back to and waits until whatever it sends on load has been answered. */
async function reloadOn(page: Page, id: string) {
  await page.reload();
  await expectScreen(page, flow, id);
  await page.waitForLoadState('networkidle');
}

// ---------------------------------------------------------------------------------------------------------------
// Acting

async function enterEmail(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

/**
 * A slow payment network: the hosted page's form submissions are held (up to 1.5 s) until a second one comes, then
 * sent to the server together, and their answers given back to the browser. So a double click's second click lands
 * on the still-open page, as on a slow connection, and both submissions reach the server at the same time (the
 * race a second charge would come from). Registered before logRequests, which logs each submission first.
 */
async function slowPaymentNetwork(page: Page) {
  let waiting: Array<() => void> = [];
  await page.route(
    (url) => PAY_FORM.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length >= 2) {
          const all = waiting;
          waiting = [];
          all.forEach((release) => release());
        } else {
          setTimeout(() => {
            waiting = waiting.filter((release) => release !== resolve);
            resolve();
          }, 1500);
        }
      });
      const response = await route.fetch({ maxRedirects: 0 });
      // The browser dropped the first submission's navigation for the second: its answer has nowhere to go.
      await route.fulfill({ response }).catch(() => undefined);
    },
  );
}

/**
 * Pays twice on the hosted page: a second click on Pay while the first submission is still on its way (held by
 * slowPaymentNetwork). Playwright's dblclick is not used here: Chromium folds two submissions planned in the same
 * instant into one (the second replaces the first before any request leaves), so it would test nothing most times.
 * Returns the submissions the server received.
 */
async function payTwice(page: Page, log: ReturnType<typeof logRequests>, card: keyof typeof testCards) {
  const before = log.calls('POST', PAY_FORM).length;
  const pay = await fillCard(page, card);
  await pay.scrollIntoViewIfNeeded();
  const box = (await pay.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  // Raw taps at the button: a locator would wait for the pending navigation, which is what is being tested.
  await page.mouse.click(x, y);
  await expect.poll(() => log.calls('POST', PAY_FORM).length, { message: 'the first submission left' }).toBe(before + 1);
  await page.mouse.click(x, y);
  await expect(page).not.toHaveURL(/\/subs\/checkout\//, { timeout: 10_000 });
  const sent = log.calls('POST', PAY_FORM).slice(before);
  expect(sent, 'both submissions reached the server').toHaveLength(2);
  for (const form of sent) expect(form.body).toEqual({ cardName: 'Maya Test', cardNumber: testCardNumbers[card], expiry: '12/34', cvc: '123' });
  return sent;
}

const usidOf = (page: Page) => new URL(page.url()).searchParams.get('usid') ?? '';

/** The products of the maxpay plans answers the browser received (the plan's reports come from there). */
function recordPlans(page: Page) {
  const products = new Map<string, { productId: string; reports: string[] }>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/subs/subscription-plans' || !response.ok()) return;
    for (const product of (await response.json()) as Array<{ productId: string; reports: string[] }>) products.set(product.productId, product);
  });
  return products;
}

// ---------------------------------------------------------------------------------------------------------------
// What every journey must leave behind

/**
 * What every journey must leave behind: no address any frame showed and no request URL holds the email, except
 * the servers' own email look-ups (tests/support/request-log.ts); no call refused by a rate limit; every address any
 * frame showed is on the app's origin (the hosted checkout's redirects included); and nothing in localStorage holds
 * the email at the end.
 */
async function expectNoEmailAndNoOtherOrigin(page: Page, log: ReturnType<typeof logRequests>, email: string) {
  expect(log.emailLeaks(email)).toEqual([]);
  expect(log.throttled, 'a visitor\'s own walk meets no rate limit').toEqual([]);
  const origin = new URL(page.url()).origin;
  expect(log.addresses.filter((a) => a !== 'about:blank' && new URL(a).origin !== origin)).toEqual([]);
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  for (const form of [email, email.toLowerCase(), encodeURIComponent(email)]) expect(stored).not.toContain(form);
  expect(stored).not.toContain('@');
}

const backendCall = (r: LoggedRequest) => /^\/(astro|subs|ip)\//.test(r.url.pathname);

/**
 * The calls the funnel may make to the back ends: the astro and subscription servers' API, and the reference server's
 * checkout routes.
 */
const knownCalls: RegExp[] = [
  /^POST \/subs\/sessions\/create$/,
  /^POST \/subs\/sessions\/write\/[0-9a-f-]{36}$/,
  /^GET \/subs\/sessions\/[0-9a-f-]{36}$/,
  /^POST \/subs\/sessions\/[0-9a-f-]{36}\/seen$/,
  /^GET \/subs\/recent-purchases$/,
  /^GET \/ip\/json$/,
  /^GET \/subs\/subscription-plans$/,
  /^GET \/subs\/users\/check-subscription$/,
  /^GET \/astro\/api\/v2\/user\/email$/,
  /^POST \/astro\/api\/v2\/user\/create$/,
  /^POST \/subs\/users\/create$/,
  /^POST \/subs\/checkout\/sessions$/,
  /^GET \/subs\/checkout\/[A-Za-z0-9_-]+$/,
  /^POST \/subs\/checkout\/[A-Za-z0-9_-]+\/pay$/,
  /^GET \/subs\/checkout\/[A-Za-z0-9_-]+\/cancel$/,
  /^GET \/subs\/purchases$/,
  /^GET \/subs\/payment-method$/,
  /^GET \/subs\/orders\/ord_[A-Za-z0-9_-]+$/,
  /^POST \/subs\/subscriptions\/create$/,
  /^POST \/subs\/purchases$/,
  /^POST \/astro\/api\/astrology\/report$/,
];

// ---------------------------------------------------------------------------------------------------------------
// The two visitor kinds, walked from / with every request asserted

interface Kind {
  title: string;
  visitor: Visitor;
  /** Ad click cookies the visitor arrives with (the subscription user's fbc/fbp), or none. */
  cookies: { fbc: string; fbp: string } | null;
  /** Whether this walk saves the screenshots (one walk does: both would write the same files at once). */
  shoot: boolean;
  /** The offer bought on /signup-offer: its checkbox, product and reports. */
  offer: { label: RegExp; productId: string; offerId: string; reports: string[]; amountCents: number };
}

const kinds: Kind[] = [
  {
    title: 'a single visitor with an unknown birth time and no IP location',
    visitor: { relationship: 'single', birthTime: 'dont_know' },
    cookies: null,
    shoot: true,
    offer: { label: /^Your birth chart reading/, productId: BIRTH_CHART, offerId: 'birth_chart', reports: ['birth_chart'], amountCents: 1999 },
  },
  {
    title: 'a visitor in a relationship with a birth time, partner data and ad cookies',
    visitor: { relationship: 'in_relationships', birthTime: '10:30' },
    cookies: { fbc: 'fb.1.1700000000000.AbCdEf', fbp: 'fb.1.1700000000000.987654' },
    shoot: false,
    offer: { label: /^Love paths/, productId: LOVE_PATHS, offerId: 'love_paths', reports: ['love_paths'], amountCents: 2499 },
  },
];

for (const kind of kinds) {
  test(`${kind.title} subscribes, buys one offer, and every call carries the spec's fields; double clicks and reloads charge once`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const partner = kind.visitor.relationship === 'in_relationships';
    if (kind.cookies) {
      await context.addCookies([
        { name: '_fbc', value: kind.cookies.fbc, domain: 'localhost', path: '/' },
        { name: '_fbp', value: kind.cookies.fbp, domain: 'localhost', path: '/' },
      ]);
    }
    await slowPaymentNetwork(page);
    const log = logRequests(page);
    const plans = recordPlans(page);
    const email = freshEmail();

    await freshStart(page);
    await walkToEmail(page, kind.visitor);
    const usid = usidOf(page);
    expect(usid).toMatch(/^[0-9a-f-]{36}$/);
    const answers = await savedAnswers(page, flow);
    expect(answers[key('profile-place-of-birth')]).toMatchObject({ ...LONDON, utcOffsetMinutes: 60 });
    if (partner) expect(answers[key('relationship-partner-place-of-birth')]).toMatchObject({ ...MADRID, utcOffsetMinutes: 60 }); // CET on 1988-11-02
    else expect(answers[key('relationship-partner-place-of-birth')]).toBeUndefined();

    // /email: the subscription check, then the astro user and the subscription-server user.
    await enterEmail(page, email);
    await look(page, 'get-access', kind.shoot);

    expect(log.calls('GET', '/subs/users/check-subscription').map((r) => Object.fromEntries(r.url.searchParams))).toEqual([{ email, project: PROJECT }]);
    expect(log.calls('GET', '/astro/api/v2/user/email').map((r) => Object.fromEntries(r.url.searchParams))).toEqual([{ email }]);
    expect(log.calls('PUT', '/astro/api/v2/user/profile/email')).toEqual([]); // a new email: created, not updated
    expect(log.calls('POST', '/astro/api/v2/user/create').map((r) => r.body)).toEqual([
      {
        username: 'Maya',
        email,
        usid,
        isLegal: true, // not the outer flow
        gender: 'female',
        relationship: kind.visitor.relationship,
        birthday: { date: '1990-05-17', time: partner ? '10:30:00' : '12:00:00' }, // dont_know → 12:00:00 (default)
        location: { latitude: 0, longitude: 0 }, // no IP location → 0, 0 (default)
        locale: 'en',
        timezone: 'America/Chicago', // no IP timezone: the browser's
      },
    ]);
    const userAgent = await page.evaluate(() => navigator.userAgent);
    expect(log.calls('POST', '/subs/users/create').map((r) => r.body)).toEqual([
      {
        email,
        isLegal: true,
        project: PROJECT,
        // What the IP lookup did not give is null (build-subscription-user.ts).
        ip: null,
        fbc: kind.cookies?.fbc ?? null,
        fbp: kind.cookies?.fbp ?? null,
        city: null,
        postalCode: null,
        countryCode: null,
        loc: null,
        timezone: null,
        userAgent,
      },
    ]);

    // /select-price: the plans (both providers, US, live), then one checkout for a double click.
    await page.getByRole('button', { name: 'Get access' }).click();
    await look(page, 'select-price', kind.shoot);
    const planQueries = log.calls('GET', '/subs/subscription-plans').map((r) => Object.fromEntries(r.url.searchParams));
    expect(planQueries.length).toBeGreaterThanOrEqual(2);
    for (const query of planQueries) {
      expect([
        { project: PROJECT, provider: 'maxpay', countryCode: 'US', isTest: 'false' },
        { project: PROJECT, provider: 'paypal', countryCode: 'US', isTest: 'false' },
      ]).toContainEqual(query);
    }
    expect(new Set(planQueries.map((q) => q.provider))).toEqual(new Set(['maxpay', 'paypal']));
    const planReports = plans.get(TRIAL_1)?.reports;
    expect(planReports, 'the $1.00 plan in the plans answer').toEqual(['natal_chart', 'compatibility', 'daily_horoscope']);

    await page.getByRole('radio', { name: /\$1\.00/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).dblclick();
    await expectHostedCheckout(page);
    const checkouts = log.calls('POST', '/subs/checkout/sessions');
    expect(checkouts.map((r) => r.body)).toEqual([
      {
        project: PROJECT,
        provider: 'maxpay',
        productId: TRIAL_1,
        email,
        usid,
        orderId: expect.stringMatching(ORDER_ID),
        successUrl: `/payment-success?usid=${usid}`,
        errorUrl: `/payment-error?usid=${usid}`,
        cancelUrl: `/sale?usid=${usid}`,
      },
    ]);
    const planOrder = (checkouts[0]!.body as { orderId: string }).orderId;

    // The hosted page: Pay clicked again while the first submission is on its way; one payment, /payment-success.
    await payTwice(page, log, 'approved');
    await look(page, 'payment-success', kind.shoot);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ usid, payment: 'true', order: planOrder });
    // The page asked for its own order's status, then confirmed the subscription (POST /subs/subscriptions/create).
    expect(log.calls('GET', `/subs/orders/${planOrder}`)).toHaveLength(1);
    await expect.poll(() => log.calls('POST', '/subs/subscriptions/create').map((r) => r.body)).toEqual([
      { email, project: PROJECT, productId: TRIAL_1, provider: 'maxpay', orderId: planOrder, usid },
    ]);

    // /payment-success orders the plan's reports (the report order, birth defaults applied).
    const me = {
      name: 'Maya',
      day: 17,
      month: 5,
      year: 1990,
      hour: partner ? 10 : 12,
      minute: partner ? 30 : 0,
      latitude: LONDON.latitude,
      longitude: LONDON.longitude,
      timezone: 1, // London on 1990-05-17 is BST: 60 minutes / 60
      place: LONDON.place,
    };
    const partnerData = partner
      ? // The partner's time is "I don't know" (12:00), the name empty, the timezone the visitor's own.
        { name: '', day: 2, month: 11, year: 1988, hour: 12, minute: 0, ...MADRID, timezone: 1 }
      : undefined;
    const planReportOrder = { reports: planReports, email, yourData: me, ...(partnerData ? { partnerData } : {}) };
    await expect.poll(() => log.calls('POST', '/astro/api/astrology/report').length).toBe(1);
    const [firstOrder] = log.calls('POST', '/astro/api/astrology/report').map((r) => r.body as Record<string, unknown>);
    expect(firstOrder).toStrictEqual(planReportOrder);
    if (!partner) expect(firstOrder).not.toHaveProperty('partnerData');

    // A reload of the return URL charges nothing more and orders nothing again.
    await reloadOn(page, 'payment-success');
    expect(await ledgerFor(email)).toMatchObject({
      checkouts: [{ productId: TRIAL_1, status: 'paid', orderId: planOrder, amountCents: 100 }],
      subscriptions: [{ productId: TRIAL_1, orderId: planOrder }],
      charges: [{ productId: TRIAL_1, amountCents: 100, orderId: planOrder }],
      purchases: [],
      reportOrders: [{ reports: planReports, partner }],
    });

    // /signup-offer: one offer, double-clicked, bought once in one click.
    await page.getByRole('button', { name: 'Continue' }).click();
    await look(page, 'signup-offer', kind.shoot);
    // The visitor's own purchases: the credential says whose, so no email in the URL.
    expect(log.calls('GET', '/subs/purchases').map((r) => Object.fromEntries(r.url.searchParams))).toContainEqual({ project: PROJECT });
    await page.getByRole('checkbox', { name: kind.offer.label }).check();
    // The button names what it charges and with what: the offer's price and the card the trial was paid with.
    await page.getByRole('button', { name: `Pay $${(kind.offer.amountCents / 100).toFixed(2)} with card •••• 4242` }).dblclick();
    await look(page, 'signup-offer-success', kind.shoot);
    const purchases = log.calls('POST', '/subs/purchases');
    expect(purchases.length).toBeGreaterThanOrEqual(1);
    for (const purchase of purchases) {
      expect(purchase.body).toEqual({ project: PROJECT, provider: 'maxpay', productId: kind.offer.productId, email, usid, orderId: expect.stringMatching(ORDER_ID) });
    }
    const offerOrder = (purchases[0]!.body as { orderId: string }).orderId;
    expect(new Set(purchases.map((p) => (p.body as { orderId: string }).orderId)), 'a repeat carries the same orderId').toEqual(new Set([offerOrder]));

    // /signup-offer-success orders the bought offer's reports only.
    await expect.poll(() => log.calls('POST', '/astro/api/astrology/report').length).toBe(2);
    expect(log.calls('POST', '/astro/api/astrology/report')[1]!.body).toStrictEqual({ ...planReportOrder, reports: kind.offer.reports });

    await reloadOn(page, 'signup-offer-success');
    expect(log.calls('POST', '/astro/api/astrology/report')).toHaveLength(2);
    expect(await ledgerFor(email)).toMatchObject({
      checkouts: [{ productId: TRIAL_1, status: 'paid' }],
      subscriptions: [{ productId: TRIAL_1, orderId: planOrder }],
      charges: [
        { productId: TRIAL_1, amountCents: 100, orderId: planOrder },
        { productId: kind.offer.productId, amountCents: kind.offer.amountCents, orderId: offerOrder },
      ],
      purchases: [{ productId: kind.offer.productId, offerId: kind.offer.offerId, orderId: offerOrder }],
      // One report order per entitlement: the plan's, then the offer's.
      reportOrders: [
        { reports: planReports, partner },
        { reports: kind.offer.reports, partner },
      ],
    });

    // Nothing went to the back ends that the spec does not name, and the session calls carry their fields.
    const unknown = log.requests.filter(backendCall).map((r) => `${r.method} ${r.url.pathname}`).filter((c) => !knownCalls.some((k) => k.test(c)));
    expect(unknown).toEqual([]);
    for (const ip of log.calls('GET', '/ip/json')) expect([...ip.url.searchParams.keys()]).toEqual(['key']);
    const writes = log.calls('POST', /^\/subs\/sessions\/write\//);
    expect(writes.map((w) => w.url.pathname)).toContain(`/subs/sessions/write/${usid}`);
    for (const write of writes) {
      expect(write.body).toMatchObject({ id: write.url.pathname.split('/').at(-1), flowOuter: false, abTestData: {}, gclid: false, testEventCode: null, ipInfo: null });
    }
    expect(log.calls('POST', '/subs/sessions/create').map((r) => r.body)).toContainEqual({ id: usid });

    await expectNoEmailAndNoOtherOrigin(page, log, email);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// A declined card, leaving checkout twice, a subscriber: resumed at /email, as the quiz answers do not matter there

/** A new visitor at /email (the model's sample answers restored as saved progress) who enters a fresh email. */
async function visitorAtEmail(page: Page) {
  await slowPaymentNetwork(page);
  const log = logRequests(page);
  const email = freshEmail();
  await resumeAt(page, flow, resumeAtEmail);
  await enterEmail(page, email);
  await expectScreen(page, flow, 'get-access');
  await page.getByRole('button', { name: 'Get access' }).click();
  await expectScreen(page, flow, 'select-price');
  return { log, email, usid: usidOf(page) };
}

test('a declined card shows /payment-error and charges nothing; "Try again" and a good card make one subscription', async ({ page }) => {
  const { log, email, usid } = await visitorAtEmail(page);
  await page.getByRole('radio', { name: /\$5\.00/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payTwice(page, log, 'declined');
  await look(page, 'payment-error');
  const firstOrder = (log.calls('POST', '/subs/checkout/sessions')[0]!.body as { orderId: string }).orderId;
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ usid, payment: 'true', reason: 'declined' });
  await reloadOn(page, 'payment-error');
  expect(await ledgerFor(email)).toMatchObject({
    checkouts: [{ productId: TRIAL_2, status: 'declined', orderId: firstOrder, amountCents: 500 }],
    subscriptions: [],
    charges: [],
    reportOrders: [],
  });

  await page.getByRole('button', { name: 'Try again' }).click();
  await expectScreen(page, flow, 'select-price');
  await page.getByRole('radio', { name: /\$5\.00/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).dblclick();
  await payTwice(page, log, 'approved');
  await expectScreen(page, flow, 'payment-success');
  const bodies = log.calls('POST', '/subs/checkout/sessions').map((r) => r.body as { orderId: string; productId: string; errorUrl: string });
  expect(bodies).toHaveLength(2);
  expect(bodies[1]).toMatchObject({ productId: TRIAL_2, errorUrl: `/payment-error?usid=${usid}`, orderId: expect.stringMatching(ORDER_ID) });
  expect(bodies[1]!.orderId, 'a new try is a new order').not.toBe(firstOrder);
  await expect.poll(async () => (await ledgerFor(email)).reportOrders.length).toBe(1);
  await reloadOn(page, 'payment-success');
  expect(await ledgerFor(email)).toMatchObject({
    checkouts: [
      { productId: TRIAL_2, status: 'declined', orderId: firstOrder },
      { productId: TRIAL_2, status: 'paid', orderId: bodies[1]!.orderId, amountCents: 500 },
    ],
    subscriptions: [{ productId: TRIAL_2, orderId: bodies[1]!.orderId }],
    charges: [{ productId: TRIAL_2, amountCents: 500, orderId: bodies[1]!.orderId }],
    reportOrders: [{ reports: ['natal_chart', 'compatibility', 'daily_horoscope'], partner: resumedWithPartner }],
  });
  await expectNoEmailAndNoOtherOrigin(page, log, email);
});

test('"Try again" pressed at once after a declined card, before the page has read the visitor\'s session, still opens the hosted checkout', async ({ page }) => {
  const { log, usid } = await visitorAtEmail(page);
  await page.getByRole('radio', { name: /\$5\.00/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payWithCard(page, 'declined');
  // The hosted page's way back is a page load: the machine holds no email, only the server's session record does.
  // Its answer is held back 2 s, as on a slow phone network, while the visitor goes straight on.
  await page.route(
    (url) => url.pathname === `/subs/sessions/${usid}`,
    async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.fallback();
    },
  );
  await expectScreen(page, flow, 'payment-error');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectScreen(page, flow, 'select-price');
  await page.getByRole('radio', { name: /\$5\.00/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expectHostedCheckout(page);
  expect(log.calls('POST', '/subs/checkout/sessions')).toHaveLength(2);
});

test('leaving checkout shows /sale, leaving it again /secret-discount, whose price is paid once; "No thanks" buys nothing more', async ({ page }) => {
  test.setTimeout(90_000);
  const { log, email, usid } = await visitorAtEmail(page);
  await page.getByRole('radio', { name: /\$1\.00/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await cancelCheckout(page);

  await expectScreen(page, flow, 'sale');
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ usid, payment: 'cancelled' });
  // Back to /select-price, enabled only after 2000 ms.
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled({ timeout: 4000 });
  await look(page, 'sale');
  await reloadOn(page, 'sale');
  await expect(page.getByRole('radio')).toHaveCount(3);
  await page.getByRole('radio', { name: /\$0\.50/ }).check();
  await page.getByRole('button', { name: 'Claim my discount' }).dblclick();
  await cancelCheckout(page);

  await expectScreen(page, flow, 'secret-discount');
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ usid, payment: 'cancelled' });
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled({ timeout: 4000 });
  await look(page, 'secret-discount');
  await reloadOn(page, 'secret-discount');
  await page.getByRole('radio', { name: /\$0\.25/ }).check();
  await page.getByRole('button', { name: 'Get my secret price' }).dblclick();
  await payTwice(page, log, 'approved');
  await expectScreen(page, flow, 'payment-success');
  await reloadOn(page, 'payment-success');

  const bodies = log.calls('POST', '/subs/checkout/sessions').map((r) => r.body as { productId: string; orderId: string; successUrl: string; errorUrl: string; cancelUrl: string });
  expect(bodies.map((b) => [b.productId, b.successUrl, b.errorUrl, b.cancelUrl])).toEqual([
    [TRIAL_1, `/payment-success?usid=${usid}`, `/payment-error?usid=${usid}`, `/sale?usid=${usid}`],
    [SALE_1, `/payment-success?usid=${usid}`, `/payment-error?usid=${usid}`, `/secret-discount?usid=${usid}`],
    [SECRET_1, `/payment-success?usid=${usid}`, `/payment-error?usid=${usid}`, `/select-price?usid=${usid}`],
  ]);
  expect(new Set(bodies.map((b) => b.orderId)).size).toBe(3);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, flow, 'signup-offer');
  await page.getByRole('button', { name: 'No thanks' }).click();
  await expectScreen(page, flow, 'signup-offer-success');
  await reloadOn(page, 'signup-offer-success');
  expect(log.calls('POST', '/subs/purchases')).toEqual([]);
  expect(await ledgerFor(email)).toMatchObject({
    checkouts: [
      { productId: TRIAL_1, status: 'cancelled' },
      { productId: SALE_1, status: 'cancelled' },
      { productId: SECRET_1, status: 'paid', amountCents: 25 },
    ],
    subscriptions: [{ productId: SECRET_1, orderId: bodies[2]!.orderId }],
    charges: [{ productId: SECRET_1, amountCents: 25, orderId: bodies[2]!.orderId }],
    purchases: [],
    reportOrders: [{ reports: ['natal_chart', 'compatibility', 'daily_horoscope'], partner: resumedWithPartner }],
  });
  // The subscription server now says the visitor is a subscriber to the plan they paid for.
  const check = await page.request.get(`/subs/users/check-subscription?email=${encodeURIComponent(email)}&project=${PROJECT}`);
  expect(await check.json()).toEqual({ isPremium: true, info: { productId: SECRET_1 } });
  await expectNoEmailAndNoOtherOrigin(page, log, email);
});

test('an existing subscriber is sent to /already-subscribed, and Back returns to /email; nothing is charged', async ({ page }) => {
  const email = await subscriberEmail(page);
  const log = logRequests(page);
  await resumeAt(page, flow, resumeAtEmail);
  await enterEmail(page, email);
  await look(page, 'already-subscribed');
  expect(log.calls('GET', '/subs/users/check-subscription').map((r) => Object.fromEntries(r.url.searchParams))).toEqual([{ email, project: PROJECT }]);
  await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
  await page.getByRole('button', { name: 'Back' }).click();
  await expectScreen(page, flow, 'email');
  expect(log.calls('POST', '/subs/checkout/sessions')).toEqual([]);
  // Only what the subscriber paid for themselves, elsewhere (subscriberEmail pays a checkout in a context of its own).
  expect(await ledgerFor(email)).toMatchObject({
    checkouts: [{ productId: TRIAL_1, status: 'paid' }],
    charges: [{ productId: TRIAL_1, amountCents: 100 }],
    purchases: [],
    subscriptions: [{ productId: TRIAL_1 }],
  });
  await expectNoEmailAndNoOtherOrigin(page, log, email);
});

// ---------------------------------------------------------------------------------------------------------------
// Return URLs that would leave the app (an open redirect through the hosted checkout)

const leaving = ['//evil.example', '//evil.example/payment-success', 'https:evil.example', 'https:evil.example/payment-success', 'javascript:alert(1)'];
const hostileReturnUrls = [
  ...leaving,
  // Percent-encoded, once and twice.
  ...leaving.map(encodeURIComponent),
  ...leaving.map((u) => encodeURIComponent(encodeURIComponent(u))),
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example/payment-success',
  'https%3A%2F%2Fevil.example',
  '%6A%61vascript:alert(1)',
  'javascript%3Aalert%281%29',
  // Other spellings of the same.
  'https://evil.example/payment-success',
  'HTTPS:evil.example',
  'JavaScript:alert(1)',
  '/\\evil.example',
  '\\\\evil.example',
  ' //evil.example',
  '\t//evil.example',
  'https://localhost@evil.example/payment-success',
  '/payment-success@evil.example',
  'https:%2F%2Fevil.example',
  'data:text/html,<script>alert(1)</script>',
];

test('the checkout refuses return URLs that would leave the app, and its redirect after paying stays on the app\'s origin', async ({ page }) => {
  await freshStart(page);
  await expect(page).toHaveURL(/usid=/);
  const usid = usidOf(page);
  const email = freshEmail();
  const valid = { successUrl: `/payment-success?usid=${usid}`, errorUrl: `/payment-error?usid=${usid}`, cancelUrl: `/sale?usid=${usid}` };
  const cases = ['successUrl', 'errorUrl', 'cancelUrl'].flatMap((field) => hostileReturnUrls.map((url) => ({ field, url })));

  // Sent from the page itself (same origin, the browser's own fetch), all at once.
  const answers = await page.evaluate(
    async ({ cases, base }) =>
      Promise.all(
        cases.map(async ({ field, url }, i) => {
          const body = { ...base, orderId: `${base.orderId}${i}`, [field]: url };
          const response = await fetch('/subs/checkout/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          return { field, url, status: response.status, body: (await response.json()) as { field?: string } };
        }),
      ),
    { cases, base: { project: PROJECT, provider: 'maxpay', productId: TRIAL_1, email, usid, orderId: freshOrderId('hostile'), ...valid } },
  );
  const accepted = answers.filter((a) => a.status !== 400 || a.body.field !== a.field).map((a) => `${a.field}=${JSON.stringify(a.url)} → ${a.status} ${JSON.stringify(a.body)}`);
  expect(accepted).toEqual([]);
  expect((await ledgerFor(email)).checkouts).toEqual([]);

  // The same order with the app's own return URLs (a query that names another site is only a query) is taken,
  // and paying sends the browser back to the app's origin.
  const ownOrder = freshOrderId('ownreturn');
  const created = await page.evaluate(async (body) => {
    const response = await fetch('/subs/checkout/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { url: string } };
  }, { project: PROJECT, provider: 'maxpay', productId: TRIAL_1, email, usid, orderId: ownOrder, ...valid, successUrl: `/payment-success?usid=${usid}&next=https://evil.example` });
  expect(created.status).toBe(201);
  const origin = new URL(page.url()).origin;
  const log = logRequests(page);
  await page.goto(created.body.url);
  await (await fillCard(page, 'approved')).click();
  await expect(page).not.toHaveURL(/\/subs\/checkout\//);
  const back = log.addresses[log.addresses.findIndex((a) => PAY_PAGE.test(new URL(a).pathname)) + 1]!;
  expect(new URL(back).origin).toBe(origin);
  expect(new URL(back).pathname).toBe('/payment-success');
  expect(Object.fromEntries(new URL(back).searchParams)).toEqual({ usid, next: 'https://evil.example', payment: 'true', order: ownOrder });
  expect(log.addresses.filter((a) => new URL(a).origin !== origin)).toEqual([]);
  // A late resubmission of the paid form is redirected to the same place, relative to the app.
  const resubmit = await page.request.post(`${new URL(created.body.url, origin).pathname}/pay`, {
    form: { cardName: 'Maya Test', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(resubmit.status()).toBe(303);
  const location = resubmit.headers()['location'] ?? '';
  expect(location).toMatch(/^\/payment-success\?/);
  expect(new URL(location, origin).origin).toBe(origin);
  expect(await ledgerFor(email)).toMatchObject({ checkouts: [{ status: 'paid' }], charges: [{ productId: TRIAL_1 }] });
});

// ---------------------------------------------------------------------------------------------------------------
// A paid return in a browser that has no saved progress (the hosted page handed back to another browser).

test('a paid return is confirmed only in the visitor\'s own browser: another browser is told it cannot confirm it, and orders nothing', async ({ browser, page }) => {
  // The payment pages skip the session handling when payment is true. The hosted page may hand back
  // to another browser (out of an in-app browser, say), which holds no credential of the visitor's: to the
  // server it is a stranger with an order id, so it is never told "Payment received" and orders nothing.
  await freshStart(page);
  await expect(page).toHaveURL(/usid=/);
  const usid = usidOf(page);
  const email = freshEmail();
  const created = await page.request.post('/subs/checkout/sessions', {
    data: { project: PROJECT, provider: 'maxpay', productId: TRIAL_1, email, usid, orderId: freshOrderId('otherbrowser'), successUrl: `/payment-success?usid=${usid}`, errorUrl: `/payment-error?usid=${usid}`, cancelUrl: `/sale?usid=${usid}` },
  });
  expect(created.status()).toBe(201);
  await page.goto(((await created.json()) as { url: string }).url);
  const paid = await page.request.post(`${new URL(page.url()).pathname}/pay`, {
    form: { cardName: 'Maya Test', cardNumber: testCardNumbers.approved, expiry: '12/34', cvc: '123' },
    maxRedirects: 0,
  });
  const returnUrl = paid.headers()['location']!;
  expect(returnUrl).toMatch(/^\/payment-success\?usid=[0-9a-f-]{36}&payment=true&order=ord_otherbrowser_[a-z0-9]+$/);

  const elsewhere = await (await browser.newContext()).newPage();
  // Everything the page ever showed, from its first paint: "Payment received" must never appear, not for a moment.
  await elsewhere.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, { childList: true, subtree: true, characterData: true });
  });
  // orderReports asks the server whose session this is before it orders anything: a stranger's answer is a 401.
  const whoAsked = elsewhere.waitForResponse((r) => r.url().includes(`/subs/sessions/${usid}`));
  await elsewhere.goto(returnUrl);
  expect((await whoAsked).status()).toBe(401);
  expect(new URL(elsewhere.url()).pathname).toBe('/payment-success');
  await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText('We cannot confirm this payment');
  await expect(elsewhere.getByRole('button', { name: 'Back to plans' })).toBeEnabled();
  const shown = await elsewhere.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts.join('\n'));
  expect(shown).not.toContain('Payment received');
  expect((await ledgerFor(email)).reportOrders, 'a stranger orders no reports').toEqual([]);
  await elsewhere.context().close();

  // The visitor's own browser: the same return is confirmed, and the plan's reports are ordered once.
  await page.goto(returnUrl);
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect.poll(async () => (await ledgerFor(email)).reportOrders).toEqual([{ reports: ['natal_chart', 'compatibility', 'daily_horoscope'], partner: false }]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, flow, 'signup-offer');
  expect((await ledgerFor(email)).reportOrders).toHaveLength(1);
});

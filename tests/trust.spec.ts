import { randomUUID } from 'node:crypto';
import { expect, request, test, type APIRequestContext, type APIResponse, type Browser, type Page } from '@playwright/test';
import { expectScreen, freshEmail, visitorOnPrices } from './support/funnel-driver';
import { payWithCard } from './support/hosted-checkout';
import { ledgerFor, recordsOf } from './support/payment-ledger';
import { loadTestFlow } from './support/load-test-flow';

// The trust model in a real browser (README "Trust model"): a visitor pays in one browser context; another
// visitor (a second context, with a session of its own) and plain requests with no cookie at all try to read
// the first visitor's data, buy with their stored card, take over their profile or session and order their
// reports. Everything is refused, the ledger does not move, and the first visitor's walk still completes.

const flow = loadTestFlow();
const PROJECT = 'astrelle';
const BIRTH_CHART = 'mxp_astrelle_birth_chart_1999_live';
const LOVE_PATHS = 'mxp_astrelle_love_paths_2499_live';

interface Victim {
  page: Page;
  email: string;
  usid: string;
  orderId: string;
}

/** A visitor who reached /payment-success in their own browser context, paying the $1.00 trial with a card. */
async function payingVisitor(browser: Browser): Promise<Victim> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = freshEmail();
  await visitorOnPrices(page, flow, email);
  await page.getByRole('radio', { name: /\$1\.00/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payWithCard(page);
  await expectScreen(page, flow, 'payment-success');
  const url = new URL(page.url());
  await expect.poll(async () => (await ledgerFor(email)).reportOrders.length).toBe(1);
  return { page, email, usid: url.searchParams.get('usid')!, orderId: url.searchParams.get('order')! };
}

/** Every way to call the APIs that is not the victim's browser: no cookie, and another visitor's own session. */
async function strangers(browser: Browser, baseURL: string): Promise<Array<{ who: string; api: APIRequestContext; usid: string; page?: Page }>> {
  const curl = await request.newContext({ baseURL });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/usid=/);
  await page.waitForLoadState('networkidle');
  const usid = new URL(page.url()).searchParams.get('usid')!;
  return [
    { who: 'a request with no cookie', api: curl, usid: randomUUID() },
    { who: 'another visitor in their own browser', api: page.request, usid, page },
  ];
}

const body = async (response: APIResponse) => response.text();

test('another visitor and plain requests can neither read, charge, take over nor order what a paying visitor has', async ({ browser, baseURL }) => {
  test.slow();
  const victim = await payingVisitor(browser);
  const before = await ledgerFor(victim.email);
  const recordsBefore = recordsOf(victim.email, victim.usid);
  expect(recordsBefore.astroUsers).toHaveLength(1);
  expect(recordsBefore.subscriptionUsers).toHaveLength(1);
  expect(recordsBefore.sessions).toHaveLength(1);
  const q = encodeURIComponent(victim.email);
  const secrets = [victim.email, victim.usid, '4242'];

  for (const { who, api, usid, page } of await strangers(browser, baseURL!)) {
    // Reading: the profile, the subscription user, the session, the purchases, the order.
    for (const path of [
      `/astro/api/v2/user/email?email=${q}`,
      `/subs/users?email=${q}&project=${PROJECT}`,
      `/subs/sessions/${victim.usid}`,
      `/subs/purchases?project=${PROJECT}`,
      `/subs/orders/${victim.orderId}`,
    ]) {
      const answer = await api.get(path);
      const text = await body(answer);
      expect([401, 404, 200], `${who} GET ${path}`).toContain(answer.status());
      if (answer.status() === 200) expect(JSON.parse(text), `${who} GET ${path}`).toEqual([]);
      for (const secret of secrets) expect(text, `${who} GET ${path}`).not.toContain(secret);
    }
    const check = await api.get(`/subs/users/check-subscription?email=${q}&project=${PROJECT}`);
    expect(await check.json(), who).toEqual({ isPremium: true, info: null });

    // Charging the victim's stored card for offers, with their email in any case.
    for (const productId of [BIRTH_CHART, LOVE_PATHS]) {
      for (const email of [victim.email, victim.email.toUpperCase()]) {
        const bought = await api.post('/subs/purchases', { data: { project: PROJECT, provider: 'maxpay', productId, email, usid, orderId: `ord_${randomUUID().replace(/-/g, '')}` } });
        expect([401, 402, 403], `${who} buys ${productId}`).toContain(bought.status());
      }
    }
    // Taking over the profile, the subscription user, the session; confirming the email; a checkout on the victim's session.
    const profile = await api.put(`/astro/api/v2/user/profile/email?email=${q}`, {
      data: {
        username: 'Mallory', email: `mallory.${randomUUID()}@example.com`, usid, isLegal: true, gender: 'male', relationship: 'single',
        birthday: { date: '1970-01-01', time: '12:00:00' }, location: { latitude: 0, longitude: 0 }, locale: 'en', timezone: 'UTC',
      },
    });
    expect([401, 404], `${who} moves the profile`).toContain(profile.status());
    const user = await api.post('/subs/users/create', {
      data: { email: victim.email, isLegal: true, project: PROJECT, ip: '198.51.100.66', fbc: null, fbp: null, city: 'Elsewhere', postalCode: null, countryCode: null, loc: null, timezone: null, userAgent: 'curl' },
    });
    expect([401, 409], `${who} replaces the subscription user`).toContain(user.status());
    expect((await api.post('/subs/sessions/create', { data: { id: victim.usid } })).status(), `${who} takes the session`).toBe(403);
    const write = await api.post(`/subs/sessions/write/${victim.usid}`, { data: { id: victim.usid, flowOuter: true, abTestData: { x: 1 }, gclid: true, testEventCode: 'X', ipInfo: null } });
    expect([401, 404], `${who} writes the session`).toContain(write.status());
    expect([401, 404], `${who} confirms the email`).toContain((await api.put(`/astro/api/v2/user/confirm-email?usid=${victim.usid}`)).status());
    const checkout = await api.post('/subs/checkout/sessions', {
      data: {
        project: PROJECT, provider: 'maxpay', productId: BIRTH_CHART, email: victim.email, usid: victim.usid, orderId: `ord_${randomUUID().replace(/-/g, '')}`,
        successUrl: '/payment-success', errorUrl: '/payment-error', cancelUrl: '/sale',
      },
    });
    expect([401, 403], `${who} opens a checkout on the victim's session`).toContain(checkout.status());
    // Ordering the victim's reports.
    const reports = await api.post('/astro/api/astrology/report', {
      data: {
        reports: ['natal_chart', 'birth_chart'], email: victim.email,
        yourData: { name: 'Mallory', day: 1, month: 1, year: 1970, hour: 12, minute: 0, latitude: 0, longitude: 0, timezone: 0, place: 'Nowhere' },
      },
    });
    expect([401, 403], `${who} orders the victim's reports`).toContain(reports.status());

    if (page) {
      // The other visitor opens the app with the victim's usid in the address: they get a session of their own.
      await page.goto(`/?usid=${victim.usid}`);
      await expect(page).toHaveURL((url) => url.searchParams.get('usid') !== victim.usid && /^[0-9a-f-]{36}$/.test(url.searchParams.get('usid') ?? ''));
    }
  }

  expect(await ledgerFor(victim.email), 'nothing created, charged or ordered').toEqual(before);
  expect(recordsOf(victim.email, victim.usid), "the victim's profile, subscription user and session, every column, unchanged").toEqual(recordsBefore);

  // A forged or foreign order id on the victim's own payment return page never says the payment was received, not
  // even for a moment while the page asks the server.
  const forged = await victim.page.context().newPage();
  await forged.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
    new MutationObserver(() => {
      for (const h of document.querySelectorAll('h1, p')) if (h.textContent) seen.push(h.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  for (const order of ['FORGED', `ord_${randomUUID().replace(/-/g, '')}`]) {
    await forged.goto(`/payment-success?usid=${victim.usid}&payment=true&order=${order}`);
    await expect(forged.getByRole('heading', { level: 1 })).toHaveText('We cannot confirm this payment');
    const seen = await forged.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen);
    expect(seen.filter((text) => /payment received|welcome to astrelle/i.test(text)), order).toEqual([]);
  }
  await forged.close();
  expect(await ledgerFor(victim.email), 'the forged returns ordered nothing').toEqual(before);

  // The victim's walk still completes: an offer in one click with their own stored card, and its report.
  const { page } = victim;
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, flow, 'signup-offer');
  await page.getByRole('checkbox', { name: /^Your birth chart reading/ }).check();
  await page.getByRole('button', { name: /^Pay \$19\.99 with card •••• \d{4}$/ }).click();
  await expectScreen(page, flow, 'signup-offer-success');
  await expect.poll(async () => (await ledgerFor(victim.email)).reportOrders.length).toBe(2);
  const after = await ledgerFor(victim.email);
  expect(after.purchases.map((p) => p.productId)).toEqual([BIRTH_CHART]);
  expect(after.charges.map((c) => c.productId)).toEqual([...before.charges.map((c) => c.productId), BIRTH_CHART]);
  expect(after.reportOrders.at(-1)?.reports).toEqual(['birth_chart']);
});

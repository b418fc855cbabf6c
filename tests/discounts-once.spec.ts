import { expect, test, type Page } from '@playwright/test';
import { loadTestFlow, screenById } from './support/load-test-flow';
import { expectScreen, freshEmail, visitorOnPrices } from './support/funnel-driver';
import { cancelCheckout } from './support/hosted-checkout';

// /secret-discount says it will not be offered again, /sale that it is one-time, so each discount page is
// offered at most once per visitor. The visitor's session remembers, on the server, the discount pages they were
// shown, so neither a reload nor another tab brings one back; once both were seen, leaving checkout returns to the
// prices. In Chromium against the reference server.

const flow = loadTestFlow();
const PROGRESS_KEY = `astrelle:progress:${flow.id}`;

test.describe.configure({ mode: 'parallel' });

const usidOf = (page: Page) => new URL(page.url()).searchParams.get('usid') ?? '';

/** The price screen's pay button, as the flow names it. */
function payButton(page: Page, id: string) {
  const screen = screenById(flow, id);
  if (screen.kind !== 'price') throw new Error(`${id} is no price screen`);
  return page.getByRole('button', { name: screen.cta, exact: true });
}

/** A new visitor on /select-price, with a fresh email; their usid. */
async function onPrices(page: Page) {
  await visitorOnPrices(page, flow, freshEmail());
  return usidOf(page);
}

/**
 * On price screen `from`: chooses the first plan, goes to the hosted checkout and leaves it by its cancel link.
 * Returns the screen the visitor is sent back to.
 */
async function leaveCheckout(page: Page, from: string): Promise<string> {
  await expectScreen(page, flow, from);
  await page.getByRole('radio').first().check();
  await payButton(page, from).click();
  await cancelCheckout(page);
  await expect(page).not.toHaveURL(/\/subs\/checkout\//);
  await expect(page).toHaveURL(/[?&]payment=cancelled/);
  const back = flow.screens.find((s) => s.route === new URL(page.url()).pathname);
  if (!back) throw new Error(`left checkout to ${page.url()}, no screen of the flow`);
  await expectScreen(page, flow, back.id);
  return back.id;
}

/** The discount pages the visitor's session remembers on the server (its credential is this browser's cookie). */
async function remembered(page: Page, usid: string): Promise<string[]> {
  const answer = await page.request.get(`/subs/sessions/${usid}`);
  expect(answer.status()).toBe(200);
  const body: unknown = await answer.json();
  const record = typeof body === 'object' && body !== null && 'record' in body ? body.record : null;
  const seen = typeof record === 'object' && record !== null && 'seenScreens' in record ? record.seenScreens : null;
  return Array.isArray(seen) ? seen.filter((s): s is string => typeof s === 'string') : [];
}

test('leaving checkout three times shows /sale and /secret-discount once each, also across a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const usid = await onPrices(page);
  const shown: string[] = [];

  shown.push(await leaveCheckout(page, 'select-price'));
  expect(shown).toEqual(['sale']);
  await expect.poll(() => remembered(page, usid)).toEqual(['sale']);
  // A reload keeps the offer the visitor is looking at: it is the same one, not a second.
  await page.reload();
  await expectScreen(page, flow, 'sale');

  shown.push(await leaveCheckout(page, 'sale'));
  await expect.poll(() => remembered(page, usid)).toEqual(['sale', 'secret-discount']);
  await page.reload();
  await expectScreen(page, flow, 'secret-discount');

  shown.push(await leaveCheckout(page, 'secret-discount'));
  expect(shown).toEqual(['sale', 'secret-discount', 'select-price']);

  // After a reload, leaving checkout at the full price again returns to the prices: no discount page comes back.
  await page.reload();
  await expectScreen(page, flow, 'select-price');
  shown.push(await leaveCheckout(page, 'select-price'));
  expect(shown).toEqual(['sale', 'secret-discount', 'select-price', 'select-price']);

  // Nor by their addresses, or the browser's history.
  for (const id of ['sale', 'secret-discount']) {
    await page.goto(`${screenById(flow, id).route}?usid=${usid}`);
    await expectScreen(page, flow, 'select-price');
  }
  await page.goBack();
  await expect(page).not.toHaveURL(/\/(sale|secret-discount)(\?|$)/);
});

test('another tab of the same visitor is not shown a discount page again, even when its saved progress has forgotten it', async ({ page, context }) => {
  test.setTimeout(90_000);
  const usid = await onPrices(page);
  expect(await leaveCheckout(page, 'select-price')).toBe('sale');
  await expect.poll(() => remembered(page, usid)).toEqual(['sale']);

  // A second tab, whose saved progress does not say /sale was seen (an older tab's save, or storage cleared of it):
  // only the server remembers. Its session loads as the page opens.
  const other = await context.newPage();
  await page.evaluate((key) => {
    const saved: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    if (typeof saved === 'object' && saved !== null) window.localStorage.setItem(key, JSON.stringify({ ...saved, screen: 'select-price', seen: [] }));
  }, PROGRESS_KEY);
  const sessionLoaded = other.waitForResponse((r) => r.url().endsWith(`/subs/sessions/${usid}`) && r.request().method() === 'GET');
  await other.goto(`/select-price?usid=${usid}`);
  await expectScreen(other, flow, 'select-price');
  expect((await sessionLoaded).status()).toBe(200);
  // The session's memory has reached the funnel (it saves its progress with it).
  await expect
    .poll(() => other.evaluate((key) => JSON.stringify(JSON.parse(window.localStorage.getItem(key) ?? '{}').seen ?? []), PROGRESS_KEY))
    .toBe(JSON.stringify(['sale']));
  expect(await leaveCheckout(other, 'select-price'), 'the second tab is not offered /sale again').toBe('select-price');

  // The first tab, still on /sale, goes on to /secret-discount, once.
  expect(await leaveCheckout(page, 'sale')).toBe('secret-discount');
  await expect.poll(() => remembered(page, usid)).toEqual(['sale', 'secret-discount']);
  expect(await leaveCheckout(other, 'select-price'), 'nor /secret-discount, once the first tab showed it').toBe('select-price');
  expect(await leaveCheckout(page, 'secret-discount')).toBe('select-price');
  await other.close();
});

import { expect, test, type Page } from '@playwright/test';
import { loadTestFlow } from './support/load-test-flow';
import { expectScreen } from './support/funnel-driver';
import { paidVisitor, TRIAL_1 } from './support/paid-visitor';
import { ledgerFor } from './support/payment-ledger';

// The upsell after a paid trial (/signup-offer) and the end screen (/signup-offer-success), in Chromium against the
// reference server: a bundle covers the offers in it (on screen and on the server), the button that charges names
// the total and the stored card, the charge in the database is that total, and the end screen sums up what was
// bought and where it goes, with the email masked.

const flow = loadTestFlow();
test.describe.configure({ mode: 'parallel' });

const BIRTH_CHART = 'mxp_astrelle_birth_chart_1999_live';
const ULTRA_PACK = 'mxp_astrelle_ultra_pack_4999_live';

/** The cents of `label`'s "$12.34". */
function centsIn(label: string): number {
  const match = /\$(\d+)\.(\d{2})/.exec(label);
  if (!match) throw new Error(`no amount in "${label}"`);
  return Number(match[1]) * 100 + Number(match[2]);
}

const offerCharges = async (email: string) => (await ledgerFor(email)).charges.filter((c) => c.productId !== TRIAL_1);
const box = (page: Page, name: RegExp) => page.getByRole('checkbox', { name });

test('ticking the ultra pack covers its parts, and the card is charged exactly the total its button shows', async ({ page }) => {
  const { email } = await paidVisitor(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, flow, 'signup-offer');

  await box(page, /^Your birth chart reading/).check();
  await expect(page.getByRole('button', { name: 'Pay $19.99 with card •••• 4242' })).toBeEnabled();
  await box(page, /^Ultra pack/).check();
  // Its parts come with it: shown as included, ticked, and not to be ticked (or charged) on their own.
  for (const part of [/^Your birth chart reading/, /^Love paths/]) {
    await expect(box(page, part)).toBeChecked();
    await expect(box(page, part)).toBeDisabled();
    await expect(page.locator('label').filter({ has: box(page, part) })).toContainText('Included in the Ultra pack');
  }
  const pay = page.getByRole('button', { name: /^Pay \$[\d.]+ with card •••• 4242$/ });
  await expect(pay).toHaveText('Pay $49.99 with card •••• 4242');
  // Unticking the pack frees them; ticking it again covers them again.
  await box(page, /^Ultra pack/).uncheck();
  await expect(box(page, /^Love paths/)).toBeEnabled();
  await expect(box(page, /^Love paths/)).not.toBeChecked();
  await box(page, /^Ultra pack/).check();
  const shown = centsIn((await pay.textContent()) ?? '');
  await pay.click();

  await expectScreen(page, flow, 'signup-offer-success');
  expect((await ledgerFor(email)).purchases.map((p) => p.offerId)).toEqual(['ultra_pack']);
  expect((await offerCharges(email)).map((c) => [c.productId, c.amountCents])).toEqual([[ULTRA_PACK, 4999]]);
  expect((await offerCharges(email)).reduce((sum, c) => sum + c.amountCents, 0)).toBe(shown);
});

test('the ultra pack costs less by an offer in it the visitor owns, and the charge is the lowered total', async ({ page }) => {
  const { email, usid } = await paidVisitor(page);
  // The birth chart bought in one click before (another tab, an earlier visit).
  const earlier = await page.request.post('/subs/purchases', {
    data: { project: 'astrelle', provider: 'maxpay', productId: BIRTH_CHART, email, usid, orderId: `ord_bc_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}` },
  });
  expect(earlier.status()).toBe(201);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, flow, 'signup-offer');

  await expect(box(page, /^Your birth chart reading/)).toBeDisabled();
  await expect(page.locator('label').filter({ has: box(page, /^Your birth chart reading/) })).toContainText('Yours');
  const ultra = page.locator('label').filter({ has: box(page, /^Ultra pack/) });
  await expect(ultra.locator('strong')).toHaveText('$30.00');
  await box(page, /^Ultra pack/).check();
  await expect(page.locator('label').filter({ has: box(page, /^Love paths/) })).toContainText('Included in the Ultra pack');
  await page.getByRole('button', { name: 'Pay $30.00 with card •••• 4242' }).click();

  await expectScreen(page, flow, 'signup-offer-success');
  expect((await offerCharges(email)).map((c) => [c.productId, c.amountCents])).toEqual([[BIRTH_CHART, 1999], [ULTRA_PACK, 3000]]);
  const bought = page.getByRole('region', { name: 'What you bought' });
  await expect(bought.getByRole('listitem')).toHaveCount(3);
  await expect(bought).toContainText('$19.99');
  await expect(bought).toContainText('$30.00');
  await expect(bought).toContainText('Total charged$50.99');
});

test('the end screen sums up what was bought and where it goes, with the email masked, also after a reload', async ({ page }) => {
  const { email } = await paidVisitor(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, flow, 'signup-offer');
  await box(page, /^Love paths/).check();
  await page.getByRole('button', { name: 'Pay $24.99 with card •••• 4242' }).click();
  await expectScreen(page, flow, 'signup-offer-success');

  const masked = `${email[0]}•••@example.com`;
  for (const pass of ['after paying', 'after a reload']) {
    const bought = page.getByRole('region', { name: 'What you bought' });
    const lines = bought.getByRole('listitem');
    await expect(lines, pass).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('Your Astrelle subscription');
    await expect(lines.nth(0)).toContainText('14-day trial, then $29.00 a month');
    await expect(lines.nth(0)).toContainText('$1.00');
    await expect(lines.nth(1)).toContainText('Love paths: your compatibility guide');
    await expect(lines.nth(1)).toContainText('$24.99');
    await expect(bought).toContainText('Total charged$25.99');
    await expect(page.getByRole('region', { name: 'Where it arrives' })).toContainText(`Your reports and receipts go to ${masked}.`);
    await expect(page.getByRole('region', { name: 'What happens next' }).getByRole('listitem')).toHaveCount(3);
    // The address itself is nowhere: not on the page, in the address bar or in what the browser keeps.
    expect(await page.locator('body').textContent()).not.toContain(email);
    expect(page.url()).not.toContain(encodeURIComponent(email));
    expect(page.url()).not.toContain(email);
    expect(await page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }))).not.toContain(email);
    if (pass === 'after paying') {
      await page.reload();
      await expectScreen(page, flow, 'signup-offer-success');
    }
  }
  expect((await ledgerFor(email)).purchases.map((p) => p.offerId)).toEqual(['love_paths']);

  // The way on: back to the start.
  await page.getByRole('button', { name: 'Back to the start' }).click();
  await expectScreen(page, flow, flow.start);
});

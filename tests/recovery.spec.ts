import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { loadTestFlow, screenById } from './support/load-test-flow';
import { expectScreen, freshEmail, freshStart, subscribe, visitorOnPrices } from './support/funnel-driver';
import { expectHostedCheckout, payWithCard } from './support/hosted-checkout';
import { continueWith, tap } from './support/quiz-walk';
import { latestBirthDate } from '../src/engine/answers';
import type { PaymentErrorReason } from '../src/engine/payment-error';
import type { Screen } from '../src/engine/generated/flow-types';

// In Chromium against the reference server: /payment-error says why for each reason and its two actions lead where
// they say; a failed plans load is recovered in place by the retry button; a visitor under 18 is refused at the birth
// date with a message, and loses nothing.

const flow = loadTestFlow();
/** The flow's screen `id`, which must be of `kind` (its texts are the ones under test). */
function screenOf<K extends Screen['kind']>(id: string, kind: K): Extract<Screen, { kind: K }> {
  const screen = screenById(flow, id);
  if (!isKind(screen, kind)) throw new Error(`flows/astrology.json: "${id}" is no ${kind} screen`);
  return screen;
}
function isKind<K extends Screen['kind']>(screen: Screen, kind: K): screen is Extract<Screen, { kind: K }> {
  return screen.kind === kind;
}
const priceScreen = screenOf('select-price', 'price');
const saleScreen = screenOf('sale', 'price');
const errorScreen = screenOf('payment-error', 'payment-error');
const birthdayScreen = screenOf('profile-birthday', 'date');
const reasons = errorScreen.reasons;
const primary = errorScreen.primary.label;
const secondary = errorScreen.secondary.labels;

test.describe.configure({ mode: 'parallel' });

/** A new visitor on /select-price with a fresh email (`beforePrices` runs on /get-access); their email and usid. */
async function visitorAtPrices(page: Page, beforePrices: () => Promise<void> = async () => {}) {
  const email = freshEmail();
  await visitorOnPrices(page, flow, email, beforePrices);
  return { email, usid: new URL(page.url()).searchParams.get('usid') ?? '' };
}

/** Chooses the $5.00 trial and opens the hosted payment page. */
async function startPaying(page: Page) {
  await page.getByRole('radio', { name: /\$5\.00 for 2 weeks/ }).check();
  await page.getByRole('button', { name: priceScreen.cta }).click();
  await expectHostedCheckout(page);
}

/** Asserts /payment-error shows the texts of `reason`, a primary "Try again" and the secondary action named `secondaryLabel`. */
async function expectReason(page: Page, reason: PaymentErrorReason, secondaryLabel: string) {
  await expectScreen(page, flow, 'payment-error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(reasons[reason].title);
  for (const text of reasons[reason].body ?? []) await expect(page.getByText(text, { exact: true })).toBeVisible();
  // Actions, not quiz answers: two buttons, the primary first, and no option to pick.
  await expect(page.getByRole('main').getByRole('button')).toHaveText([primary, secondaryLabel]);
  await expect(page.getByRole('radio')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test.describe('/payment-error says why, and its actions lead where they say', () => {
  test('a declined card: its own text; the secondary action goes to the discounted prices, and after them back to the prices', async ({ page }) => {
    test.setTimeout(90_000);
    const { usid } = await visitorAtPrices(page);
    await startPaying(page);
    await payWithCard(page, 'declined');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ usid, payment: 'true', reason: 'declined' });
    await expectReason(page, 'declined', secondary.sale!);
    await page.getByRole('button', { name: secondary.sale! }).click();
    await expectScreen(page, flow, 'sale');

    // Declined again on the discount page: /sale has been seen, so the way on is the prices, and says so.
    await page.getByRole('radio', { name: /\$2\.50 for 2 weeks/ }).check();
    await page.getByRole('button', { name: saleScreen.cta }).click();
    await payWithCard(page, 'declined');
    await expectReason(page, 'declined', secondary['select-price']!);
    await page.getByRole('button', { name: secondary['select-price']! }).click();
    await expectScreen(page, flow, 'select-price');
  });

  test('"Try again" goes back to the prices', async ({ page }) => {
    await visitorAtPrices(page);
    await startPaying(page);
    await payWithCard(page, 'declined');
    await expectReason(page, 'declined', secondary.sale!);
    await page.getByRole('button', { name: primary }).click();
    await expectScreen(page, flow, 'select-price');
    await expect(page.getByRole('radio', { name: /\$5\.00 for 2 weeks/ })).toBeChecked();
  });

  test('an already bought plan: its own text, nothing charged, and trying again shows the subscription', async ({ page }) => {
    const { email } = await visitorAtPrices(page);
    await startPaying(page);
    // The email becomes a subscriber while this checkout is open (another tab, another device).
    await subscribe(page, email);
    await payWithCard(page, 'approved');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('already_purchased');
    await expectReason(page, 'already_purchased', secondary.sale!);
    await page.getByRole('button', { name: primary }).click();
    await expectScreen(page, flow, 'select-price');
    await page.getByRole('button', { name: priceScreen.cta }).click();
    await expectScreen(page, flow, 'already-subscribed');
  });

  test('a cancelled payment: its own text', async ({ page }) => {
    const { usid } = await visitorAtPrices(page);
    await page.goto(`/payment-error?${new URLSearchParams({ usid, payment: 'cancelled' }).toString()}`);
    await expectReason(page, 'cancelled', secondary.sale!);
  });

  test('a payment that could not start: the unknown text, with no reason from an earlier return', async ({ page }) => {
    await visitorAtPrices(page);
    await page.route('**/subs/checkout/sessions', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
    await page.getByRole('radio', { name: /\$5\.00 for 2 weeks/ }).check();
    await page.getByRole('button', { name: priceScreen.cta }).click();
    await expectReason(page, 'unknown', secondary.sale!);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: primary }).click();
    await expectScreen(page, flow, 'select-price');
  });
});

test('plans that fail to load are loaded again in place by the retry button, from the keyboard', async ({ page }) => {
  let failing = true;
  let requests = 0;
  const { usid } = await visitorAtPrices(page, async () => {
    await page.route('**/subs/subscription-plans**', (route) => {
      requests += 1;
      return failing ? route.abort('internetdisconnected') : route.fallback();
    });
  });
  await expect(page.getByRole('alert')).toHaveText(priceScreen.messages.unavailable);
  await expect(page.getByRole('radio')).toHaveCount(0);
  const failedRequests = requests;
  expect(failedRequests).toBeGreaterThan(0);
  // Marks this document: a reload would lose the mark.
  await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));

  failing = false;
  const retry = page.getByRole('button', { name: priceScreen.messages.retry });
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Focus follows to the plans, where the visitor goes on.
  await expect(page.getByRole('radio').first()).toBeFocused();
  expect(requests).toBeGreaterThan(failedRequests);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/select-price');
  expect(new URL(page.url()).searchParams.get('usid')).toBe(usid);
  // The terms the visitor agrees to, beside the pay button once a plan is chosen.
  await page.getByRole('radio', { name: /\$5\.00 for 2 weeks/ }).check();
  await expect(page.getByText('You pay $5.00 today for 2 weeks. Then $19.00 per month until you cancel.')).toBeVisible();
});

test.describe('a birth date under 18', () => {
  /** A date `days` days after the latest birth date of someone `age` years old: clear of midnight and time zones. */
  const bornAgo = (age: number, days: number) => {
    const date = new Date(`${latestBirthDate(age)}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };

  test('is refused with a message, nothing lost; 18 goes on', async ({ page }) => {
    await freshStart(page);
    await expectScreen(page, flow, 'welcome');
    await tap(page, 'Start the quiz');
    await expectScreen(page, flow, 'relationship-status');
    await tap(page, 'Single');
    await expectScreen(page, flow, 'relationship-goal');
    await tap(page, 'Understanding myself better');
    await expectScreen(page, flow, 'knowledge-of-astrology');
    await tap(page, 'I know my sun sign');
    await expectScreen(page, flow, 'profile-lets-learn');
    await tap(page, 'Continue');
    await expectScreen(page, flow, 'profile-name');
    await continueWith(page, 'First name', 'Maya');
    await expectScreen(page, flow, 'profile-birthday');

    const seventeen = bornAgo(17, -30); // 17 years and about a month
    const field = page.getByLabel(birthdayScreen.label, { exact: true });
    await continueWith(page, birthdayScreen.label, seventeen);
    await expect(page.getByRole('alert')).toHaveText(birthdayScreen.messages.tooYoung!);
    await expect(field).toHaveValue(seventeen);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectScreen(page, flow, 'profile-birthday');
    // Still refused on a second try, and the way back keeps what was answered.
    await tap(page, 'Continue');
    await expectScreen(page, flow, 'profile-birthday');
    await page.getByRole('button', { name: 'Back' }).click();
    await expectScreen(page, flow, 'profile-name');
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Maya');
    await tap(page, 'Continue');
    await expectScreen(page, flow, 'profile-birthday');

    await continueWith(page, birthdayScreen.label, bornAgo(18, -2)); // 18 for two days
    await expectScreen(page, flow, 'profile-zodiac-sun');
  });
});

import { expect, type Page } from '@playwright/test';

/** The reference server's sandbox test cards (server/subs/sandbox-payment.ts). */
export const testCards = { approved: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** Waits for the sandbox hosted checkout page (maxpay's card form) the funnel sent the browser to. */
export async function expectHostedCheckout(page: Page) {
  await expect(page).toHaveURL((url) => /^\/subs\/checkout\/[A-Za-z0-9_-]+$/.test(url.pathname));
  await expect(page.getByLabel('Card number')).toBeVisible();
}

/** Fills the hosted card page with a test card, and returns its Pay button. */
export async function fillCard(page: Page, card: keyof typeof testCards) {
  await expectHostedCheckout(page);
  await page.getByLabel('Name on card').fill('Maya Test');
  await page.getByLabel('Card number').fill(testCards[card]);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  return page.getByRole('button', { name: /^Pay / });
}

/** Pays on the hosted card page with a test card; the page sends the browser back to the funnel. */
export async function payWithCard(page: Page, card: keyof typeof testCards = 'approved') {
  await (await fillCard(page, card)).click();
}

/** Leaves the hosted page by its cancel link. */
export async function cancelCheckout(page: Page) {
  await expectHostedCheckout(page);
  await page.getByRole('link', { name: /^Cancel and return/ }).click();
}

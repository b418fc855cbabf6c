import { expect, test } from '@playwright/test';
import { loadTestFlow } from './support/load-test-flow';
import { expectScreen, freshEmail, visitorOnPrices } from './support/funnel-driver';

const flow = loadTestFlow();

test('a visitor pays the trial with PayPal, then buys an offer in one click with the same PayPal account', async ({ page }) => {
  const email = freshEmail();
  await visitorOnPrices(page, flow, email);
  await page.getByRole('radio', { name: /\$5\.00/ }).check();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();

  // PayPal's sandbox page, with the sandbox buyer filled in.
  await expect(page).toHaveURL(/\/subs\/checkout\/[A-Za-z0-9_-]+$/);
  await expect(page.getByLabel('Sandbox account email')).toHaveValue('buyer@sandbox.paypal.example');
  await page.getByRole('button', { name: 'Approve and pay $5.00' }).click();
  await expectScreen(page, flow, 'payment-success');

  const subscription = await (await page.request.get(`/subs/users/check-subscription?email=${encodeURIComponent(email)}&project=astrelle`)).json();
  expect(subscription).toEqual({ isPremium: true, info: { productId: 'ppl_astrelle_trial_2_1900_live' } });

  await page.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, flow, 'signup-offer');
  await page.getByRole('checkbox', { name: /^Love paths/ }).check();
  await page.getByRole('button', { name: 'Pay $24.99 with PayPal' }).click();
  await expectScreen(page, flow, 'signup-offer-success');

  // The visitor's own purchases: the credential (this context's cookie) says whose, no email in the URL.
  const purchases = (await (await page.request.get('/subs/purchases?project=astrelle')).json()) as Array<Record<string, unknown>>;
  expect(purchases).toHaveLength(1);
  expect(purchases[0]).toMatchObject({ offerId: 'love_paths', provider: 'paypal', amount: 24.99, paymentMethod: 'PayPal buyer@sandbox.paypal.example', status: 'paid', email });
});

import { expect, type Page } from '@playwright/test';
import { loadTestFlow } from './load-test-flow';
import { expectScreen, freshEmail, freshStart } from './funnel-driver';
import { payWithCard } from './hosted-checkout';

const flow = loadTestFlow();

export const TRIAL_1 = 'mxp_astrelle_trial_1_2900_live'; // $1.00 now, then $29.00 a month

/** A new visitor who paid the $1.00 trial with the 4242 card in their own browser, now on /payment-success. */
export async function paidVisitor(page: Page): Promise<{ email: string; usid: string }> {
  await freshStart(page);
  const usid = new URL(page.url()).searchParams.get('usid') ?? '';
  const email = freshEmail();
  const back = (route: string) => `${route}?usid=${usid}`;
  // The checkout the price page opens, opened in this browser (its credential: the card becomes this visitor's).
  const created = await page.request.post('/subs/checkout/sessions', {
    data: {
      project: 'astrelle', provider: 'maxpay', productId: TRIAL_1, email, usid, orderId: `ord_upsell_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
      successUrl: back('/payment-success'), errorUrl: back('/payment-error'), cancelUrl: back('/select-price'),
    },
  });
  expect(created.status()).toBe(201);
  await page.goto(((await created.json()) as { url: string }).url);
  await payWithCard(page);
  await expectScreen(page, flow, 'payment-success');
  await expect(page.getByText('Payment received')).toBeVisible();
  return { email, usid };
}

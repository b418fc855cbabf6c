import type { Page } from '@playwright/test';
import type { Flow } from '../../src/engine/generated/flow-types';
import { screenEventNames } from '../../src/engine/analytics-events';
import { screenById } from './load-test-flow';
import { expectScreen, giveEmailAndGetAccess } from './funnel-driver';
import { expectHostedCheckout, payWithCard } from './hosted-checkout';
import { productKinds } from '../../src/engine/kinds/product-kinds';

/**
 * The events the flow declares for a walk through `visited` (screen ids, in order), one line each as
 * `<event type> <screen id>`: each screen's shown event, then its answered event as the visitor moves on from it. A
 * loading screen moves on by itself (no answer); the last screen is only shown unless `answeredLast`.
 */
export function declaredEvents(flow: Flow, visited: readonly string[], answeredLast = false): string[] {
  return visited.flatMap((id, i) => {
    const screen = screenById(flow, id);
    const names = screenEventNames(productKinds, flow, screen);
    const movesOn = (i < visited.length - 1 || answeredLast) && screen.kind !== 'loading';
    return [...(names.shown ? [`${names.shown} ${id}`] : []), ...(movesOn ? [`${names.answered} ${id}`] : [])];
  });
}

/**
 * After /email, a visitor who gets access, chooses a plan, pays it on the hosted page, continues and skips the
 * offers: the declared events of those screens, and the app's own Checkout Started and Payment Result, in order.
 */
export function paidWalkEvents(flow: Flow): string[] {
  const names = (id: string) => screenEventNames(productKinds, flow, screenById(flow, id));
  return [
    `${names('get-access').shown} get-access`,
    `${names('get-access').answered} get-access`,
    `${names('select-price').shown} select-price`,
    `${names('select-price').answered} select-price`,
    'Checkout Started select-price',
    `${names('payment-success').shown} payment-success`,
    'Payment Result payment-success',
    `${names('payment-success').answered} payment-success`,
    `${names('signup-offer').shown} signup-offer`,
    `${names('signup-offer').skipped} signup-offer`,
    `${names('signup-offer-success').shown} signup-offer-success`,
  ];
}

/** On /email: the walk paidWalkEvents describes, with `email`, the $5.00 trial and the approved test card. */
export async function payAndSkipOffers(page: Page, flow: Flow, email: string) {
  await giveEmailAndGetAccess(page, flow, email);
  await page.getByRole('radio', { name: /\$5\.00/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expectHostedCheckout(page);
  await payWithCard(page);
  await expectScreen(page, flow, 'payment-success');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, flow, 'signup-offer');
  await page.getByRole('button', { name: 'No thanks' }).click();
  await expectScreen(page, flow, 'signup-offer-success');
}

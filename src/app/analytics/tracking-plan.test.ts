import { describe, it, expect, vi, afterEach } from 'vitest';
import flowJson from '../../../flows/astrology.json';
import { validateFlow } from '../../engine/validate-flow';
import { Ampli, EmailShown, type AnalyticsInstance } from './generated/tracking-plan';
import { screenEvents } from './screen-events';
import { productKinds } from '../../engine/kinds/product-kinds';

const notInitialized = 'ERROR: Ampli is not yet initialized. Have you called ampli.load() on app start?';
const alreadyInitialized = 'WARNING: Ampli is already initialized. Ampli.load() should be called once at application startup.';

/** A client that records what it is asked to track. */
function recorder(): AnalyticsInstance & { sent: Array<[string, Record<string, unknown> | undefined]> } {
  const sent: Array<[string, Record<string, unknown> | undefined]> = [];
  return { sent, track: (eventType, eventProperties) => sent.push([eventType, eventProperties]) };
}

afterEach(() => vi.restoreAllMocks());

describe('the tracking plan generated from the flow, shaped like Ampli', () => {
  it('logs Ampli\'s error once per call before load(), and sends nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ampli = new Ampli();
    expect(ampli.isLoaded).toBe(false);
    ampli.emailShown({ screen_id: 'email' });
    ampli.paymentErrorTryAgainClicked({ screen_id: 'payment-error', step_id: 'payment-error', question_id: '5-4', answer: 'try_again' });
    ampli.track(new EmailShown({ screen_id: 'email' }));
    expect(error.mock.calls).toEqual([[notInitialized], [notInitialized], [notInitialized]]);
  });

  it('sends each event through the loaded client, with the flow\'s id and version', () => {
    const client = recorder();
    const ampli = new Ampli();
    ampli.load({ client: { instance: client } });
    expect(ampli.isLoaded).toBe(true);
    ampli.selectPriceClicked({ screen_id: 'sale', step_id: 'sale', question_id: '5-2', answer: 'prod_1', plan_id: 'prod_1', price: 9.99, currency: 'USD', ab_discounts: true });
    ampli.screenAnswered({ screen_id: 'relationship-status', step_id: '1-1', question_id: '1-1', answer: 'single' });
    expect(client.sent).toEqual([
      ['Select Price Clicked', { screen_id: 'sale', step_id: 'sale', question_id: '5-2', answer: 'prod_1', plan_id: 'prod_1', price: 9.99, currency: 'USD', ab_discounts: true, flow_id: 'astrology', flow_version: 1 }],
      ['Screen Answered', { screen_id: 'relationship-status', step_id: '1-1', question_id: '1-1', answer: 'single', flow_id: 'astrology', flow_version: 1 }],
    ]);
  });

  it('sends what screenEvents builds from the flow, unchanged', () => {
    const result = validateFlow(flowJson, { kinds: productKinds });
    if (!result.ok) throw new Error('the product flow is invalid');
    const email = result.flow.screens.find((s) => s.id === 'email');
    if (!email) throw new Error('email');
    const client = recorder();
    const ampli = new Ampli();
    ampli.load({ client: { instance: client } });
    for (const event of screenEvents(productKinds, result.flow, email, 'shown', { assignments: { discounts: false } })) ampli.track(event);
    expect(client.sent).toEqual([['Email Shown', { screen_id: 'email', flow_id: 'astrology', flow_version: 1, ab_discounts: false }]]);
  });

  it('warns on a second load() and keeps the first client', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [first, second] = [recorder(), recorder()];
    const ampli = new Ampli();
    ampli.load({ client: { instance: first } });
    ampli.load({ client: { instance: second } });
    ampli.accessShown({ screen_id: 'get-access' });
    expect(warn.mock.calls).toEqual([[alreadyInitialized]]);
    expect(first.sent.map(([type]) => type)).toEqual(['Access Shown']);
    expect(second.sent).toEqual([]);
  });

  it('sends nothing, silently, when loaded disabled', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = recorder();
    const ampli = new Ampli();
    ampli.load({ client: { instance: client }, disabled: true });
    ampli.subscriptionShown({ screen_id: 'signup-offer', step_id: 'signup-offer', question_id: '6-1' });
    expect(client.sent).toEqual([]);
    expect(error).not.toHaveBeenCalled();
  });

  it('types each event\'s properties from the flow', () => {
    const ampli = new Ampli();
    ampli.load({ client: { instance: recorder() } });
    // @ts-expect-error: /payment-error's try-again event stands for the try_again option only
    ampli.paymentErrorTryAgainClicked({ screen_id: 'payment-error', step_id: 'payment-error', question_id: '5-4', answer: 'continue' });
    // @ts-expect-error: "Email Shown" is sent by /email alone
    ampli.emailShown({ screen_id: 'get-access' });
    // @ts-expect-error: the /sale price page is step "sale"
    ampli.selectPriceShown({ screen_id: 'sale', step_id: 'select-price', question_id: '5-2' });
    // @ts-expect-error: priceSet takes its declared values only
    ampli.emailShown({ screen_id: 'email', ab_priceSet: 'cheap' });
    expect(ampli.isLoaded).toBe(true);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen as dom, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvent } from '../../engine/compile-flow';
import type { PriceScreen as PriceScreenData } from '../../engine/generated/flow-types';
import type { Product } from '../../shared/contract/subscription';
import type { ScreenResults } from '../results-by-kind';
import { renderWithProviders, screenResults } from '../test-utils';
import { PriceScreen } from './price-screen';

afterEach(cleanup);

const screen: PriceScreenData = {
  id: 'select-price',
  route: '/select-price',
  kind: 'price',
  group: 'results',
  answerKey: '5-1',
  title: 'Choose your trial price',
  cta: 'Get my reading',
  busy: 'Opening secure checkout…',
  plansFrom: 'loadPlans',
  transactionsTitle: 'Recent members',
  transactionsFrom: 'loadRecentPurchases',
  planTerms: '{trialPrice} for {trialLength}, then {price} per {period}',
  payTerms: 'You pay {trialPrice} today for {trialLength}. Then {price} per {period} until you cancel.',
  messages: { required: 'Choose a price to continue.', unavailable: 'Prices could not be loaded. Please try again.', retry: 'Try again', loading: 'Loading prices…' },
  end: true,
};

function plan(productId: string, price: number, trialPrice: number, over: Partial<Extract<Product, { type: 'TRIAL' | 'SUBSCRIPTION' }>> = {}): Product {
  return {
    id: productId, productId, packageId: '1', project: 'astrelle', provider: 'maxpay', type: 'TRIAL', name: 'Plan', price, trialPrice,
    currency: 'USD', additionalInfo: { subscriptionDuration: '1 month', trialDuration: '14 days' }, abTestId: null, reports: [], isTest: false,
    paymentPage: '/subs/checkout/sessions', amplitudeId: 'a', ...over,
  };
}

const catalogue = {
  maxpay: [
    plan('high', 29, 9),
    plan('medium', 19, 1),
    plan('low', 14.99, 5),
    plan('sub', 24.99, 0, { type: 'SUBSCRIPTION' }),
    plan('ab', 29, 0.99, { abTestId: 'trial_price_test' }),
  ],
  paypal: [plan('pp', 29, 1, { provider: 'paypal' })],
};

/** Renders the screen with these results of `plans` effects. */
function show(plans: ScreenResults['plans'], answer?: string, busy = false, shown: PriceScreenData = screen) {
  const send = vi.fn<(event: FunnelEvent) => void>();
  renderWithProviders(<PriceScreen screen={shown} answers={{}} answer={answer} send={send} email={null} results={screenResults({ plans })} busy={busy} />);
  return send;
}

describe('the price screen', () => {
  it('offers the TRIAL plans of the high, medium and low groups, trial prices ascending, 14 days as 2 weeks', () => {
    show({ loadPlans: catalogue });
    const radios = within(dom.getByRole('radiogroup', { name: 'Choose your trial price' })).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      '2 weeks trial$1.00 for 2 weeks, then $19.00 per month$1.00',
      '2 weeks trial$5.00 for 2 weeks, then $14.99 per month$5.00',
      '2 weeks trial$9.00 for 2 weeks, then $29.00 per month$9.00',
    ]);
  });

  it('states beside each choice its own renewal price: the choices are not the same', () => {
    show({ loadPlans: catalogue });
    expect(dom.getByRole('radio', { name: /\$1\.00 for 2 weeks, then \$19\.00 per month/ })).toBeTruthy();
    expect(dom.getByRole('radio', { name: /\$9\.00 for 2 weeks, then \$29\.00 per month/ })).toBeTruthy();
  });

  it("states the chosen plan's trial price, trial length and renewal price next to the pay button, which they describe", async () => {
    show({ loadPlans: catalogue });
    const pay = dom.getByRole('button', { name: 'Get my reading' });
    expect(dom.queryByText(/You pay/)).toBeNull();
    const user = userEvent.setup();
    await user.click(dom.getByRole('radio', { name: /\$5\.00 for 2 weeks/ }));
    const terms = dom.getByText('You pay $5.00 today for 2 weeks. Then $14.99 per month until you cancel.');
    expect(pay.getAttribute('aria-describedby')).toBe(terms.id);
    await user.click(dom.getByRole('radio', { name: /\$9\.00 for 2 weeks/ }));
    expect(dom.getByText('You pay $9.00 today for 2 weeks. Then $29.00 per month until you cancel.')).toBeTruthy();
  });

  it('states a subscription without a trial by its price and period', () => {
    const subscription: PriceScreenData = { ...screen, planType: 'SUBSCRIPTION', planTerms: '{price} per {period}', payTerms: 'You pay {price} per {period}.' };
    show({ loadPlans: catalogue }, 'sub', false, subscription);
    expect(dom.getByText('You pay $24.99 per month.')).toBeTruthy();
  });

  it('answers with the chosen plan, and asks for a choice first', async () => {
    const send = show({ loadPlans: catalogue });
    const user = userEvent.setup();
    await user.click(dom.getByRole('button', { name: 'Get my reading' }));
    expect(dom.getByRole('alert')).toHaveProperty('textContent', 'Choose a price to continue.');
    expect(send).not.toHaveBeenCalled();
    await user.click(dom.getByRole('radio', { name: /\$5\.00/ }));
    await user.click(dom.getByRole('button', { name: 'Get my reading' }));
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'ANSWER', value: 'low' });
  });

  it('keeps the plan chosen before, and disables the button while the payment starts', () => {
    show({ loadPlans: catalogue }, 'high', true);
    expect(dom.getByRole('radio', { name: /\$9\.00/ })).toHaveProperty('checked', true);
    const button = dom.getByRole('button', { name: 'Opening secure checkout…' });
    expect(button).toHaveProperty('disabled', true);
  });

  it('lists the real recent purchases transactionsFrom loaded, newest first, as the server masked them', () => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();
    const purchases = [
      { name: 'O***a', amount: 5, currency: 'USD' as const, createdAt: ago(180), sandbox: false },
      { name: 'M***a', amount: 1, currency: 'USD' as const, createdAt: ago(4), sandbox: false },
    ];
    const send = vi.fn<(event: FunnelEvent) => void>();
    renderWithProviders(
      <PriceScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={screenResults({ plans: { loadPlans: catalogue }, recentPurchases: { loadRecentPurchases: purchases } })} />,
    );
    const list = within(dom.getByRole('region', { name: 'Recent members' })).getAllByRole('listitem');
    expect(list.map((item) => item.textContent)).toEqual(['M***a$1.004 min ago', 'O***a$5.003 h ago']);
  });

  it('shows no list rather than an invented one while the purchases load, when none came, or when they failed', () => {
    for (const recentPurchases of [{}, { loadRecentPurchases: [] }, { loadRecentPurchases: { outcome: 'failed' as const } }]) {
      renderWithProviders(<PriceScreen screen={screen} answers={{}} answer={undefined} send={vi.fn()} email={null} results={screenResults({ plans: { loadPlans: catalogue }, recentPurchases })} />);
      expect(dom.getAllByRole('radio').length).toBeGreaterThan(0);
      expect(dom.queryByRole('region', { name: 'Recent members' })).toBeNull();
      cleanup();
    }
  });

  it('says so when the plans could not be loaded, and waits while they load', () => {
    show({ loadPlans: { maxpay: null, paypal: null } });
    expect(dom.getByRole('alert')).toHaveProperty('textContent', 'Prices could not be loaded. Please try again.');
    cleanup();
    show({});
    expect(dom.getByRole('status')).toHaveProperty('textContent', 'Loading prices…');
    expect(dom.getByRole('button', { name: 'Get my reading' })).toHaveProperty('disabled', true);
  });

  describe('when the plans could not be loaded', () => {
    const failed = { maxpay: null, paypal: null };
    function showLoaded(plans: ScreenResults['plans']) {
      const send = vi.fn<(event: FunnelEvent) => void>();
      const view = (given: ScreenResults['plans']) => <PriceScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={screenResults({ plans: given })} />;
      const { rerender } = renderWithProviders(view(plans));
      return { send, rerender: (given: ScreenResults['plans']) => rerender(view(given)) };
    }

    it('loads them again in place with the retry button, then puts focus on the first plan', async () => {
      const { send, rerender } = showLoaded({ loadPlans: failed });
      const user = userEvent.setup();
      await user.click(dom.getByRole('button', { name: 'Try again' }));
      expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'RETRY' });
      // The machine forgets the failed result and loads again.
      rerender({});
      expect(dom.getByRole('status')).toHaveProperty('textContent', 'Loading prices…');
      expect(dom.queryByRole('button', { name: 'Try again' })).toBeNull();
      rerender({ loadPlans: catalogue });
      expect(dom.queryByRole('alert')).toBeNull();
      expect(document.activeElement).toBe(dom.getAllByRole('radio')[0]);
    });

    it('offers the retry again, focused, when loading fails again, and works from the keyboard', async () => {
      const { send, rerender } = showLoaded({ loadPlans: failed });
      const user = userEvent.setup();
      dom.getByRole('button', { name: 'Try again' }).focus();
      await user.keyboard('{Enter}');
      expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'RETRY' });
      rerender({});
      rerender({ loadPlans: { maxpay: null, paypal: null } });
      expect(dom.getByRole('alert')).toHaveProperty('textContent', 'Prices could not be loaded. Please try again.');
      expect(document.activeElement).toBe(dom.getByRole('button', { name: 'Try again' }));
    });

    it('counts a load that failed altogether as unavailable, with the retry', () => {
      showLoaded({ loadPlans: { outcome: 'failed' } });
      expect(dom.getByRole('alert')).toBeTruthy();
      expect(dom.getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });

  describe('with its plan set chosen by a flag (plansBy, an A/B test of prices)', () => {
    const byFlag: PriceScreenData = { ...screen, plansBy: 'priceSet', otherProvider: { provider: 'paypal', cta: 'Pay with PayPal' } };
    const withTest = {
      maxpay: [...catalogue.maxpay, plan('ab_2', 19, 4.99, { abTestId: 'trial_price_test', packageId: '2' }), plan('sale', 29, 0.5, { abTestId: 'sale' })],
      paypal: [plan('pp_ab', 29, 0.99, { provider: 'paypal', abTestId: 'trial_price_test' })],
    };
    const prices = () => dom.getAllByRole('radio').map((r) => r.closest('label')?.querySelector('strong')?.textContent);

    it('offers the plans whose abTestId is the flag\'s value, trial prices ascending', () => {
      renderWithProviders(<PriceScreen screen={byFlag} answers={{}} answer={undefined} send={vi.fn()} email={null} results={screenResults({ plans: { loadPlans: withTest } })} flags={{ priceSet: 'trial_price_test' }} />);
      expect(prices()).toEqual(['$0.99', '$4.99']);
    });

    it('offers the screen\'s own groups while the flag is "default"', () => {
      renderWithProviders(<PriceScreen screen={byFlag} answers={{}} answer={undefined} send={vi.fn()} email={null} results={screenResults({ plans: { loadPlans: withTest } })} flags={{ priceSet: 'default' }} />);
      expect(prices()).toEqual(['$1.00', '$5.00', '$9.00']);
    });

    it('pays the set\'s own PayPal plan with the second button', async () => {
      const send = vi.fn<(event: FunnelEvent) => void>();
      renderWithProviders(<PriceScreen screen={byFlag} answers={{}} answer={undefined} send={send} email={null} results={screenResults({ plans: { loadPlans: withTest } })} flags={{ priceSet: 'trial_price_test' }} />);
      const user = userEvent.setup();
      await user.click(dom.getByRole('radio', { name: /\$0\.99/ }));
      await user.click(dom.getByRole('button', { name: 'Pay with PayPal' }));
      expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'ANSWER', value: 'pp_ab' });
    });
  });

  describe('with a second way to pay (PayPal)', () => {
    const withPayPal: PriceScreenData = { ...screen, otherProvider: { provider: 'paypal', cta: 'Pay with PayPal' } };
    const both = {
      maxpay: catalogue.maxpay,
      paypal: [plan('pp_1', 29, 1, { provider: 'paypal', packageId: '1' }), plan('pp_2', 19, 5, { provider: 'paypal', packageId: '2' })],
    };

    it("answers with the other provider's plan of the same package", async () => {
      const send = show({ loadPlans: both }, undefined, false, withPayPal);
      const user = userEvent.setup();
      await user.click(dom.getByRole('button', { name: 'Pay with PayPal' }));
      expect(dom.getByRole('alert')).toHaveProperty('textContent', 'Choose a price to continue.');
      expect(send).not.toHaveBeenCalled();
      // "medium" (19 a month) is package "1" in this catalogue's maxpay list; its PayPal twin is pp_1.
      await user.click(dom.getByRole('radio', { name: /\$1\.00/ }));
      await user.click(dom.getByRole('button', { name: 'Pay with PayPal' }));
      expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'ANSWER', value: 'pp_1' });
    });

    it('shows the chosen plan again when the visitor paid with the other provider before', () => {
      show({ loadPlans: both }, 'pp_1', false, withPayPal);
      expect(dom.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
    });

    it('offers no second button when that provider has no plans', () => {
      show({ loadPlans: { maxpay: catalogue.maxpay, paypal: null } }, undefined, false, withPayPal);
      expect(dom.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
    });
  });
});

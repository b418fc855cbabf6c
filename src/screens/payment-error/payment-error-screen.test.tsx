// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen as dom } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvent } from '../../engine/compile-flow';
import { paymentErrorReasons } from '../../engine/payment-error';
import type { ScreenResults } from '../results-by-kind';
import { astrologyFlow, renderWithProviders, screenOf, screenResults } from '../test-utils';
import { PaymentErrorScreen } from './payment-error-screen';

afterEach(cleanup);

// The product flow's /payment-error: its texts are the ones under test.
const screen = screenOf(astrologyFlow(), 'payment-error', 'payment-error');
const { reasons } = screen;

function show(paymentError: ScreenResults['paymentError']) {
  const send = vi.fn<(event: FunnelEvent) => void>();
  renderWithProviders(<PaymentErrorScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={screenResults({ paymentError })} />);
  return send;
}

const buttons = () => dom.queryAllByRole('button').map((b) => b.textContent);

describe('payment error screen (/payment-error)', () => {
  it('says nothing of why, and offers no action, until the reason is known', () => {
    show({});
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(reasons.checking.title);
    expect(buttons()).toEqual([]);
  });

  it('has a text of its own for each reason: declined, already purchased, cancelled, unknown', () => {
    const titles = new Set<string>();
    for (const reason of paymentErrorReasons) {
      show({ readPaymentError: { outcome: reason, secondaryTo: 'sale' } });
      expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(reasons[reason].title);
      for (const text of reasons[reason].body ?? []) expect(dom.getByText(text)).toBeTruthy();
      titles.add(reasons[reason].title);
      cleanup();
    }
    expect(titles.size).toBe(paymentErrorReasons.length);
  });

  it('shows a failed reason effect as unknown', () => {
    show({ readPaymentError: { outcome: 'failed' } });
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(reasons.unknown.title);
    expect(buttons()).toEqual([screen.primary.label]);
  });

  it('tries again as its one primary action, and names the secondary one for where it leads', async () => {
    const send = show({ readPaymentError: { outcome: 'declined', secondaryTo: 'sale' } });
    expect(buttons()).toEqual(['Try again', 'See the discounted prices']);
    const user = userEvent.setup();
    await user.click(dom.getByRole('button', { name: 'Try again' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', value: 'try_again' });
    await user.click(dom.getByRole('button', { name: 'See the discounted prices' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', value: 'continue' });
  });

  it('names the secondary action "Back to the prices" when it leads to the prices (discounts off)', () => {
    show({ readPaymentError: { outcome: 'declined', secondaryTo: 'select-price' } });
    expect(buttons()).toEqual(['Try again', 'Back to the prices']);
  });

  it('looks like a result, not a quiz answer: buttons, no options to pick', () => {
    show({ readPaymentError: { outcome: 'declined', secondaryTo: 'sale' } });
    expect(dom.queryAllByRole('radio')).toEqual([]);
    expect(dom.queryAllByRole('listitem')).toEqual([]);
  });
});

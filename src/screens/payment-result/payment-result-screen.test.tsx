// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen as dom } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvent } from '../../engine/compile-flow';
import { paymentStatuses, paymentStatusOf } from '../../engine/payment-status';
import type { ScreenResults } from '../results-by-kind';
import { astrologyFlow, renderWithProviders, screenOf, screenResults } from '../test-utils';
import { PaymentResultScreen } from './payment-result-screen';

afterEach(cleanup);

// The product flow's /payment-success: its texts are the ones under test.
const screen = screenOf(astrologyFlow(), 'payment-success', 'payment-result');
const { states } = screen;

function show(results: Partial<ScreenResults>) {
  const send = vi.fn<(event: FunnelEvent) => void>();
  const view = renderWithProviders(<PaymentResultScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={screenResults(results)} />);
  const rerender = (next: Partial<ScreenResults>) =>
    view.rerender(<PaymentResultScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={screenResults(next)} />);
  return { send, rerender };
}

/** Every text of one status, as the page should show them. */
const textsOf = (name: keyof typeof states) => {
  const texts = states[name];
  return [texts.eyebrow, texts.title, ...(texts.body ?? []), texts.cta].filter((t): t is string => t !== undefined);
};

describe('payment result screen (/payment-success)', () => {
  it('shows only the neutral checking texts while checkPayment has not answered, and its button does not lead on', async () => {
    const { send } = show({ plans: { loadPlans: { maxpay: [], paypal: [] } } });
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(states.checking.title);
    for (const text of textsOf('checking')) expect(document.body.textContent).toContain(text);
    expect(document.body.textContent).not.toContain('Payment received');
    expect(document.body.textContent).not.toContain(states.paid.title);
    for (const name of paymentStatuses) {
      for (const text of textsOf(name).filter((t) => !textsOf('checking').includes(t))) expect(document.body.textContent).not.toContain(text);
    }
    const button = dom.getByRole('button', { name: states.checking.cta! });
    expect(button.hasAttribute('disabled')).toBe(true);
    await userEvent.setup().click(button);
    fireEvent.click(button);
    expect(send).not.toHaveBeenCalled();
    expect(dom.getAllByRole('button')).toHaveLength(1);
  });

  it.each(paymentStatuses)('shows the %s texts once checkPayment says so, and its button leads on', async (name) => {
    const { send } = show({ paymentStatus: { checkPayment: { outcome: name } } });
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(states[name].title);
    for (const text of textsOf(name)) expect(document.body.textContent).toContain(text);
    expect(document.body.textContent).not.toContain(states.checking.title);
    expect(document.body.textContent?.includes('Payment received')).toBe(name === 'paid');
    await userEvent.setup().click(dom.getByRole('button', { name: states[name].cta! }));
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'NEXT' });
  });

  it('says the payment cannot be confirmed, never that it was received, for a failed check or an outcome it does not know', () => {
    show({ paymentStatus: { checkPayment: { outcome: 'failed' } } });
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(states.unknown.title);
    expect(document.body.textContent).not.toContain('Payment received');
    // A status effect's output is typed (a PaymentStatus); an outcome outside it still reads as unknown.
    for (const outcome of ['failed', 'PAID', '']) expect(paymentStatusOf({ outcome })).toBe('unknown');
  });

  it('replaces the checking texts with the answer when it arrives', () => {
    const { rerender } = show({});
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(states.checking.title);
    rerender({ paymentStatus: { checkPayment: { outcome: 'declined' } } });
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(states.declined.title);
    expect(dom.getByRole('button', { name: states.declined.cta! }).hasAttribute('disabled')).toBe(false);
  });

  it('says in the product flow what each status means', () => {
    expect(states.paid).toMatchObject({ eyebrow: 'Payment received', title: 'Welcome to Astrelle', cta: 'Continue' });
    expect(states.pending.title).toBe('We have not received this payment yet');
    expect([states.declined.title, ...(states.declined.body ?? [])].join(' ')).toContain('Nothing was charged');
    expect(states.unknown.title).toBe('We cannot confirm this payment');
    expect(states.unknown.body?.join(' ')).toContain('charged twice');
    for (const name of ['pending', 'declined', 'unknown'] as const) expect(states[name].cta).toBe('Back to plans');
  });
});

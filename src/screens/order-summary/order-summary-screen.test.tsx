// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen as dom, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvent } from '../../engine/compile-flow';
import type { OrderSummaryScreen as OrderSummaryScreenData } from '../../engine/generated/flow-types';
import type { OutputKinds } from '../results-by-kind';
import { renderWithProviders, screenResults } from '../test-utils';
import { OrderSummaryScreen } from './order-summary-screen';

afterEach(cleanup);

const screen: OrderSummaryScreenData = {
  id: 'signup-offer-success',
  route: '/signup-offer-success',
  kind: 'order-summary',
  group: 'offer',
  eyebrow: 'All set',
  title: 'Thank you for joining Astrelle',
  effects: ['orderReports', 'loadOrderSummary'],
  summaryFrom: 'loadOrderSummary',
  loading: 'Looking up your order…',
  boughtHeading: 'What you bought',
  planLabel: 'Your Astrelle subscription',
  totalLabel: 'Total charged',
  deliveryHeading: 'Where it arrives',
  delivery: 'Your reports and receipts go to {maskedEmail}.',
  deliveryUnknown: 'Your reports and receipts go to the email address you gave us.',
  nextHeading: 'What happens next',
  steps: ['We are writing your reports now.', 'Your plan renews as stated above unless you cancel.', 'To cancel, email support@astrelle.app.'],
  wayOn: { label: 'Back to the start', to: 'welcome' },
  messages: { unavailable: 'We could not look up your order just now.' },
  end: true,
};

const bought: OutputKinds['orderSummary'] = {
  outcome: 'ready',
  maskedEmail: 'a•••@example.com',
  lines: [
    { kind: 'plan', productId: 'mxp_astrelle_trial_1_2900_live', name: '14-day trial, then $29.00 a month', charged: 1 },
    { kind: 'offer', offerId: 'ultra_pack', name: 'Ultra pack: every reading', description: 'Your birth chart reading and Love paths, plus more.', charged: 49.99 },
  ],
};

function show(loadOrderSummary?: OutputKinds['orderSummary']) {
  const send = vi.fn<(event: FunnelEvent) => void>();
  const results = screenResults({ orderSummary: loadOrderSummary ? { loadOrderSummary } : {} });
  renderWithProviders(<OrderSummaryScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={results} />);
  return send;
}

const section = (name: string) => dom.getByRole('region', { name });

describe('order summary screen (/signup-offer-success)', () => {
  it('lists what was bought with what each charged and the total, where it arrives (masked email) and what happens next', () => {
    show(bought);
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for joining Astrelle');
    const items = within(section('What you bought')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Your Astrelle subscription14-day trial, then $29.00 a month$1.00',
      'Ultra pack: every readingYour birth chart reading and Love paths, plus more.$49.99',
    ]);
    expect(section('What you bought').textContent).toContain('Total charged$50.99');
    expect(section('Where it arrives').textContent).toContain('Your reports and receipts go to a•••@example.com.');
    expect(within(section('What happens next')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(screen.steps);
    // The support address is a link to write to; the visitor's own, masked, is not.
    expect(within(section('What happens next')).getByRole('link', { name: 'support@astrelle.app' }).getAttribute('href')).toBe('mailto:support@astrelle.app');
    expect(within(section('Where it arrives')).queryByRole('link')).toBeNull();
  });

  it('leads on to the screen of `wayOn`', async () => {
    const send = show(bought);
    await userEvent.setup().click(dom.getByRole('button', { name: 'Back to the start' }));
    expect(send).toHaveBeenCalledWith({ type: 'NAVIGATE', screen: 'welcome' });
  });

  it('says it is looking while the summary has not come, and claims no purchase', () => {
    show();
    expect(dom.getByRole('status').textContent).toBe('Looking up your order…');
    expect(section('What you bought').querySelectorAll('li')).toHaveLength(0);
    expect(section('Where it arrives').textContent).toContain('the email address you gave us');
  });

  it('says so when the order cannot be looked up, and names no address', () => {
    show({ outcome: 'failed' });
    expect(dom.getByRole('alert').textContent).toBe('We could not look up your order just now.');
    expect(section('Where it arrives').textContent).toContain('the email address you gave us');
    // No address of the visitor's (the support address in the steps is ours).
    expect(document.body.textContent?.replaceAll('support@astrelle.app', '')).not.toContain('@');
  });

  it('renders the products\' names as text, never as HTML', () => {
    show({ outcome: 'ready', maskedEmail: null, lines: [{ kind: 'offer', offerId: 'birth_chart', name: '<img src=x onerror=alert(1)>', description: '', charged: 19.99 }] });
    expect(document.querySelector('img')).toBeNull();
    expect(section('What you bought').textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen as dom } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvent } from '../../engine/compile-flow';
import type { OffersScreen as OffersScreenData } from '../../engine/generated/flow-types';
import type { Offer } from '../../shared/contract/subscription';
import type { OutputKinds } from '../effect-outputs';
import { renderWithProviders, screenResults } from '../test-utils';
import { OffersScreen } from './offers-screen';

afterEach(cleanup);

const screen: OffersScreenData = {
  id: 'signup-offer',
  route: '/signup-offer',
  kind: 'offers',
  group: 'offer',
  answerKey: '6-1',
  title: 'Add to your reading',
  offersFrom: 'loadOffers',
  submit: 'purchaseOffers',
  cta: 'Add to my order',
  busy: 'Adding…',
  skip: 'No thanks',
  boughtLabel: 'Yours',
  messages: { unavailable: 'Not available right now.', failed: 'We could not add this to your order.' },
  end: true,
};

function offer(id: Offer['id'], price: number, prevPrice: number, percentOff: number, name: string): Offer {
  return {
    id, productId: `mxp_astrelle_${id}_live`, name, price, prevPrice, percentOff, currency: 'USD', provider: 'maxpay', type: 'FIXED',
    amplitudeId: id, isTest: false, paymentPage: '/subs/checkout/sessions', reports: [id],
  };
}

// The spec's extra offers (§3).
const offers = [
  offer('birth_chart', 19.99, 34.99, 45, 'Your birth chart reading'),
  offer('love_paths', 24.99, 59.99, 58, 'Love paths: your compatibility guide'),
  offer('ultra_pack', 49.99, 129.99, 61, 'Ultra pack: every reading'),
];

/** Renders the screen with loadOffers's result and, after an attempt, purchaseOffers's. */
function show({ loadOffers, purchaseOffers }: { loadOffers: OutputKinds['offers']; purchaseOffers?: OutputKinds['purchase'] }, busy = false) {
  const send = vi.fn<(event: FunnelEvent) => void>();
  const results = screenResults({ offers: { loadOffers }, purchase: purchaseOffers ? { purchaseOffers } : {} });
  renderWithProviders(<OffersScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={results} busy={busy} />);
  return send;
}

describe('offers screen', () => {
  it('shows each offer with its price, previous price and discount, as text', () => {
    show({ loadOffers: { outcome: 'ready', offers, bought: [] } });
    const box = dom.getByRole('checkbox', { name: /Your birth chart reading/ });
    const card = box.closest('label')!;
    expect(card.textContent).toContain('$19.99');
    expect(card.textContent).toContain('$34.99');
    expect(card.textContent).toContain('45% off');
    const ultra = dom.getByRole('checkbox', { name: /Ultra pack/ }).closest('label')!.textContent;
    for (const text of ['$49.99', '$129.99', '61% off']) expect(ultra).toContain(text);
    expect(dom.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('buys the chosen offers in one answer, and the buy button waits for a choice', async () => {
    const send = show({ loadOffers: { outcome: 'ready', offers, bought: [] } });
    const user = userEvent.setup();
    expect(dom.getByRole('button', { name: 'Add to my order' }).hasAttribute('disabled')).toBe(true);
    await user.click(dom.getByRole('checkbox', { name: /Ultra pack/ }));
    await user.click(dom.getByRole('checkbox', { name: /birth chart/ }));
    await user.click(dom.getByRole('button', { name: 'Add to my order' }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: ['ultra_pack', 'birth_chart'] });
  });

  it('goes on without buying from the skip button', async () => {
    const send = show({ loadOffers: { outcome: 'ready', offers, bought: [] } });
    await userEvent.setup().click(dom.getByRole('button', { name: 'No thanks' }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: [] });
  });

  it('shows owned offers as owned and never sends them again', async () => {
    const send = show({ loadOffers: { outcome: 'ready', offers, bought: ['birth_chart'] }, purchaseOffers: { outcome: 'failed', bought: ['love_paths'] } });
    const owned = dom.getByRole('checkbox', { name: /birth chart/ });
    expect(owned.hasAttribute('disabled')).toBe(true);
    expect(owned.closest('label')!.textContent).toContain('Yours');
    expect(dom.getByRole('checkbox', { name: /Love paths/ }).hasAttribute('disabled')).toBe(true);
    // The last attempt failed: the visitor is told, and may try the rest again.
    expect(dom.getByRole('alert').textContent).toBe('We could not add this to your order.');
    const user = userEvent.setup();
    await user.click(dom.getByRole('checkbox', { name: /Ultra pack/ }));
    await user.click(dom.getByRole('button', { name: 'Add to my order' }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: ['ultra_pack'] });
  });

  it('says so when no offers could be loaded, and still lets the visitor go on', async () => {
    const send = show({ loadOffers: { outcome: 'failed' } });
    expect(dom.getByRole('alert').textContent).toBe('Not available right now.');
    await userEvent.setup().click(dom.getByRole('button', { name: 'No thanks' }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: [] });
  });

  it('shows the busy text and takes no second click while buying', () => {
    show({ loadOffers: { outcome: 'ready', offers, bought: [] } }, true);
    const buy = dom.getByRole('button', { name: 'Adding…' });
    expect(buy.hasAttribute('disabled')).toBe(true);
    expect(dom.getByRole('button', { name: 'No thanks' }).hasAttribute('disabled')).toBe(true);
  });

  it('renders offer names as text, never as HTML', () => {
    show({ loadOffers: { outcome: 'ready', offers: [offer('birth_chart', 19.99, 34.99, 45, '<img src=x onerror=alert(1)>')], bought: [] } });
    expect(document.querySelector('img')).toBeNull();
    expect(dom.getByRole('checkbox', { name: /<img src=x/ })).toBeTruthy();
  });
});

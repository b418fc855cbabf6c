// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen as dom } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvent } from '../../engine/compile-flow';
import type { OffersScreen as OffersScreenData } from '../../engine/generated/flow-types';
import type { Offer, OfferId, StoredPaymentMethod } from '../../shared/contract/subscription';
import type { OutputKinds } from '../results-by-kind';
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
  cta: 'Pay {total}',
  payWith: { card: 'Pay {total} with card •••• {last4}', paypal: 'Pay {total} with PayPal' },
  chooseFirst: 'Choose a reading to add',
  busy: 'Paying…',
  skip: 'No thanks',
  boughtLabel: 'Yours',
  includedLabel: 'Included in the Ultra pack',
  creditNote: 'Price lowered by the readings in it you already own.',
  messages: { unavailable: 'Not available right now.', failed: 'We could not complete this payment.' },
  end: true,
};

function offer(id: Offer['id'], price: number, prevPrice: number, percentOff: number, name: string, includes: Offer['includes'] = []): Offer {
  return {
    id, productId: `mxp_astrelle_${id}_live`, name, price, prevPrice, percentOff, currency: 'USD', provider: 'maxpay', type: 'FIXED',
    amplitudeId: id, isTest: false, paymentPage: '/subs/checkout/sessions', reports: [id], includes, description: `What ${id} contains.`,
  };
}

// The catalogue's extra offers; the ultra pack contains the other two (server/subs/catalogue.ts).
const offers = [
  offer('birth_chart', 19.99, 34.99, 45, 'Your birth chart reading'),
  offer('love_paths', 24.99, 59.99, 58, 'Love paths: your compatibility guide'),
  offer('ultra_pack', 49.99, 129.99, 61, 'Ultra pack: every reading', ['birth_chart', 'love_paths']),
];
const card: StoredPaymentMethod = { provider: 'maxpay', type: 'card', last4: '4242' };
const ready = (bought: OfferId[] = [], paymentMethod: StoredPaymentMethod | null = card): OutputKinds['offers'] => ({ outcome: 'ready', offers, bought, paymentMethod });

/** Renders the screen with loadOffers's result and, after an attempt, purchaseOffers's. */
function show({ loadOffers, purchaseOffers }: { loadOffers: OutputKinds['offers']; purchaseOffers?: OutputKinds['purchase'] }, busy = false) {
  const send = vi.fn<(event: FunnelEvent) => void>();
  const results = screenResults({ offers: { loadOffers }, purchase: purchaseOffers ? { purchaseOffers } : {} });
  renderWithProviders(<OffersScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={results} busy={busy} />);
  return send;
}

const box = (name: RegExp) => dom.getByRole('checkbox', { name });
const isLocked = (name: RegExp) => box(name).hasAttribute('disabled');
const isTicked = (name: RegExp) => (box(name) as HTMLInputElement).checked;

describe('offers screen', () => {
  it('shows its buttons with the offers, not while they load: "No thanks" never moves down under a tap as the cards arrive', () => {
    const send = vi.fn<(event: FunnelEvent) => void>();
    const loading = screenResults({ offers: {}, purchase: {} });
    const { rerender } = renderWithProviders(<OffersScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={loading} busy={false} />);
    expect(dom.getByRole('status').textContent).toBe('…');
    expect(dom.queryByRole('button', { name: screen.skip })).toBeNull();
    const loaded = screenResults({ offers: { loadOffers: ready() }, purchase: {} });
    rerender(<OffersScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} results={loaded} busy={false} />);
    const skip = dom.getByRole('button', { name: screen.skip });
    // Below every card.
    for (const box of dom.getAllByRole('checkbox')) expect(box.compareDocumentPosition(skip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows each offer with its price and what it contains, as text, and no "was" price or discount nobody ever paid', () => {
    show({ loadOffers: ready() });
    const card = box(/Your birth chart reading/).closest('label')!;
    expect(card.textContent).toContain('$19.99');
    expect(card.textContent).toContain('What birth_chart contains.');
    const ultra = box(/^Ultra pack/).closest('label')!.textContent;
    expect(ultra).toContain('$49.99');
    // The catalogue's prevPrice and percentOff are a reference price no one was charged: not a claim to make.
    for (const text of ['$34.99', '45% off', '$129.99', '61% off']) expect(document.body.textContent).not.toContain(text);
    expect(document.querySelectorAll('s')).toHaveLength(0);
    expect(dom.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('covers the offers in the ultra pack once it is ticked: shown as included, not tickable, not charged; unticking frees them', async () => {
    const send = show({ loadOffers: ready() });
    const user = userEvent.setup();
    await user.click(box(/birth chart/));
    expect(dom.getByRole('button', { name: 'Pay $19.99 with card •••• 4242' })).toBeTruthy();
    await user.click(box(/^Ultra pack/));
    for (const part of [/birth chart/, /Love paths/]) {
      expect(isTicked(part)).toBe(true);
      expect(isLocked(part)).toBe(true);
      expect(box(part).closest('label')!.textContent).toContain('Included in the Ultra pack');
    }
    // The pack alone is charged: the birth chart ticked before is not bought on its own.
    await user.click(dom.getByRole('button', { name: 'Pay $49.99 with card •••• 4242' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', value: ['ultra_pack'] });

    await user.click(box(/^Ultra pack/));
    expect(isTicked(/birth chart/)).toBe(false);
    expect(isLocked(/birth chart/)).toBe(false);
    expect(isLocked(/Love paths/)).toBe(false);
    expect(dom.getByRole('button', { name: 'Choose a reading to add' }).hasAttribute('disabled')).toBe(true);
  });

  it('charges the sum of the single offers chosen, naming the stored card, and waits for a choice', async () => {
    const send = show({ loadOffers: ready() });
    const user = userEvent.setup();
    // Nothing chosen: no total of nothing, but what to do, and the button waits.
    expect(dom.getByRole('button', { name: 'Choose a reading to add' }).hasAttribute('disabled')).toBe(true);
    expect(dom.queryByRole('button', { name: /^Pay / })).toBeNull();
    await user.click(box(/Love paths/));
    await user.click(box(/birth chart/));
    await user.click(dom.getByRole('button', { name: 'Pay $44.98 with card •••• 4242' }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: ['birth_chart', 'love_paths'] });
  });

  it('names PayPal when the stored method is PayPal, and only the total when the server named none', async () => {
    show({ loadOffers: ready([], { provider: 'paypal', type: 'paypal' }) });
    await userEvent.setup().click(box(/birth chart/));
    expect(dom.getByRole('button', { name: 'Pay $19.99 with PayPal' })).toBeTruthy();
    cleanup();
    show({ loadOffers: ready([], null) });
    await userEvent.setup().click(box(/birth chart/));
    expect(dom.getByRole('button', { name: 'Pay $19.99' })).toBeTruthy();
  });

  it('prices the ultra pack less an offer in it the visitor owns, and says why', async () => {
    const send = show({ loadOffers: ready(['birth_chart']) });
    expect(isLocked(/birth chart/)).toBe(true);
    expect(box(/birth chart/).closest('label')!.textContent).toContain('Yours');
    const ultra = box(/^Ultra pack/).closest('label')!;
    expect(ultra.querySelector('strong')!.textContent).toBe('$30.00');
    expect(ultra.textContent).toContain('Price lowered by the readings in it you already own.');
    const user = userEvent.setup();
    await user.click(box(/^Ultra pack/));
    expect(box(/Love paths/).closest('label')!.textContent).toContain('Included in the Ultra pack');
    await user.click(dom.getByRole('button', { name: 'Pay $30.00 with card •••• 4242' }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: ['ultra_pack'] });
  });

  it('shows everything in an owned ultra pack as the visitor\'s: nothing left to buy', () => {
    show({ loadOffers: ready(['ultra_pack']) });
    for (const name of [/birth chart/, /Love paths/, /^Ultra pack/]) {
      expect(isLocked(name)).toBe(true);
      expect(box(name).closest('label')!.textContent).toContain('Yours');
    }
    expect(dom.getByRole('button', { name: 'Choose a reading to add' }).hasAttribute('disabled')).toBe(true);
  });

  it('goes on without buying from the skip button', async () => {
    const send = show({ loadOffers: ready() });
    await userEvent.setup().click(dom.getByRole('button', { name: 'No thanks' }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: [] });
  });

  it('shows owned offers as owned after a partly failed attempt and never sends them again', async () => {
    const send = show({ loadOffers: ready(['birth_chart']), purchaseOffers: { outcome: 'failed', bought: ['love_paths'] } });
    expect(isLocked(/birth chart/)).toBe(true);
    expect(isLocked(/Love paths/)).toBe(true);
    // The last attempt failed: the visitor is told, and may try the rest again (the pack, less what they own).
    expect(dom.getByRole('alert').textContent).toBe('We could not complete this payment.');
    const user = userEvent.setup();
    await user.click(box(/^Ultra pack/));
    await user.click(dom.getByRole('button', { name: 'Pay $5.01 with card •••• 4242' }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: ['ultra_pack'] });
  });

  it('says so when no offers could be loaded, and still lets the visitor go on', async () => {
    const send = show({ loadOffers: { outcome: 'failed' } });
    expect(dom.getByRole('alert').textContent).toBe('Not available right now.');
    await userEvent.setup().click(dom.getByRole('button', { name: 'No thanks' }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: [] });
  });

  it('shows the busy text and takes no second click while buying', () => {
    show({ loadOffers: ready() }, true);
    const buy = dom.getByRole('button', { name: 'Paying…' });
    expect(buy.hasAttribute('disabled')).toBe(true);
    expect(dom.getByRole('button', { name: 'No thanks' }).hasAttribute('disabled')).toBe(true);
  });

  it('renders offer names as text, never as HTML', () => {
    show({ loadOffers: { outcome: 'ready', offers: [offer('birth_chart', 19.99, 34.99, 45, '<img src=x onerror=alert(1)>')], bought: [], paymentMethod: card } });
    expect(document.querySelector('img')).toBeNull();
    expect(dom.getByRole('checkbox', { name: /<img src=x/ })).toBeTruthy();
  });
});

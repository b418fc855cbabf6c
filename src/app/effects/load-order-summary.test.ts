import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import type { EffectInput } from '../../engine/compile-flow';
import { maskEmail } from '../../shared/mask-email';
import type { Offer } from '../../shared/contract/subscription';
import { loadOrderSummary, type LoadOrderSummaryResult, type LoadOrderSummaryServices } from './load-order-summary';
import { apiClients, asVisitor, catalogue, effectInput, landedVisitor, newOrderId, subscriber, type Visitor } from './effect-test-support';

// The effect against the real reference server (SQLite), over HTTP, in the visitor's browser (their credential
// cookie goes with every call: what they bought is theirs to see, nobody else's).
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());

const screen = { id: 'signup-offer-success', route: '/signup-offer-success', kind: 'welcome', group: 'offer', title: 'Done', cta: 'Go' } as unknown as EffectInput['screen'];

function services(visitor: Visitor, over: Partial<LoadOrderSummaryServices> = {}, url = base): LoadOrderSummaryServices {
  return { subscriptions: apiClients(visitor, url()).subscriptions, project: 'astrelle', testOffers: false, visitorEmail: async () => null, ...over };
}

async function run(visitor: Visitor, email: string | null, over: Partial<LoadOrderSummaryServices> = {}, url?: () => string): Promise<LoadOrderSummaryResult> {
  const input = effectInput({ screen, answers: {}, email, results: {} });
  return toPromise(createActor(loadOrderSummary(services(visitor, over, url)), { input }).start());
}

const offer = async (id: Offer['id']) => (await catalogue(base(), 'maxpay')).find((p): p is Offer => p.type === 'FIXED' && p.id === id)!;
const buy = async (visitor: Visitor, id: Offer['id']) => {
  const response = await asVisitor(base(), visitor, 'POST', '/subs/purchases', {
    project: 'astrelle', provider: 'maxpay', productId: (await offer(id)).productId, email: visitor.email, usid: visitor.usid, orderId: newOrderId(),
  });
  expect(response.status).toBe(201);
};

describe('the order summary', () => {
  it('lists the subscription (its name states trial and renewal) and each offer with what it charged, and the email masked', async () => {
    const visitor = await subscriber(base(), 'maxpay');
    await buy(visitor, 'birth_chart');
    await buy(visitor, 'ultra_pack');
    const result = await run(visitor, visitor.email);
    expect(result).toEqual({
      outcome: 'ready',
      maskedEmail: maskEmail(visitor.email),
      lines: [
        { kind: 'plan', productId: visitor.plan.productId, name: '14-day trial, then $29.00 a month', charged: 1 },
        { kind: 'offer', offerId: 'birth_chart', name: 'Your birth chart reading', description: (await offer('birth_chart')).description, charged: 19.99 },
        // The pack, less the birth chart the visitor owned.
        { kind: 'offer', offerId: 'ultra_pack', name: 'Ultra pack: every reading', description: (await offer('ultra_pack')).description, charged: 30 },
      ],
    });
    expect(JSON.stringify(result)).not.toContain(visitor.email);
    expect(errors).not.toHaveBeenCalled();
  });

  it('uses the email the server linked to the session when the machine has none (after the payment return)', async () => {
    const visitor = await subscriber(base(), 'paypal');
    const visitorEmail = vi.fn(async () => visitor.email);
    expect(await run(visitor, null, { visitorEmail })).toMatchObject({ outcome: 'ready', maskedEmail: maskEmail(visitor.email), lines: [{ kind: 'plan', charged: 1 }] });
  });

  it('shows another visitor nothing of the subscriber\'s order, even with their email', async () => {
    const owner = await subscriber(base(), 'maxpay');
    await buy(owner, 'love_paths');
    expect(await run(await landedVisitor(base()), owner.email)).toMatchObject({ outcome: 'ready', lines: [] });
  });

  it('fails rather than list part of the order when nobody knows the email or the server cannot be asked', async () => {
    const visitor = await landedVisitor(base());
    expect(await run(visitor, null)).toEqual({ outcome: 'failed' });
    expect(await run(visitor, visitor.email, {}, () => 'http://127.0.0.1:9')).toEqual({ outcome: 'failed' });
  });
});

describe('masking an email', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('ada@example.com')).toBe('a•••@example.com');
    expect(maskEmail(' Zoë.Smith+astro@mail.example.org ')).toBe('Z•••@mail.example.org');
    expect(maskEmail('é@x.example')).toBe('é•••@x.example');
    expect(maskEmail('no-at-sign')).toBe('•••');
  });
});

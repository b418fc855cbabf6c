import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import { apiClients, asVisitor, effectInput, landedVisitor, newVisitor, payThroughCheckout, trialPlan } from './effect-test-support';
import { loadRecentPurchases } from './load-recent-purchases';
import type { EffectInput } from '../../engine/compile-flow';

// The effect against the real reference server (SQLite, no sandbox samples), over HTTP: the "Recently joined" list
// is what was really bought, as the server masks it, and nothing when it cannot be asked.
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());

const screen = { id: 'select-price', route: '/select-price', kind: 'welcome', group: 'results', title: 'Prices', cta: 'Go' } as unknown as EffectInput['screen'];

function run(url: string) {
  const subscriptions = apiClients(newVisitor(), url).subscriptions;
  const input = effectInput({ screen, answers: {}, email: null, results: {} });
  return toPromise(createActor(loadRecentPurchases({ subscriptions, project: 'astrelle' }), { input }).start());
}

describe('loadRecentPurchases', () => {
  it('gives no purchases where nobody bought a plan, rather than made-up ones', async () => {
    expect(await run(base())).toEqual([]);
  });

  it("gives the real plan purchase with the buyer's first name masked, and nothing else about them", async () => {
    const buyer = await landedVisitor(base(), 'joined');
    const astro = await asVisitor(base(), buyer, 'POST', '/astro/api/v2/user/create', {
      username: 'Maya', email: buyer.email, usid: buyer.usid, isLegal: true, gender: 'female', relationship: 'single',
      birthday: { date: '1990-05-17', time: '10:30:00' }, location: { latitude: 51.5, longitude: -0.12 }, locale: 'en', timezone: 'Europe/London',
    });
    expect(astro.status).toBeLessThan(300);
    await payThroughCheckout(base(), buyer, 'maxpay', (await trialPlan(base(), 'maxpay')).productId);
    // The server reuses its answer for 10 s: wait until it has the new purchase.
    await vi.waitFor(async () => expect(await run(base())).toHaveLength(1), { timeout: 15_000, interval: 1000 });
    const [purchase] = await run(base());
    expect(purchase).toEqual({ name: 'M***a', amount: 1, currency: 'USD', createdAt: expect.any(String), sandbox: false });
    expect(JSON.stringify(purchase)).not.toContain(buyer.email);
  });

  it('gives none, logged, when the server cannot be reached', async () => {
    expect(await run('http://127.0.0.1:9')).toEqual([]);
    expect(errors.mock.calls.map((c) => String(c[0]))).toContain('cannot get recent purchases');
  });
});

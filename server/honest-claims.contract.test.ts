import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AstroUserPayload } from '../src/shared/contract/astro';
import type { Checkout, Plan, Product, RecentPurchase, Session } from '../src/shared/contract/subscription';
import { SEEN_SCREENS_MAX } from '../src/shared/contract/subscription';
import { buildServer } from './app';
import type { Store } from './db/open';
import { maskFirstName, seedSandboxPurchases } from './subs/recent-purchases';
import { describeOnEachDatabase, TEST_PROJECT } from './test-support/databases';
import { newVisitorId, TestBrowser, type Answer } from './test-support/test-browser';

// Two claims the funnel makes, which the subscription server keeps true:
// - a discount page is offered once per visitor: the session remembers the screens offered once that its visitor
//   saw (POST /subs/sessions/{id}/seen), for good, whichever tab or page load asks;
// - "Recently joined" lists real purchases (GET /subs/recent-purchases): the latest paid plans, buyers' first names
//   masked, nothing else about them; a sandbox server adds its seeded samples, marked as such, and no other does.

const uniq = () => randomUUID().replace(/-/g, '').slice(0, 12);
const LIMITS = { lookups: 100000, sessions: 100000, checkouts: 100000, ipLookups: 100000, analytics: 100000, editor: 100000 };

function expectError(answer: Answer, status: number, field?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  if (field !== undefined) expect((answer.body as { field?: string }).field).toBe(field);
}

/** A server on `store`, listening until `close`. */
async function serve(store: Store, sandboxPurchases = false): Promise<{ base: () => string; close: () => Promise<void> }> {
  const app: FastifyInstance = await buildServer({ store, rateLimits: LIMITS, sandboxPurchases });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { base: () => base, close: () => app.close() };
}

describe('maskFirstName', () => {
  it('keeps the first and last letter of the first name, three stars whatever its length', () => {
    expect(maskFirstName('Maya')).toBe('M***a');
    expect(maskFirstName('maya lee')).toBe('M***a');
    expect(maskFirstName('Christopher')).toBe('C***r');
    expect(maskFirstName('Jo')).toBe('J***o');
    expect(maskFirstName('  Émile ')).toBe('É***e');
    expect(maskFirstName('É')).toBe('É***');
  });

  it('gives no name for one that does not start with a letter, rather than making one up', () => {
    expect(maskFirstName('')).toBeNull();
    expect(maskFirstName('   ')).toBeNull();
    expect(maskFirstName('42')).toBeNull();
    expect(maskFirstName('@maya')).toBeNull();
  });
});

describeOnEachDatabase('screens offered once and recent purchases', ({ store }) => {
  let server: { base: () => string; close: () => Promise<void> };
  beforeAll(async () => {
    server = await serve(store());
  });
  afterAll(async () => {
    await server?.close();
  });

  async function visitor(): Promise<{ browser: TestBrowser; usid: string }> {
    const browser = new TestBrowser(server.base);
    return { browser, usid: await browser.startSession() };
  }

  describe('POST /subs/sessions/{id}/seen', () => {
    it('remembers each screen once, in the order first seen, and every later read of the session has them', async () => {
      const { browser, usid } = await visitor();
      expect((await browser.get<Session>(`/subs/sessions/${usid}`)).body.record.seenScreens).toEqual([]);
      const first = await browser.post<Session>(`/subs/sessions/${usid}/seen`, { screen: 'sale' });
      expect(first.status).toBe(200);
      expect(first.body.record.seenScreens).toEqual(['sale']);
      expect((await browser.post<Session>(`/subs/sessions/${usid}/seen`, { screen: 'sale' })).body.record.seenScreens).toEqual(['sale']);
      expect((await browser.post<Session>(`/subs/sessions/${usid}/seen`, { screen: 'secret-discount' })).body.record.seenScreens).toEqual(['sale', 'secret-discount']);
      // Another page load (the landing's create, a session write) keeps them.
      expect((await browser.post<Session>('/subs/sessions/create', { id: usid })).body.record.seenScreens).toEqual(['sale', 'secret-discount']);
      const write = { id: usid, flowOuter: false, abTestData: {}, gclid: false, testEventCode: null, ipInfo: null };
      expect((await browser.post<Session>(`/subs/sessions/write/${usid}`, write)).body.record.seenScreens).toEqual(['sale', 'secret-discount']);
      expect((await browser.get<Session>(`/subs/sessions/${usid}`)).body.record.seenScreens).toEqual(['sale', 'secret-discount']);
    });

    it('keeps both of two screens remembered at the same moment (two tabs)', async () => {
      const { browser, usid } = await visitor();
      const answers = await Promise.all(['sale', 'secret-discount', 'sale'].map((screen) => browser.post<Session>(`/subs/sessions/${usid}/seen`, { screen })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect([...(await browser.get<Session>(`/subs/sessions/${usid}`)).body.record.seenScreens].sort()).toEqual(['sale', 'secret-discount']);
    });

    it("is the visitor's own: 401 without a credential, 404 for another visitor's session, which stays unchanged", async () => {
      const { browser, usid } = await visitor();
      const other = await visitor();
      expectError(await new TestBrowser(server.base).post(`/subs/sessions/${usid}/seen`, { screen: 'sale' }), 401);
      expectError(await other.browser.post(`/subs/sessions/${usid}/seen`, { screen: 'sale' }), 404);
      expectError(await browser.post(`/subs/sessions/${newVisitorId()}/seen`, { screen: 'sale' }), 404);
      expect((await browser.get<Session>(`/subs/sessions/${usid}`)).body.record.seenScreens).toEqual([]);
    });

    it('refuses what is not a screen id with a 400 naming the field', async () => {
      const { browser, usid } = await visitor();
      expectError(await browser.post(`/subs/sessions/${usid}/seen`, {}), 400, 'screen');
      expectError(await browser.post(`/subs/sessions/${usid}/seen`, { screen: 'Sale!' }), 400, 'screen');
      expectError(await browser.post(`/subs/sessions/${usid}/seen`, { screen: 'x'.repeat(65) }), 400, 'screen');
      expectError(await browser.post(`/subs/sessions/${usid}/seen`, { screen: 7 }), 400, 'screen');
      expectError(await browser.post(`/subs/sessions/${usid}/seen`, { screen: 'sale', email: 'maya@example.com' }), 400, 'email');
      expect((await browser.get<Session>(`/subs/sessions/${usid}`)).body.record.seenScreens).toEqual([]);
    });

    it(`remembers at most ${SEEN_SCREENS_MAX} screens: a 409 on "screen" after that`, async () => {
      const { browser, usid } = await visitor();
      for (let i = 0; i < SEEN_SCREENS_MAX; i += 1) expect((await browser.post(`/subs/sessions/${usid}/seen`, { screen: `offer-${i}` })).status).toBe(200);
      expectError(await browser.post(`/subs/sessions/${usid}/seen`, { screen: 'one-more' }), 409, 'screen');
      expect((await browser.post(`/subs/sessions/${usid}/seen`, { screen: 'offer-3' })).status).toBe(200);
    });
  });

  describe('GET /subs/recent-purchases', () => {
    let trialProductId = '';
    let offerProductId = '';
    beforeAll(async () => {
      const live = (await new TestBrowser(server.base).get<Product[]>(`/subs/subscription-plans?project=${TEST_PROJECT}&provider=maxpay&countryCode=US&isTest=false`)).body;
      trialProductId = live.find((p): p is Plan => p.type === 'TRIAL' && p.packageId === '1' && p.abTestId === null)!.productId;
      offerProductId = live.find((p) => p.type === 'FIXED')!.productId;
    });

    /** A visitor who gave their reading `name` and paid for `productId` with the test card; returns the email. */
    async function buyer(name: string, productId: string, options: { preview?: boolean } = {}): Promise<string> {
      return (await buyerIn(name, productId, options)).email;
    }

    /** The same, returning the buyer's browser and session id as well. */
    async function buyerIn(name: string, productId: string, { preview = false } = {}) {
      const { browser, usid } = await visitor();
      // As a preview link's session is recorded (server/flow-pages.contract.test.ts opens one).
      if (preview) await store().write((trx) => trx.updateTable('sessions').set({ preview: true }).where('id', '=', usid).execute());
      const email = `buyer.${uniq()}@example.com`;
      const astro: AstroUserPayload = {
        username: name,
        email,
        usid,
        isLegal: true,
        gender: 'female',
        relationship: 'single',
        birthday: { date: '1990-07-14', time: '06:30:00' },
        location: { latitude: 40.7127753, longitude: -74.0059728 },
        locale: 'en',
        timezone: 'America/New_York',
      };
      expect((await browser.post('/astro/api/v2/user/create', astro)).status).toBeLessThan(300);
      const opened = await browser.post<Checkout>('/subs/checkout/sessions', {
        project: TEST_PROJECT,
        provider: 'maxpay',
        productId,
        email,
        usid,
        orderId: `ord_${uniq()}`,
        successUrl: `/payment-success?usid=${usid}`,
        errorUrl: `/payment-error?usid=${usid}`,
        cancelUrl: `/sale?usid=${usid}`,
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      const form = new URLSearchParams({ cardName: `${name} Lovelace`, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString();
      const paid = await browser.post(`/subs/checkout/${opened.body.id}/pay`, form, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(paid.status).toBe(303);
      expect(new URL(paid.headers.get('location')!, server.base()).pathname).toBe('/payment-success');
      return { email, browser, usid };
    }

    it('lists real plan purchases, newest first, with masked first names and nothing else about the buyers', async () => {
      // A server of its own: the list is cached for a few seconds.
      const empty = await serve(store());
      try {
        expect((await new TestBrowser(empty.base).get<RecentPurchase[]>(`/subs/recent-purchases?project=${TEST_PROJECT}`)).body).toEqual([]);
      } finally {
        await empty.close();
      }
      const emails = [await buyer('Olivia', trialProductId), await buyer('  ', trialProductId), await buyer('maya', trialProductId)];
      const fresh = await serve(store());
      try {
        const answer = await new TestBrowser(fresh.base).get<RecentPurchase[]>(`/subs/recent-purchases?project=${TEST_PROJECT}`);
        expect(answer.status).toBe(200);
        // The buyer without a usable name is left out; the offer bought elsewhere in this file is no plan.
        expect(answer.body.map(({ name, amount, currency, sandbox }) => ({ name, amount, currency, sandbox }))).toEqual([
          { name: 'M***a', amount: 1, currency: 'USD', sandbox: false },
          { name: 'O***a', amount: 1, currency: 'USD', sandbox: false },
        ]);
        const text = JSON.stringify(answer.body);
        for (const email of emails) expect(text).not.toContain(email);
        expect(text).not.toMatch(/@|Olivia|maya|Lovelace/i);
        expect(Object.keys(answer.body[0]!).sort()).toEqual(['amount', 'createdAt', 'currency', 'name', 'sandbox']);
      } finally {
        await fresh.close();
      }
    });

    it('leaves out a payment made in an editor\'s preview: its checkout and charge carry the preview mark', async () => {
      const previewer = await buyerIn('Petra', trialProductId, { preview: true });
      const previewed = previewer.email;
      // Then an offer in one click, with the method the preview's checkout stored.
      const offer = await previewer.browser.post('/subs/purchases', {
        project: TEST_PROJECT, provider: 'maxpay', productId: offerProductId, email: previewed, usid: previewer.usid, orderId: `ord_${uniq()}`,
      });
      expect(offer.status, JSON.stringify(offer.body)).toBe(201);
      const real = await buyer('Rhea', trialProductId);
      const marks = async (email: string) => {
        const of = async (table: 'checkouts' | 'charges' | 'purchases') =>
          (await store().db.selectFrom(table).select('preview').where('email', '=', email).orderBy('created_at').execute()).map((r) => Boolean(r.preview));
        return { checkouts: await of('checkouts'), charges: await of('charges'), purchases: await of('purchases') };
      };
      expect(await marks(previewed)).toEqual({ checkouts: [true], charges: [true, true], purchases: [true] });
      expect(await marks(real)).toEqual({ checkouts: [false], charges: [false], purchases: [] });
      const fresh = await serve(store());
      try {
        const names = (await new TestBrowser(fresh.base).get<RecentPurchase[]>(`/subs/recent-purchases?project=${TEST_PROJECT}`)).body.map((p) => p.name);
        expect(names).toContain('R***a');
        expect(names).not.toContain('P***a');
      } finally {
        await fresh.close();
      }
    });

    it('lists at most 10, and no offer purchase', async () => {
      for (let i = 0; i < 11; i += 1) await buyer(`Zoe${'x'.repeat(i)}`, trialProductId);
      // Bought last, so newest: an offer (a fixed-price reading) is nobody joining.
      await buyer('Quinn', offerProductId);
      const fresh = await serve(store());
      try {
        const list = (await new TestBrowser(fresh.base).get<RecentPurchase[]>(`/subs/recent-purchases?project=${TEST_PROJECT}`)).body;
        expect(list).toHaveLength(10);
        expect(list.every((p) => p.name === 'Z***x' || p.name === 'Z***e')).toBe(true);
        expect(list.map((p) => p.createdAt)).toEqual([...list.map((p) => p.createdAt)].sort().reverse());
        expect(list.every((p) => p.amount === 1)).toBe(true);
      } finally {
        await fresh.close();
      }
    });

    it('refuses a missing or malformed project with a 400 naming it', async () => {
      expectError(await new TestBrowser(server.base).get('/subs/recent-purchases'), 400, 'project');
      expectError(await new TestBrowser(server.base).get('/subs/recent-purchases?project=Not%20One'), 400, 'project');
    });

    it("a sandbox server lists its seeded samples, marked as sandbox data; another server never does", async () => {
      const project = `sbx${uniq()}`;
      await seedSandboxPurchases(store(), project, new Date());
      // Idempotent: a second start adds nothing while ten are recent.
      await seedSandboxPurchases(store(), project, new Date());
      const count = await store().db.selectFrom('sandbox_purchases').select((eb) => eb.fn.countAll<number | string>().as('n')).where('project', '=', project).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(10);
      const sandbox = await serve(store(), true);
      const production = await serve(store(), false);
      try {
        const listed = (await new TestBrowser(sandbox.base).get<RecentPurchase[]>(`/subs/recent-purchases?project=${project}`)).body;
        expect(listed).toHaveLength(10);
        expect(listed.every((p) => p.sandbox && /^\S\*{3}\S?$/.test(p.name))).toBe(true);
        expect((await new TestBrowser(production.base).get<RecentPurchase[]>(`/subs/recent-purchases?project=${project}`)).body).toEqual([]);
      } finally {
        await sandbox.close();
        await production.close();
      }
    });
  });
});

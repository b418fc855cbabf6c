import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { blurredArtOf } from '../src/shared/blurred-art';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from './app';
import { describeOnEachDatabase } from './test-support/databases';
import { injectVisitor, pageFlowIn } from './test-support/inject-visitor';
import { seedFlowStore } from './flows/flow-store';
import { readEditorTokens } from './flows/editor-tokens';
import { LiveFlows } from './flows/live-flows';
import { FlowPages } from './flows/flow-pages';
import { previewSigner } from './flows/preview-links';
import type { ExperimentReadout } from '../src/shared/experiment-readout';
import { runScript } from './test-support/run-script';

// Experiments between whole flow versions, through the editor API and a visitor's browser: the split decided on the
// first page and kept, exposures recorded by session creation, publishing held while one runs, the readout from the
// server's own records (equal to the ledger to the cent), a sample ratio mismatch flagged, and stopping with a winner.

const flowText = readFileSync('flows/astrology.json', 'utf8');
const SECRET = 'a-session-secret-of-at-least-32-characters!';
const tokens = readEditorTokens('ed:secret-token');
const ed = { authorization: 'Bearer secret-token', 'content-type': 'application/json' };
const APP = '<!doctype html><html lang="en"><head><title>%FLOW_TITLE%</title><meta name="description" content="%FLOW_DESCRIPTION%"><!--astrelle-page-flow--></head><body><div id="root"></div></body></html>';
const TRIAL = 'mxp_astrelle_trial_1_2900_live';
const OFFER = 'mxp_astrelle_birth_chart_1999_live';
const CARD = { cardName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };


/** The product's flow with another landing headline. */
function withHeadline(title: string): string {
  const flow = JSON.parse(flowText) as { start: string; screens: Array<{ id: string; title?: string }> };
  flow.screens.find((s) => s.id === flow.start)!.title = title;
  return JSON.stringify(flow, null, 2);
}

describeOnEachDatabase('experiments between flow versions', ({ store, databaseEnv }) => {
  let dist = '';
  let live: LiveFlows;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'astrelle-experiments-'));
    await writeFile(join(dist, 'app.html'), APP);
    // The art the build ships for the product's flow: each group's background and its blurred copy.
    const { groups } = JSON.parse(flowText) as { groups: Record<string, { background: string; blur: 'none' | 'soft' | 'strong' }> };
    for (const group of Object.values(groups)) {
      for (const file of [group.background, blurredArtOf(group)]) {
        if (!file) continue;
        await mkdir(join(dist, dirname(file)), { recursive: true });
        await writeFile(join(dist, file), 'art');
      }
    }
    await seedFlowStore(store(), [{ flowId: 'astrology', text: flowText }]);
    live = new LiveFlows(store());
    await live.start();
    app = await buildServer({
      store: store(),
      distDir: dist,
      sessionSecrets: [SECRET],
      pages: new FlowPages({ distDir: dist, live, appFlowId: 'astrology', prerender: null, preview: previewSigner([SECRET]) }),
      eventCatalogue: live.catalogue,
      editor: { tokens, personas: [], changed: () => live.refresh() },
    });
  });
  afterAll(async () => {
    live.stop();
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  const editor = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: ed, ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}) });
  const storeVersion = async (text: string) => {
    const response = await editor('POST', '/editor/flows/astrology/versions', text);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().version as number;
  };

  let a = 0;
  let b = 0;
  let id = '';
  /** A visitor pinned before the experiment: they stay on the published version. */
  const before = injectVisitor(() => app);

  it('refuses a bad experiment with a 400 naming the field, an unknown version with a 404, and no token with a 401', async () => {
    await before.page('/');
    a = await storeVersion(withHeadline('Headline A: your chart, read'));
    b = await storeVersion(withHeadline('Headline B: what the stars say'));
    const create = (body: unknown) => editor('POST', '/editor/flows/astrology/experiments', body);
    const refusal = async (body: unknown) => {
      const response = await create(body);
      return { status: response.statusCode, field: (response.json() as { field?: string }).field };
    };
    expect(await refusal({ name: 'one arm', arms: [{ version: a, weight: 1 }] })).toEqual({ status: 400, field: 'arms' });
    expect(await refusal({ name: 'five', arms: [1, 2, 3, 4, 5].map((version) => ({ version, weight: 1 })) })).toEqual({ status: 400, field: 'arms' });
    expect(await refusal({ name: 'twice', arms: [{ version: a, weight: 1 }, { version: a, weight: 1 }] })).toEqual({ status: 400, field: 'arms/1/version' });
    for (const weight of [0, -1, 1.5, '50', 2_000_000]) {
      expect(await refusal({ name: 'weights', arms: [{ version: a, weight: 1 }, { version: b, weight }] })).toEqual({ status: 400, field: 'arms/1/weight' });
    }
    expect(await refusal({ arms: [{ version: a, weight: 1 }, { version: b, weight: 1 }] })).toEqual({ status: 400, field: 'name' });
    expect(await refusal({ name: 'x', arms: [{ version: a, weight: 1 }, { version: b, weight: 1 }], extra: true })).toEqual({ status: 400, field: 'extra' });
    expect(await refusal('{"name": ')).toEqual({ status: 400, field: 'body' });
    expect(await refusal({ name: 'unknown', arms: [{ version: a, weight: 1 }, { version: 99, weight: 1 }] })).toEqual({ status: 404, field: 'arms/1/version' });
    const anonymous = await app.inject({ method: 'POST', url: '/editor/flows/astrology/experiments', headers: { 'content-type': 'application/json' }, payload: { name: 'x', arms: [{ version: a, weight: 1 }, { version: b, weight: 1 }] } });
    expect(anonymous.statusCode).toBe(401);
    expect(await store().db.selectFrom('experiments').select('id').execute()).toEqual([]);
  });

  it('starts one, and refuses a second on the same flow, publishing and retiring an arm while it runs', async () => {
    const created = await editor('POST', '/editor/flows/astrology/experiments', { name: 'Headline A or B', arms: [{ version: a, weight: 50 }, { version: b, weight: 50 }] });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id as string;
    expect(id).toMatch(/^exp_[0-9a-f]{16}$/);
    const second = await editor('POST', '/editor/flows/astrology/experiments', { name: 'again', arms: [{ version: 1, weight: 1 }, { version: b, weight: 1 }] });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ field: 'flowId', experimentId: id });
    const publish = await editor('POST', '/editor/flows/astrology/publish', { version: a });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toContain(`stop it first (POST /editor/experiments/${id}/stop)`);
    expect((await editor('POST', `/editor/flows/astrology/versions/${b}/retire`)).statusCode).toBe(409);
    const listed = await editor('GET', '/editor/flows/astrology/experiments');
    expect(listed.json().experiments).toEqual([expect.objectContaining({ id, name: 'Headline A or B', state: 'running', winner: null })]);
  });

  const arms: Record<number, Array<ReturnType<typeof injectVisitor> & { usid: string }>> = {};

  it('splits new visitors between the arms on their first page, keeps each on theirs, and records the exposure when their session is made', async () => {
    for (let i = 0; i < 40; i += 1) {
      const browser = injectVisitor(() => app);
      const first = pageFlowIn((await browser.page('/')).body);
      expect([a, b]).toContain(first.version);
      expect(first.experiment).toEqual({ id });
      // The same arm on every page and visit.
      expect(pageFlowIn((await browser.page('/quiz/1-1')).body).version).toBe(first.version);
      const usid = randomUUID();
      expect((await browser.post('/subs/sessions/create', { id: usid })).statusCode).toBe(201);
      (arms[first.version] ??= []).push({ ...browser, usid });
    }
    expect(arms[a]!.length).toBeGreaterThan(5);
    expect(arms[b]!.length).toBeGreaterThan(5);
    const exposed = await store().db.selectFrom('sessions').select(['flow_version', 'experiment_id']).where('experiment_id', '=', id).execute();
    expect(exposed).toHaveLength(40);
    // The visitor who came before it started is not in it.
    const page = pageFlowIn((await before.page('/')).body);
    expect(page).toMatchObject({ version: 1 });
    expect(page.experiment).toBeUndefined();
  });

  it('never assigns an editor previewing a version', async () => {
    const link = await editor('POST', `/editor/flows/astrology/versions/${b}/preview`);
    const url = new URL(link.json().url as string);
    const previewer = injectVisitor(() => app);
    await previewer.page(`${url.pathname}${url.search}`);
    const page = pageFlowIn((await previewer.page('/')).body);
    expect(page.version).toBe(b);
    expect(page.experiment).toBeUndefined();
    const usid = randomUUID();
    await previewer.post('/subs/sessions/create', { id: usid });
    expect(await store().db.selectFrom('sessions').select(['experiment_id', 'preview']).where('id', '=', usid).executeTakeFirstOrThrow()).toMatchObject({ experiment_id: null });
  });

  /** The visitor pays for the trial on the hosted checkout (and, with `upsell`, buys an offer in one click). */
  async function pays(buyer: ReturnType<typeof injectVisitor> & { usid: string }, upsell: boolean) {
    const email = `exp.${randomUUID().slice(0, 8)}@example.com`;
    const back = (route: string) => `${route}?usid=${buyer.usid}`;
    const opened = await buyer.post('/subs/checkout/sessions', {
      project: 'astrelle', provider: 'maxpay', productId: TRIAL, email, usid: buyer.usid, orderId: `ord_${randomUUID().replace(/-/g, '')}`,
      successUrl: back('/payment-success'), errorUrl: back('/payment-error'), cancelUrl: back('/select-price'),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const paid = await buyer.form(`/subs/checkout/${opened.json().id as string}/pay`, CARD);
    expect(paid.statusCode, paid.body).toBe(303);
    if (upsell) {
      const offer = await buyer.post('/subs/purchases', { project: 'astrelle', provider: 'maxpay', productId: OFFER, email, usid: buyer.usid, orderId: `ord_${randomUUID().replace(/-/g, '')}` });
      expect(offer.statusCode, offer.body).toBe(201);
    }
  }

  it('reads each arm\'s visitors, payments and revenue from the server\'s records: equal to the ledger to the cent', async () => {
    await pays(arms[a]![0]!, true);
    await pays(arms[a]![1]!, false);
    await pays(arms[b]![0]!, false);
    // A checkout opened and left.
    await arms[b]![1]!.post('/subs/checkout/sessions', {
      project: 'astrelle', provider: 'maxpay', productId: TRIAL, email: `left.${randomUUID().slice(0, 8)}@example.com`, usid: arms[b]![1]!.usid, orderId: `ord_${randomUUID().replace(/-/g, '')}`,
      successUrl: '/payment-success', errorUrl: '/payment-error', cancelUrl: '/select-price',
    });
    // The readout (each arm's visitors and revenue) is an editor's: no token, or a token the server never gave, reads
    // nothing of it.
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const refused = await app.inject({ method: 'GET', url: `/editor/experiments/${id}`, headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('Headline A or B');
    }
    const response = await editor('GET', `/editor/experiments/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const readout = response.json() as ExperimentReadout;
    expect(readout.experiment).toMatchObject({ id, name: 'Headline A or B', state: 'running', arms: [{ version: a, weight: 50 }, { version: b, weight: 50 }] });
    const [armA, armB] = readout.arms;
    expect(armA).toMatchObject({ version: a, exposed: arms[a]!.length, startedCheckout: 2, paid: 2, gaveEmail: 2 });
    expect(armB).toMatchObject({ version: b, exposed: arms[b]!.length, startedCheckout: 2, paid: 1, gaveEmail: 2 });
    // The ledger: every charge of the arm's visitors (plan through the checkout, offer in one click).
    const ledger = async (visitors: string[]) => {
      const viaCheckout = await store().db.selectFrom('charges').innerJoin('checkouts', 'checkouts.id', 'charges.checkout_id').select('charges.amount_cents').where('checkouts.usid', 'in', visitors).execute();
      const oneClick = await store().db.selectFrom('charges').innerJoin('purchases', 'purchases.order_id', 'charges.order_id').select('charges.amount_cents').where('charges.checkout_id', 'is', null).where('purchases.usid', 'in', visitors).execute();
      return [...viaCheckout, ...oneClick].reduce((sum, row) => sum + Number(row.amount_cents), 0);
    };
    const centsA = await ledger(arms[a]!.map((v) => v.usid));
    const centsB = await ledger(arms[b]!.map((v) => v.usid));
    expect(centsA).toBe(100 + 1999 + 100);
    expect(armA!.revenue).toEqual([expect.objectContaining({ currency: 'USD', cents: centsA, perVisitor: centsA / arms[a]!.length })]);
    expect(armB!.revenue).toEqual([expect.objectContaining({ currency: 'USD', cents: centsB, perVisitor: centsB / arms[b]!.length })]);
    expect(armA!.conversion.probabilityBest + armB!.conversion.probabilityBest).toBeCloseTo(1, 4);
    expect(armA!.conversion.rate).toBeCloseTo(2 / arms[a]!.length, 12);
    // Too few to judge, and said so; the split of 40 is healthy.
    expect(readout.notes).toEqual([expect.stringMatching(new RegExp(`^Too few to judge v${a} yet`)), expect.stringMatching(new RegExp(`^Too few to judge v${b} yet`))]);
    expect(readout.trustworthy).toBe(true);
    // The same numbers on every read (the bootstrap is seeded by the experiment).
    expect((await editor('GET', `/editor/experiments/${id}`)).json()).toEqual(response.json());
  });

  it('is not moved by browser events: forged exposures and checkouts in the event log change none of its numbers', async () => {
    const read = await editor('GET', `/editor/experiments/${id}`);
    expect(read.statusCode).toBe(200);
    const before = read.json() as ExperimentReadout;
    const forger = randomUUID();
    const at = Date.now();
    const forged = [
      { event_type: '$exposure', device_id: forger, insert_id: randomUUID(), time: at, event_properties: { flag_key: id, experiment_key: id, variant: `v${a}`, flow_id: 'astrology', flow_version: a } },
      { event_type: 'Checkout Started', device_id: forger, insert_id: randomUUID(), time: at, event_properties: { screen_id: 'select-price', flow_id: 'astrology', flow_version: a, plan_id: TRIAL, price: 1, currency: 'USD' } },
      // And as one of the arm's real visitors: still their one exposure, their real payments.
      { event_type: '$exposure', device_id: arms[b]![0]!.usid, insert_id: randomUUID(), time: at, event_properties: { flag_key: id, experiment_key: id, variant: `v${b}`, flow_id: 'astrology', flow_version: b } },
    ];
    const upload = await app.inject({ method: 'POST', url: '/analytics/2/httpapi', headers: { 'content-type': 'application/json' }, payload: { api_key: 'client-key-0123456789', events: forged } });
    expect(upload.statusCode).toBe(200);
    // The event log took them all: what is tested is that the readout does not read them.
    expect(upload.json()).toMatchObject({ events_ingested: 3 });
    const reread = await editor('GET', `/editor/experiments/${id}`);
    expect(reread.statusCode).toBe(200);
    const after = reread.json() as ExperimentReadout;
    expect(after.arms).toEqual(before.arms);
    expect(after.ratioCheck).toEqual(before.ratioCheck);
  });

  it('changes the weights for visitors not yet assigned: one already in an arm keeps it', async () => {
    const kept = arms[a]![2]!;
    expect((await editor('PATCH', `/editor/experiments/${id}`, { arms: [{ version: a, weight: 1 }] })).json()).toMatchObject({ field: 'arms' });
    const other = await editor('PATCH', `/editor/experiments/${id}`, { arms: [{ version: a, weight: 1 }, { version: 1, weight: 1 }] });
    expect(other.statusCode).toBe(400);
    const changed = await editor('PATCH', `/editor/experiments/${id}`, { arms: [{ version: b, weight: 1 }, { version: a, weight: 99 }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().arms).toEqual([{ version: a, weight: 99 }, { version: b, weight: 1 }]);
    expect(pageFlowIn((await kept.page('/')).body).version).toBe(a);
    const weights = (await editor('GET', `/editor/experiments/${id}`)).json() as { weightPeriods: unknown[] };
    expect(weights.weightPeriods).toHaveLength(2);
  });

  it('flags a split that lost visitors of one arm as a sample ratio mismatch, and says not to trust it', async () => {
    // 300 more exposures of arm A alone since the weights became 99:1 would be expected; here 300 of arm B arrive.
    const at = new Date().toISOString();
    await store().write((trx) =>
      trx
        .insertInto('sessions')
        .values(Array.from({ length: 300 }, () => ({ id: randomUUID(), flow_outer: false, ab_test_data: '{}', alt_payout: false, gclid: false, attribution: '{}', created_at: at, updated_at: at, flow_id: 'astrology', flow_version: b, experiment_id: id })))
        .execute(),
    );
    const readout = (await editor('GET', `/editor/experiments/${id}`)).json() as ExperimentReadout;
    expect(readout.trustworthy).toBe(false);
    expect(readout.ratioCheck).toMatchObject({ mismatch: true, degreesOfFreedom: 1 });
    expect(readout.ratioCheck!.pValue).toBeLessThan(0.001);
    expect(readout.notes[0]).toMatch(/^Sample ratio mismatch: visitors reached the arms as .* do not trust this readout\.$/);
  });

  it('npm run funnel:report -- --experiment ID prints the same numbers as the editor API (as JSON with --format json), and names a bad id', async () => {
    const api = (await editor('GET', `/editor/experiments/${id}`)).json() as unknown;
    const json = await runScript('funnel-report.ts', ['--experiment', id, '--format', 'json'], databaseEnv());
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(api);
    const text = await runScript('funnel-report.ts', ['--experiment', id], databaseEnv());
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toBe(`experiment ${id} "Headline A or B" on astrology · running · since ${(api as ExperimentReadout).experiment.createdAt}`);
    const readout = api as ExperimentReadout;
    const armA = readout.arms[0]!;
    // The arm's row: its counts, its paid rate, its revenue in dollars.
    expect(lines.find((line) => line.startsWith(`v${a} `))).toMatch(
      new RegExp(`^v${a}\\s+${armA.exposed}\\s+${armA.gaveEmail}\\s+${armA.startedCheckout}\\s+${armA.paid}\\s+${(armA.conversion.rate * 100).toFixed(2)}% .*\\s${(armA.revenue[0]!.cents / 100).toFixed(2)}\\s`),
    );
    expect(text.stdout).toContain('sample ratio check: chi-square');
    expect(text.stdout).toContain('MISMATCH, NOT TO BE TRUSTED');
    expect(text.stdout).toContain('drop-off per arm: Browser events (the event log)');
    const unknown = await runScript('funnel-report.ts', ['--experiment', 'exp_0000000000000000'], databaseEnv());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^funnel:report: no experiment exp_0000000000000000 in /);
    const bad = await runScript('funnel-report.ts', ['--experiment', 'nope'], databaseEnv());
    expect(bad.stderr).toMatch(/^funnel:report: invalid --experiment: "nope" is not an experiment id/);
  }, 60_000);

  it('npm run funnel:report -- --by priceSet --money judges a Remote Config flag\'s variants on the same records, labelled as the browser\'s report', async () => {
    // Two of arm B's visitors reported priceSet variants (as the app's session writes do).
    const [first, second] = arms[b]!;
    await store().write((trx) => trx.updateTable('sessions').set({ ab_test_data: JSON.stringify({ priceSet: 'trial_price_test' }) }).where('id', '=', first!.usid).execute());
    await store().write((trx) => trx.updateTable('sessions').set({ ab_test_data: JSON.stringify({ priceSet: 'default' }) }).where('id', '=', second!.usid).execute());
    const run = await runScript('funnel-report.ts', ['--since', '1h', '--by', 'priceSet', '--money', '--format', 'json'], databaseEnv());
    expect(run.stderr).toBe('');
    const readout = JSON.parse(run.stdout) as { source: string; variants: Array<{ value: string | null; exposed: number; paid: number; revenue: Array<{ cents: number }> }> };
    expect(readout.source).toContain('the browser reported');
    expect(readout.variants.map((v) => v.value)).toEqual(['default', 'trial_price_test', null]);
    // arm B's first visitor paid the $1 trial; the second only opened a checkout.
    expect(readout.variants[1]).toMatchObject({ exposed: 1, paid: 1, revenue: [{ cents: 100 }] });
    expect(readout.variants[0]).toMatchObject({ exposed: 1, paid: 0 });
    const text = await runScript('funnel-report.ts', ['--since', '1h', '--by', 'priceSet', '--money'], databaseEnv());
    expect(text.stdout.split('\n')[0]).toMatch(/^priceSet by variant, money since /);
    expect(text.stdout).toContain('(not assigned)');
    const noFlag = await runScript('funnel-report.ts', ['--money'], databaseEnv());
    expect(noFlag.stderr).toMatch(/^funnel:report: --money needs --by FLAG/);
    const unknownFlag = await runScript('funnel-report.ts', ['--by', 'nope', '--money'], databaseEnv());
    expect(unknownFlag.stderr).toMatch(/^funnel:report: invalid --by: "nope" is none of astrology's flags/);
  }, 60_000);

  it('stops with a winner: it is published, visitors in the other arm stay on theirs, and publishing works again', async () => {
    expect((await editor('POST', `/editor/experiments/${id}/stop`, { winner: 1 })).json()).toMatchObject({ field: 'winner' });
    expect((await editor('POST', `/editor/experiments/${id}/stop`, { winner: 'a' })).json()).toMatchObject({ field: 'winner' });
    const stopped = await editor('POST', `/editor/experiments/${id}/stop`, { winner: b, moveVisitors: false });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ id, state: 'stopped', winner: b, published: b, previous: 1 });
    expect((await editor('POST', `/editor/experiments/${id}/stop`, { winner: b })).statusCode).toBe(409);
    // A new visitor gets the winner, unassigned; one of arm A keeps version A.
    const fresh = pageFlowIn((await injectVisitor(() => app).page('/')).body);
    expect(fresh.version).toBe(b);
    expect(fresh.experiment).toBeUndefined();
    expect(pageFlowIn((await arms[a]![0]!.page('/')).body).version).toBe(a);
    expect((await editor('POST', '/editor/flows/astrology/publish', { version: 1 })).statusCode).toBe(200);
    const audit = await store().db.selectFrom('editor_audit').select(['action', 'detail']).where('action', 'like', 'experiment%').execute();
    expect(audit.map((row) => row.action)).toEqual(['experiment started', 'experiment weights', 'experiment stopped']);
  });

  it('stopped with moveVisitors, the other arm\'s visitors move on to the winner at their next page', async () => {
    const second = await editor('POST', '/editor/flows/astrology/experiments', { name: 'Again, moving on', arms: [{ version: a, weight: 1 }, { version: b, weight: 1 }] });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().id as string;
    // Visitors until one lands in arm A.
    let inA: ReturnType<typeof injectVisitor> | null = null;
    for (let i = 0; i < 40 && !inA; i += 1) {
      const browser = injectVisitor(() => app);
      if (pageFlowIn((await browser.page('/')).body).version === a) inA = browser;
    }
    expect(inA).not.toBeNull();
    const stopped = await editor('POST', `/editor/experiments/${secondId}/stop`, { winner: b, moveVisitors: true });
    expect(stopped.json()).toMatchObject({ published: b, movedVisitors: true });
    expect(pageFlowIn((await inA!.page('/')).body).version).toBe(b);
  });
});

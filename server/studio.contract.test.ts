import { randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { openTestStore } from './test-support/databases';
import { productEventCatalogue } from './test-support/product-catalogue';
import type { Store } from './db/open';
import { readEditorTokens } from './flows/editor-tokens';

// The studio is served only when asked for (STUDIO=on), and its drop-off API counts the event log as
// `npm run funnel:report` does, naming a bad field in a 400.

const uniq = () => randomUUID().replace(/-/g, '').slice(0, 12);
const STUDIO_HTML = '<!doctype html><title>Flow studio</title><div id="studio"></div>';
const APP_HTML = '<!doctype html><title>app</title><div id="root"></div>';

let store: Store;
let cleanup: () => Promise<void>;
const dirs: string[] = [];
beforeAll(async () => {
  ({ store, cleanup } = await openTestStore('SQLite'));
});
afterAll(async () => {
  await store.close();
  await cleanup();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function builds() {
  const dir = await mkdtemp(join(tmpdir(), 'astrelle-studio-'));
  dirs.push(dir);
  const dist = join(dir, 'dist');
  const distStudio = join(dir, 'dist-studio');
  await mkdir(join(distStudio, 'assets'), { recursive: true });
  await mkdir(dist, { recursive: true });
  await writeFile(join(dist, 'app.html'), APP_HTML);
  await writeFile(join(distStudio, 'index.html'), STUDIO_HTML);
  await writeFile(join(distStudio, 'assets', 'studio-abc.js'), 'console.log("studio")');
  return { dist, distStudio };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const page = { headers: { accept: 'text/html' } };

describe('the studio, off (the default)', () => {
  let app: FastifyInstance;
  let base = '';
  beforeAll(async () => {
    const { dist } = await builds();
    app = await buildServer({ distDir: dist, store, knownRoutes: ['/'] });
    base = await listen(app);
  });
  afterAll(() => app.close());

  it('is not served: its page is the app\'s 404 and its API a JSON 404 (files: studio-switch.test.ts, with a build on disk)', async () => {
    const studio = await fetch(`${base}/studio/`, page);
    expect(studio.status).toBe(404);
    expect(await studio.text()).toBe(APP_HTML);
    const api = await fetch(`${base}/studio/api/funnel-report?flow=astrology`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});

describe('the studio, on (STUDIO=on)', () => {
  let app: FastifyInstance;
  let base = '';
  const flowId = `studio-${uniq()}`;
  beforeAll(async () => {
    const { dist, distStudio } = await builds();
    app = await buildServer({
      distDir: dist,
      store,
      knownRoutes: ['/'],
      // The flow's events, as the product's flow declares them.
      eventCatalogue: productEventCatalogue(),
      studio: { distDir: distStudio, flows: [{ id: flowId, order: ['welcome', 'relationship-status', 'relationship-partner-gender', 'profile-name', 'end'], ends: ['end'], flags: ['priceSet', 'discounts'] }] },
    });
    base = await listen(app);
  });
  afterAll(() => app.close());

  it('serves its page at /studio/ (and sends /studio there), and its files, never cached as the app\'s are', async () => {
    const redirect = await fetch(`${base}/studio`, { ...page, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/studio/');
    const studio = await fetch(`${base}/studio/`, page);
    expect(studio.status).toBe(200);
    expect(await studio.text()).toBe(STUDIO_HTML);
    expect(studio.headers.get('cache-control')).toBe('no-cache');
    expect(studio.headers.get('x-robots-tag')).toBe('noindex');
    const script = await fetch(`${base}/studio/assets/studio-abc.js`);
    expect(script.status).toBe(200);
  });

  it('reports drop-off per screen of the visitors shown it, per flow version, and per variant', async () => {
    const device = () => `device-${uniq()}`;
    const [a, b, c] = [device(), device(), device()];
    const t0 = Date.now() - 60_000;
    const shown = (who: string, screen: string, second: number, version = 2, priceSet?: string) => ({
      event_type: 'Screen Shown',
      device_id: who,
      insert_id: randomUUID(),
      time: t0 + second * 1000,
      event_properties: { screen_id: screen, flow_id: flowId, flow_version: version, ...(priceSet ? { ab_priceSet: priceSet } : {}) },
    });
    const upload = await fetch(`${base}/analytics/2/httpapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        api_key: 'client-key-0123456789',
        events: [
          // a: in a relationship, to the end; b: single (no partner step), stops at the name; c: stops at once.
          shown(a, 'welcome', 0, 2, 'default'), shown(a, 'relationship-status', 4), shown(a, 'relationship-partner-gender', 10), shown(a, 'profile-name', 12), shown(a, 'end', 20),
          shown(b, 'welcome', 0, 2, 'trial_price_test'), shown(b, 'relationship-status', 2), shown(b, 'profile-name', 8),
          shown(c, 'welcome', 0, 1),
        ],
      }),
    });
    expect(upload.status).toBe(200);
    const report = await fetch(`${base}/studio/api/funnel-report?flow=${flowId}&since=1h`);
    expect(report.status).toBe(200);
    expect(report.headers.get('cache-control')).toBe('no-store');
    const body = (await report.json()) as { events: number; tables: Array<{ flowVersion: number; visitors: number; variant: unknown; rows: unknown[] }> };
    expect(body.events).toBe(9);
    expect(body.tables.map((t) => [t.flowVersion, t.visitors])).toEqual([[2, 2], [1, 1]]);
    expect(body.tables[0]!.rows).toEqual([
      { screenId: 'welcome', shown: 2, wentOn: 2, dropOff: 0, medianSeconds: 3 },
      { screenId: 'relationship-status', shown: 2, wentOn: 2, dropOff: 0, medianSeconds: 6 },
      { screenId: 'relationship-partner-gender', shown: 1, wentOn: 1, dropOff: 0, medianSeconds: 2 },
      { screenId: 'profile-name', shown: 2, wentOn: 1, dropOff: 0.5, medianSeconds: 8 },
      { screenId: 'end', shown: 1, wentOn: 0, dropOff: null, medianSeconds: null },
    ]);
    // Nothing about a visitor: only screen ids and counts.
    expect(JSON.stringify(body)).not.toContain('device-');

    const split = (await (await fetch(`${base}/studio/api/funnel-report?flow=${flowId}&since=1h&by=priceSet`)).json()) as { tables: Array<{ flowVersion: number; variant: unknown; visitors: number }> };
    expect(split.tables.map((t) => [t.flowVersion, t.variant, t.visitors])).toEqual([
      [2, { flag: 'priceSet', value: 'default' }, 1],
      [2, { flag: 'priceSet', value: 'trial_price_test' }, 1],
      [1, { flag: 'priceSet', value: null }, 1],
    ]);
  });

  it('lists each stored version\'s table by that version\'s screens: one it added in its place, its own end screen', async () => {
    // Version 3 as the flow store holds it: a screen the flows/ file lacks, and another end screen.
    const json = JSON.stringify({ id: flowId, version: 3, screens: [{ id: 'welcome' }, { id: 'a-word-between' }, { id: 'relationship-status' }, { id: 'finish', end: true }] });
    await store.write((trx) =>
      trx.insertInto('flow_versions').values({ flow_id: flowId, version: 3, json, checksum: 'x'.repeat(64), note: '', author: 'ed', created_at: new Date().toISOString(), published_at: null, retired_at: null, moved_at: null }).execute(),
    );
    const who = `device-${uniq()}`;
    const t0 = Date.now() - 30_000;
    const shown = (screen: string, second: number) => ({
      event_type: 'Screen Shown', device_id: who, insert_id: randomUUID(), time: t0 + second * 1000,
      event_properties: { screen_id: screen, flow_id: flowId, flow_version: 3 },
    });
    const upload = await fetch(`${base}/analytics/2/httpapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: 'client-key-0123456789', events: [shown('welcome', 0), shown('a-word-between', 2), shown('relationship-status', 5), shown('finish', 9)] }),
    });
    expect(upload.status).toBe(200);
    const body = (await (await fetch(`${base}/studio/api/funnel-report?flow=${flowId}&since=1h`)).json()) as { tables: Array<{ flowVersion: number; rows: Array<{ screenId: string; dropOff: number | null }> }> };
    const v3 = body.tables.find((t) => t.flowVersion === 3)!;
    expect(v3.rows.map((r) => [r.screenId, r.dropOff])).toEqual([
      ['welcome', 0],
      ['a-word-between', 0],
      ['relationship-status', 0],
      ['finish', null],
    ]);
  });

  it('answers a bad field with a 400 that names it, and an unknown flow with a 404', async () => {
    const bad = async (query: string) => {
      const response = await fetch(`${base}/studio/api/funnel-report?${query}`);
      const body = (await response.json()) as { message: string; field?: string };
      return { status: response.status, field: body.field, message: body.message };
    };
    expect(await bad('since=7d')).toEqual({ status: 400, field: 'flow', message: expect.any(String) });
    expect(await bad(`flow=${flowId}&since=7y`)).toEqual({ status: 400, field: 'since', message: expect.any(String) });
    expect(await bad(`flow=${flowId}&since=0s`)).toEqual({ status: 400, field: 'since', message: expect.stringMatching(/^since: /) });
    // At most 90 days: a person's question, not a scan of years of events per click.
    expect(await bad(`flow=${flowId}&since=91d`)).toEqual({ status: 400, field: 'since', message: 'since: at most 90d (npm run funnel:report looks further back)' });
    expect((await fetch(`${base}/studio/api/funnel-report?flow=${flowId}&since=90d`)).status).toBe(200);
    expect(await bad(`flow=${flowId}&by=ab%20test`)).toEqual({ status: 400, field: 'by', message: expect.any(String) });
    // Only the flow's own flags: a name every object has (constructor, toString) is no flag.
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'accessHeadline']) {
      expect(await bad(`flow=${flowId}&by=${name}`)).toEqual({ status: 400, field: 'by', message: `by: "${name}" is none of the flow's flags (priceSet, discounts)` });
    }
    expect(await bad('flow=nobody')).toEqual({ status: 404, field: 'flow', message: 'flow: no flow "nobody" in this server\'s flows/' });
  });

  it('lets a person, not a script, ask: 20 reports a minute per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) statuses.push((await fetch(`${base}/studio/api/funnel-report?flow=${flowId}&since=1h`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  });
});

describe('the studio on a server with editors (STUDIO=on, as in production)', () => {
  it('answers its report only to an editor token', async () => {
    const { dist, distStudio } = await builds();
    const app = await buildServer({
      distDir: dist,
      store,
      studio: { distDir: distStudio, flows: [{ id: 'astrology', order: ['welcome'], ends: [], flags: [] }], tokens: readEditorTokens('ed:studio-token') },
    });
    const base = await listen(app);
    try {
      for (const headers of [{}, { authorization: 'Bearer wrong-token' }] as Array<Record<string, string>>) {
        const refused = await fetch(`${base}/studio/api/funnel-report?flow=astrology`, { headers });
        expect(refused.status).toBe(401);
        expect(((await refused.json()) as { message: string }).message).toMatch(/editor token/);
      }
      const answered = await fetch(`${base}/studio/api/funnel-report?flow=astrology`, { headers: { authorization: 'Bearer studio-token' } });
      expect(answered.status).toBe(200);
      // Its page is a tool's and carries no numbers: served to anyone who reaches it.
      expect((await fetch(`${base}/studio/`, page)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, CheckoutCreate, Product } from '../../src/shared/contract/subscription';
import { openStore, type Store } from '../db/open';
import { pageFlowIn } from '../test-support/inject-visitor';
import { newVisitorId, TestBrowser } from '../test-support/test-browser';
import { startTopology, type AppProcess, type Topology } from './topology';

// The deployment's topology for real: two server processes of the build behind nginx, on one PostgreSQL and one Redis,
// all from Debian's packages (npm test runs this after the build). Any request may land on either process; a client's
// limit is the configured one; a publish reaches both; a process that dies or is stopped loses nothing it acknowledged.

const LOOKUP_LIMIT = 30;
const EDITOR_TOKEN = randomBytes(18).toString('base64url');
const PROJECT = 'astrelle';
const CARD_OK = { cardName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const flowText = readFileSync(fileURLToPath(new URL('../../flows/astrology.json', import.meta.url)), 'utf8');

let topology: Topology;
let store: Store;
let plans: Product[];

beforeAll(async () => {
  topology = await startTopology({
    entry: 'build',
    env: {
      RATE_LIMIT_LOOKUPS: String(LOOKUP_LIMIT),
      // A thousand visitors below all call from 127.0.0.1: the session limit must not get in their way.
      RATE_LIMIT_SESSIONS: '1000000',
      RATE_LIMIT_CHECKOUTS: '1000000',
      EDITOR_TOKENS: `ops:${EDITOR_TOKEN}`,
    },
  });
  store = openStore({ databaseUrl: topology.postgres.url, poolSize: 2 });
  plans = (await new TestBrowser(() => topology.url).get<Product[]>(`/subs/subscription-plans?project=${PROJECT}&provider=maxpay&countryCode=US&isTest=false`)).body;
}, 120_000);

afterAll(async () => {
  await store?.close();
  await topology?.stop();
});

const readiness = async (app: AppProcess) => (await (await fetch(`${app.url}/readyz`)).json()) as { ready: boolean; redis: string; requests: number; instance: string };
const counts = async () => Promise.all(topology.apps.map(async (app) => (await readiness(app)).requests));
const browser = () => new TestBrowser(() => topology.url);
const uniq = () => `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

/** A visitor with a session and an open checkout of the trial plan, made through the proxy. */
async function openCheckout(): Promise<{ buyer: TestBrowser; body: CheckoutCreate; checkout: Checkout }> {
  const buyer = browser();
  const usid = await buyer.startSession();
  const trial = plans.find((p) => p.type !== 'FIXED' && p.id.endsWith('_trial_1'))!;
  const body: CheckoutCreate = {
    project: PROJECT,
    provider: 'maxpay',
    productId: trial.productId,
    email: `cluster.${uniq()}@example.com`,
    usid,
    orderId: `ord_${uniq()}`,
    successUrl: `/payment-success?usid=${usid}`,
    errorUrl: `/payment-error?usid=${usid}`,
    cancelUrl: `/select-price?usid=${usid}`,
  };
  const answer = await buyer.post<Checkout>('/subs/checkout/sessions', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { buyer, body, checkout: answer.body };
}

/** The hosted page's Pay, posted straight to one process. */
async function payAt(app: AppProcess, checkoutId: string, cookie: string): Promise<{ status: number; location: string | null }> {
  const response = await fetch(`${app.url}/subs/checkout/${checkoutId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie },
    body: new URLSearchParams(CARD_OK).toString(),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

const chargesOf = (checkoutId: string) => store.db.selectFrom('charges').select('id').where('checkout_id', '=', checkoutId).execute();

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

describe('two processes behind nginx on PostgreSQL and Redis', () => {
  it('spreads the requests over both processes, each ready and connected to Redis', async () => {
    const before = await counts();
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${topology.url}/healthz`)).status).toBe(200);
    const after = await counts();
    // Each count also holds the readiness probe that read the one before.
    const spread = after.map((n, i) => n - before[i]! - 1);
    console.log(`20 requests through the proxy: ${topology.apps.map((app, i) => `${app.name} ${spread[i]}`).join(', ')}`);
    for (const n of spread) expect(n).toBeGreaterThanOrEqual(5);
    for (const app of topology.apps) expect(await readiness(app)).toMatchObject({ ready: true, redis: 'up', instance: app.name });
  });

  it('answers a client its 429 at the configured limit, not at twice it', async () => {
    const client = browser();
    const before = await counts();
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUP_LIMIT + 10; i += 1) statuses.push((await client.get(`/subs/users/check-subscription?email=limit${i}%40example.com&project=${PROJECT}`)).status);
    const after = await counts();
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LOOKUP_LIMIT);
    expect(statuses.slice(LOOKUP_LIMIT)).toEqual(Array.from({ length: 10 }, () => 429));
    // Both processes answered part of them: the limit was shared, not each process's own.
    for (let i = 0; i < 2; i += 1) expect(after[i]! - before[i]!).toBeGreaterThan(LOOKUP_LIMIT / 4);
  });

  it('serves a version published through one process from the other within 5 s, and a rollback too', async () => {
    const [one, two] = topology.apps;
    const editor = { authorization: `Bearer ${EDITOR_TOKEN}`, 'content-type': 'application/json' };
    const stored = await fetch(`${one.url}/editor/flows/astrology/versions?note=cluster`, { method: 'POST', headers: editor, body: flowText });
    expect(stored.status, await stored.clone().text()).toBe(201);
    const { version } = (await stored.json()) as { version: number };
    const servedBy = async (app: AppProcess, v: number) => (await fetch(`${app.url}/flows/astrology/versions/${v}.json`)).status === 200;
    // A new visitor's page names the version it is served.
    const pageVersion = async (app: AppProcess) => /\/flows\/astrology\/versions\/(\d+)\.json/.exec(await (await fetch(`${app.url}/quiz/1-1`, { headers: { accept: 'text/html' } })).text())?.[1];
    expect(await servedBy(two, version)).toBe(false);
    const published = await fetch(`${one.url}/editor/flows/astrology/publish`, { method: 'POST', headers: editor, body: JSON.stringify({ version }) });
    expect(published.status).toBe(200);
    const took = await eventually(async () => (await servedBy(two, version)) && (await pageVersion(two)) === String(version), 5000, `${two.name} serves version ${version}`);
    console.log(`version ${version} published through ${one.name}: served by ${two.name} after ${took} ms`);
    const rolledBack = await fetch(`${two.url}/editor/flows/astrology/publish`, { method: 'POST', headers: editor, body: JSON.stringify({ version: 1 }) });
    expect(rolledBack.status).toBe(200);
    await eventually(async () => (await pageVersion(one)) === '1', 5000, `${one.name} serves version 1 again`);
  });

  it('splits new visitors on the other process within 5 s of an experiment started through one, and stops as quickly', async () => {
    const [one, two] = topology.apps;
    const editor = { authorization: `Bearer ${EDITOR_TOKEN}`, 'content-type': 'application/json' };
    const versions = (await (await fetch(`${one.url}/editor/flows/astrology/versions`, { headers: editor })).json()) as { versions: Array<{ version: number }> };
    const other = Math.max(...versions.versions.map((v) => v.version));
    expect(other).toBeGreaterThan(1);
    const newVisitorOn = async (app: AppProcess) => pageFlowIn(await (await fetch(`${app.url}/`, { headers: { accept: 'text/html' } })).text());
    const started = await fetch(`${one.url}/editor/flows/astrology/experiments`, {
      method: 'POST',
      headers: editor,
      body: JSON.stringify({ name: 'Across processes', arms: [{ version: 1, weight: 1 }, { version: other, weight: 1 }] }),
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    await eventually(async () => (await newVisitorOn(two)).experiment?.id === id, 5000, `${two.name} splits new visitors in experiment ${id}`);
    const stopped = await fetch(`${two.url}/editor/experiments/${id}/stop`, { method: 'POST', headers: editor, body: JSON.stringify({ winner: 1 }) });
    expect(stopped.status, await stopped.clone().text()).toBe(200);
    await eventually(async () => {
      const page = await newVisitorOn(one);
      return page.experiment === undefined && page.version === 1;
    }, 5000, `${one.name} serves version 1 to new visitors, with no experiment`);
  });

  it('charges once for 20 concurrent pays of one checkout split across both processes', async () => {
    const { buyer, body, checkout } = await openCheckout();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => payAt(topology.apps[i % 2]!, checkout.id, buyer.credential!)));
    const success = `/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}`;
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 303, location: success })));
    expect(await chargesOf(checkout.id)).toHaveLength(1);
  });

  it('keeps answering with Redis stopped mid-run: no 5xx, and the limits are shared again once it is back', async () => {
    const statuses = new Map<number, number>();
    const run = (async () => {
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        const client = browser();
        const usid = await client.startSession().catch(() => null);
        const calls = [client.get(`/subs/users/check-subscription?email=r${uniq()}%40example.com&project=${PROJECT}`), usid ? client.get(`/subs/sessions/${usid}`) : client.get('/healthz')];
        for (const answer of await Promise.all(calls)) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (usid === null) statuses.set(500, (statuses.get(500) ?? 0) + 1);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await topology.redis.stop();
    await run;
    const serverErrors = [...statuses].filter(([status]) => status >= 500);
    expect(serverErrors, `answers: ${JSON.stringify([...statuses])}`).toEqual([]);
    for (const app of topology.apps) expect(await readiness(app)).toMatchObject({ ready: true, redis: expect.stringMatching(/^down/) });
    await topology.redis.start();
    for (const app of topology.apps) await eventually(async () => (await readiness(app)).redis === 'up', 10_000, `${app.name} reconnects to Redis`);
    for (const app of topology.apps) expect(app.output()).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable/);
  });

  it('finishes a payment in flight when its process gets SIGTERM, then exits 0 while the other keeps answering', async () => {
    const [one] = topology.apps;
    const { buyer, body, checkout } = await openCheckout();
    const form = new URLSearchParams(CARD_OK).toString();
    const request = httpRequest(`${one.url}/subs/checkout/${checkout.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: buyer.credential!, 'content-length': Buffer.byteLength(form) },
    });
    const answered = new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
      });
      request.on('error', reject);
    });
    // The request reaches the process (its headers and part of its body); the rest comes after the SIGTERM.
    request.write(form.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = one.signal('SIGTERM');
    await eventually(async () => one.output().includes('SIGTERM received'), 5000, `${one.name} hears SIGTERM`);
    // It no longer takes connections…
    await expect(fetch(`${one.url}/healthz`)).rejects.toThrow();
    // …and finishes the payment it was given.
    request.end(form.slice(20));
    expect(await answered).toEqual({ status: 303, location: `/payment-success?usid=${body.usid}&payment=true&order=${body.orderId}` });
    expect(await exited).toBe(0);
    expect(await chargesOf(checkout.id)).toHaveLength(1);
    // The proxy sends everything to the other process meanwhile.
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${topology.url}/readyz`)).status).toBe(200);
    await one.restart();
  });

  it('loses no acknowledged session write when one process is killed with SIGKILL among 1,000 concurrent writers', async () => {
    const VISITORS = 1000;
    const KILL_AFTER_ACKS = 1500;
    const [victim, survivor] = topology.apps;
    const acked: number[] = Array.from({ length: VISITORS }, () => 0);
    const cookies: Array<string | null> = Array.from({ length: VISITORS }, () => null);
    const ids = Array.from({ length: VISITORS }, () => newVisitorId());
    let acks = 0;
    let acksAfterKill = 0;
    let killed: Promise<number | null> | null = null;
    const post = async (path: string, body: unknown, cookie?: string) => {
      const response = await fetch(`${topology.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
      await response.arrayBuffer();
      return response;
    };
    await Promise.all(
      ids.map(async (id, n) => {
        try {
          const created = await post('/subs/sessions/create', { id });
          if (created.status !== 201) return;
          const cookie = created.headers.getSetCookie()[0]!.split(';', 1)[0]!;
          cookies[n] = cookie;
          for (let seq = 1; seq <= 5; seq += 1) {
            const written = await post(`/subs/sessions/write/${id}`, { id, flowOuter: true, abTestData: { n, seq }, gclid: false, testEventCode: `T${n}`, ipInfo: null }, cookie);
            if (written.status !== 200) return;
            acked[n] = seq;
            acks += 1;
            if (killed) acksAfterKill += 1;
            else if (acks >= KILL_AFTER_ACKS) killed = victim.signal('SIGKILL');
          }
        } catch {
          // A write cut off by the kill: not acknowledged.
        }
      }),
    );
    expect(await killed).toBe(null);
    expect(acks).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    // The survivor went on acknowledging writes after the kill.
    expect(acksAfterKill).toBeGreaterThan(100);
    const lost: string[] = [];
    for (let i = 0; i < VISITORS; i += 50) {
      await Promise.all(
        ids.slice(i, i + 50).map(async (id, k) => {
          const n = i + k;
          if (acked[n] === 0) return;
          const response = await fetch(`${survivor.url}/subs/sessions/${id}`, { headers: { cookie: cookies[n]! } });
          const session = response.status === 200 ? ((await response.json()) as { record: { abTestData: { n: number; seq: number } } }) : null;
          const seq = session?.record.abTestData.seq;
          if (session?.record.abTestData.n !== n || (seq !== acked[n] && seq !== acked[n]! + 1)) lost.push(`${n}: acknowledged ${acked[n]}, found ${String(seq)} (${response.status})`);
        }),
      );
    }
    console.log(`kill -9 of ${victim.name} among ${VISITORS} writers: ${acks} writes acknowledged (${acksAfterKill} after the kill), ${acked.filter((s) => s > 0).length} visitors checked`);
    expect(lost, lost.slice(0, 10).join('; ')).toEqual([]);
    expect((await fetch(`${topology.url}/readyz`)).status, summarizeLog(topology.proxy.errorLog())).toBe(200);
    await victim.restart();
    expect((await readiness(victim)).ready).toBe(true);
  }, 120_000);
});

function summarizeLog(log: string): string {
  const counts = new Map<string, number>();
  for (const line of log.split('\n')) {
    const what = /\] \d+#\d+: \*\d+ (.*?) while/.exec(line)?.[1] ?? line.slice(0, 80);
    const upstream = /upstream: "http:\/\/([^/"]+)/.exec(line)?.[1] ?? '';
    const key = `${what} @ ${upstream}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n}x ${k}`).join('\n');
}

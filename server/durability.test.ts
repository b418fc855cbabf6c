import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Session } from '../src/shared/contract/subscription';
import { CREDENTIAL_COOKIE } from './auth/visitor-credential';
import { startPostgres, type TestPostgres } from './test-support/postgres';
import { newVisitorId } from './test-support/test-browser';

// Acknowledged writes survive kill -9: the real server process (server/main.ts) takes 1,000 concurrent
// session creates + writes over HTTP, is killed with SIGKILL mid-way, restarts on the same data, and every
// write that was answered 2xx must be there. Each visitor is a browser of its own: a random v4 UUID session
// id and the credential cookie its create answer set, sent with its write and, after the restart, its read
// (so the restarted server must also still accept the credentials the killed one issued).

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const VISITORS = 1000;
// Each writer writes up to MAX_WRITES_EACH times; the kill comes during the second round.
const MAX_WRITES_EACH = 5;
const KILL_AFTER_ACKS = 1500;

interface RunningServer {
  process: ChildProcess;
  baseUrl: string;
}

/** A visitor of one run: its session id and the credential cookie (`name=value`) its session create set. */
interface Visitor {
  id: string;
  cookie: string;
}

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: join(repoRoot, 'no-dist-for-this-test'),
      NODE_ENV: 'test',
      // All 1,000 visitors call from 127.0.0.1 within seconds: the default of 300 session creates (and, after
      // the restart, 300 session reads) per address a minute would answer most of them 429. The limits are
      // tested in trust.contract.test.ts; here they must not get in the way.
      RATE_LIMIT_SESSIONS: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ process: child, baseUrl: `http://127.0.0.1:${match[1]}` });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it started:\n${output}`));
    });
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function postJson(url: string, body: unknown, cookie?: string): Promise<{ status: number; credential: string | null }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  await response.arrayBuffer();
  const credential = response.headers.getSetCookie().map((line) => line.split(';', 1)[0]!).find((pair) => pair.startsWith(`${CREDENTIAL_COOKIE}=`)) ?? null;
  return { status: response.status, credential };
}

/**
 * Each visitor creates its session, then writes it again and again (seq 1, 2, …, each with the credential its create
 * set) until the server is gone: all 1,000 are writing at once when the server is killed with SIGKILL, after
 * KILL_AFTER_ACKS writes were acknowledged. Returns, per visitor, the last seq the server acknowledged (0: none).
 *
 * Writers that keep writing make the kill land mid-way whatever the machine's speed: each has at most one write in
 * flight, so once the kill is sent, every writer's next write fails. (With one write each, the server could answer
 * them all before the test saw the 250th answer, and the kill then came after the last one.)
 */
async function writeUntilKilled(
  server: RunningServer,
  runId: string,
  afterKill: () => void = () => undefined,
): Promise<{ ackedSeq: number[]; acks: number; cutOff: number; visitors: Array<Visitor | undefined> }> {
  const ackedSeq: number[] = Array.from({ length: VISITORS }, () => 0);
  const visitors: Array<Visitor | undefined> = Array.from({ length: VISITORS }, () => undefined);
  let acks = 0;
  let cutOff = 0;
  let killed = false;
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, n) => {
      const id = newVisitorId();
      try {
        const created = await postJson(`${server.baseUrl}/subs/sessions/create`, { id });
        if (created.status !== 201) throw new Error(`create answered ${created.status}`);
        if (!created.credential) throw new Error('create set no credential');
        const visitor = { id, cookie: created.credential };
        visitors[n] = visitor;
        for (let seq = 1; seq <= MAX_WRITES_EACH; seq += 1) {
          const written = await postJson(
            `${server.baseUrl}/subs/sessions/write/${id}`,
            {
              id,
              flowOuter: true,
              abTestData: { n, seq, run: runId },
              gclid: n % 2 === 0,
              testEventCode: `T${n}`,
              ipInfo: null,
            },
            visitor.cookie,
          );
          if (written.status !== 200) throw new Error(`write answered ${written.status}`);
          ackedSeq[n] = seq;
          acks += 1;
          if (!killed && acks >= KILL_AFTER_ACKS) {
            killed = true;
            server.process.kill('SIGKILL');
            afterKill();
          }
        }
      } catch {
        cutOff += 1;
      }
    }),
  );
  await waitForExit(server.process);
  return { ackedSeq, acks, cutOff, visitors };
}

/**
 * Reads every visitor's session back, each with its own credential from before the kill: each holds the last write
 * acknowledged to it, or the one after it (sent, committed, and cut off before its answer), never an older one.
 */
async function expectAllThere(server: RunningServer, runId: string, ackedSeq: number[], visitors: Array<Visitor | undefined>): Promise<void> {
  const acked = ackedSeq.flatMap((seq, n) => (seq > 0 ? [n] : []));
  const missing: string[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < acked.length; i += 50) {
    await Promise.all(
      acked.slice(i, i + 50).map(async (n) => {
        const visitor = visitors[n]!;
        const response = await fetch(`${server.baseUrl}/subs/sessions/${visitor.id}`, { headers: { cookie: visitor.cookie } });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const body = await response.text();
        const session = response.status === 200 ? (JSON.parse(body) as Session) : undefined;
        const seq = session?.record.abTestData.seq;
        const ok =
          session?.record.flowOuter === true &&
          session.record.abTestData.n === n &&
          session.record.abTestData.run === runId &&
          (seq === ackedSeq[n] || seq === ackedSeq[n]! + 1) &&
          session.record.gclid === (n % 2 === 0) &&
          session.record.testEventCode === `T${n}`;
        if (!ok) missing.push(`${n} (acknowledged seq ${ackedSeq[n]}, found ${String(seq)})`);
      }),
    );
  }
  // A 401 here would be the restarted server refusing the credentials the killed one issued.
  const answered = [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
  expect(missing, `acknowledged writes lost after kill -9 (reads answered ${answered}): ${missing.slice(0, 20).join(', ')}`).toEqual([]);
  console.log(`kill -9 (${runId}): ${acked.length} visitors with acknowledged writes; each found with its last acknowledged write (or the next) after restart`);
}

/** The kill really came mid-way: writes had been acknowledged, and writers were still writing when it came. */
function expectKilledMidway(acks: number, cutOff: number): void {
  expect(acks).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  expect(acks, 'the kill came before every write was sent').toBeLessThan(VISITORS * MAX_WRITES_EACH);
  expect(cutOff, 'writers were cut off by the kill').toBeGreaterThan(0);
}

describe('durability under kill -9 (SQLite)', () => {
  it('keeps every acknowledged session write through kill -9 in the middle of 1,000 concurrent writers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-durability-'));
    try {
      // No SESSION_SECRET: the first server generates the signing secret into DATA_DIR, and the restarted
      // one must read it back from there to accept the credentials issued before the kill.
      const first = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: '' });
      const { ackedSeq, acks, cutOff, visitors } = await writeUntilKilled(first, 'kill9');
      expectKilledMidway(acks, cutOff);
      const second = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: '' });
      try {
        await expectAllThere(second, 'kill9', ackedSeq, visitors);
      } finally {
        second.process.kill('SIGKILL');
        await waitForExit(second.process);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('durability under kill -9 (PostgreSQL)', () => {
  it('keeps every acknowledged session write when the server and PostgreSQL are both killed mid-way', async () => {
    // Its own throwaway cluster (even with TEST_DATABASE_URL): a leg that cannot run fails, it is never skipped.
    let postgres: TestPostgres | undefined;
    // The same signing secret for both servers (of 32 characters or more), so that the restarted one accepts
    // the credentials the killed one issued; without it, main.ts would keep a generated one in <repo>/data.
    const secrets = { SESSION_SECRET: randomBytes(48).toString('base64url') };
    try {
      postgres = await startPostgres({ durable: true, local: true });
      const first = await startServer({ DATABASE_URL: postgres.url, ...secrets });
      // PostgreSQL goes down the way a power cut would (immediate shutdown: no checkpoint) right after
      // the server is killed, then recovers from its WAL on restart.
      const { ackedSeq, acks, cutOff, visitors } = await writeUntilKilled(first, 'pgkill9', () => postgres!.crash());
      expectKilledMidway(acks, cutOff);
      postgres.restart();
      const second = await startServer({ DATABASE_URL: postgres.url, ...secrets });
      try {
        await expectAllThere(second, 'pgkill9', ackedSeq, visitors);
      } finally {
        second.process.kill('SIGKILL');
        await waitForExit(second.process);
      }
    } finally {
      await postgres?.stop();
    }
  }, 180_000);
});

// Money under kill -9: every pay of a hosted checkout is one transaction (the charge, the subscription and the paid
// checkout together), so a server killed in the middle of concurrent payments leaves no one charged without the
// product, no product without its charge, and every payment it answered as done is there after the restart.
const PAYERS = 300;
const KILL_AFTER_PAID = 10;
const PAYING_AT_ONCE = 50;
const TRIAL_PLAN = 'mxp_astrelle_trial_1_2900_live';

describe('money under kill -9 (SQLite)', () => {
  it('leaves nobody charged without their subscription, and keeps every payment it answered, when killed mid-way through 300 payments', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-durability-pay-'));
    try {
      const limits = { RATE_LIMIT_CHECKOUTS: '1000000', RATE_LIMIT_LOOKUPS: '1000000' };
      const first = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: '', ...limits });
      // Every payer opens a checkout first (their own session, credential and email); then all pay at once.
      const checkouts = await Promise.all(
        Array.from({ length: PAYERS }, async (_, n) => {
          const usid = newVisitorId();
          const created = await postJson(`${first.baseUrl}/subs/sessions/create`, { id: usid });
          if (!created.credential) throw new Error(`session create answered ${created.status} without a credential`);
          const back = (route: string) => `${route}?usid=${usid}`;
          const response = await fetch(`${first.baseUrl}/subs/checkout/sessions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: created.credential },
            body: JSON.stringify({
              project: 'astrelle', provider: 'maxpay', productId: TRIAL_PLAN, email: `payer${n}.${usid.slice(0, 8)}@example.com`, usid,
              orderId: `ord_kill9_${usid.replace(/-/g, '')}`, successUrl: back('/payment-success'), errorUrl: back('/payment-error'), cancelUrl: back('/sale'),
            }),
          });
          if (response.status !== 201) throw new Error(`checkout create answered ${response.status}: ${await response.text()}`);
          const { id } = (await response.json()) as { id: string };
          return { id, cookie: created.credential };
        }),
      );
      const answeredPaid: string[] = [];
      let killed = false;
      // PAYING_AT_ONCE payers pay at a time, each next one as soon as one is answered: when the kill comes, payments
      // are in flight and others are still to be sent, whatever the machine's speed (all 300 sent at once could all
      // be answered before the test saw the tenth answer).
      const queue = [...checkouts];
      await Promise.all(
        Array.from({ length: PAYING_AT_ONCE }, async () => {
          for (let payer = queue.shift(); payer; payer = queue.shift()) {
            const { id, cookie } = payer;
            try {
              const response = await fetch(`${first.baseUrl}/subs/checkout/${id}/pay`, {
                method: 'POST',
                redirect: 'manual',
                headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
                body: new URLSearchParams({ cardName: 'Kill Nine', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
              });
              await response.arrayBuffer();
              if (response.status === 303 && (response.headers.get('location') ?? '').includes('/payment-success')) answeredPaid.push(id);
              if (!killed && answeredPaid.length >= KILL_AFTER_PAID) {
                killed = true;
                first.process.kill('SIGKILL');
              }
            } catch {
              // Cut off by the kill.
            }
          }
        }),
      );
      await waitForExit(first.process);
      expect(answeredPaid.length).toBeGreaterThanOrEqual(KILL_AFTER_PAID);
      expect(answeredPaid.length, 'the kill came before every payment was answered').toBeLessThan(PAYERS);

      // The restarted server recovers the database (and proves it opens); the ledger is then read directly.
      const second = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: '', ...limits });
      second.process.kill('SIGKILL');
      await waitForExit(second.process);
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(join(dataDir, 'astrelle.sqlite'), { readonly: true });
      try {
        const ids = checkouts.map((c) => c.id);
        const marks = ids.map(() => '?').join(',');
        const rows = db
          .prepare(
            `select c.id, c.status, c.order_id,
                    (select count(*) from charges g where g.checkout_id = c.id) as charges,
                    (select count(*) from subscriptions s where s.order_id = c.order_id) as subscriptions
             from checkouts c where c.id in (${marks})`,
          )
          .all(...ids) as Array<{ id: string; status: string; order_id: string; charges: number; subscriptions: number }>;
        expect(rows).toHaveLength(PAYERS);
        const wrong = rows.filter((r) => (r.status === 'paid' ? r.charges !== 1 || r.subscriptions !== 1 : r.charges !== 0 || r.subscriptions !== 0));
        expect(wrong, 'a checkout charged without its subscription, or the other way round').toEqual([]);
        const lost = answeredPaid.filter((id) => rows.find((r) => r.id === id)?.status !== 'paid');
        expect(lost, 'payments answered as done but missing after the restart').toEqual([]);
        console.log(`kill -9 during payments: ${answeredPaid.length} answered paid, ${rows.filter((r) => r.status === 'paid').length} paid after restart, ${rows.filter((r) => r.status === 'open').length} still open, none charged without the product`);
      } finally {
        db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

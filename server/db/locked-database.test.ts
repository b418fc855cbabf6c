import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { jsonErrorHandler } from '../error-handler';
import { openTestStore } from '../test-support/databases';
import { busyRetryDelay, DatabaseBusyError, isDatabaseBusy, isSqliteBusy, retryWhileBusy } from './busy';
import { prepareStore, type Store } from './open';
import type { Database } from './schema';
import { isUniqueViolation } from './values';

// Another process holding SQLite's write lock (say, `sqlite3 data/astrelle.sqlite` with `BEGIN IMMEDIATE;`
// left open) must not freeze the server: writes wait asynchronously, then answer 503 with Retry-After,
// and /healthz stays fast meanwhile. The "other process" here is a second better-sqlite3 connection to the file.

const BUSY_MESSAGE = 'The database is busy; try again in a moment.';

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
  ms: number;
}

function sessionValues(id: string) {
  const at = new Date().toISOString();
  return { id, ab_test_data: '{}', attribution: '{}', flow_outer: false, gclid: false, alt_payout: false, created_at: at, updated_at: at };
}

function insertSession(trx: Transaction<Database>, id: string) {
  return trx.insertInto('sessions').values(sessionValues(id)).execute();
}

for (const mode of ['IMMEDIATE', 'EXCLUSIVE'] as const) {
  describe(`a SQLite database another connection holds with BEGIN ${mode}`, () => {
    let store: Store;
    let cleanup: () => Promise<void> = async () => undefined;
    let app: FastifyInstance;
    let baseUrl = '';
    let other: SQLite.Database;
    let sqliteFile = '';

    beforeAll(async () => {
      const opened = await openTestStore('SQLite');
      store = opened.store;
      cleanup = opened.cleanup;
      sqliteFile = opened.sqliteFile!;
      other = new SQLite(sqliteFile);
      app = await buildServer({ store });
      await app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });
    afterEach(() => unlock());
    afterAll(async () => {
      await app?.close();
      other?.close();
      await store?.close();
      await cleanup();
    });

    const lock = () => other.exec(`BEGIN ${mode}`);
    const unlock = () => {
      if (other.inTransaction) other.exec('ROLLBACK');
    };

    async function createSession(id: string): Promise<Answer> {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/subs/sessions/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
      const body: unknown = await response.json();
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body, ms: performance.now() - started };
    }

    async function healthz(): Promise<void> {
      const response = await fetch(`${baseUrl}/healthz`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
    }

    async function storedSessions(ids: readonly string[]): Promise<string[]> {
      const rows = await store.db.selectFrom('sessions').select('id').where('id', 'in', ids).execute();
      return rows.map((row) => row.id);
    }

    it('answers a write 503 with Retry-After within 3 s, stores nothing, and takes the same write (201) after ROLLBACK', async () => {
      const id = randomUUID();
      lock();
      const answer = await createSession(id);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: 'Service Unavailable', message: BUSY_MESSAGE });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      // It waited (retrying) for the budget, not SQLite's old 5 s.
      expect(answer.ms).toBeGreaterThan(1000);
      expect(answer.ms).toBeLessThan(3000);
      unlock();
      expect(await storedSessions([id])).toEqual([]);

      const again = await createSession(id);
      expect(again.status).toBe(201);
      expect(await storedSessions([id])).toEqual([id]);
    });

    it('moves no money while locked: a payment answers 503 and charges nothing; paid after ROLLBACK, it is charged once', async () => {
      const visitor = randomUUID();
      const created = await fetch(`${baseUrl}/subs/sessions/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: visitor }) });
      const cookie = created.headers.getSetCookie()[0]!.split(';', 1)[0]!;
      const product = await store.db.selectFrom('products').select(['product_id', 'project']).where('type', '=', 'TRIAL').where('provider', '=', 'maxpay').executeTakeFirstOrThrow();
      const back = (route: string) => `${route}?usid=${visitor}`;
      const opened = await fetch(`${baseUrl}/subs/checkout/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          project: product.project, provider: 'maxpay', productId: product.product_id, email: `locked.${visitor.slice(0, 8)}@example.com`, usid: visitor,
          orderId: `ord_${visitor.replace(/-/g, '')}`, successUrl: back('/payment-success'), errorUrl: back('/payment-error'), cancelUrl: back('/sale'),
        }),
      });
      expect(opened.status).toBe(201);
      const { id } = (await opened.json()) as { id: string };
      const pay = () =>
        fetch(`${baseUrl}/subs/checkout/${id}/pay`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie },
          body: new URLSearchParams({ cardName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString(),
        });
      const money = async () => ({
        charges: (await store.db.selectFrom('charges').select('id').where('checkout_id', '=', id).execute()).length,
        subscriptions: (await store.db.selectFrom('subscriptions').select('id').where('order_id', '=', `ord_${visitor.replace(/-/g, '')}`).execute()).length,
        status: (await store.db.selectFrom('checkouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
      });

      lock();
      const refused = await pay();
      await refused.arrayBuffer();
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      unlock();
      expect(await money()).toEqual({ charges: 0, subscriptions: 0, status: 'open' });

      const paid = await pay();
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toContain('/payment-success');
      expect(await money()).toEqual({ charges: 1, subscriptions: 1, status: 'paid' });
    });

    it('answers GET /healthz in under 100 ms while a write waits for the lock', async () => {
      lock();
      const waiting = createSession(randomUUID());
      // Samples across the write's retry window, the first once the write is surely waiting. Each is timed
      // from when it was due, so a blocked event loop that delays the sending counts too.
      const started = performance.now();
      const timings: number[] = [];
      for (const dueAfter of [100, 500, 1000]) {
        const due = started + dueAfter;
        await sleep(Math.max(0, due - performance.now()));
        await healthz();
        timings.push(performance.now() - due);
      }
      const answer = await waiting;
      expect(answer.status).toBe(503);
      expect(Math.max(...timings)).toBeLessThan(100);
    });

    it('lets a waiting write succeed when the lock is released within the retry window', async () => {
      const id = randomUUID();
      lock();
      const release = sleep(200).then(unlock);
      const answer = await createSession(id);
      await release;
      expect(answer.status).toBe(201);
      expect(answer.ms).toBeGreaterThanOrEqual(150);
      expect(await storedSessions([id])).toEqual([id]);
    });

    it('fails every one of several concurrent writes with 503 while the lock is held, storing none', async () => {
      const ids = Array.from({ length: 8 }, () => randomUUID());
      lock();
      const answers = await Promise.all(ids.map(createSession));
      unlock();
      expect(answers.map((a) => a.status)).toEqual(ids.map(() => 503));
      expect(answers.every((a) => a.retryAfter !== null)).toBe(true);
      expect(await storedSessions(ids)).toEqual([]);
    });

    it('commits every one of several concurrent writes once a lock released after 200 ms', async () => {
      const ids = Array.from({ length: 8 }, () => randomUUID());
      lock();
      const release = sleep(200).then(unlock);
      const answers = await Promise.all(ids.map(createSession));
      await release;
      expect(answers.map((a) => a.status)).toEqual(ids.map(() => 201));
      expect((await storedSessions(ids)).sort()).toEqual([...ids].sort());
    });

    it('never half-applies a group-commit batch: writes of two rows each are stored whole or not at all', async () => {
      const pairs = Array.from({ length: 6 }, () => [randomUUID(), randomUUID()] as const);
      const writeAll = () =>
        pairs.map(([a, b]) =>
          store.write(async (trx) => {
            await insertSession(trx, a);
            await insertSession(trx, b);
          }),
        );
      lock();
      const failed = await Promise.allSettled(writeAll());
      unlock();
      expect(failed.map((r) => (r.status === 'rejected' ? r.reason instanceof DatabaseBusyError : 'fulfilled'))).toEqual(pairs.map(() => true));
      expect(await storedSessions(pairs.flat())).toEqual([]);

      lock();
      const release = sleep(200).then(unlock);
      const settled = await Promise.allSettled(writeAll());
      await release;
      expect(settled.map((r) => r.status)).toEqual(pairs.map(() => 'fulfilled'));
      expect((await storedSessions(pairs.flat())).sort()).toEqual(pairs.flat().sort());
    });

    it('retries the whole batch when one write meets the lock, and still fails only a write with its own error', async () => {
      const [first, second, existing] = [randomUUID(), randomUUID(), randomUUID()];
      await store.write((trx) => insertSession(trx, existing));
      lock();
      // In one batch: the first write meets the lock and (then) the lock goes away; the second would succeed
      // in that same transaction. Committing it while the first failed would half-apply the batch.
      const writes = [
        store.write(async (trx) => {
          try {
            await insertSession(trx, first);
          } finally {
            unlock();
          }
        }),
        store.write((trx) => insertSession(trx, second)),
        store.write((trx) => insertSession(trx, existing)),
      ];
      const settled = await Promise.allSettled(writes);
      expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      const own = settled[2]?.status === 'rejected' ? (settled[2].reason as unknown) : undefined;
      expect(isUniqueViolation(own) && !isDatabaseBusy(own)).toBe(true);
      expect((await storedSessions([first, second])).sort()).toEqual([first, second].sort());
    });

    it('retries without group commit too, for busyRetryMs, then throws DatabaseBusyError', async () => {
      const direct = await prepareStore({ dataDir: dirname(sqliteFile), groupCommit: false, busyRetryMs: 300 });
      try {
        const [late, never] = [randomUUID(), randomUUID()];
        lock();
        const release = sleep(100).then(unlock);
        await direct.write((trx) => insertSession(trx, late));
        await release;
        expect(await storedSessions([late])).toEqual([late]);

        lock();
        const started = performance.now();
        const error: unknown = await direct.write((trx) => insertSession(trx, never)).catch((e: unknown) => e);
        const ms = performance.now() - started;
        unlock();
        expect(error).toBeInstanceOf(DatabaseBusyError);
        expect(isSqliteBusy((error as Error).cause)).toBe(true);
        expect(ms).toBeGreaterThanOrEqual(250);
        expect(ms).toBeLessThan(1000);
        expect(await storedSessions([never])).toEqual([]);
      } finally {
        await direct.close();
      }
    });
  });
}

describe('retryWhileBusy', () => {
  const busy = (code = 'SQLITE_BUSY') => new SQLite.SqliteError('database is locked', code);

  it('recognises SQLite busy and locked codes, also as a cause, and nothing else', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED', 'SQLITE_LOCKED_SHAREDCACHE']) {
      expect(isSqliteBusy(busy(code))).toBe(true);
    }
    expect(isSqliteBusy(new Error('wrapped', { cause: busy() }))).toBe(true);
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_BUSYNESS', 'SQLITE_ERROR']) expect(isSqliteBusy(busy(code))).toBe(false);
    expect(isSqliteBusy(Object.assign(new Error('serialization failure'), { code: '40001' }))).toBe(false);
    expect(isSqliteBusy('SQLITE_BUSY')).toBe(false);
    expect(isDatabaseBusy(new DatabaseBusyError(busy()))).toBe(true);
  });

  it('waits 10 ms, doubling, at most 200 ms between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => busyRetryDelay(n, { budgetMs: 1500 }))).toEqual([10, 20, 40, 80, 160, 200, 200]);
  });

  it('runs the attempt again after a busy failure, with the event loop free in between', async () => {
    let attempts = 0;
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 1);
    try {
      const value = await retryWhileBusy(async () => {
        attempts += 1;
        if (attempts < 4) throw busy();
        return 'done';
      }, { budgetMs: 1000 });
      expect(value).toBe('done');
      expect(attempts).toBe(4);
      // 10 + 20 + 40 ms of waits: timers ran meanwhile.
      expect(ticks).toBeGreaterThan(5);
    } finally {
      clearInterval(ticker);
    }
  });

  it('throws any other error at once', async () => {
    let attempts = 0;
    const unique = busy('SQLITE_CONSTRAINT_UNIQUE');
    await expect(retryWhileBusy(async () => ((attempts += 1), Promise.reject(unique)), { budgetMs: 1000 })).rejects.toBe(unique);
    expect(attempts).toBe(1);
  });

  it('throws DatabaseBusyError, with the last busy error as its cause, once the budget is spent', async () => {
    const started = performance.now();
    const last = busy('SQLITE_BUSY_SNAPSHOT');
    const error: unknown = await retryWhileBusy(() => Promise.reject(last), { budgetMs: 100 }).catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect((error as DatabaseBusyError).cause).toBe(last);
    expect(ms).toBeGreaterThanOrEqual(95);
    expect(ms).toBeLessThan(500);
  });
});

describe('the error handler and a busy database', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setErrorHandler(jsonErrorHandler);
    // A read that met another connection's exclusive lock throws SQLite's own error.
    app.get('/read', async () => Promise.reject(new SQLite.SqliteError('database is locked', 'SQLITE_BUSY')));
    app.get('/write', async () => Promise.reject(new DatabaseBusyError(new SQLite.SqliteError('database is locked', 'SQLITE_LOCKED'))));
    app.get('/other', async () => Promise.reject(new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR')));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a raw SQLITE_BUSY and a DatabaseBusyError with 503, Retry-After and the JSON error shape', async () => {
    for (const url of ['/read', '/write']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ error: 'Service Unavailable', message: BUSY_MESSAGE });
    }
  });

  it('still answers other database errors with a 500', async () => {
    const response = await app.inject({ url: '/other' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});

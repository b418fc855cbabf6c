import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { prepareStore } from './db/open';
import { startPostgres } from './test-support/postgres';
import { injectVisitor } from './test-support/inject-visitor';

// The probes: /healthz says the process is alive, /readyz that it should be sent traffic (its database answers), with
// Redis's state and the process's answered requests in the body.

describe('GET /readyz', () => {
  it('is ready once the database answers, names the process, counts the requests it received and says Redis is not configured', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-readyz-'));
    const store = await prepareStore({ dataDir });
    const app = await buildServer({ store, instance: 'app-7' });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const first = await fetch(`${url}/readyz`, { headers: { accept: 'text/html' } });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toMatch(/^application\/json/);
      expect(first.headers.get('cache-control')).toBe('no-store');
      const body = (await first.json()) as { requests: number };
      expect(body).toEqual({ ready: true, database: 'ok', redis: 'not configured', instance: 'app-7', requests: 1 });
      for (let i = 0; i < 3; i += 1) await (await fetch(`${url}/healthz`)).arrayBuffer();
      // The three health checks and this probe since the first.
      expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({ requests: 5 });
    } finally {
      await app.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('creates nothing and hands out no credential: a proxy polling it leaves no session, cookie or row behind', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-readyz-'));
    const store = await prepareStore({ dataDir });
    const app = await buildServer({ store });
    const rows = async () => Number((await store.db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    try {
      const before = await rows();
      for (let i = 0; i < 5; i += 1) {
        const probe = await app.inject({ method: 'GET', url: '/readyz' });
        expect(probe.statusCode).toBe(200);
        expect(probe.headers['set-cookie']).toBeUndefined();
        // Nothing of a visitor in it: the database's, Redis's and the process's state only.
        expect(Object.keys(probe.json() as object).sort()).toEqual(['database', 'instance', 'ready', 'redis', 'requests']);
      }
      expect(await rows()).toBe(before);
    } finally {
      await app.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('with a visitor\'s credential, reveals and changes nothing of that visitor: the probes read no credential', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-readyz-'));
    const store = await prepareStore({ dataDir });
    const app = await buildServer({ store });
    const sessions = () => store.db.selectFrom('sessions').selectAll().orderBy('id').execute();
    try {
      // A visitor with a session and its credential cookie; the probes are then sent with that cookie.
      const visitor = injectVisitor(() => app);
      const id = randomUUID();
      expect((await visitor.post('/subs/sessions/create', { id })).statusCode).toBe(201);
      expect(visitor.jar.size).toBeGreaterThan(0);
      const before = await sessions();
      for (const url of ['/healthz', '/readyz']) {
        const probe = await visitor.get(url);
        expect(probe.statusCode).toBe(200);
        expect(probe.headers['set-cookie']).toBeUndefined();
        expect(probe.body).not.toContain(id);
      }
      expect(await sessions()).toEqual(before);
    } finally {
      await app.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('names the process by its pid when it has no name', async () => {
    const app = await buildServer({});
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ ready: true, database: 'none', instance: `pid ${process.pid}` });
    } finally {
      await app.close();
    }
  });

  it('answers 503 while PostgreSQL is down, and is ready again once it is back; /healthz stays 200', async () => {
    const postgres = await startPostgres({ local: true, durable: false });
    const store = await prepareStore({ databaseUrl: postgres.url, poolSize: 2 });
    const app = await buildServer({ store });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      postgres.crash();
      const down = await app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ ready: false, database: 'unreachable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      postgres.restart();
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
        status = (await app.inject({ method: 'GET', url: '/readyz' })).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
    } finally {
      await app.close();
      await store.close();
      await postgres.stop();
    }
  }, 60_000);
});

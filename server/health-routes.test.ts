import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { prepareStore } from './db/open';
import { startPostgres } from './test-support/postgres';

// The probes: /healthz says the process is alive, /readyz that it should be sent traffic (its database answers), with
// Redis's state and the process's answered requests in the body.

describe('GET /readyz', () => {
  it('is ready once the database answers, names the process, counts what it answered and says Redis is not configured', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-readyz-'));
    const store = await prepareStore({ dataDir });
    const app = await buildServer({ store, instance: 'app-7' });
    try {
      const first = await app.inject({ method: 'GET', url: '/readyz', headers: { accept: 'text/html' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['cache-control']).toBe('no-store');
      const body = first.json() as { requests: number };
      expect(body).toEqual({ ready: true, database: 'ok', redis: 'not configured', instance: 'app-7', requests: expect.any(Number) });
      for (let i = 0; i < 3; i += 1) await app.inject({ method: 'GET', url: '/healthz' });
      // The three health checks and the first readiness probe were answered since.
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ requests: body.requests + 4 });
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

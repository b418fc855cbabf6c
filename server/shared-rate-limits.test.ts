import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { findRedisServer, startLocalRedis, type LocalRedis } from './cluster/local-redis';
import { prepareStore, type Store } from './db/open';
import { connectSharedRedis, describeRedisUrl, type SharedRedis } from './redis-connection';
import { DEFAULT_RATE_LIMITS } from './rate-limits';
import { seedCatalogue } from './subs/catalogue';
import { TEST_PROJECT } from './test-support/databases';

// Two server processes' worth of servers on one Redis (a real redis-server): a client's limit is the configured
// one whatever process answers; with Redis gone the servers keep answering, each counting alone, and say so once;
// with Redis back the limit is shared again. /readyz reports Redis either way and stays ready.

const LOOKUPS = 10;
const lookup = (n: number) => ({ method: 'GET' as const, url: `/subs/users/check-subscription?email=limit${n}%40example.com&project=${TEST_PROJECT}` });

if (!findRedisServer()) {
  describe('rate limits shared through Redis', () => {
    it('runs against a real Redis', () => {
      throw new Error('no Redis server: apt-get install -y redis-server (.ci/run does this), or set REDIS_SERVER');
    });
  });
} else {
  describe('rate limits shared through Redis', () => {
    let dataDir: string;
    let store: Store;
    let redis: LocalRedis;
    const connections: SharedRedis[] = [];
    const servers: FastifyInstance[] = [];
    const logged: string[] = [];
    const log = { warn: (m: string) => logged.push(`warn: ${m}`), info: (m: string) => logged.push(`info: ${m}`) };

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'astrelle-shared-limits-'));
      store = await prepareStore({ dataDir }, (s) => seedCatalogue(s, TEST_PROJECT));
      redis = await startLocalRedis();
      for (const name of ['one', 'two']) {
        const shared = connectSharedRedis(redis.url, log);
        connections.push(shared);
        servers.push(await buildServer({ store, redis: shared, instance: name, rateLimits: { ...DEFAULT_RATE_LIMITS, lookups: LOOKUPS } }));
      }
      await waitUntil(() => connections.every((c) => c.up), 'both connected to Redis');
    });

    afterAll(async () => {
      for (const server of servers) await server.close();
      for (const connection of connections) await connection.close();
      await redis?.close();
      await store?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    /** `count` look-ups from one client, alternating between the two servers, as a proxy would spread them. */
    const burst = async (count: number, from: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) statuses.push((await servers[i % 2]!.inject(lookup(from + i))).statusCode);
      return statuses;
    };

    it('answers a 429 at the configured limit, not at twice it, across both servers', async () => {
      const statuses = await burst(LOOKUPS + 5, 0);
      expect(statuses.filter((s) => s !== 429)).toHaveLength(LOOKUPS);
      expect(statuses.slice(LOOKUPS)).toEqual(Array.from({ length: 5 }, () => 429));
      const ready = await servers[1]!.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ ready: true, database: 'ok', redis: 'up', instance: 'two' });
    });

    it('keeps answering with Redis gone, each server counting alone, says so once, and shares the limit again once it is back', async () => {
      logged.length = 0;
      await redis.stop();
      // Whether or not the connection has noticed yet, no request fails because of Redis.
      const whileDown = await burst(2 * LOOKUPS + 4, 100);
      expect(whileDown.filter((s) => s >= 500)).toEqual([]);
      // Each server counts alone: twice the limit in all, then 429s.
      expect(whileDown.filter((s) => s !== 429)).toHaveLength(2 * LOOKUPS);
      expect(whileDown.slice(-4)).toEqual([429, 429, 429, 429]);
      await waitUntil(() => connections.every((c) => !c.up), 'both saw Redis go');
      const ready = await servers[0]!.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ ready: true, redis: 'down: rate limits are counted by each process alone' });
      // Once per connection, however many requests and reconnection attempts there were.
      const description = describeRedisUrl(redis.url);
      expect(logged.filter((line) => line.startsWith('warn:'))).toEqual(
        Array.from({ length: 2 }, () => expect.stringMatching(new RegExp(`^warn: Redis at ${description} is unreachable \\(.*\\): rate limits are counted by each process alone until it is back$`))),
      );

      await redis.start();
      await waitUntil(() => connections.every((c) => c.up), 'both reconnected');
      expect(logged.filter((line) => line.startsWith('info:'))).toEqual(Array.from({ length: 2 }, () => `info: Redis at ${description} is back: rate limits are shared again`));
      // A fresh Redis holds no counts: the shared limit starts again, once for both servers.
      const afterwards = await burst(LOOKUPS + 2, 200);
      expect(afterwards.filter((s) => s !== 429)).toHaveLength(LOOKUPS);
      expect((await servers[0]!.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ redis: 'up' });
    }, 30_000);

    it('falls back at once when Redis is only slow (a command timed out), and counts there again once it answers', async () => {
      logged.length = 0;
      const admin = new Redis(redis.url);
      try {
        // Redis holds every other client's commands for 1.5 s: the connections stay open, the commands time out.
        await admin.call('client', 'pause', '1500', 'ALL');
        const started = Date.now();
        const whilePaused = await burst(6, 300);
        expect(whilePaused.filter((s) => s >= 500)).toEqual([]);
        // One command per server waited for its timeout; the others went to the local count at once.
        expect(Date.now() - started).toBeLessThan(1500);
        expect(logged.filter((line) => line.startsWith('warn:'))).toHaveLength(2);
        // Past the pause and the second Redis is left alone, the counts are shared again and that is said once each.
        await new Promise((resolve) => setTimeout(resolve, 1600));
        await burst(2, 400);
        expect(logged.filter((line) => line.startsWith('info:'))).toHaveLength(2);
        expect(connections.every((c) => c.up)).toBe(true);
      } finally {
        admin.disconnect();
      }
    }, 30_000);
  });
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

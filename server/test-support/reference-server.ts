import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildServer } from '../app';
import type { Store } from '../db/open';
import { openTestStore } from './databases';

/**
 * The reference backend (astro and subscription APIs) on a fresh, seeded SQLite database, listening
 * on an ephemeral port for the tests of this file. Returns the base URL once the server is up.
 */
export function withReferenceServer(): { baseUrl: () => string } {
  let app: FastifyInstance | undefined;
  let store: Store | undefined;
  let cleanup: () => Promise<void> = async () => undefined;
  let baseUrl = '';
  beforeAll(async () => {
    const opened = await openTestStore('SQLite');
    store = opened.store;
    cleanup = opened.cleanup;
    app = await buildServer({ store });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    await cleanup();
  });
  return {
    baseUrl: () => {
      if (!baseUrl) throw new Error('the reference server is not up yet');
      return baseUrl;
    },
  };
}

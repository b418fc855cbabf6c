import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareStore } from './open';
import { startPostgres, type TestPostgres } from '../test-support/postgres';

// Processes starting at the same moment on one PostgreSQL run their seeds one at a time: a seed that reads, then
// writes what it found missing, never overlaps another's (which would seed twice).

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startPostgres({ durable: false });
  // Migrated once beforehand, so that the starts below meet only at the seed.
  await (await prepareStore({ databaseUrl: postgres.url })).close();
});
afterAll(() => postgres?.stop());

it('runs the seeds of concurrent starts one at a time', async () => {
  let inside = 0;
  let most = 0;
  const seed = async () => {
    inside += 1;
    most = Math.max(most, inside);
    // What a seed does between its read and its write.
    await new Promise((resolve) => setTimeout(resolve, 150));
    inside -= 1;
  };
  const stores = await Promise.all([0, 1, 2].map(() => prepareStore({ databaseUrl: postgres.url, poolSize: 1 }, seed)));
  await Promise.all(stores.map((store) => store.close()));
  expect(most).toBe(1);
}, 30_000);

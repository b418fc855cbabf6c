import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { prepareStore, SQLITE_FILE_NAME, type Store } from '../db/open';
import { seedCatalogue } from '../subs/catalogue';
import { postgresAvailability, startPostgres, type TestPostgres } from './postgres';

export type DatabaseName = 'SQLite' | 'PostgreSQL';

export const TEST_PROJECT = 'astrelle';

/** What a test on each database is given. */
export interface DatabaseContext {
  store: () => Store;
  database: DatabaseName;
  /** The environment a child process (a script) needs to open the same database: DATA_DIR or DATABASE_URL. */
  databaseEnv: () => Record<string, string>;
}

/**
 * Declares `body` once per database: SQLite in a temporary folder and a real PostgreSQL (a throwaway
 * cluster, or a fresh database on TEST_DATABASE_URL), each migrated and seeded. Without PostgreSQL the
 * PostgreSQL leg fails, on a laptop as under CI.
 */
export function describeOnEachDatabase(title: string, body: (context: DatabaseContext) => void): void {
  for (const database of ['SQLite', 'PostgreSQL'] as const) {
    const name = `${title} (${database})`;
    if (database === 'PostgreSQL') {
      // A leg that cannot run fails, here as under CI: a skipped leg would hide a broken PostgreSQL path.
      const { available, reason } = postgresAvailability();
      if (!available) {
        describe(name, () => {
          it('runs against a real PostgreSQL', () => {
            throw new Error(`The PostgreSQL leg cannot run: ${reason}. Install PostgreSQL (apt-get install postgresql) or set TEST_DATABASE_URL.`);
          });
        });
        continue;
      }
    }
    describe(name, () => {
      let store: Store | undefined;
      let env: Record<string, string> = {};
      let cleanup: () => Promise<void> = async () => undefined;
      beforeAll(async () => {
        const opened = await openTestStore(database);
        store = opened.store;
        env = opened.env;
        cleanup = opened.cleanup;
      });
      afterAll(async () => {
        await store?.close();
        await cleanup();
      });
      body({
        store: () => {
          if (!store) throw new Error('the test database is not open');
          return store;
        },
        database,
        databaseEnv: () => ({ ...env }),
      });
    });
  }
}

/**
 * A migrated, seeded store on a fresh database; `cleanup` deletes the database after `store.close()`.
 * `sqliteFile` is the SQLite database's file, for a second connection to it; `env` is what a child process
 * needs to open the same database (DATA_DIR or DATABASE_URL, as the server reads them).
 */
export async function openTestStore(
  database: DatabaseName,
): Promise<{ store: Store; cleanup: () => Promise<void>; env: Record<string, string>; postgres?: TestPostgres; sqliteFile?: string }> {
  const seed = (s: Store) => seedCatalogue(s, TEST_PROJECT);
  if (database === 'SQLite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-sqlite-'));
    const store = await prepareStore({ dataDir }, seed);
    return { store, cleanup: () => rm(dataDir, { recursive: true, force: true }), env: { DATA_DIR: dataDir }, sqliteFile: join(dataDir, SQLITE_FILE_NAME) };
  }
  const postgres = await startPostgres({ durable: false });
  const store = await prepareStore({ databaseUrl: postgres.url }, seed);
  return { store, cleanup: () => postgres.stop(), env: { DATABASE_URL: postgres.url }, postgres };
}

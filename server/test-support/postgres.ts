import pg from 'pg';
import { findPostgresBinaries, startLocalPostgres } from '../db/local-postgres';

export { findPostgresBinaries };

// A real PostgreSQL for the tests. With TEST_DATABASE_URL, each `startPostgres()` creates a fresh database
// on that server; otherwise it starts a throwaway cluster (db/local-postgres.ts: initdb in a temporary folder,
// reachable only through a Unix socket in that folder) and removes it on `stop()`.

export interface TestPostgres {
  /** Connection string of an empty database. */
  url: string;
  /** Stops the throwaway cluster the way a crash would (immediate shutdown), keeping its files. */
  crash(): void;
  /** Starts the cluster again on the same files (crash recovery runs). */
  restart(): void;
  /** Stops and deletes the cluster (or drops the database on TEST_DATABASE_URL). */
  stop(): Promise<void>;
}

export interface PostgresAvailability {
  available: boolean;
  /** Why not, in words for the test log. */
  reason: string;
}

/** Whether the PostgreSQL leg can run here. */
export function postgresAvailability(): PostgresAvailability {
  if (process.env.TEST_DATABASE_URL) return { available: true, reason: 'TEST_DATABASE_URL is set' };
  if (findPostgresBinaries()) return { available: true, reason: 'PostgreSQL binaries found' };
  return {
    available: false,
    reason: 'no PostgreSQL: set TEST_DATABASE_URL, or install the server binaries (apt-get install -y postgresql; .ci/run does this)',
  };
}

/**
 * Starts a PostgreSQL for one test file. `durable: false` turns fsync off (faster; for tests that do not
 * crash the server); `local: true` always starts a throwaway cluster, even with TEST_DATABASE_URL (a test
 * that crashes the server cannot crash an external one).
 */
export async function startPostgres(options: { durable?: boolean; local?: boolean } = {}): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (external && !options.local) return createDatabaseOn(external);
  if (!findPostgresBinaries()) throw new Error(options.local ? 'this test crashes its own PostgreSQL: install the server binaries (apt-get install -y postgresql)' : postgresAvailability().reason);
  const cluster = startLocalPostgres({ durable: options.durable });
  return { url: cluster.url, crash: cluster.crash, restart: cluster.restart, stop: async () => cluster.stop() };
}

async function createDatabaseOn(serverUrl: string): Promise<TestPostgres> {
  const name = `astrelle_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    crash: () => {
      throw new Error('cannot crash an external PostgreSQL (TEST_DATABASE_URL)');
    },
    restart: () => undefined,
    stop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

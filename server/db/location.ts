import { resolve } from 'node:path';

/** Where the database is (prepareStore's options): PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir`. */
export interface StoreLocation {
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: the most connections the server opens (DATABASE_POOL_SIZE); undefined keeps the default. */
  poolSize: number | undefined;
  /** PostgreSQL: parameterised queries as named statements, prepared once per connection (DATABASE_PREPARED_STATEMENTS, default on). */
  preparedStatements: boolean;
}

/** The largest DATABASE_POOL_SIZE accepted: a bigger value is a typo, not a pool. */
export const MAX_POOL_SIZE = 1000;

/**
 * Where the server's database is, from its environment: PostgreSQL when DATABASE_URL is set (with at most
 * DATABASE_POOL_SIZE connections, and DATABASE_PREPARED_STATEMENTS), else SQLite in DATA_DIR (default `<repoRoot>/data`). The server (main.ts)
 * and `npm run events` both use it, so the event log the script reads is the one the server writes.
 *
 * @throws {Error} naming DATABASE_POOL_SIZE when it is not a whole number from 1 to MAX_POOL_SIZE, or
 * DATABASE_PREPARED_STATEMENTS when it is neither on nor off.
 */
export function storeLocationFromEnv(env: Record<string, string | undefined>, repoRoot: string): StoreLocation {
  return {
    dataDir: resolve(env.DATA_DIR || resolve(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    poolSize: readPoolSize(env.DATABASE_POOL_SIZE),
    preparedStatements: readPreparedStatements(env.DATABASE_PREPARED_STATEMENTS),
  };
}

/** DATABASE_POOL_SIZE: unset or empty keeps the default; anything but a whole number from 1 to MAX_POOL_SIZE throws. */
export function readPoolSize(value: string | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const size = Number(text);
  if (!/^\d+$/.test(text) || size < 1 || size > MAX_POOL_SIZE) {
    throw new Error(`invalid DATABASE_POOL_SIZE "${text}": expected the most PostgreSQL connections to open, a whole number from 1 to ${MAX_POOL_SIZE}`);
  }
  return size;
}

/**
 * DATABASE_PREPARED_STATEMENTS: on (the default) or off. Off is for a connection pooler in front of PostgreSQL
 * that hands each transaction another server connection and does not carry named statements across (PgBouncer in
 * transaction mode before 1.21, or with max_prepared_statements = 0).
 */
export function readPreparedStatements(value: string | undefined): boolean {
  const text = (value ?? '').trim();
  if (text === '' || text === 'on') return true;
  if (text === 'off') return false;
  throw new Error(`invalid DATABASE_PREPARED_STATEMENTS "${text}": expected on or off`);
}

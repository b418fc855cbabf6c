import { resolve } from 'node:path';

/** Where the database is (prepareStore's options): PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir`. */
export interface StoreLocation {
  dataDir: string;
  databaseUrl: string | undefined;
}

/**
 * Where the server's database is, from its environment: PostgreSQL when DATABASE_URL is set, else SQLite in
 * DATA_DIR (default `<repoRoot>/data`). The server (main.ts) and `npm run events` both use it, so the event
 * log the script reads is the one the server writes.
 */
export function storeLocationFromEnv(env: Record<string, string | undefined>, repoRoot: string): StoreLocation {
  return {
    dataDir: resolve(env.DATA_DIR || resolve(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
  };
}

import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  OperationNodeTransformer,
  PostgresDialect,
  PrimitiveValueListNode,
  SqliteDialect,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type Transaction,
  type UnknownRow,
  sql,
} from 'kysely';
import pg from 'pg';
import { DEFAULT_BUSY_RETRY_MS, retryWhileBusy, SQLITE_BUSY_TIMEOUT_MS, type BusyRetryPolicy } from './busy';
import { GroupCommit } from './group-commit';
import { withPreparedStatements } from './prepared-statements';
import * as initial from './migrations/0001_initial';
import * as checkout from './migrations/0002_checkout';
import * as oneActivePlan from './migrations/0003_one_active_plan';
import * as reportOrderKey from './migrations/0004_report_order_key';
import * as visitorOwnership from './migrations/0005_visitor_ownership';
import * as payerAndUnpaid from './migrations/0006_payer_and_unpaid_subscriptions';
import * as analyticsEvents from './migrations/0007_analytics_events';
import * as seenScreensAndSandboxPurchases from './migrations/0008_seen_screens_and_sandbox_purchases';
import * as eventLogDailyUsage from './migrations/0009_event_log_daily_usage';
import * as flowStore from './migrations/0010_flow_store';
import * as previewPayments from './migrations/0011_preview_payments';
import * as experiments from './migrations/0012_experiments';
import type { Database } from './schema';

/** Where the data lives. */
export interface StoreOptions {
  /** PostgreSQL connection string; when absent, SQLite is used. */
  databaseUrl?: string;
  /** Folder of the SQLite file `astrelle.sqlite` (created when missing). */
  dataDir?: string;
  /** Batch SQLite writes that arrive together into one transaction (one fsync). Default true. */
  groupCommit?: boolean;
  /**
   * SQLite: how long (ms) a write retries, without blocking the event loop, while another connection holds
   * the database's lock, before it fails with DatabaseBusyError (HTTP 503). Default 1500.
   */
  busyRetryMs?: number;
  /** PostgreSQL: the most connections open at once (DATABASE_POOL_SIZE). Default DEFAULT_POOL_SIZE. */
  poolSize?: number;
  /**
   * PostgreSQL: send parameterised queries as named statements, prepared once per connection
   * (prepared-statements.ts; DATABASE_PREPARED_STATEMENTS). Default true.
   */
  preparedStatements?: boolean;
}

/** An open database with the app's schema. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: 'sqlite' | 'postgres';
  /** "SQLite at /path/astrelle.sqlite" or "PostgreSQL at host:port/db" (never a password). */
  readonly description: string;
  /**
   * Runs `work` in a transaction and resolves once it is committed (durable: SQLite synchronous=FULL,
   * PostgreSQL's default synchronous_commit). On SQLite, writes that arrive together share one
   * transaction, each inside its own savepoint so one failing write does not undo the others.
   * `work` must use only the transaction it is given.
   *
   * On SQLite, a write that finds the database locked by another connection is rolled back and `work` runs
   * again in a new transaction, for up to `busyRetryMs`; then it throws DatabaseBusyError.
   */
  write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * One statement written and committed as write() does, answering its first row (executeTakeFirst): on
   * PostgreSQL sent on its own, a transaction by itself, in one round trip instead of begin, statement, commit;
   * on SQLite through write(). For the hot single-statement writes (the session write).
   */
  writeStatement<R>(statement: (db: Kysely<Database>) => { executeTakeFirst(): Promise<R> }): Promise<R>;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'astrelle.sqlite';

export { DatabaseBusyError } from './busy';

// Before anything is served, blocking the event loop harms nobody: migrations and the seed wait for a lock as long as before.
const STARTUP_BUSY_TIMEOUT_MS = 5000;

/** Opens SQLite (default) or PostgreSQL (with `databaseUrl`); does not migrate. */
export function openStore(options: StoreOptions = {}): Store {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openSqlite(options);
}

/** Opens the store, brings the schema up to date and runs `seed` (which must be idempotent). */
export async function prepareStore(options: StoreOptions, seed?: (store: Store) => Promise<void>): Promise<Store> {
  const store = openStore(options);
  const sqlite = store.dialect === 'sqlite';
  try {
    if (sqlite) await sql.raw(`pragma busy_timeout = ${STARTUP_BUSY_TIMEOUT_MS}`).execute(store.db);
    await (sqlite ? migrateSqliteAlongsideOthers(store.db) : migrateToLatest(store.db));
    if (seed) await (options.databaseUrl ? seedUnderLock(options.databaseUrl, () => seed(store)) : seed(store));
    if (sqlite) await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(store.db);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** The PostgreSQL advisory lock key the seed runs under (any constant: no other part of the app takes advisory locks). */
const SEED_LOCK_KEY = 72_317_001;

/**
 * PostgreSQL: several processes starting at the same moment each run the seed after the migrations (which Kysely's lock
 * already runs one at a time). A seed that reads before it writes (is the flow there? are there sample purchases?)
 * would let two of them both find nothing and both write: so the seeds run one process at a time too, under an
 * advisory lock held by a connection of its own (the seed's own queries use the pool, whatever its size). The lock
 * goes with that connection, so a process that dies while seeding holds no one up.
 */
async function seedUnderLock(databaseUrl: string, seed: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost while seeding fails the seed's own queries (the process does not start); the event must not also end it.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    try {
      await seed();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SEED_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** The migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS = {
  '0001_initial': initial,
  '0002_checkout': checkout,
  '0003_one_active_plan': oneActivePlan,
  '0004_report_order_key': reportOrderKey,
  '0005_visitor_ownership': visitorOwnership,
  '0006_payer_and_unpaid_subscriptions': payerAndUnpaid,
  '0007_analytics_events': analyticsEvents,
  '0008_seen_screens_and_sandbox_purchases': seenScreensAndSandboxPurchases,
  '0009_event_log_daily_usage': eventLogDailyUsage,
  '0010_flow_store': flowStore,
  '0011_preview_payments': previewPayments,
  '0012_experiments': experiments,
};

/**
 * SQLite: several processes starting together on a new file (a deployment's workers) each find no migration applied;
 * the first to write applies them, and the others' migrations, begun on what they read before, fail on a table that
 * now exists. Kysely's migration lock is PostgreSQL's only. So a failed run is tried again after a moment, when it
 * reads what the other process applied: nothing is left to do, or the rest is. A migration that is broken fails each
 * time and is reported as it failed.
 */
async function migrateSqliteAlongsideOthers(db: Kysely<Database>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateToLatest(db);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 100));
    }
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
  if (failed) throw new Error(`database migration ${failed.migrationName} failed: ${reason}`);
  // Not a migration's fault (say, the database cannot be reached): say what happened.
  if (error) throw error instanceof Error ? error : new Error(reason);
}

function openSqlite(options: StoreOptions): Store {
  const dataDir = resolve(options.dataDir ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SQLITE_FILE_NAME);
  const database = new SQLite(file);
  // WAL + synchronous=FULL: a committed transaction is on disk (the WAL is fsynced at every commit),
  // so an acknowledged write survives kill -9 and power loss.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  // better-sqlite3 blocks the event loop while SQLite waits for a lock: wait only briefly there, and retry
  // writes asynchronously (busy.ts).
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }), plugins: [new SqliteBooleans()] });
  const busyRetry: BusyRetryPolicy = { budgetMs: options.busyRetryMs ?? DEFAULT_BUSY_RETRY_MS };
  const groupCommit = options.groupCommit === false ? undefined : new GroupCommit(db, { busyRetry });
  const write: Store['write'] = (work) => (groupCommit ? groupCommit.run(work) : retryWhileBusy(() => db.transaction().execute(work), busyRetry));
  return {
    db,
    dialect: 'sqlite',
    description: `SQLite at ${file}`,
    write,
    writeStatement: (statement) => write((trx) => statement(trx).executeTakeFirst()),
    close: async () => {
      await groupCommit?.drained();
      await db.destroy();
    },
  };
}

/**
 * PostgreSQL connections the server opens at most, unless DATABASE_POOL_SIZE says otherwise. On the 2-core machine
 * the bench runs on, 5 to 40 did equally well, within the noise (README, "PostgreSQL under load"): a session write
 * waits for the server's one thread, not for PostgreSQL, and each connection costs PostgreSQL a process.
 */
export const DEFAULT_POOL_SIZE = 10;

function openPostgres(databaseUrl: string, options: StoreOptions): Store {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? DEFAULT_POOL_SIZE });
  // A connection that breaks (PostgreSQL restarted or crashed) emits 'error': an idle one through the pool, which drops
  // it; one in use by a query on the client itself, sometimes more than once (the write that failed, then the next),
  // after the query has already been rejected. Without a listener either would end the process, so each connection
  // gets one of its own as it connects, which logs; the pool's then has nothing left to say. Queries in flight still
  // fail and answer 500; the next ones open new connections.
  pool.on('connect', (client) => client.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`)));
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: options.preparedStatements === false ? pool : withPreparedStatements(pool) }) });
  return {
    db,
    dialect: 'postgres',
    description: `PostgreSQL at ${describePostgresUrl(databaseUrl)}`,
    write: (work) => db.transaction().execute(work),
    // A statement outside a transaction block is a transaction of its own: committed (and, with synchronous_commit
    // on, flushed) before PostgreSQL answers it. One round trip instead of three (begin, the statement, commit).
    writeStatement: (statement) => statement(db).executeTakeFirst(),
    close: () => db.destroy(),
  };
}

/** "host:port/database" of a connection string, without user or password. */
export function describePostgresUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    // A host query parameter (a Unix socket folder) wins over the URL's host, as in pg.
    const host = url.searchParams.get('host') || url.hostname || 'localhost';
    const port = url.port || url.searchParams.get('port') || '5432';
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
    return `${host}:${port}/${database}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small statement. The app's SQL
 * texts are few (parameters are bound, never inlined), so keep the prepared statements, least recently
 * used dropped first.
 */
function withStatementCache(database: SQLite.Database, size = 256): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = database.prepare(source);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  };
  return { prepare, close: () => database.close() };
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null: write JS booleans as 1/0. */
class SqliteBooleans implements KyselyPlugin {
  readonly #transformer = new BooleansToIntegers();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class BooleansToIntegers extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const transformed = super.transformValue(node);
    if (typeof transformed.value !== 'boolean' || transformed.immediate) return transformed;
    return ValueNode.create(transformed.value ? 1 : 0);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const transformed = super.transformPrimitiveValueList(node);
    if (!transformed.values.some((v) => typeof v === 'boolean')) return transformed;
    return PrimitiveValueListNode.create(transformed.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)));
  }
}

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// A real PostgreSQL for the tests. With TEST_DATABASE_URL, each `startPostgres()` creates a fresh database
// on that server; otherwise it starts a throwaway cluster (initdb in a temporary folder, reachable only
// through a Unix socket in that folder) and removes it on `stop()`. As root it runs the server as the
// `postgres` user, which PostgreSQL requires.

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

/** Where initdb and pg_ctl are: PG_BIN, Debian's /usr/lib/postgresql/<newest>/bin, or the PATH. */
export function findPostgresBinaries(): string | undefined {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : undefined;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.stdout.trim();
  return which.status === 0 && onPath ? join(onPath, '..') : undefined;
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
  const bin = findPostgresBinaries();
  if (!bin) throw new Error(options.local ? 'this test crashes its own PostgreSQL: install the server binaries (apt-get install -y postgresql)' : postgresAvailability().reason);

  const dir = mkdtempSync(join(tmpdir(), 'astrelle-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, pgUid(), pgGid());
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(command, argv, { stdio: 'pipe', cwd: dir });
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const serverOptions = [`-k ${dir}`, '-p 5432', "-c listen_addresses=''", '-c max_connections=50'];
  if (options.durable === false) serverOptions.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  const start = () => run('pg_ctl', ['-D', data, '-o', serverOptions.join(' '), '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const stopNow = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  start();
  // If the test process dies without stop(), do not leave a server behind.
  const onExit = () => {
    stopNow();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return {
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}&port=5432`,
    crash: stopNow,
    restart: start,
    stop: async () => {
      process.off('exit', onExit);
      onExit();
    },
  };
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

function pgUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
}

function pgGid(): number {
  return Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
}

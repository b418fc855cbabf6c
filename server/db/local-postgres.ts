import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

// A throwaway PostgreSQL cluster from the local server binaries: initdb in a temporary folder, reachable only
// through a Unix socket in that folder, removed on stop(). As root it runs the server as the `postgres` user,
// which PostgreSQL requires. The server tests (test-support/postgres.ts) and `npm run bench` use it.

export interface LocalPostgres {
  /** Connection string of the cluster's `postgres` database (user postgres, trust authentication). */
  url: string;
  /** Stops the cluster the way a crash would (immediate shutdown), keeping its files. */
  crash(): void;
  /** Starts the cluster again on the same files (crash recovery runs). */
  restart(): void;
  /** Stops and deletes the cluster. */
  stop(): void;
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

/**
 * Starts a throwaway cluster. `durable: false` turns fsync off (faster; for tests that do not crash the server);
 * by default it is as durable as a stock PostgreSQL (fsync, synchronous_commit and full_page_writes on).
 *
 * @throws {Error} when there are no PostgreSQL binaries, or initdb or pg_ctl fails.
 */
export function startLocalPostgres(options: { durable?: boolean } = {}): LocalPostgres {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server binaries (apt-get install -y postgresql, or set PG_BIN)');
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
  // If the process dies without stop(), do not leave a server behind.
  const onExit = () => {
    stopNow();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return {
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}&port=5432`,
    crash: stopNow,
    restart: start,
    stop: () => {
      process.off('exit', onExit);
      onExit();
    },
  };
}

function pgUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
}

function pgGid(): number {
  return Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
}

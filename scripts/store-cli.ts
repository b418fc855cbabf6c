/**
 * What `npm run events` and `npm run outbox` share: a `--since` window, one-line failures, printable cells, and the
 * database the server uses (DATABASE_URL, else DATA_DIR, default <ROOT_DIR or this checkout>/data), never created by
 * a read.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseSince } from '../server/analytics/since';
import { storeLocationFromEnv } from '../server/db/location';
import { openStore, SQLITE_FILE_NAME, type Store } from '../server/db/open';

/** The first line of an error's message: the output promises one line. */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]!;
}

// Cells come from whoever posted them: control characters (a newline, a tab, a terminal escape) and bidirectional
// overrides are shown escaped, so each record stays one line that shows what it holds.
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

export interface StoreCli {
  /** The start of the window `--since` asked for (default 1h). */
  from: Date;
  /** The values of the command's own string options (`options` of storeCli), when given; a switch given is 'true'. */
  values: Record<string, string | undefined>;
  /** Prints `name: message` on stderr and exits 1. */
  fail(message: string): never;
  /** The server's database (exits with one line when there is none to read). */
  open(): Store;
}

/**
 * Parses `--since` (or `--help`), and the command's own string `options` (name → what it takes, for the usage line),
 * for the command `name`; a bad argument is one line on stderr and exit 1.
 */
export function storeCli(name: string, options: Record<string, string> = {}, defaultSince = '1h', switches: readonly string[] = []): StoreCli {
  const extra = [...Object.entries(options).map(([option, what]) => ` [--${option} ${what}]`), ...switches.map((option) => ` [--${option}]`)].join('');
  const usage = `usage: npm run ${name} -- [--since 30m|1h|2d…] (default ${defaultSince})${extra}`;
  const fail = (message: string): never => {
    console.error(`${name}: ${message}`);
    process.exit(1);
  };
  let since = defaultSince;
  const own: Record<string, string | undefined> = {};
  try {
    const strings = Object.fromEntries(Object.keys(options).map((option) => [option, { type: 'string' as const }]));
    const booleans = Object.fromEntries(switches.map((option) => [option, { type: 'boolean' as const }]));
    const { values } = parseArgs({ options: { ...strings, ...booleans, since: { type: 'string', default: defaultSince }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    since = typeof values.since === 'string' ? values.since : defaultSince;
    const given: Record<string, unknown> = values;
    for (const option of Object.keys(options)) {
      const value = given[option];
      own[option] = typeof value === 'string' ? value : undefined;
    }
    // A switch given reads as 'true'.
    for (const option of switches) own[option] = given[option] === true ? 'true' : undefined;
  } catch (error) {
    fail(`${firstLine(error)} (${usage})`);
  }
  let windowMs = 0;
  try {
    windowMs = parseSince(since);
  } catch (error) {
    fail(`invalid --since: ${firstLine(error)}`);
  }
  return {
    from: new Date(Date.now() - windowMs),
    values: own,
    fail,
    open() {
      const repoRoot = resolve(process.env.ROOT_DIR || fileURLToPath(new URL('..', import.meta.url)));
      const location = (() => {
        try {
          return storeLocationFromEnv(process.env, repoRoot);
        } catch (error) {
          return fail(firstLine(error));
        }
      })();
      const sqliteFile = join(location.dataDir, SQLITE_FILE_NAME);
      // Opening SQLite creates a missing file: a mistyped DATA_DIR must not leave an empty database behind.
      if (!location.databaseUrl && !existsSync(sqliteFile)) fail(`no database at ${sqliteFile}: start the server once (npm start), or set DATA_DIR or DATABASE_URL`);
      return openStore(location);
    },
  };
}

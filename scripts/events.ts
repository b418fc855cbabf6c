/**
 * `npm run events -- --since 1h`: the events the server's event log received in the window (default 1h), one
 * line each, oldest first: when the event happened (ISO 8601), its event type and its screen
 * (event_properties.screen_id, or `-`), tab-separated; then a count line. It opens the database the server
 * uses, from the same environment (DATABASE_URL, else DATA_DIR, default <ROOT_DIR or this checkout>/data).
 * A bad argument or a database it cannot read: one line on stderr, exit 1.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eventsReceivedSince, type EventSummary } from '../server/analytics/event-log';
import { parseSince } from '../server/analytics/since';
import { storeLocationFromEnv } from '../server/db/location';
import { openStore, SQLITE_FILE_NAME } from '../server/db/open';

const USAGE = 'usage: npm run events -- [--since 30m|1h|2d…] (default 1h)';

function fail(message: string): never {
  console.error(`events: ${message}`);
  process.exit(1);
}

/** The first line of an error's message: the output promises one line. */
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]!;
}

// Event types and screen ids come from whoever posted them: control characters (a newline, a tab, a terminal
// escape) and bidirectional overrides are shown escaped, so each event stays one line that shows what it holds.
function printable(text: string): string {
  return text.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

function formatLine(event: EventSummary): string {
  return [event.time, printable(event.eventType), printable(event.screenId ?? '-')].join('\t');
}

let since: string;
try {
  const { values } = parseArgs({ options: { since: { type: 'string', default: '1h' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  since = values.since;
} catch (error) {
  fail(`${firstLine(error)} (${USAGE})`);
}

let windowMs: number;
try {
  windowMs = parseSince(since);
} catch (error) {
  fail(`invalid --since: ${firstLine(error)}`);
}

const repoRoot = resolve(process.env.ROOT_DIR || fileURLToPath(new URL('..', import.meta.url)));
const location = storeLocationFromEnv(process.env, repoRoot);
const sqliteFile = join(location.dataDir, SQLITE_FILE_NAME);
// Opening SQLite creates a missing file: a mistyped DATA_DIR must not leave an empty database behind.
if (!location.databaseUrl && !existsSync(sqliteFile)) fail(`no database at ${sqliteFile}: start the server once (npm start), or set DATA_DIR or DATABASE_URL`);

const from = new Date(Date.now() - windowMs);
const store = openStore(location);
let events: EventSummary[];
try {
  events = await eventsReceivedSince(store.db, from);
} catch (error) {
  await store.close();
  fail(`cannot read the event log of ${store.description}: ${firstLine(error)} (a server started since the event log was added creates it)`);
}
await store.close();

const lines = events.map(formatLine);
lines.push(`${events.length} event${events.length === 1 ? '' : 's'} since ${from.toISOString()}`);
process.stdout.write(`${lines.join('\n')}\n`);

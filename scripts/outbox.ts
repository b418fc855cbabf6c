/**
 * `npm run outbox -- --since 1h`: what a production deployment would have emailed in the window (default 1h), from
 * what the reference server recorded (it sends no email): a receipt for every charge and the reports of every report
 * order, one line each, oldest first: time (ISO 8601), kind, the address masked (a•••@example.com) and what,
 * tab-separated; then a count line. The same database as the server and `npm run events` (DATABASE_URL, else
 * DATA_DIR, default <ROOT_DIR or this checkout>/data). A bad argument or a database it cannot read: one line on
 * stderr, exit 1.
 */
import { outboxSince, type OutboxEntry } from '../server/outbox/outbox';
import { firstLine, printable, storeCli } from './store-cli';

const cli = storeCli('outbox');
const store = cli.open();
let entries: OutboxEntry[] = [];
try {
  entries = await outboxSince(store.db, cli.from);
} catch (error) {
  await store.close();
  cli.fail(`cannot read ${store.description}: ${firstLine(error)}`);
}
await store.close();

const lines = entries.map((entry) => [entry.time, entry.kind, printable(entry.to), printable(entry.what)].join('\t'));
lines.push(`${entries.length} email${entries.length === 1 ? '' : 's'} would have gone out since ${cli.from.toISOString()}`);
process.stdout.write(`${lines.join('\n')}\n`);

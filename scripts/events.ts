/**
 * `npm run events -- --since 1h`: the events the server's event log received in the window (default 1h), one
 * line each, oldest first: when the event happened (ISO 8601), its event type and its screen
 * (event_properties.screen_id, or `-`), tab-separated; then a count line. It opens the database the server
 * uses, from the same environment (DATABASE_URL, else DATA_DIR, default <ROOT_DIR or this checkout>/data).
 * A bad argument or a database it cannot read: one line on stderr, exit 1.
 */
import { eventsReceivedSince, type EventSummary } from '../server/analytics/event-log';
import { firstLine, printable, storeCli } from './store-cli';

function formatLine(event: EventSummary): string {
  return [event.time, printable(event.eventType), printable(event.screenId ?? '-')].join('\t');
}

const cli = storeCli('events');
const store = cli.open();
let events: EventSummary[] = [];
try {
  events = await eventsReceivedSince(store.db, cli.from);
} catch (error) {
  await store.close();
  cli.fail(`cannot read the event log of ${store.description}: ${firstLine(error)} (a server started since the event log was added creates it)`);
}
await store.close();

const lines = events.map(formatLine);
lines.push(`${events.length} event${events.length === 1 ? '' : 's'} since ${cli.from.toISOString()}`);
process.stdout.write(`${lines.join('\n')}\n`);

/**
 * `npm run events -- --since 1h`: the events the server's event log received in the window (default 1h), one
 * line each, oldest first: when the event happened (ISO 8601), its event type and its screen
 * (event_properties.screen_id, or `-`), tab-separated; then a count line; then how many events of editors' previews
 * were left out, when any were; then, for each day in the window whose storage
 * ceiling (EVENT_LOG_DAILY_MB) was reached, a line saying when, since the log refused that day's later events. It opens the database the server
 * uses, from the same environment (DATABASE_URL, else DATA_DIR, default <ROOT_DIR or this checkout>/data).
 * A bad argument or a database it cannot read: one line on stderr, exit 1.
 */
import { ceilingsReachedSince, eventsReceivedSince, previewEventsSince, type CeilingReached, type EventSummary } from '../server/analytics/event-log';
import { formatMegabytes } from '../server/analytics/upload-answer';
import { firstLine, printable, storeCli } from './store-cli';

function formatLine(event: EventSummary): string {
  return [event.time, printable(event.eventType), printable(event.screenId ?? '-')].join('\t');
}

const cli = storeCli('events');
const store = cli.open();
let events: EventSummary[] = [];
let ceilings: CeilingReached[] = [];
let previews = 0;
try {
  events = await eventsReceivedSince(store.db, cli.from);
  previews = await previewEventsSince(store.db, cli.from);
  ceilings = await ceilingsReachedSince(store.db, cli.from);
} catch (error) {
  await store.close();
  cli.fail(`cannot read the event log of ${store.description}: ${firstLine(error)} (a server started since the event log was added creates it)`);
}
await store.close();

const lines = events.map(formatLine);
lines.push(`${events.length} event${events.length === 1 ? '' : 's'} since ${cli.from.toISOString()}`);
// An editor's preview is no visitor: its events are left out, and said to be.
if (previews > 0) lines.push(`${previews} event${previews === 1 ? '' : 's'} of editors' previews left out`);
for (const c of ceilings) {
  lines.push(
    `ceiling reached on ${c.day} at ${c.at}: ${c.storedEvents} events stored (${formatMegabytes(c.storedBytes)}), the daily ceiling of ${formatMegabytes(c.ceilingBytes)}; later uploads that day were refused (429)`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);

import { createHash, randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Store } from '../db/open';
import type { Database, NewAnalyticsEvent } from '../db/schema';
import { fromBigInt, fromJson, toIso } from '../db/values';
import { DEDUPE_WINDOW_MS } from './amplitude-wire';
import { isPlainObject } from './personal-data';
import type { KeptEvent } from './declared-only';
import type { LoggedEvent } from './upload-validation';
import { funnelEventOf, type FunnelEvent } from '../../src/engine/drop-off';

// Rows per transaction: each is a short write that a session or payment write waiting behind it hardly notices
// (18 columns a row stays far under SQLite's 32,766 and PostgreSQL's 65,535 parameters).
export const ROWS_PER_WRITE = 100;

/** How a writer spaces its writes (event-writer.ts). */
export interface Pace {
  before(): Promise<void>;
  took(ms: number): void;
}

/** What became of an upload's events. */
export interface AppendResult {
  /** Events stored (a duplicate of one already logged is not). */
  stored: number;
  /** Indexes, in the upload, of the events refused because the day's storage ceiling was reached. */
  overCeiling: number[];
}

/**
 * Appends an upload's events, arrived at `receivedAt`, a few at a time (ROWS_PER_WRITE a transaction), so that no
 * single write of the event log holds the database for long. Deduplicates as Amplitude does: an event whose insert_id
 * was already logged for the same device (the user, when it has no device_id) under the same api key within the last
 * 7 days is not stored again, nor is a second copy inside the upload itself; a client retrying an upload that failed
 * half-way thus stores the rest once.
 *
 * At most `ceilingBytes` of events (storedBytes) are stored on one UTC day: analytics_daily_usage counts them in the
 * same transaction as the rows, so every process and restart shares the count. The events past it are refused, and
 * the day is marked with the time the ceiling was first reached.
 */
export async function appendEvents(
  store: Store,
  apiKey: string,
  events: readonly KeptEvent[],
  receivedAt: Date,
  ceilingBytes: number,
  /** The writer's pacing: awaited before each write, told how long each took. */
  pace: Pace = { before: async () => undefined, took: () => undefined },
): Promise<AppendResult> {
  const rows = uniqueRows(apiKey, events, receivedAt);
  const windowStart = new Date(receivedAt.getTime() - DEDUPE_WINDOW_MS).toISOString();
  const day = utcDay(receivedAt);
  const result: AppendResult = { stored: 0, overCeiling: [] };
  for (let start = 0; start < rows.length; start += ROWS_PER_WRITE) {
    const chunk = rows.slice(start, start + ROWS_PER_WRITE);
    await pace.before();
    const began = performance.now();
    const written = await store.write(async (trx) => {
      let room = ceilingBytes - (await bytesUsedOn(trx, store.dialect, day));
      const taken: typeof chunk = [];
      for (const row of chunk) {
        if (row.bytes > room) break;
        taken.push(row);
        room -= row.bytes;
      }
      const stored = taken.length > 0 ? await insertChunk(trx, taken.map((r) => r.row), windowStart) : 0;
      // What a duplicate would have taken is not counted: it was not stored.
      const bytes = stored === taken.length ? taken.reduce((sum, r) => sum + r.bytes, 0) : await storedBytesOf(trx, taken);
      if (stored > 0) {
        await trx
          .updateTable('analytics_daily_usage')
          .set({ stored_events: sql<number>`stored_events + ${stored}`, stored_bytes: sql<number>`stored_bytes + ${bytes}` })
          .where('day', '=', day)
          .execute();
      }
      const reached = taken.length < chunk.length;
      // The first time only: the day keeps when its ceiling was first reached.
      if (reached) {
        await trx
          .updateTable('analytics_daily_usage')
          .set({ ceiling_reached_at: receivedAt.toISOString(), ceiling_bytes: ceilingBytes })
          .where('day', '=', day)
          .where('ceiling_reached_at', 'is', null)
          .execute();
      }
      return { stored, refused: chunk.slice(taken.length).map((r) => r.index) };
    });
    pace.took(performance.now() - began);
    result.stored += written.stored;
    result.overCeiling.push(...written.refused);
    if (written.refused.length > 0) {
      for (const rest of rows.slice(start + ROWS_PER_WRITE)) result.overCeiling.push(rest.index);
      break;
    }
  }
  return result;
}

/**
 * The day's stored bytes, its row created when missing; on PostgreSQL the row stays locked until the transaction
 * ends, so that two processes never both fill the last room.
 */
async function bytesUsedOn(trx: Transaction<Database>, dialect: Store['dialect'], day: string): Promise<number> {
  await trx.insertInto('analytics_daily_usage').values({ day, stored_events: 0, stored_bytes: 0 }).onConflict((oc) => oc.column('day').doNothing()).execute();
  const query = trx.selectFrom('analytics_daily_usage').select('stored_bytes').where('day', '=', day);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return fromBigInt(row.stored_bytes);
}

// The rows of `taken` that the insert stored (a duplicate's id is not in the table).
async function storedBytesOf(trx: Transaction<Database>, taken: ReadonlyArray<{ row: NewAnalyticsEvent; bytes: number }>): Promise<number> {
  const found = await trx.selectFrom('analytics_events').select('id').where('id', 'in', taken.map((r) => r.row.id)).execute();
  const ids = new Set(found.map((r) => r.id));
  return taken.reduce((sum, r) => sum + (ids.has(r.row.id) ? r.bytes : 0), 0);
}

/**
 * What a row costs the ceiling: the UTF-8 bytes of every value it stores, and a fixed share for the numbers, the
 * row's own bookkeeping and its entries in the indexes. On SQLite a day's events take about this much on disk (a
 * small row a little more, a large one a little less: see the README's "The event log's defences").
 */
export function storedBytes(row: NewAnalyticsEvent): number {
  let bytes = ROW_OVERHEAD_BYTES;
  for (const value of Object.values(row)) if (typeof value === 'string') bytes += Buffer.byteLength(value);
  return bytes;
}

/** What an event of an upload under `apiKey` costs the ceiling once stored (storedBytes of its row). */
export function eventStoredBytes(apiKey: string, event: LoggedEvent): number {
  // A dedupe key is a SHA-256 in hex whenever there is an insert id; the row's times are ISO strings of fixed length.
  return storedBytes(toRow(apiKey, event, event.insertId === null ? null : '0'.repeat(64), new Date(0)));
}

/** The numbers, the record's header and the index entries (id, dedupe key, arrival) of one row, in round figures. */
const ROW_OVERHEAD_BYTES = 200;

/** YYYY-MM-DD of a time, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

async function insertChunk(trx: Transaction<Database>, rows: NewAnalyticsEvent[], windowStart: string): Promise<number> {
  const keys = rows.flatMap((row) => (row.dedupe_key ? [row.dedupe_key] : []));
  if (keys.length > 0) {
    // An insert_id seen more than 7 days ago is free again: the old event keeps its row but gives up the key.
    await trx.updateTable('analytics_events').set({ dedupe_key: null }).where('dedupe_key', 'in', keys).where('received_at', '<', windowStart).execute();
  }
  // The unique dedupe_key makes a concurrent upload of the same event (PostgreSQL) wait, then store nothing.
  const result = await trx
    .insertInto('analytics_events')
    .values(rows)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The upload's rows with their index in the upload and their size, the first of each dedupe key only. */
function uniqueRows(apiKey: string, events: readonly KeptEvent[], receivedAt: Date): Array<{ index: number; row: NewAnalyticsEvent; bytes: number }> {
  const seen = new Set<string>();
  const rows: Array<{ index: number; row: NewAnalyticsEvent; bytes: number }> = [];
  for (const { index, event } of events) {
    const dedupeKey = event.insertId === null ? null : dedupeKeyOf(apiKey, event, event.insertId);
    if (dedupeKey !== null) {
      if (seen.has(dedupeKey)) continue;
      seen.add(dedupeKey);
    }
    const row = toRow(apiKey, event, dedupeKey, receivedAt);
    rows.push({ index, row, bytes: storedBytes(row) });
  }
  return rows;
}

// Amplitude deduplicates per project (api key) and device; an event without device_id gets one derived from
// its user_id there, so here the user stands for the device. JSON keeps the parts apart whatever they hold.
function dedupeKeyOf(apiKey: string, event: LoggedEvent, insertId: string): string {
  const device = event.deviceId === null ? ['user', event.userId] : ['device', event.deviceId];
  return createHash('sha256').update(JSON.stringify([apiKey, ...device, insertId])).digest('hex');
}

function toRow(apiKey: string, event: LoggedEvent, dedupeKey: string | null, receivedAt: Date): NewAnalyticsEvent {
  return {
    id: randomUUID(),
    received_at: receivedAt.toISOString(),
    api_key: apiKey,
    event_type: event.eventType,
    // Without a time, Amplitude dates an event by the upload.
    event_time: new Date(event.time ?? receivedAt.getTime()).toISOString(),
    device_id: event.deviceId,
    user_id: event.userId,
    session_id: event.sessionId,
    insert_id: event.insertId,
    dedupe_key: dedupeKey,
    platform: event.platform,
    os_name: event.osName,
    os_version: event.osVersion,
    app_version: event.appVersion,
    language: event.language,
    library: event.library,
    event_properties: JSON.stringify(event.eventProperties),
    user_properties: JSON.stringify(event.userProperties),
  };
}

/** A day whose storage ceiling was reached, as `npm run events` reports it. */
export interface CeilingReached {
  day: string;
  /** When an upload first found the ceiling reached, ISO 8601. */
  at: string;
  ceilingBytes: number;
  storedEvents: number;
  storedBytes: number;
}

/** The days from `since`'s day on whose ceiling was reached, oldest first. */
export async function ceilingsReachedSince(db: Kysely<Database>, since: Date): Promise<CeilingReached[]> {
  const rows = await db
    .selectFrom('analytics_daily_usage')
    .select(['day', 'ceiling_reached_at', 'ceiling_bytes', 'stored_events', 'stored_bytes'])
    .where('day', '>=', utcDay(since))
    .where('ceiling_reached_at', 'is not', null)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    at: row.ceiling_reached_at ?? '',
    ceilingBytes: fromBigInt(row.ceiling_bytes ?? 0),
    storedEvents: fromBigInt(row.stored_events),
    storedBytes: fromBigInt(row.stored_bytes),
  }));
}

/** One logged event as `npm run events` prints it. */
export interface EventSummary {
  /** When it happened (its `time`), ISO 8601. */
  time: string;
  eventType: string;
  /** event_properties.screen_id, when it is a string or a number. */
  screenId: string | null;
}

/**
 * The events that arrived at or after `since`, oldest first, but those of editors' previews. Arrival is the server's
 * clock, so a visitor's wrong clock can neither hide an event from the window nor keep one in it.
 */
export async function eventsReceivedSince(db: Kysely<Database>, since: Date): Promise<EventSummary[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select(['event_time', 'event_type', 'event_properties'])
    .where('received_at', '>=', since.toISOString())
    .where((eb) => eb.not(fromPreview(eb)))
    .orderBy('received_at')
    .orderBy('event_time')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ time: toIso(row.event_time), eventType: row.event_type, screenId: screenIdOf(row.event_properties) }));
}

/** How many of the events that arrived at or after `since` came from editors' previews (left out of every readout). */
export async function previewEventsSince(db: Kysely<Database>, since: Date): Promise<number> {
  const row = await db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('received_at', '>=', since.toISOString())
    .where(fromPreview)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * An event sent from a session an editor opened through a preview link: no visitor's, so it counts in no report and
 * no readout. (The event's device id is the visitor's session id.)
 */
function fromPreview(eb: ExpressionBuilder<Database, 'analytics_events'>) {
  return eb.exists(eb.selectFrom('sessions').select('sessions.id').whereRef('sessions.id', '=', 'analytics_events.device_id').where('sessions.preview', '=', true));
}

function screenIdOf(eventProperties: string): string | null {
  const properties = fromJson<unknown>(eventProperties);
  const screenId = isPlainObject(properties) ? properties.screen_id : undefined;
  return typeof screenId === 'string' || typeof screenId === 'number' ? String(screenId) : null;
}

/**
 * The funnel's events (a screen id, a flow and its version among their properties) that arrived at or after `since`,
 * with their visitor and their own time, for the drop-off report.
 */
export async function funnelEventsSince(db: Kysely<Database>, since: Date): Promise<FunnelEvent[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select(['device_id', 'event_time', 'event_properties'])
    .where('received_at', '>=', since.toISOString())
    .where((eb) => eb.not(fromPreview(eb)))
    .orderBy('event_time')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => {
    const event = funnelEventOf(row.device_id, Date.parse(toIso(row.event_time)), fromJson<unknown>(row.event_properties));
    return event ? [event] : [];
  });
}

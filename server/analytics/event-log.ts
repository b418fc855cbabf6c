import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Store } from '../db/open';
import type { Database, NewAnalyticsEvent } from '../db/schema';
import { fromJson, toIso } from '../db/values';
import { DEDUPE_WINDOW_MS } from './amplitude-wire';
import { isPlainObject } from './personal-data';
import type { LoggedEvent, Upload } from './upload-validation';
import { funnelEventOf, type FunnelEvent } from '../../src/engine/drop-off';

// Rows per statement: 18 columns each stays far under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
const ROWS_PER_STATEMENT = 500;

/**
 * Appends an upload's events, arrived at `receivedAt`, in one transaction (all or none, so a client retrying a
 * failed upload loses nothing and, with insert_ids, duplicates nothing). Deduplicates as Amplitude does: an
 * event whose insert_id was already logged for the same device (the user, when it has no device_id) under the
 * same api key within the last 7 days is not stored again, nor is a second copy inside the upload itself.
 *
 * @returns how many events were stored (duplicates are not).
 */
export async function appendEvents(store: Store, upload: Upload, receivedAt: Date): Promise<number> {
  const rows = uniqueRows(upload, receivedAt);
  const windowStart = new Date(receivedAt.getTime() - DEDUPE_WINDOW_MS).toISOString();
  return store.write(async (trx) => {
    let stored = 0;
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      stored += await insertChunk(trx, rows.slice(start, start + ROWS_PER_STATEMENT), windowStart);
    }
    return stored;
  });
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

/** The upload's rows, the first of each dedupe key only. */
function uniqueRows(upload: Upload, receivedAt: Date): NewAnalyticsEvent[] {
  const seen = new Set<string>();
  const rows: NewAnalyticsEvent[] = [];
  for (const event of upload.events) {
    const dedupeKey = event.insertId === null ? null : dedupeKeyOf(upload.apiKey, event, event.insertId);
    if (dedupeKey !== null) {
      if (seen.has(dedupeKey)) continue;
      seen.add(dedupeKey);
    }
    rows.push(toRow(upload.apiKey, event, dedupeKey, receivedAt));
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

/** One logged event as `npm run events` prints it. */
export interface EventSummary {
  /** When it happened (its `time`), ISO 8601. */
  time: string;
  eventType: string;
  /** event_properties.screen_id, when it is a string or a number. */
  screenId: string | null;
}

/**
 * The events that arrived at or after `since`, oldest first. Arrival is the server's clock, so a visitor's
 * wrong clock can neither hide an event from the window nor keep one in it.
 */
export async function eventsReceivedSince(db: Kysely<Database>, since: Date): Promise<EventSummary[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select(['event_time', 'event_type', 'event_properties'])
    .where('received_at', '>=', since.toISOString())
    .orderBy('received_at')
    .orderBy('event_time')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ time: toIso(row.event_time), eventType: row.event_type, screenId: screenIdOf(row.event_properties) }));
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
    .orderBy('event_time')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => {
    const event = funnelEventOf(row.device_id, Date.parse(toIso(row.event_time)), fromJson<unknown>(row.event_properties));
    return event ? [event] : [];
  });
}

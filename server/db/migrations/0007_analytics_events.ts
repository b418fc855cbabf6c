import { PostgresAdapter, type Kysely } from 'kysely';

// The first-party event log (server/analytics): events posted in Amplitude's HTTP V2 / Batch format.
// - Only an allow-list of an event's fields has a column; nothing personal is kept (no IP address, no email:
//   see ../../analytics/personal-data.ts), so the table needs no per-visitor access rules.
// - `dedupe_key` is Amplitude's deduplication: one digest of (api key, device, insert_id) per event that has an
//   insert_id. It is unique while the event is inside the 7-day window; a later event with the same key
//   releases it (sets it to null on the old row), as Amplitude accepts an insert_id again after 7 days.
// - `session_id` is a millisecond timestamp, over 32 bits: bigint (PostgreSQL returns it as a string).

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? 'timestamptz' : 'text';

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', timestamp, (c) => c.notNull())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_time', timestamp, (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('session_id', 'bigint')
    .addColumn('insert_id', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('platform', 'text')
    .addColumn('os_name', 'text')
    .addColumn('os_version', 'text')
    .addColumn('app_version', 'text')
    .addColumn('language', 'text')
    .addColumn('library', 'text')
    .addColumn('event_properties', 'text', (c) => c.notNull())
    .addColumn('user_properties', 'text', (c) => c.notNull())
    .execute();
  // `npm run events -- --since 1h` reads by arrival.
  await db.schema.createIndex('analytics_events_received_at').on('analytics_events').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
}

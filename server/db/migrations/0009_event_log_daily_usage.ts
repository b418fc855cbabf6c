import type { Kysely } from 'kysely';

// The event log's storage ceiling (server/analytics/event-log.ts): what it stored on each UTC day (events, and their
// bytes as stored), and when that day's ceiling was reached (with the ceiling then in force, in bytes), so that
// `npm run events` can say so. One row a day.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_daily_usage')
    // The UTC day, YYYY-MM-DD.
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('stored_events', 'bigint', (c) => c.notNull())
    .addColumn('stored_bytes', 'bigint', (c) => c.notNull())
    // ISO 8601 text on both databases: written once, read only to be printed.
    .addColumn('ceiling_reached_at', 'text')
    .addColumn('ceiling_bytes', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_daily_usage').execute();
}

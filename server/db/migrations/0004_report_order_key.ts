import type { Kysely } from 'kysely';

// A report order is taken once. The report order payload carries no order id, and a visitor who
// reloads /payment-success while its order is on the wire sends the same order again (the browser only marks
// an entitlement ordered once the server has answered). `content_key` is a digest of what was ordered
// (email key, report ids, both people's data). It is unique, so two identical orders at once cannot both be
// queued, on PostgreSQL's concurrent transactions as on SQLite. astro/routes.ts answers an identical order with
// the first one, and releases an order's key (sets it to null) once it is a day old, so the same reports can be
// ordered again later. Orders from before this migration have no key and are never matched.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_orders').addColumn('content_key', 'text').execute();
  await db.schema.createIndex('report_orders_content_key').on('report_orders').column('content_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('report_orders_content_key').execute();
  await db.schema.alterTable('report_orders').dropColumn('content_key').execute();
}

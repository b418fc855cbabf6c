import type { Kysely } from 'kysely';

// Who owns what (the trust model, README "Trust model"): every record a visitor makes is tied to the session
// (usid) whose credential made it. Astro users, checkouts, subscriptions and purchases already carry the usid;
// subscription users now record theirs (`owner_usid`), so a second visitor who types an address already on
// file can neither read nor overwrite the first one's record, and report orders record who ordered them.
// Rows from before this migration have no owner and are nobody's to read or change through the API.
// The indexes serve the per-visitor look-ups (stored payment method, purchases, entitlements).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscription_users').addColumn('owner_usid', 'text').execute();
  await db.schema.alterTable('report_orders').addColumn('usid', 'text').execute();
  await db.schema.createIndex('checkouts_usid_status').on('checkouts').columns(['usid', 'status']).execute();
  await db.schema.createIndex('purchases_usid').on('purchases').column('usid').execute();
  await db.schema.createIndex('subscriptions_usid').on('subscriptions').column('usid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_usid').execute();
  await db.schema.dropIndex('purchases_usid').execute();
  await db.schema.dropIndex('checkouts_usid_status').execute();
  await db.schema.alterTable('report_orders').dropColumn('usid').execute();
  await db.schema.alterTable('subscription_users').dropColumn('owner_usid').execute();
}

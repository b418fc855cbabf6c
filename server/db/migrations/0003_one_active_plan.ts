import { sql, type Kysely } from 'kysely';

// Never charged twice for a plan. With the /sale and /secret-discount sets, one plan is sold under several
// product ids (trial_1, sale_1, secret_discount_1 …), so "one active subscription per buyer and product"
// (0001) no longer keeps a buyer from paying twice: a buyer may hold at most one active subscription to a
// plan (TRIAL or SUBSCRIPTION) per project, whichever plan. Offers keep their per-product rule.
//
// `plan_slot` is true on the active plan subscription that holds the buyer's one place; the unique index
// below lets only one row per email and project hold it, which decides races on both databases (the
// checks in subscription-orders.ts say 409 before that, in words).
//
// A database from before this migration may already have a buyer with two active plans (allowed until
// now): the oldest holds the place; the others stay active (a migration does not end anyone's
// subscription) without it, and the buyer can subscribe to nothing more.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('plan_slot', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await sql`
    update subscriptions set plan_slot = true
    where status = 'active'
      and product_id in (select product_id from products where type <> 'FIXED')
      and not exists (
        select 1 from subscriptions earlier
        where earlier.email_key = subscriptions.email_key
          and earlier.project = subscriptions.project
          and earlier.status = 'active'
          and earlier.product_id in (select product_id from products where type <> 'FIXED')
          and (earlier.created_at < subscriptions.created_at or (earlier.created_at = subscriptions.created_at and earlier.id < subscriptions.id))
      )
  `.execute(db);

  await db.schema
    .createIndex('subscriptions_one_active_plan')
    .on('subscriptions')
    .columns(['email_key', 'project'])
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .where(sql.ref('plan_slot'), '=', true)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_one_active_plan').execute();
  await db.schema.alterTable('subscriptions').dropColumn('plan_slot').execute();
}

import { sql, type Kysely } from 'kysely';

// Two consequences of "money only from paid checkouts" for data already stored:
// - `checkouts.paid_by_usid`: the visitor whose browser submitted the hosted page's payment (its credential
//   cookie came with the form). A one-click offer is charged only to a method its own visitor paid with: a
//   checkout link sent to someone else and paid there never lets its creator charge that person's card.
// - Subscriptions that no paid checkout made (the old POST /subscriptions/create made them for anyone, for
//   free) stop counting: revoked, so they neither make an address premium nor entitle it to reports.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkouts').addColumn('paid_by_usid', 'text').execute();
  await sql`
    update subscriptions set status = 'revoked'
    where status = 'active'
      and not exists (select 1 from checkouts where checkouts.order_id = subscriptions.order_id and checkouts.status = 'paid')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkouts').dropColumn('paid_by_usid').execute();
}

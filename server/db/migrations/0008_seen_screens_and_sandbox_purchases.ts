import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Two things the funnel says, which must be true:
// - `sessions.seen_screens`: the screens offered once (the discount pages, `once: true` in the flow) the visitor has
//   been shown, as a JSON array of screen ids in the order first seen. Kept with the session on the server, so a
//   reload or another tab of the same visitor never brings a discount page back. Existing sessions have seen none.
// - `sandbox_purchases`: the sample purchases a sandbox server lists under "Recently joined" so that a fresh run has
//   a list (server/subs/recent-purchases.ts seeds them only when SANDBOX_PURCHASES is on). They are not money: no
//   checkout, charge or subscription refers to them, and the API marks each one `sandbox: true`.
// - `charges_project_created_at`: the list's real entries are the project's latest plan charges.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? 'timestamptz' : 'text';
  await db.schema
    .alterTable('sessions')
    .addColumn('seen_screens', 'text', (c) => c.notNull().defaultTo(sql.lit('[]')))
    .execute();
  await db.schema
    .createTable('sandbox_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_purchases_project_created_at').on('sandbox_purchases').columns(['project', 'created_at']).execute();
  await db.schema.createIndex('charges_project_created_at').on('charges').columns(['project', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('charges_project_created_at').execute();
  await db.schema.dropTable('sandbox_purchases').execute();
  await db.schema.alterTable('sessions').dropColumn('seen_screens').execute();
}

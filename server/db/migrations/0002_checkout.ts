import { PostgresAdapter, type Kysely } from 'kysely';

// The sandbox hosted checkout: checkouts, the charges they take and the offers bought (by checkout or in one
// click). The unique keys are what make paying idempotent on both databases: one checkout and one charge per
// orderId, one charge per checkout, one purchase per email, project and product.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? 'timestamptz' : 'text';

  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.product_id'))
    .addColumn('usid', 'text', (c) => c.notNull())
    .addColumn('subscription_user_id', 'text', (c) => c.notNull().references('subscription_users.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('error_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text')
    .addColumn('decline_reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // The buyer's latest paid checkout holds the payment method a one-click purchase charges.
  await db.schema.createIndex('checkouts_buyer').on('checkouts').columns(['email_key', 'project', 'provider', 'status']).execute();

  await db.schema
    .createTable('charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('checkout_id', 'text', (c) => c.unique().references('checkouts.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.product_id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('charges_email').on('charges').columns(['email_key', 'project']).execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.product_id'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('usid', 'text')
    .addColumn('checkout_id', 'text', (c) => c.unique().references('checkouts.id'))
    .addColumn('subscription_user_id', 'text', (c) => c.notNull().references('subscription_users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    // Never charged twice for one offer.
    .addUniqueConstraint('purchases_one_per_buyer', ['email_key', 'project', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['purchases', 'charges', 'checkouts']) {
    await db.schema.dropTable(table).execute();
  }
}

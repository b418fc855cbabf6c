import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The first schema: sessions, astro users, report orders, subscription users, products and subscriptions.
// One migration for both dialects; only the timestamp type differs (see ../schema.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? 'timestamptz' : 'text';

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text')
    .addColumn('ip', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('country_code', 'text')
    .addColumn('city', 'text')
    .addColumn('loc', 'text')
    .addColumn('timezone', 'text')
    .addColumn('flow_outer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ab_test_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip_info', 'text')
    .addColumn('alt_payout', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gclid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('test_event_code', 'text')
    .addColumn('attribution', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('astro_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('usid', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('is_legal', 'boolean', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('relationship', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('birth_time', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('email_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('confirmed_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('astro_users_usid').on('astro_users').column('usid').execute();

  await db.schema
    .createTable('report_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('reports', 'text', (c) => c.notNull())
    .addColumn('your_data', 'text', (c) => c.notNull())
    .addColumn('partner_data', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_orders_email_key').on('report_orders').column('email_key').execute();

  await db.schema
    .createTable('subscription_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('is_legal', 'boolean', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('fbc', 'text')
    .addColumn('fbp', 'text')
    .addColumn('city', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('country_code', 'text')
    .addColumn('loc', 'text')
    .addColumn('timezone', 'text')
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('subscription_users_email_project', ['email_key', 'project'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().unique())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text')
    .addColumn('package_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('trial_price_cents', 'integer')
    .addColumn('prev_price_cents', 'integer')
    .addColumn('percent_off', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subscription_duration', 'text')
    .addColumn('trial_duration', 'text')
    .addColumn('ab_test_id', 'text')
    .addColumn('reports', 'text', (c) => c.notNull())
    .addColumn('is_test', 'boolean', (c) => c.notNull())
    .addColumn('amplitude_id', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_catalogue').on('products').columns(['project', 'provider', 'is_test']).execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.product_id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('usid', 'text')
    .addColumn('subscription_user_id', 'text', (c) => c.notNull().references('subscription_users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  // Never charged twice: at most one active subscription per email, project and product.
  await db.schema
    .createIndex('subscriptions_one_active')
    .on('subscriptions')
    .columns(['email_key', 'project', 'product_id'])
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema.createIndex('subscriptions_user').on('subscriptions').column('subscription_user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['subscriptions', 'products', 'subscription_users', 'report_orders', 'astro_users', 'sessions']) {
    await db.schema.dropTable(table).execute();
  }
}

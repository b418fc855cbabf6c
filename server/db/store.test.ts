import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { CheckoutStatus } from '../../src/shared/contract/subscription';
import { catalogue, seedCatalogue } from '../subs/catalogue';
import { describeOnEachDatabase, TEST_PROJECT, type DatabaseName } from '../test-support/databases';
import { startPostgres } from '../test-support/postgres';
import { describePostgresUrl, migrateToLatest, MIGRATIONS, openStore, prepareStore, type Store } from './open';
import type { NewCheckout, NewSubscription } from './schema';
import { isUniqueViolation, toBool, toIso } from './values';

// The storage layer on both databases: migrations, the seed, and values that must read back the same.

describeOnEachDatabase('store', ({ store, database }) => {
  it('migrates to the latest schema once: running the migrations again changes nothing', async () => {
    await migrateToLatest(store().db);
    const tables = (await store().db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
    expect(tables.sort()).toEqual(['analytics_daily_usage', 'analytics_events', 'astro_users', 'charges', 'checkouts', 'editor_audit', 'experiment_arms', 'experiment_weights', 'experiments', 'flow_versions', 'flows', 'products', 'purchases', 'report_orders', 'sandbox_purchases', 'sessions', 'subscription_users', 'subscriptions']);
  });

  it('seeds the catalogue idempotently: seeding again keeps one row per product', async () => {
    const count = async () => Number((await store().db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    // 13 plans and 3 offers, for 2 providers, live and test.
    expect(before).toBe(64);
    expect(catalogue(TEST_PROJECT)).toHaveLength(64);
    await seedCatalogue(store(), TEST_PROJECT);
    expect(await count()).toBe(before);
  });

  it('gives a database seeded before the /sale and /secret-discount sets those plans at its next start’s seed', async () => {
    const discountSets = ['sale', 'secret_discount'];
    // A database from before the discount sets: their rows are missing and the offers sit right after tpt_3.
    await store().write(async (trx) => {
      await trx.deleteFrom('products').where('ab_test_id', 'in', discountSets).execute();
      await trx.updateTable('products').set({ sort_order: 0 }).execute();
    });
    expect(await store().db.selectFrom('products').select('id').where('ab_test_id', 'in', discountSets).execute()).toHaveLength(0);

    await seedCatalogue(store(), TEST_PROJECT);

    const rows = await store().db.selectFrom('products').selectAll().orderBy('sort_order').execute();
    expect(rows.map((row) => ({ ...row, is_test: toBool(row.is_test) }))).toEqual(catalogue(TEST_PROJECT));
    const sale = rows.filter((row) => row.ab_test_id === 'sale' && row.provider === 'maxpay' && !toBool(row.is_test));
    expect(sale.map((row) => [row.product_id, row.package_id, row.trial_price_cents, row.price_cents])).toEqual([
      ['mxp_astrelle_sale_1_2900_live', '1', 50, 2900],
      ['mxp_astrelle_sale_2_1900_live', '2', 250, 1900],
      ['mxp_astrelle_sale_3_1499_live', '3', 450, 1499],
    ]);
    expect(rows.filter((row) => row.ab_test_id === 'secret_discount')).toHaveLength(12);
  });

  it('reads booleans, JSON text and timestamps back as written', async () => {
    const at = '2026-05-01T12:34:56.789Z';
    const abTestData = JSON.stringify({ z: 1, a: [true, null], 'ü': '🌙' });
    await store().write((trx) =>
      trx
        .insertInto('sessions')
        .values({ id: `bool_${database}`, flow_outer: true, gclid: false, alt_payout: true, ab_test_data: abTestData, attribution: '{}', created_at: at, updated_at: at })
        .execute(),
    );
    const row = await store().db.selectFrom('sessions').selectAll().where('id', '=', `bool_${database}`).executeTakeFirstOrThrow();
    expect([toBool(row.flow_outer), toBool(row.gclid), toBool(row.alt_payout)]).toEqual([true, false, true]);
    expect(row.ab_test_data).toBe(abTestData);
    expect(toIso(row.created_at)).toBe(at);
    // Booleans also work as query parameters.
    const flagged = await store().db.selectFrom('sessions').select('id').where('flow_outer', '=', true).where('id', '=', `bool_${database}`).execute();
    expect(flagged).toHaveLength(1);
  });

  it('keeps money exact: prices are integer cents', async () => {
    const row = await store().db.selectFrom('products').select(['price_cents']).where('offer_id', '=', 'ultra_pack').executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(4999);
  });

  it('reports a unique violation in a way isUniqueViolation recognises', async () => {
    const at = new Date().toISOString();
    const values = { id: `dup_${database}`, ab_test_data: '{}', attribution: '{}', flow_outer: false, gclid: false, alt_payout: false, created_at: at, updated_at: at };
    await store().write((trx) => trx.insertInto('sessions').values(values).execute());
    const error = await store()
      .write((trx) => trx.insertInto('sessions').values(values).execute())
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('commits concurrent writes independently: one failing write does not undo the others', async () => {
    const at = new Date().toISOString();
    const row = (id: string) => ({ id, ab_test_data: '{}', attribution: '{}', flow_outer: false, gclid: false, alt_payout: false, created_at: at, updated_at: at });
    const results = await Promise.allSettled([
      store().write((trx) => trx.insertInto('sessions').values(row(`gc_a_${database}`)).execute()),
      store().write(async (trx) => {
        await trx.insertInto('sessions').values(row(`gc_b_${database}`)).execute();
        throw new Error('this write fails after inserting');
      }),
      store().write((trx) => trx.insertInto('sessions').values(row(`gc_c_${database}`)).execute()),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = (await store().db.selectFrom('sessions').select('id').where('id', 'like', `gc_%_${database}`).execute()).map((r) => r.id).sort();
    expect(ids).toEqual([`gc_a_${database}`, `gc_c_${database}`]);
  });

  it('enforces foreign keys: a subscription must name a real product and user', async () => {
    const error = await store()
      .write((trx) =>
        trx
          .insertInto('subscriptions')
          .values({ id: `fk_${database}`, order_id: `fk_${database}`, email: 'a@b.co', email_key: 'a@b.co', project: TEST_PROJECT, product_id: 'nope', provider: 'maxpay', status: 'active', usid: null, subscription_user_id: 'nope', created_at: new Date().toISOString() })
          .execute(),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
  });

  it('holds a buyer to one active plan subscription per project in the database itself, whatever the plan; offers per product', async () => {
    const email = `one.plan.${database.toLowerCase()}@example.com`;
    const userId = `usr_one_plan_${database}`;
    const at = new Date().toISOString();
    await store().write((trx) =>
      trx.insertInto('subscription_users').values({ id: userId, email, email_key: email, project: TEST_PROJECT, is_legal: false, user_agent: '', created_at: at, updated_at: at }).execute(),
    );
    const insert = (key: string, productId: string, planSlot: boolean) =>
      store()
        .write((trx) =>
          trx
            .insertInto('subscriptions')
            .values({ id: key, order_id: key, email, email_key: email, project: TEST_PROJECT, product_id: productId, provider: 'maxpay', status: 'active', usid: null, subscription_user_id: userId, created_at: at, plan_slot: planSlot })
            .execute(),
        )
        .then(
          () => 'stored',
          (error: unknown) => (isUniqueViolation(error) ? 'unique violation' : error),
        );
    expect(await insert(`trial_${database}`, 'mxp_astrelle_trial_1_2900_live', true)).toBe('stored');
    expect(await insert(`sale_${database}`, 'mxp_astrelle_sale_1_2900_live', true)).toBe('unique violation');
    expect(await insert(`offer_${database}`, 'mxp_astrelle_birth_chart_1999_live', false)).toBe('stored');
    expect(await insert(`offer2_${database}`, 'mxp_astrelle_birth_chart_1999_live', false)).toBe('unique violation');
    expect(await insert(`offer3_${database}`, 'mxp_astrelle_love_paths_2499_live', false)).toBe('stored');
  });

  it('migrates a database from before 0003 whose buyer already has two active plans: the oldest holds the one plan place', async () => {
    const empty = await openEmptyStore(database);
    try {
      const { db } = empty.store;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
      const before = await migrator.migrateTo('0002_checkout');
      expect(before.error).toBeUndefined();
      await seedCatalogue(empty.store, TEST_PROJECT);
      const users = ['twice@example.com', 'once@example.com', 'offer@example.com'];
      await db
        .insertInto('subscription_users')
        .values(users.map((email) => ({ id: email, email, email_key: email, project: TEST_PROJECT, is_legal: false, user_agent: '', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' })))
        .execute();
      const subscription = (id: string, email: string, productId: string, createdAt: string): NewSubscription => ({
        id,
        order_id: id,
        email,
        email_key: email,
        project: TEST_PROJECT,
        product_id: productId,
        provider: 'maxpay',
        status: 'active',
        usid: null,
        subscription_user_id: email,
        created_at: createdAt,
      });
      await db
        .insertInto('subscriptions')
        .values([
          subscription('twice_new', 'twice@example.com', 'mxp_astrelle_trial_2_1900_live', '2026-03-01T00:00:00.000Z'),
          subscription('twice_old', 'twice@example.com', 'mxp_astrelle_trial_1_2900_live', '2026-02-01T00:00:00.000Z'),
          subscription('twice_offer', 'twice@example.com', 'mxp_astrelle_birth_chart_1999_live', '2026-01-01T00:00:00.000Z'),
          subscription('once', 'once@example.com', 'mxp_astrelle_monthly_2499_live', '2026-02-01T00:00:00.000Z'),
          subscription('offer_only', 'offer@example.com', 'mxp_astrelle_ultra_pack_4999_live', '2026-02-01T00:00:00.000Z'),
        ])
        .execute();

      // 0003 alone: later migrations (0006) judge these rows by other rules.
      expect((await migrator.migrateTo('0003_one_active_plan')).error).toBeUndefined();

      const rows = await db.selectFrom('subscriptions').select(['id', 'status', 'plan_slot']).orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.status, toBool(r.plan_slot)])).toEqual([
        ['offer_only', 'active', false],
        ['once', 'active', true],
        ['twice_new', 'active', false],
        ['twice_offer', 'active', false],
        ['twice_old', 'active', true],
      ]);
      // From now on the database refuses a second plan of a buyer who holds one.
      const error = await db
        .insertInto('subscriptions')
        .values({ ...subscription('once_again', 'once@example.com', 'mxp_astrelle_sale_1_2900_live', '2026-04-01T00:00:00.000Z'), plan_slot: true })
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
    } finally {
      await empty.store.close();
      await empty.cleanup();
    }
  }, 60_000); // a throwaway PostgreSQL starts in this test

  it('migrates subscriptions no paid checkout made (the old API made them for free) to revoked, and keeps the paid ones', async () => {
    const empty = await openEmptyStore(database);
    try {
      const { db } = empty.store;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
      expect((await migrator.migrateTo('0005_visitor_ownership')).error).toBeUndefined();
      await seedCatalogue(empty.store, TEST_PROJECT);
      const at = '2026-01-01T00:00:00.000Z';
      await db.insertInto('subscription_users').values({ id: 'u', email: 'u@example.com', email_key: 'u@example.com', project: TEST_PROJECT, is_legal: false, user_agent: '', created_at: at, updated_at: at, owner_usid: null }).execute();
      const checkout = (orderId: string, status: CheckoutStatus): NewCheckout => ({
        id: `chk_${orderId}`, order_id: orderId, email: 'u@example.com', email_key: 'u@example.com', project: TEST_PROJECT, provider: 'maxpay',
        product_id: 'mxp_astrelle_trial_1_2900_live', usid: 'u', subscription_user_id: 'u', amount_cents: 100, currency: 'USD', status,
        success_url: '/payment-success', error_url: '/payment-error', cancel_url: '/sale', payment_method: status === 'paid' ? 'card ending 4242' : null, decline_reason: null,
        created_at: at, updated_at: at,
      });
      await db.insertInto('checkouts').values([checkout('paid_order', 'paid'), checkout('open_order', 'open')]).execute();
      const subscription = (orderId: string, email: string, plan: boolean): NewSubscription => ({
        id: orderId, order_id: orderId, email, email_key: email, project: TEST_PROJECT, product_id: 'mxp_astrelle_trial_1_2900_live',
        provider: 'maxpay', status: 'active', usid: null, subscription_user_id: 'u', created_at: at, plan_slot: plan,
      });
      await db
        .insertInto('subscriptions')
        .values([subscription('paid_order', 'u@example.com', true), subscription('open_order', 'v@example.com', true), subscription('made_up', 'w@example.com', true)])
        .execute();

      await migrateToLatest(db);

      const rows = await db.selectFrom('subscriptions').select(['id', 'status']).orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.status])).toEqual([
        ['made_up', 'revoked'],
        ['open_order', 'revoked'],
        ['paid_order', 'active'],
      ]);
      const payer = await db.selectFrom('checkouts').select(['order_id', 'paid_by_usid']).orderBy('order_id').execute();
      expect(payer).toEqual([
        { order_id: 'open_order', paid_by_usid: null },
        { order_id: 'paid_order', paid_by_usid: null },
      ]);
    } finally {
      await empty.store.close();
      await empty.cleanup();
    }
  }, 60_000); // a throwaway PostgreSQL starts in this test

  it('migrates sessions from before 0008 to having seen no discount page, and new ones start with none too', async () => {
    const empty = await openEmptyStore(database);
    try {
      const { db } = empty.store;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
      expect((await migrator.migrateTo('0007_analytics_events')).error).toBeUndefined();
      const at = '2026-01-01T00:00:00.000Z';
      const session = { flow_outer: false, ab_test_data: '{}', alt_payout: false, gclid: false, attribution: '{}', created_at: at, updated_at: at };
      await db.insertInto('sessions').values({ id: 'before', ...session }).execute();
      await migrateToLatest(db);
      await db.insertInto('sessions').values({ id: 'after', ...session }).execute();
      const rows = await db.selectFrom('sessions').select(['id', 'seen_screens']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'after', seen_screens: '[]' },
        { id: 'before', seen_screens: '[]' },
      ]);
    } finally {
      await empty.store.close();
      await empty.cleanup();
    }
  }, 60_000); // a throwaway PostgreSQL starts in this test

  it('describes itself without secrets', () => {
    expect(store().description).toMatch(database === 'SQLite' ? /^SQLite at .*astrelle\.sqlite$/ : /^PostgreSQL at /);
    expect(store().description).not.toMatch(/password/i);
  });
});

/** An empty database, not migrated: SQLite in a temporary folder, or a throwaway PostgreSQL. */
async function openEmptyStore(database: DatabaseName): Promise<{ store: Store; cleanup: () => Promise<void> }> {
  if (database === 'SQLite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-sqlite-'));
    return { store: openStore({ dataDir }), cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const postgres = await startPostgres({ durable: false });
  return { store: openStore({ databaseUrl: postgres.url }), cleanup: () => postgres.stop() };
}

describe('SQLite settings', () => {
  it('opens in WAL mode with synchronous=FULL and foreign keys on', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-sqlite-'));
    const store = await prepareStore({ dataDir });
    try {
      const pragma = async (name: string) => (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(store.db)).rows[0];
      expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
      expect(await pragma('synchronous')).toEqual({ synchronous: 2 }); // 2 = FULL
      expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
      expect(Number(Object.values((await pragma('busy_timeout'))!)[0])).toBeGreaterThan(0);
    } finally {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('answers every queued write before closing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-sqlite-'));
    const store = await prepareStore({ dataDir });
    const at = new Date().toISOString();
    const writes = Array.from({ length: 50 }, (_, i) =>
      store.write((trx) => trx.insertInto('sessions').values({ id: `close_${i}`, ab_test_data: '{}', attribution: '{}', flow_outer: false, gclid: false, alt_payout: false, created_at: at, updated_at: at }).execute()),
    );
    await store.close();
    expect((await Promise.allSettled(writes)).every((r) => r.status === 'fulfilled')).toBe(true);
    const reopened = openStore({ dataDir });
    expect(await reopened.db.selectFrom('sessions').select('id').execute()).toHaveLength(50);
    await reopened.close();
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('describePostgresUrl', () => {
  it('names host, port and database, never the user or password', () => {
    expect(describePostgresUrl('postgres://app:hunter2@db.internal:6543/astrelle')).toBe('db.internal:6543/astrelle');
    expect(describePostgresUrl('postgresql://postgres@localhost/postgres?host=%2Ftmp%2Fpg&port=5432')).toBe('/tmp/pg:5432/postgres');
    expect(describePostgresUrl('postgresql:///astrelle?host=/var/run/postgresql')).toBe('/var/run/postgresql:5432/astrelle');
  });
});

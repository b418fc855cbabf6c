import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../test-support/databases';
import { startPostgres, type TestPostgres } from '../test-support/postgres';
import { openStore, type Store } from './open';
import { withPreparedStatements } from './prepared-statements';
import type { Database } from './schema';

// On PostgreSQL each parameterised query is sent as a named statement, prepared once per connection
// (prepared-statements.ts), and the session write is one statement in one round trip (Store.writeStatement).

/** The named statements this connection has prepared: text by name. */
async function prepared(db: Kysely<Database>): Promise<Record<string, string>> {
  // No parameters: this query itself goes by the simple protocol, unnamed.
  const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by statement`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.statement]));
}

const session = (id: string) => {
  const at = new Date().toISOString();
  return { id, flow_outer: false, ab_test_data: '{}', alt_payout: false, gclid: false, attribution: '{}', created_at: at, updated_at: at };
};

describe('prepared statements on PostgreSQL', () => {
  let postgres: TestPostgres;
  let store: Store | undefined;
  /** A store of one connection, so that every query below runs on the connection it inspects. */
  const open = (options: { preparedStatements?: boolean } = {}) => {
    store = openStore({ databaseUrl: postgres.url, poolSize: 1, ...options });
    return store.db;
  };

  beforeAll(async () => {
    postgres = await startPostgres({ durable: false });
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create table notes (id integer primary key, body text not null)');
    await admin.query("insert into notes values (1, 'one'), (2, 'two'), (3, 'three')");
    await admin.end();
  });
  afterAll(async () => {
    await store?.close();
    await postgres?.stop();
  });

  it('prepares each parameterised text once, by name, and runs it again with other parameters', async () => {
    const db = open();
    const byId = (id: number) => sql<{ body: string }>`select body from notes where id = ${id}`.execute(db);
    const longer = (length: number) => sql<{ id: number }>`select id from notes where length(body) > ${length} order by id`.execute(db);
    expect((await byId(1)).rows).toEqual([{ body: 'one' }]);
    expect((await longer(3)).rows).toEqual([{ id: 3 }]);
    expect((await byId(2)).rows).toEqual([{ body: 'two' }]);
    expect((await longer(2)).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect((await byId(4)).rows).toEqual([]);
    const statements = await prepared(db);
    expect(Object.values(statements)).toEqual(['select body from notes where id = $1', 'select id from notes where length(body) > $1 order by id']);
    for (const name of Object.keys(statements)) expect(name).toMatch(/^s_[\w-]{27}$/);
    await store!.close();
    store = undefined;
  });

  it('keeps transactions, rollbacks and statements without parameters as they were', async () => {
    const db = open();
    await db.transaction().execute(async (trx) => {
      await sql`update notes set body = ${'uno'} where id = ${1}`.execute(trx);
    });
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`update notes set body = ${'dos'} where id = ${2}`.execute(trx);
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect((await sql<{ body: string }>`select body from notes order by id`.execute(db)).rows.map((r) => r.body)).toEqual(['uno', 'two', 'three']);
    // Only the parameterised update was named; begin, commit, rollback and the select above were not.
    expect(Object.values(await prepared(db))).toEqual(['update notes set body = $1 where id = $2']);
    await sql`update notes set body = ${'one'} where id = ${1}`.execute(db);
    await store!.close();
    store = undefined;
  });

  it('names no statement with DATABASE_PREPARED_STATEMENTS=off', async () => {
    const db = open({ preparedStatements: false });
    expect((await sql<{ body: string }>`select body from notes where id = ${3}`.execute(db)).rows).toEqual([{ body: 'three' }]);
    expect(await prepared(db)).toEqual({});
    await store!.close();
    store = undefined;
  });

  it('names at most the texts it may; later texts still run, unnamed', async () => {
    const pool = new pg.Pool({ connectionString: postgres.url, max: 1 });
    const client = withPreparedStatements(pool, 2);
    try {
      const connection = await client.connect();
      try {
        for (const column of ['id', 'body', 'length(body)']) {
          const { rows } = await connection.query<Record<string, unknown>>(`select ${column} as value from notes where id = $1`, [3]);
          expect(rows).toHaveLength(1);
        }
        const { rows } = await connection.query<{ statement: string }>('select statement from pg_prepared_statements order by statement', []);
        expect(rows.map((row) => row.statement)).toEqual(['select body as value from notes where id = $1', 'select id as value from notes where id = $1']);
      } finally {
        connection.release();
      }
    } finally {
      await client.end();
    }
  });

  it('drops a connection whose prepared statement no longer matches its table, and the next query prepares it afresh', async () => {
    const db = open();
    const note = () => sql<Record<string, unknown>>`select * from notes where id = ${1}`.execute(db);
    expect((await note()).rows).toEqual([{ id: 1, body: 'one' }]);
    // A newer server's migration, from another connection.
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("alter table notes add column mood text not null default 'calm'");
    await admin.end();
    // The statement prepared before fails once (PostgreSQL: cached plan must not change result type)...
    await expect(note()).rejects.toMatchObject({ code: '0A000' });
    // ...and its connection is not reused: the next query runs on a new one.
    expect((await note()).rows).toEqual([{ id: 1, body: 'one', mood: 'calm' }]);
    await store!.close();
    store = undefined;
  });
});

describeOnEachDatabase('writeStatement', ({ store, database }) => {
  it('writes one statement, committed, and answers its first row', async () => {
    const id = `ws_${database}`;
    await store().write((trx) => trx.insertInto('sessions').values(session(id)).execute());
    const row = await store().writeStatement((db) => db.updateTable('sessions').set({ gclid: true, ab_test_data: '{"a":1}' }).where('id', '=', id).returningAll());
    expect(row).toMatchObject({ id, ab_test_data: '{"a":1}' });
    const stored = await store().db.selectFrom('sessions').select(['ab_test_data']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.ab_test_data).toBe('{"a":1}');
    // No row: undefined, and nothing written.
    expect(await store().writeStatement((db) => db.updateTable('sessions').set({ gclid: true }).where('id', '=', `${id}_missing`).returningAll())).toBeUndefined();
  });

  it('a failing statement writes nothing', async () => {
    const id = `ws_fail_${database}`;
    const error = await store()
      .writeStatement((db) => db.insertInto('sessions').values([session(id), session(id)]).returningAll())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await store().db.selectFrom('sessions').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});

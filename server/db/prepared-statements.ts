import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

// PostgreSQL parses and plans each statement it is sent. A named (prepared) statement is parsed once per connection
// and from then on only bound and run: on the session write under load, over a third less PostgreSQL CPU and a fifth
// more requests a second (README, "PostgreSQL under load"). Kysely sends every query as `client.query(text, values)`:
// `withPreparedStatements` hands it clients that send each parameterised query under a name made from a hash of its
// text, which pg prepares on a connection the first time and reuses after (pg's `{ name, text, values }` queries).
// Parameters are always bound, never inlined, so the app has few texts; queries without parameters (begin, commit,
// the migrations' DDL) go as before, by the simple protocol.

/** How many texts get a name at most; later ones run unnamed, so a connection never holds more prepared statements. */
export const MAX_PREPARED_STATEMENTS = 200;

/**
 * A prepared statement whose result columns changed under it (a migration by a newer server altered a table it
 * reads with `select *`) fails with this on every later run on that connection: such a connection is closed
 * instead of going back to the pool, and the next one prepares the statement afresh.
 */
const CACHED_PLAN_CHANGED = '0A000';

/** The pool `pool` with each parameterised query sent as a named statement (at most `maxStatements` texts). */
export function withPreparedStatements(pool: pg.Pool, maxStatements = MAX_PREPARED_STATEMENTS): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < maxStatements) {
      // 27 characters: well within PostgreSQL's 63 for a name.
      name = `s_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let discard = false;
    const run = async (text: string, values: unknown[]) => {
      const name = values.length > 0 ? nameOf(text) : undefined;
      try {
        return await (name ? client.query({ name, text, values }) : client.query(text, values));
      } catch (error) {
        if ((error as { code?: unknown }).code === CACHED_PLAN_CHANGED) discard = true;
        throw error;
      }
    };
    return {
      // Kysely calls query(text, values) (and query(cursor) only to stream, which the app does not).
      query: ((text: string, values: readonly unknown[] = []) => run(text, [...values])) as unknown as PostgresPoolClient['query'],
      release: () => {
        if (!discard) return client.release();
        wrapped.delete(client);
        client.release(new Error('a prepared statement no longer matches its table'));
      },
    };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) {
        own = wrap(client);
        wrapped.set(client, own);
      }
      return own;
    },
    end: () => pool.end(),
  };
}

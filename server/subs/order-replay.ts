import type { Selectable, Transaction } from 'kysely';
import { conflict, type ApiRequestError } from '../api/errors';
import type { Database } from '../db/schema';

// Orders are idempotent by the client's orderId: a request repeating a stored order's fields is a replay and is
// answered with the stored row; the same orderId with other fields is refused. One rule for every table keyed
// by order_id (subscriptions, checkouts, purchases).

/** The tables whose rows are orders keyed by the client's unique `order_id`. */
export type OrderTable = 'subscriptions' | 'checkouts' | 'purchases';

/** A stored order of `T`. */
export type OrderRow<T extends OrderTable> = Selectable<Database[T]>;

/**
 * One column of a stored order and the value a request gives it, compared with `===`: only columns read as a
 * string, a number or null (not timestamps, which read as a Date on PostgreSQL, nor booleans, 0/1 on SQLite).
 */
export type OrderField<Row> = { [K in keyof Row]: Row[K] extends string | number | null ? readonly [column: K, value: Row[K]] : never }[keyof Row];

/** The 409 on orderId of an orderId already used for a different order (in any order table). */
export function orderIdReused(): ApiRequestError {
  return conflict('This orderId was already used for a different order.', 'orderId');
}

const readOrder: { [T in OrderTable]: (trx: Transaction<Database>, orderId: string) => Promise<OrderRow<T> | undefined> } = {
  subscriptions: (trx, orderId) => trx.selectFrom('subscriptions').selectAll().where('order_id', '=', orderId).executeTakeFirst(),
  checkouts: (trx, orderId) => trx.selectFrom('checkouts').selectAll().where('order_id', '=', orderId).executeTakeFirst(),
  purchases: (trx, orderId) => trx.selectFrom('purchases').selectAll().where('order_id', '=', orderId).executeTakeFirst(),
};

/** Whether an order of another kind (in any of `tables`) already holds `orderId`: one orderId names one order. */
export async function orderIdTakenIn(trx: Transaction<Database>, orderId: string, tables: readonly OrderTable[]): Promise<boolean> {
  for (const table of tables) if (await readOrder[table](trx, orderId)) return true;
  return false;
}

/**
 * The stored order of `orderId` in `table` when every one of `expected` (column and the request's value) holds
 * on it: a replay, which the caller answers with it. 'reused' when the stored order differs from the request in
 * any of `expected` (the orderId names another order); undefined when the table has no order of that id.
 */
export async function replayOf<T extends OrderTable>(
  trx: Transaction<Database>,
  table: T,
  orderId: string,
  expected: ReadonlyArray<OrderField<OrderRow<T>>>,
): Promise<OrderRow<T> | 'reused' | undefined> {
  const row = await readOrder[table](trx, orderId);
  if (!row) return undefined;
  if (expected.some(([column, value]) => row[column] !== value)) return 'reused';
  return row;
}

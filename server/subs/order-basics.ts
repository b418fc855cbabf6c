import type { Kysely, Transaction } from 'kysely';
import type { Provider } from '../../src/shared/contract/subscription';
import type { Store } from '../db/open';
import type { Database, ProductRow } from '../db/schema';
import { isUniqueViolation } from '../db/values';

// What checkouts and one-click purchases share: the product an order is for, what a plan charges now, how a
// refused order is answered and undone, the preview mark a visitor's payments carry, and the contract's amounts
// in dollars.

/** An order refused, and why: the routes choose the HTTP answer for each reason. */
export interface Refusal<Reason extends string> {
  ok: false;
  reason: Reason;
}

/** The refusal of `reason`. */
export const refused = <Reason extends string>(reason: Reason): Refusal<Reason> => ({ ok: false, reason });

/** Thrown only to make `store.write` roll back what a refused order wrote; it carries the refusal out. */
class RolledBack extends Error {
  constructor(readonly refusal: unknown) {
    super('The order was refused; what it wrote is undone.');
    this.name = 'RolledBack';
  }
}

/**
 * Runs `work` in one write and answers its outcome. A refusal (`ok: false`) undoes everything the work wrote
 * before it refused, so a refused order leaves nothing behind: no subscription user, no payment half taken.
 */
export async function writeOrRollBack<Outcome extends { ok: boolean }>(store: Store, work: (trx: Transaction<Database>) => Promise<Outcome>): Promise<Outcome> {
  try {
    return await store.write(async (trx) => {
      const outcome = await work(trx);
      if (!outcome.ok) throw new RolledBack(outcome);
      return outcome;
    });
  } catch (error) {
    // Only our own refusal is carried out of the transaction: it is exactly what `work` answered.
    if (error instanceof RolledBack) return error.refusal as Outcome;
    throw error;
  }
}

/**
 * `writeOrRollBack` for a new checkout or one-click purchase. Losing a race on a unique key (another order
 * written at the same moment, which the checks before the insert could not see) is a refusal too,
 * 'concurrentOrder', rather than a failure of the server.
 */
export async function writeNewOrder<Outcome extends { ok: boolean }>(
  store: Store,
  work: (trx: Transaction<Database>) => Promise<Outcome>,
): Promise<Outcome | Refusal<'concurrentOrder'>> {
  try {
    return await writeOrRollBack(store, work);
  } catch (error) {
    if (isUniqueViolation(error)) return refused('concurrentOrder');
    throw error;
  }
}

/** The product of this project and provider, or undefined. */
export async function findProduct(db: Kysely<Database>, productId: string, project: string, provider: Provider): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('product_id', '=', productId).where('project', '=', project).where('provider', '=', provider).executeTakeFirst();
}

/**
 * What a checkout of a plan charges now, in cents: a trial's price for TRIAL, the price otherwise. (An offer's
 * depends on what the buyer owns: `amountFor`.)
 */
export function amountNowCents(product: ProductRow): number {
  return product.type === 'TRIAL' ? (product.trial_price_cents ?? 0) : product.price_cents;
}

/** Whether the visitor's session was opened through an editor's preview link: what they pay carries the mark. */
export async function isPreviewSession(trx: Transaction<Database>, usid: string): Promise<boolean> {
  const session = await trx.selectFrom('sessions').select('preview').where('id', '=', usid).executeTakeFirst();
  return Boolean(session?.preview);
}

/** Cents as the contract's amounts: dollars. */
export const dollars = (cents: number) => cents / 100;

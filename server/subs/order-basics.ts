import type { Kysely, Transaction } from 'kysely';
import type { Provider } from '../../src/shared/contract/subscription';
import type { Database, ProductRow } from '../db/schema';

// What checkouts and one-click purchases share: the product an order is for, what a plan charges now, the refusal
// that undoes a payment, the preview mark a visitor's payments carry, and the contract's amounts in dollars.

/** Thrown inside a write to undo a payment because the buyer already owns the product. */
export class AlreadyPurchasedError extends Error {
  constructor() {
    super('The buyer already has this product.');
    this.name = 'AlreadyPurchasedError';
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

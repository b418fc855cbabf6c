import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { emailKey, fromJson } from '../db/values';

// What a visitor has paid for, as the report orders and the payment return pages need to know it. Everything
// here is per visitor (usid) as well as per email: what another visitor bought for the same address is theirs.

/**
 * The report ids that `email` is entitled to through `visitor`'s own payments: the reports of its active
 * subscriptions' plans and of the offers it bought (by one click or through a hosted checkout).
 */
export async function entitledReports(db: Kysely<Database>, visitor: string, email: string): Promise<Set<string>> {
  const key = emailKey(email);
  const [plans, offers] = await Promise.all([
    db
      .selectFrom('subscriptions')
      .innerJoin('products', (join) => join.onRef('products.product_id', '=', 'subscriptions.product_id').onRef('products.project', '=', 'subscriptions.project'))
      .select('products.reports')
      .where('subscriptions.email_key', '=', key)
      .where('subscriptions.usid', '=', visitor)
      .where('subscriptions.status', '=', 'active')
      .execute(),
    db
      .selectFrom('purchases')
      .innerJoin('products', (join) => join.onRef('products.product_id', '=', 'purchases.product_id').onRef('products.project', '=', 'purchases.project'))
      .select('products.reports')
      .where('purchases.email_key', '=', key)
      .where('purchases.usid', '=', visitor)
      .where('purchases.status', '=', 'paid')
      .execute(),
  ]);
  return new Set([...plans, ...offers].flatMap((row) => fromJson<string[]>(row.reports)));
}

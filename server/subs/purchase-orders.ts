import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Provider, Purchase, PurchaseCreate } from '../../src/shared/contract/subscription';
import type { Store } from '../db/open';
import type { Database, ProductRow, PurchaseRow } from '../db/schema';
import { emailKey, now, toIso } from '../db/values';
import { offerIdOf } from './catalogue';
import { boughtOffers, lockBuyer, offerCharge, type OwnedOffer } from './offer-ownership';
import { dollars, findProduct, isPreviewSession, refused, writeNewOrder, type Refusal } from './order-basics';
import { orderIdTakenIn, replayOf } from './order-replay';
import { ensureSubscriptionUser, linkSession } from './subscription-orders';

// One-click purchases of offers, charged to the method the visitor's own paid checkout stored, each exactly once per
// order: the unique keys of the migrations (order_id, one purchase per buyer and product) decide races on both
// databases. A purchase runs in one `store.write` of its own; a refused one is rolled back and answered as a
// value, and the routes decide what HTTP says of it.

/** What a one-click purchase answers: the purchase (made now, or the stored one of a replay), or why not. */
export type PurchaseOutcome =
  | { ok: true; created: boolean; row: PurchaseRow }
  | Refusal<'noOffer' | 'orderIdReused' | 'noStoredPayment' | 'notPayersEmail' | 'concurrentOrder'>
  | (Refusal<'owned'> & { charge: OwnedOffer });

/**
 * Buys an offer in one click with the stored payment method of the visitor's own latest paid checkout in this
 * project with this provider, for the email that checkout was paid for, once per orderId: a replay answers the
 * stored purchase (created: false). The caller has checked that `order.usid` is the visitor making the
 * request. Refused, taking nothing: 'noOffer' when the product is not an offer of this project and provider;
 * 'orderIdReused' when the orderId named another order; 'owned' when the offer is already the email's (bought
 * alone or inside a bundle, with any provider); 'noStoredPayment' when this visitor has paid no checkout with
 * the provider; 'notPayersEmail' when the email is not the one this visitor paid for. A bundle is charged its
 * price less the offers in it the email already owns (offer-ownership.ts): the purchase's amount is what was
 * charged.
 */
export async function createPurchase(store: Store, order: PurchaseCreate): Promise<PurchaseOutcome> {
  return writeNewOrder(store, (trx) => buyOffer(trx, order));
}

async function buyOffer(trx: Transaction<Database>, order: PurchaseCreate): Promise<PurchaseOutcome> {
  const product = await findProduct(trx, order.productId, order.project, order.provider);
  if (!product || product.type !== 'FIXED') return refused('noOffer');
  // The stored purchase of this orderId when it is this order; 'reused' when it is another.
  const findPurchaseOrder = () =>
    replayOf(trx, 'purchases', order.orderId, [
      ['email_key', emailKey(order.email)],
      ['project', order.project],
      ['provider', order.provider],
      ['product_id', order.productId],
      ['usid', order.usid],
    ]);
  const replay = await findPurchaseOrder();
  if (replay === 'reused') return refused('orderIdReused');
  if (replay) return { ok: true, created: false, row: replay };

  if (await orderIdTakenIn(trx, order.orderId, ['checkouts', 'subscriptions'])) return refused('orderIdReused');

  const paid = await storedPaymentMethod(trx, order.usid, order.project, order.provider);
  if (!paid) return refused('noStoredPayment');
  if (paid.emailKey !== emailKey(order.email)) return refused('notPayersEmail');
  const userId = await ensureSubscriptionUser(trx, order.email, order.project, order.usid);
  // What the email owns is read under the buyer's lock: a bundle and one of its parts bought at the same moment
  // are decided one after the other.
  await lockBuyer(trx, order.email, order.project);
  const charge = offerCharge(product, await boughtOffers(trx, order.email, order.project));
  if (charge.owned) {
    // On PostgreSQL each statement sees what was committed before it: a concurrent request of this same
    // order may have committed since the replay check above.
    const winner = await findPurchaseOrder();
    if (winner === 'reused') return refused('orderIdReused');
    if (winner) return { ok: true, created: false, row: winner };
    return { ok: false, reason: 'owned', charge };
  }
  const row = await insertPurchase(trx, {
    orderId: order.orderId,
    email: order.email,
    project: order.project,
    provider: order.provider,
    product,
    amountCents: charge.cents,
    paymentMethod: paid.paymentMethod,
    usid: order.usid,
    checkoutId: null,
    userId,
    preview: await isPreviewSession(trx, order.usid),
  });
  if (!row) {
    // A concurrent request won: the same order (a replay), or another order of the same offer.
    const winner = await findPurchaseOrder();
    if (winner === 'reused') return refused('orderIdReused');
    if (winner) return { ok: true, created: false, row: winner };
    return { ok: false, reason: 'owned', charge: { owned: true, how: 'alone' } };
  }
  await trx
    .insertInto('charges')
    .values({
      id: randomUUID(),
      order_id: row.order_id,
      checkout_id: null,
      email: row.email,
      email_key: row.email_key,
      project: row.project,
      provider: row.provider,
      product_id: row.product_id,
      amount_cents: row.amount_cents,
      currency: row.currency,
      payment_method: row.payment_method,
      created_at: toIso(row.created_at),
      preview: Boolean(row.preview),
    })
    .execute();
  await linkSession(trx, order.usid, userId, order.email);
  return { ok: true, created: true, row };
}

/**
 * The card or PayPal account a one-click purchase by `visitor` with `provider` charges, and the address it may
 * charge it for: the method of the visitor's own latest paid checkout in the project with that provider, paid in
 * their own browser. Only that: an email typed by someone else never reaches its owner's stored method, and a
 * checkout link the visitor sent to someone else, paid there, never lets them charge that person again.
 */
export async function storedPaymentMethod(
  db: Kysely<Database>,
  visitor: string,
  project: string,
  provider: Provider,
): Promise<{ paymentMethod: string; emailKey: string } | undefined> {
  const paid = await db
    .selectFrom('checkouts')
    .select(['payment_method', 'email_key'])
    .where('usid', '=', visitor)
    .where('paid_by_usid', '=', visitor)
    .where('project', '=', project)
    .where('provider', '=', provider)
    .where('status', '=', 'paid')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return paid?.payment_method ? { paymentMethod: paid.payment_method, emailKey: paid.email_key } : undefined;
}

export interface NewPurchase {
  orderId: string;
  email: string;
  project: string;
  provider: Provider;
  product: ProductRow;
  /** What is charged: the offer's price, less what a bundle's buyer owned of it. */
  amountCents: number;
  paymentMethod: string;
  usid: string | null;
  checkoutId: string | null;
  userId: string;
  /** Paid in an editor's preview: the paying session's mark. */
  preview: boolean;
}

/** Inserts the purchase; undefined when a unique key (order, checkout, or buyer and product) already holds one. */
export async function insertPurchase(trx: Transaction<Database>, purchase: NewPurchase): Promise<PurchaseRow | undefined> {
  return trx
    .insertInto('purchases')
    .values({
      id: randomUUID(),
      order_id: purchase.orderId,
      email: purchase.email,
      email_key: emailKey(purchase.email),
      project: purchase.project,
      provider: purchase.provider,
      product_id: purchase.product.product_id,
      offer_id: offerIdOf(purchase.product),
      amount_cents: purchase.amountCents,
      currency: purchase.product.currency,
      payment_method: purchase.paymentMethod,
      status: 'paid',
      usid: purchase.usid,
      checkout_id: purchase.checkoutId,
      subscription_user_id: purchase.userId,
      created_at: now(),
      preview: purchase.preview,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The offers a visitor bought in a project (by one click or through their checkouts), oldest first. */
export async function listPurchases(db: Kysely<Database>, visitor: string, project: string): Promise<PurchaseRow[]> {
  return db.selectFrom('purchases').selectAll().where('usid', '=', visitor).where('project', '=', project).orderBy('created_at').orderBy('id').execute();
}


export function toPurchase(row: PurchaseRow): Purchase {
  return {
    id: row.id,
    orderId: row.order_id,
    project: row.project,
    provider: row.provider,
    productId: row.product_id,
    offerId: row.offer_id,
    email: row.email,
    amount: dollars(row.amount_cents),
    currency: 'USD',
    paymentMethod: row.payment_method,
    status: 'paid',
    createdAt: toIso(row.created_at),
  };
}

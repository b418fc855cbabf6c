import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type {
  Checkout,
  CheckoutCreate,
  CheckoutStatus,
  OrderStatus,
  Provider,
  Purchase,
  PurchaseCreate,
} from '../../src/shared/contract/subscription';
import { ApiRequestError, conflict, notFound } from '../api/errors';
import type { CheckoutRow, Database, DeclineReason, ProductRow, PurchaseRow } from '../db/schema';
import { emailKey, now, toIso } from '../db/values';
import { offerIdOf } from './catalogue';
import { alreadyOwned, boughtOffers, lockBuyer, offerCharge } from './offer-ownership';
import { orderIdReused, replayOf } from './order-replay';
import { ALREADY_SUBSCRIBED, createSubscription, ensureSubscriptionUser, hasActiveSubscription, isPlanType, linkSession } from './subscription-orders';

// The sandbox checkout's records: checkouts, charges and purchases. Every function that writes takes the
// transaction of one `store.write`, so what it does is committed whole or not at all. Money is taken only by
// `payCheckout` and `createPurchase`, each exactly once per order: the unique keys of the migrations
// (order_id, checkout_id, one purchase per buyer and product, one active plan subscription per buyer and
// project) decide races on both databases, and the conditional `status = 'open'` update lets only one payment
// through.

export type { DeclineReason } from '../db/schema';

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

/**
 * Opens a checkout, once per orderId: the same orderId with the same fields answers the stored checkout
 * (created: false) whatever its status; with other fields it is a 409 on orderId. A 409 on productId for a
 * plan when the buyer has any active subscription in the project (sale_1 after trial_1 is the same plan
 * again), and for an offer the buyer has already bought. Also makes sure the subscription user exists and
 * names the buyer on the visitor's session. Checkouts opened before the buyer subscribed are refused when
 * paid (`payCheckout`). An offer the buyer owns through a bundle is refused too, and a bundle's amount is its
 * price less the offers in it the buyer owns (offer-ownership.ts).
 */
export async function createCheckout(trx: Transaction<Database>, order: CheckoutCreate): Promise<{ created: boolean; row: CheckoutRow }> {
  const product = await findProduct(trx, order.productId, order.project, order.provider);
  if (!product) throw notFound(`No product ${order.productId} for project ${order.project} and provider ${order.provider}.`);
  // The stored checkout of this orderId when it is this order; a 409 on orderId when it is another.
  const findCheckoutOrder = () =>
    replayOf(trx, 'checkouts', order.orderId, [
      ['email_key', emailKey(order.email)],
      ['project', order.project],
      ['provider', order.provider],
      ['product_id', order.productId],
      ['usid', order.usid],
      ['success_url', order.successUrl],
      ['error_url', order.errorUrl],
      ['cancel_url', order.cancelUrl],
    ]);
  const replay = await findCheckoutOrder();
  if (replay) return { created: false, row: replay };

  const usedBySubscription = await trx.selectFrom('subscriptions').select('id').where('order_id', '=', order.orderId).executeTakeFirst();
  const usedByPurchase = await trx.selectFrom('purchases').select('id').where('order_id', '=', order.orderId).executeTakeFirst();
  if (usedBySubscription || usedByPurchase) throw orderIdReused();
  const amountCents = await amountFor(trx, order.email, order.project, product);

  const userId = await ensureSubscriptionUser(trx, order.email, order.project, order.usid);
  const preview = await isPreviewSession(trx, order.usid);
  const at = now();
  const created = await trx
    .insertInto('checkouts')
    .values({
      id: newCheckoutId(),
      order_id: order.orderId,
      email: order.email,
      email_key: emailKey(order.email),
      project: order.project,
      provider: order.provider,
      product_id: order.productId,
      usid: order.usid,
      subscription_user_id: userId,
      amount_cents: amountCents,
      currency: product.currency,
      status: 'open',
      success_url: order.successUrl,
      error_url: order.errorUrl,
      cancel_url: order.cancelUrl,
      payment_method: null,
      decline_reason: null,
      paid_by_usid: null,
      created_at: at,
      updated_at: at,
      preview,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!created) {
    // A concurrent request with this orderId won.
    const winner = await findCheckoutOrder();
    if (winner) return { created: false, row: winner };
    throw orderIdReused();
  }
  await linkSession(trx, order.usid, userId, order.email);
  return { created: true, row: created };
}

/**
 * What a checkout of the product charges the buyer now, in cents; 409 on productId when the buyer may not have
 * the product: a plan when they have any active subscription in the project; an offer when they have an active
 * subscription to it or own it (bought alone or inside a bundle).
 */
async function amountFor(trx: Transaction<Database>, email: string, project: string, product: ProductRow): Promise<number> {
  if (isPlanType(product.type)) {
    if (await hasActiveSubscription(trx, email, project)) throw conflict(ALREADY_SUBSCRIBED, 'productId');
    return amountNowCents(product);
  }
  const productId = product.product_id;
  const key = emailKey(email);
  const subscribed = await trx
    .selectFrom('subscriptions')
    .select('id')
    .where('email_key', '=', key)
    .where('project', '=', project)
    .where('product_id', '=', productId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (subscribed) throw conflict('This email already has an active subscription to this product.', 'productId');
  const charge = offerCharge(product, await boughtOffers(trx, email, project));
  if (charge.owned) throw alreadyOwned(charge, 'product');
  return charge.cents;
}

export async function findCheckout(db: Kysely<Database>, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Pays an open checkout: marks it paid with the payment method, creates the subscription (plans) or the
 * purchase (offers) and records the one charge. Answers the paid checkout, or undefined when the checkout was
 * not open any more (another request paid, declined or cancelled it first: nothing is done).
 *
 * @throws {AlreadyPurchasedError} when the buyer may not have the product any more: for a plan, they got an
 *   active subscription (to any product) since the checkout opened; for an offer, they got it meanwhile (alone
 *   or inside a bundle), or got an offer inside it so that it no longer costs what the checkout shows. The
 *   caller's transaction must then be rolled back, which takes nothing.
 */
export async function payCheckout(trx: Transaction<Database>, id: string, paymentMethod: string, payer: string | null): Promise<CheckoutRow | undefined> {
  const at = now();
  const row = await trx
    .updateTable('checkouts')
    .set({ status: 'paid', payment_method: paymentMethod, paid_by_usid: payer, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  const product = await trx.selectFrom('products').selectAll().where('product_id', '=', row.product_id).executeTakeFirstOrThrow();

  if (product.type === 'FIXED') {
    await lockBuyer(trx, row.email, row.project);
    const charge = offerCharge(product, await boughtOffers(trx, row.email, row.project));
    if (charge.owned || charge.cents !== row.amount_cents) throw new AlreadyPurchasedError();
    const purchase = await insertPurchase(trx, {
      orderId: row.order_id,
      email: row.email,
      project: row.project,
      provider: row.provider,
      product,
      amountCents: row.amount_cents,
      paymentMethod,
      usid: row.usid,
      checkoutId: row.id,
      userId: row.subscription_user_id,
      preview: Boolean(row.preview),
    });
    if (!purchase) throw new AlreadyPurchasedError();
    await linkSession(trx, row.usid, row.subscription_user_id, row.email);
  } else {
    let created: boolean;
    try {
      ({ created } = await createSubscription(trx, { email: row.email, project: row.project, productId: row.product_id, provider: row.provider, orderId: row.order_id, usid: row.usid }));
    } catch (error) {
      if (error instanceof ApiRequestError && error.statusCode === 409) throw new AlreadyPurchasedError();
      throw error;
    }
    // A subscription already made for this orderId elsewhere was not paid by this checkout: take nothing.
    if (!created) throw new AlreadyPurchasedError();
  }
  await trx
    .insertInto('charges')
    .values({
      id: randomUUID(),
      order_id: row.order_id,
      checkout_id: row.id,
      email: row.email,
      email_key: row.email_key,
      project: row.project,
      provider: row.provider,
      product_id: row.product_id,
      amount_cents: row.amount_cents,
      currency: row.currency,
      payment_method: paymentMethod,
      preview: Boolean(row.preview),
      created_at: at,
    })
    .execute();
  return row;
}

/** Ends an open checkout without a payment (declined or cancelled); undefined when it was not open. */
export async function closeCheckout(
  trx: Transaction<Database>,
  id: string,
  status: Extract<CheckoutStatus, 'declined' | 'cancelled'>,
  reason: DeclineReason | null = null,
): Promise<CheckoutRow | undefined> {
  return trx
    .updateTable('checkouts')
    .set({ status, decline_reason: status === 'declined' ? reason : null, updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Buys an offer in one click with the stored payment method of the visitor's own latest paid checkout in this
 * project with this provider, for the email that checkout was paid for, once per orderId: a replay answers the
 * stored purchase (created: false). The caller has checked that `order.usid` is the visitor making the
 * request. 404 when the product is not an offer of this project and provider; 409 on orderId when the orderId
 * named another order, on productId when the offer is already the email's (bought alone or inside a bundle, with
 * any provider); 402 on payment when this visitor has paid no checkout with the provider; 403 on email when the
 * email is not the one this visitor paid for. A bundle is charged its price less the offers in it the email
 * already owns (offer-ownership.ts): the purchase's amount is what was charged.
 */
export async function createPurchase(trx: Transaction<Database>, order: PurchaseCreate): Promise<{ created: boolean; row: PurchaseRow }> {
  const product = await findProduct(trx, order.productId, order.project, order.provider);
  if (!product || product.type !== 'FIXED') throw notFound(`No offer ${order.productId} for project ${order.project} and provider ${order.provider}.`);
  // The stored purchase of this orderId when it is this order; a 409 on orderId when it is another.
  const findPurchaseOrder = () =>
    replayOf(trx, 'purchases', order.orderId, [
      ['email_key', emailKey(order.email)],
      ['project', order.project],
      ['provider', order.provider],
      ['product_id', order.productId],
      ['usid', order.usid],
    ]);
  const replay = await findPurchaseOrder();
  if (replay) return { created: false, row: replay };

  const usedByCheckout = await trx.selectFrom('checkouts').select('id').where('order_id', '=', order.orderId).executeTakeFirst();
  const usedBySubscription = await trx.selectFrom('subscriptions').select('id').where('order_id', '=', order.orderId).executeTakeFirst();
  if (usedByCheckout || usedBySubscription) throw orderIdReused();

  const paid = await storedPaymentMethod(trx, order.usid, order.project, order.provider);
  if (!paid) {
    throw new ApiRequestError(402, `No stored ${order.provider} payment method for this visitor: pay through the hosted checkout first.`, 'payment');
  }
  const key = emailKey(order.email);
  if (paid.emailKey !== key) throw new ApiRequestError(403, 'email must be the address this visitor paid for.', 'email');
  const userId = await ensureSubscriptionUser(trx, order.email, order.project, order.usid);
  // What the email owns is read under the buyer's lock: a bundle and one of its parts bought at the same moment
  // are decided one after the other.
  await lockBuyer(trx, order.email, order.project);
  const charge = offerCharge(product, await boughtOffers(trx, order.email, order.project));
  if (charge.owned) {
    // On PostgreSQL each statement sees what was committed before it: a concurrent request of this same
    // order may have committed since the replay check above.
    const winner = await findPurchaseOrder();
    if (winner) return { created: false, row: winner };
    throw alreadyOwned(charge);
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
    if (winner) return { created: false, row: winner };
    throw alreadyOwned({ owned: true, how: 'alone' });
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
  return { created: true, row };
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

interface NewPurchase {
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
async function insertPurchase(trx: Transaction<Database>, purchase: NewPurchase): Promise<PurchaseRow | undefined> {
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

/** Whether the visitor's session was opened through an editor's preview link: what they pay carries the mark. */
async function isPreviewSession(trx: Transaction<Database>, usid: string): Promise<boolean> {
  const session = await trx.selectFrom('sessions').select('preview').where('id', '=', usid).executeTakeFirst();
  return Boolean(session?.preview);
}

/** The offers a visitor bought in a project (by one click or through their checkouts), oldest first. */
export async function listPurchases(db: Kysely<Database>, visitor: string, project: string): Promise<PurchaseRow[]> {
  return db.selectFrom('purchases').selectAll().where('usid', '=', visitor).where('project', '=', project).orderBy('created_at').orderBy('id').execute();
}

/** The status a payment return page may tell the visitor, of the visitor's own checkout of this order; undefined for anyone else's. */
export async function orderStatus(db: Kysely<Database>, visitor: string, orderId: string): Promise<OrderStatus | undefined> {
  const row = await db.selectFrom('checkouts').selectAll().where('order_id', '=', orderId).where('usid', '=', visitor).executeTakeFirst();
  if (!row) return undefined;
  const status = row.status === 'open' ? 'pending' : row.status;
  return {
    orderId: row.order_id,
    status,
    reason: status === 'declined' ? (row.decline_reason ?? 'declined') : null,
    productId: row.product_id,
    provider: row.provider,
  };
}

/** An unguessable id: knowing it is what lets one open and pay the hosted page. */
function newCheckoutId(): string {
  return `chk_${randomBytes(18).toString('base64url')}`;
}

const dollars = (cents: number) => cents / 100;

/** The contract's Checkout; `pagePath` is where the hosted page of the checkout is served. */
export function toCheckout(row: CheckoutRow, pagePath: string): Checkout {
  return {
    id: row.id,
    url: pagePath,
    status: row.status,
    orderId: row.order_id,
    project: row.project,
    provider: row.provider,
    productId: row.product_id,
    amount: dollars(row.amount_cents),
    currency: 'USD',
    createdAt: toIso(row.created_at),
  };
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

import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Checkout, CheckoutCreate, CheckoutStatus, OrderStatus } from '../../src/shared/contract/subscription';
import { ApiRequestError } from '../api/errors';
import type { Store } from '../db/open';
import type { CheckoutRow, Database, DeclineReason, ProductRow } from '../db/schema';
import { emailKey, now, toIso } from '../db/values';
import { boughtOffers, lockBuyer, offerCharge, type OwnedOffer } from './offer-ownership';
import { amountNowCents, dollars, findProduct, isPreviewSession, refused, writeNewOrder, writeOrRollBack, type Refusal } from './order-basics';
import { orderIdTakenIn, replayOf } from './order-replay';
import { insertPurchase } from './purchase-orders';
import { createSubscription, ensureSubscriptionUser, hasActiveSubscription, isPlanType, linkSession } from './subscription-orders';

// The sandbox checkout's records: checkouts and the charges they take (one-click purchases: purchase-orders.ts). Every function that writes runs
// in one `store.write` of its own, so what it does is committed whole or not at all, and a refused order is
// rolled back. Refusals are answered as values; the routes decide what HTTP says of each. Money is taken only
// by `payCheckout` and `createPurchase`, each exactly once per order: the unique keys of the migrations
// (order_id, checkout_id, one purchase per buyer and product, one active plan subscription per buyer and
// project) decide races on both databases, and the conditional `status = 'open'` update lets only one payment
// through.

export type { DeclineReason } from '../db/schema';

/** Why the buyer may not have a product now (see `amountFor`). */
type ProductRefusal = Refusal<'alreadySubscribed' | 'subscribedToProduct'> | (Refusal<'owned'> & { charge: OwnedOffer });

/** What opening a checkout answers: the checkout (made now, or the stored one of a replay), or why not. */
export type CheckoutOpening = { ok: true; created: boolean; row: CheckoutRow } | Refusal<'noProduct' | 'orderIdReused' | 'concurrentOrder'> | ProductRefusal;

/**
 * Opens a checkout, once per orderId: the same orderId with the same fields answers the stored checkout
 * (created: false) whatever its status; with other fields, or an orderId another order used, it is refused
 * ('orderIdReused'). 'noProduct' when the project and provider have no such product. A plan is refused
 * ('alreadySubscribed') when the buyer has any active subscription in the project (sale_1 after trial_1 is the
 * same plan again), and an offer the buyer already has ('subscribedToProduct', 'owned'). Also makes sure the
 * subscription user exists and names the buyer on the visitor's session. Checkouts opened before the buyer
 * subscribed are refused when paid (`payCheckout`). An offer the buyer owns through a bundle is refused too,
 * and a bundle's amount is its price less the offers in it the buyer owns (offer-ownership.ts). A refusal
 * writes nothing.
 */
export async function createCheckout(store: Store, order: CheckoutCreate): Promise<CheckoutOpening> {
  return writeNewOrder(store, (trx) => openCheckout(trx, order));
}

async function openCheckout(trx: Transaction<Database>, order: CheckoutCreate): Promise<CheckoutOpening> {
  const product = await findProduct(trx, order.productId, order.project, order.provider);
  if (!product) return refused('noProduct');
  // The stored checkout of this orderId when it is this order; 'reused' when it is another.
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
  if (replay === 'reused') return refused('orderIdReused');
  if (replay) return { ok: true, created: false, row: replay };

  if (await orderIdTakenIn(trx, order.orderId, ['subscriptions', 'purchases'])) return refused('orderIdReused');
  const amount = await amountFor(trx, order.email, order.project, product);
  if (!amount.ok) return amount;

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
      amount_cents: amount.cents,
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
    if (winner && winner !== 'reused') return { ok: true, created: false, row: winner };
    return refused('orderIdReused');
  }
  await linkSession(trx, order.usid, userId, order.email);
  return { ok: true, created: true, row: created };
}

/**
 * What a checkout of the product charges the buyer now, in cents, or why the buyer may not have the product: a
 * plan when they have any active subscription in the project ('alreadySubscribed'); an offer when they have an
 * active subscription to it ('subscribedToProduct') or own it, bought alone or inside a bundle ('owned').
 */
async function amountFor(trx: Transaction<Database>, email: string, project: string, product: ProductRow): Promise<{ ok: true; cents: number } | ProductRefusal> {
  if (isPlanType(product.type)) {
    if (await hasActiveSubscription(trx, email, project)) return refused('alreadySubscribed');
    return { ok: true, cents: amountNowCents(product) };
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
  if (subscribed) return refused('subscribedToProduct');
  const charge = offerCharge(product, await boughtOffers(trx, email, project));
  if (charge.owned) return { ok: false, reason: 'owned', charge };
  return { ok: true, cents: charge.cents };
}

export async function findCheckout(db: Kysely<Database>, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What paying a checkout answers: the paid checkout, or why nothing was taken. */
export type CheckoutPayment = { ok: true; row: CheckoutRow } | Refusal<'notOpen' | 'alreadyPurchased'>;

/**
 * Pays an open checkout: marks it paid with the payment method, creates the subscription (plans) or the
 * purchase (offers) and records the one charge. Answers the paid checkout, or why nothing was taken:
 * 'notOpen' when the checkout was not open any more (another request paid, declined or cancelled it first);
 * 'alreadyPurchased' when the buyer may not have the product any more: for a plan, they got an active
 * subscription (to any product) since the checkout opened; for an offer, they got it meanwhile (alone or
 * inside a bundle), or got an offer inside it so that it no longer costs what the checkout shows. Either way
 * everything the payment wrote is rolled back.
 */
export async function payCheckout(store: Store, id: string, paymentMethod: string, payer: string | null): Promise<CheckoutPayment> {
  return writeOrRollBack(store, (trx) => takePayment(trx, id, paymentMethod, payer));
}

async function takePayment(trx: Transaction<Database>, id: string, paymentMethod: string, payer: string | null): Promise<CheckoutPayment> {
  const at = now();
  const row = await trx
    .updateTable('checkouts')
    .set({ status: 'paid', payment_method: paymentMethod, paid_by_usid: payer, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (!row) return refused('notOpen');
  const product = await trx.selectFrom('products').selectAll().where('product_id', '=', row.product_id).executeTakeFirstOrThrow();

  if (product.type === 'FIXED') {
    await lockBuyer(trx, row.email, row.project);
    const charge = offerCharge(product, await boughtOffers(trx, row.email, row.project));
    if (charge.owned || charge.cents !== row.amount_cents) return refused('alreadyPurchased');
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
    if (!purchase) return refused('alreadyPurchased');
    await linkSession(trx, row.usid, row.subscription_user_id, row.email);
  } else {
    let created: boolean;
    try {
      ({ created } = await createSubscription(trx, { email: row.email, project: row.project, productId: row.product_id, provider: row.provider, orderId: row.order_id, usid: row.usid }));
    } catch (error) {
      // createSubscription refuses with a 409 (the buyer subscribed meanwhile, or the orderId is taken).
      if (error instanceof ApiRequestError && error.statusCode === 409) return refused('alreadyPurchased');
      throw error;
    }
    // A subscription already made for this orderId elsewhere was not paid by this checkout: take nothing.
    if (!created) return refused('alreadyPurchased');
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
  return { ok: true, row };
}

/** Ends an open checkout without a payment (declined or cancelled); undefined when it was not open. */
export async function closeCheckout(
  store: Store,
  id: string,
  status: Extract<CheckoutStatus, 'declined' | 'cancelled'>,
  reason: DeclineReason | null = null,
): Promise<CheckoutRow | undefined> {
  return store.write((trx) =>
    trx
      .updateTable('checkouts')
      .set({ status, decline_reason: status === 'declined' ? reason : null, updated_at: now() })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst(),
  );
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

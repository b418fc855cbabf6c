import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { PlanType, Subscription, SubscriptionCreate } from '../../src/shared/contract/subscription';
import { ApiRequestError, conflict, notFound } from '../api/errors';
import type { Database, ProductType, SubscriptionRow } from '../db/schema';
import { emailKey, now, toIso } from '../db/values';
import { orderIdReused, replayOf } from './order-replay';

// Subscriptions and the records around them, shared by POST /subs/subscriptions/create and the hosted checkout.

/**
 * The id of the subscription user of this email and project, creating one owned by `owner` (the paying
 * visitor) with the minimal fields of POST /subs/users/create when there is none (an existing user is left as
 * it is, whoever owns it).
 */
export async function ensureSubscriptionUser(trx: Transaction<Database>, email: string, project: string, owner: string | null): Promise<string> {
  const key = emailKey(email);
  const at = now();
  await trx
    .insertInto('subscription_users')
    .values({
      id: randomUUID(),
      email,
      email_key: key,
      project,
      is_legal: false,
      ip: null,
      fbc: null,
      fbp: null,
      city: null,
      postal_code: null,
      country_code: null,
      loc: null,
      timezone: null,
      user_agent: '',
      created_at: at,
      updated_at: at,
      owner_usid: owner,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const user = await trx.selectFrom('subscription_users').select(['id']).where('email_key', '=', key).where('project', '=', project).executeTakeFirstOrThrow();
  return user.id;
}

/**
 * Names the buyer on the visitor's session (user.email, and user.id when that subscription user is the
 * visitor's own: another visitor's record of the same address is not theirs to see), when the session exists.
 */
export async function linkSession(trx: Transaction<Database>, usid: string, userId: string, email: string): Promise<void> {
  const user = await trx.selectFrom('subscription_users').select('owner_usid').where('id', '=', userId).executeTakeFirst();
  const ownId = user?.owner_usid === usid ? userId : null;
  await trx.updateTable('sessions').set({ user_id: ownId, user_email: email, updated_at: now() }).where('id', '=', usid).execute();
}

/** The 409 message of a plan refused because the buyer already subscribes to something in the project. */
export const ALREADY_SUBSCRIBED = 'This email already has an active subscription.';

/** A plan (TRIAL or SUBSCRIPTION) rather than an offer (FIXED). */
export function isPlanType(type: ProductType): type is PlanType {
  return type !== 'FIXED';
}

/**
 * Whether the email (any letter case) has any active subscription in the project. A buyer gets one plan,
 * whichever of its product ids (trial_1, sale_1, secret_discount_1 …) they come through.
 */
export async function hasActiveSubscription(trx: Transaction<Database>, email: string, project: string): Promise<boolean> {
  const active = await trx
    .selectFrom('subscriptions')
    .select('id')
    .where('email_key', '=', emailKey(email))
    .where('project', '=', project)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return active !== undefined;
}

/**
 * Creates the subscription, exactly once per orderId: a replay of the same order answers the stored
 * subscription (created: false); a different order reusing the orderId is a 409 on orderId. A plan (TRIAL
 * or SUBSCRIPTION) is a 409 on productId when the email has any active subscription in the project; an
 * offer (FIXED) only when the email has an active subscription to that same offer. Race-safe on both
 * databases: the unique order_id, the unique active (email, project, product) index and the one active
 * plan per email and project (0003) decide, and the loser of a race reads the winner's row.
 */
export async function createSubscription(trx: Transaction<Database>, order: SubscriptionCreate): Promise<{ created: boolean; row: SubscriptionRow }> {
  const product = await trx.selectFrom('products').select(['project', 'provider', 'type']).where('product_id', '=', order.productId).executeTakeFirst();
  if (!product || product.project !== order.project || product.provider !== order.provider) {
    throw notFound(`No product ${order.productId} for project ${order.project} and provider ${order.provider}.`);
  }
  // The stored subscription of this orderId when it is this order; a 409 on orderId when it is another.
  const findOrder = async () => {
    const stored = await replayOf(trx, 'subscriptions', order.orderId, [
      ['email_key', emailKey(order.email)],
      ['project', order.project],
      ['product_id', order.productId],
      ['provider', order.provider],
      // A request without usid names no visitor: it matches the stored order whoever made it.
      ...(order.usid === undefined ? [] : [['usid', order.usid] as const]),
    ]);
    if (stored === 'reused') throw orderIdReused();
    return stored;
  };
  const replay = await findOrder();
  if (replay) return { created: false, row: replay };
  const plan = isPlanType(product.type);
  if (plan && (await hasActiveSubscription(trx, order.email, order.project))) {
    // On PostgreSQL each statement sees what was committed before it: the active subscription may be this
    // very order, committed by a concurrent request since the replay check above.
    const winner = await findOrder();
    if (winner) return { created: false, row: winner };
    throw conflict(ALREADY_SUBSCRIBED, 'productId');
  }

  const userId = await ensureSubscriptionUser(trx, order.email, order.project, order.usid ?? null);
  const created = await trx
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      order_id: order.orderId,
      email: order.email,
      email_key: emailKey(order.email),
      project: order.project,
      product_id: order.productId,
      provider: order.provider,
      status: 'active',
      usid: order.usid ?? null,
      subscription_user_id: userId,
      created_at: now(),
      plan_slot: plan,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!created) {
    // Either a concurrent request with this orderId won (a replay), or the email is already subscribed.
    const winner = await findOrder();
    if (winner) return { created: false, row: winner };
    throw conflict(plan ? ALREADY_SUBSCRIBED : 'This email already has an active subscription to this product.', 'productId');
  }
  if (order.usid) await linkSession(trx, order.usid, userId, order.email);
  return { created: true, row: created };
}

/**
 * POST /subs/subscriptions/create: the subscription that `visitor`'s paid hosted checkout of this order made,
 * for a request that names that order exactly (idempotent: any number of calls answer the same row). Nothing
 * is ever created here: 404 on orderId when the visitor has no checkout of that order, 409 naming the field
 * that differs from the order, 402 when the checkout is not paid, 409 on productId for an offer's order.
 */
export async function confirmPaidSubscription(db: Kysely<Database>, visitor: string, order: SubscriptionCreate): Promise<SubscriptionRow> {
  const checkout = await db.selectFrom('checkouts').selectAll().where('order_id', '=', order.orderId).where('usid', '=', visitor).executeTakeFirst();
  if (!checkout) throw new ApiRequestError(404, 'No checkout of this visitor has this orderId: a subscription comes only from a paid hosted checkout.', 'orderId');
  const differs =
    checkout.email_key !== emailKey(order.email) ? 'email' : checkout.project !== order.project ? 'project' : checkout.product_id !== order.productId ? 'productId' : checkout.provider !== order.provider ? 'provider' : null;
  if (differs) throw conflict(`${differs} is not the one of this order.`, differs);
  if (checkout.status !== 'paid') throw new ApiRequestError(402, `This order has not been paid (its checkout is ${checkout.status}).`, 'orderId');
  const row = await db.selectFrom('subscriptions').selectAll().where('order_id', '=', order.orderId).executeTakeFirst();
  if (!row) throw conflict('This order bought an offer, not a subscription.', 'productId');
  return row;
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    email: row.email,
    project: row.project,
    productId: row.product_id,
    provider: row.provider,
    orderId: row.order_id,
    status: 'active',
    createdAt: toIso(row.created_at),
  };
}

import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../src/shared/contract/common';
import {
  AB_TEST_DATA_MAX_BYTES,
  PlansQuery,
  ProductList,
  Session,
  SessionCreate,
  SessionIdParams,
  SessionSeen,
  SessionWrite,
  SEEN_SCREENS_MAX,
  Subscription,
  SubscriptionCheck,
  SubscriptionCreate,
  SubscriptionUser,
  SubscriptionUserPayload,
  UserQuery,
  type Attribution,
  type IpInfo,
  type Product,
} from '../../src/shared/contract/subscription';
import { ApiRequestError, badRequest, conflict, notFound } from '../api/errors';
import { assertSelf, issueCredential, requireVisitor, visitorOf } from '../auth/visitor-credential';
import type { RateLimits } from '../rate-limits';
import { isVisitorId } from '../../src/shared/contract/visitor-id';
import type { Store } from '../db/open';
import type { ProductRow, SessionRow, SubscriptionUserRow } from '../db/schema';
import { emailKey, fromJson, now, toBool, toIso } from '../db/values';
import { offerContents, offerIdOf, packageIdOf, paymentPagePath } from './catalogue';
import { checkoutRoutes, type CheckoutOptions } from './checkout-routes';
import { recentPurchaseRoutes } from './recent-purchases';
import { confirmPaidSubscription, toSubscription } from './subscription-orders';
import { flowPinOf } from '../flows/flow-cookie';
import { dollars } from './order-basics';

/** How long a catalogue read from the database is reused: products change only with a deploy's seed. */
const CATALOGUE_TTL_MS = 30_000;

/**
 * The subscription server, mounted under /subs: the plan catalogue, visitor sessions,
 * subscription users, idempotent subscriptions, and the sandbox hosted checkout with one-click offers.
 */
export async function subscriptionRoutes(
  scope: FastifyInstance,
  { store, checkout, limits, sandboxPurchases = false }: { store: Store; checkout?: CheckoutOptions; limits: RateLimits; sandboxPurchases?: boolean },
): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = store;
  const catalogueCache = new Map<string, { at: number; products: Product[] }>();

  app.get('/subscription-plans', {
    schema: { querystring: PlansQuery, response: { 200: ProductList, 400: ApiError } },
    handler: async (request) => {
      // countryCode is required by the contract; every country gets the same USD catalogue today.
      const { project, provider, isTest } = request.query;
      const key = `${project}\n${provider}\n${isTest}`;
      const cached = catalogueCache.get(key);
      if (cached && Date.now() - cached.at < CATALOGUE_TTL_MS) return cached.products;
      const rows = await db
        .selectFrom('products')
        .selectAll()
        .where('project', '=', project)
        .where('provider', '=', provider)
        .where('is_test', '=', isTest)
        .orderBy('sort_order')
        .execute();
      const products = rows.map(toProduct);
      catalogueCache.set(key, { at: Date.now(), products });
      return products;
    },
  });

  await checkoutRoutes(scope, { store, limits, ...checkout });
  await recentPurchaseRoutes(scope, { store, limits, sandbox: sandboxPurchases });

  app.post('/sessions/create', {
    schema: { body: SessionCreate, response: { 200: Session, 201: Session, 400: ApiError, 403: ApiError } },
    config: { rateLimit: limits.sessions },
    handler: async (request, reply) => {
      const at = now();
      const { id } = request.body;
      assertRandomId(id);
      // The flow version the page was served (the server's cookie, never the browser's word), a preview's mark, and
      // the experiment whose arm the version is: a session made with one is a visitor exposed to it.
      const pin = flowPinOf(request);
      const preview = pin?.previewUntil !== undefined;
      const flow = pin ? { flow_id: pin.flowId, flow_version: pin.version, preview, experiment_id: !preview && pin.experimentId ? pin.experimentId : null } : {};
      const result = await store.write(async (trx) => {
        const created = await trx
          .insertInto('sessions')
          .values({ id, flow_outer: false, ab_test_data: '{}', alt_payout: false, gclid: false, attribution: '{}', created_at: at, updated_at: at, ...flow })
          .onConflict((oc) => oc.column('id').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (created) return { status: 201 as const, row: created };
        return { status: 200 as const, row: await trx.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow() };
      });
      // An existing session is answered only to the browser that created it: knowing a usid (it travels in
      // URLs) must not hand over the visitor's session. Anyone else starts a session of their own.
      if (result.status === 200 && visitorOf(request) !== id) {
        throw new ApiRequestError(403, 'This session belongs to another visitor: start a new one with a new id.', 'id');
      }
      issueCredential(request, reply, id);
      return reply.code(result.status).send(toSession(result.row));
    },
  });

  app.post('/sessions/write/:id', {
    schema: { params: SessionIdParams, body: SessionWrite, response: { 200: Session, 400: ApiError, 401: ApiError, 404: ApiError } },
    handler: async (request) => {
      const { id } = request.params;
      // Another visitor's session is as good as no session: nothing tells the caller it exists.
      if (requireVisitor(request) !== id) throw notFound('No session has this id.');
      const body = request.body;
      if (body.id !== id) throw badRequest('id must equal the session id in the path', 'id');
      const abTestData = JSON.stringify(body.abTestData);
      if (Buffer.byteLength(abTestData) > AB_TEST_DATA_MAX_BYTES) {
        throw badRequest(`abTestData must not be larger than ${AB_TEST_DATA_MAX_BYTES} bytes of JSON`, 'abTestData');
      }
      const ip = body.ipInfo;
      // One statement: on PostgreSQL a transaction by itself, in one round trip (the hottest write of a funnel walk).
      const row = await store.writeStatement((db) =>
        db
          .updateTable('sessions')
          .set({
            flow_outer: body.flowOuter,
            ab_test_data: abTestData,
            gclid: body.gclid,
            test_event_code: body.testEventCode,
            ip_info: ip ? JSON.stringify(ip) : null,
            ...(body.attribution ? { attribution: JSON.stringify(body.attribution) } : {}),
            ...(ip ? userFromIpInfo(ip) : {}),
            updated_at: now(),
          })
          .where('id', '=', id)
          .returningAll(),
      );
      if (!row) throw notFound('No session has this id.');
      return toSession(row);
    },
  });

  app.get('/sessions/:id', {
    schema: { params: SessionIdParams, response: { 200: Session, 400: ApiError, 401: ApiError, 404: ApiError } },
    config: { rateLimit: limits.sessions },
    handler: async (request, reply) => {
      if (requireVisitor(request) !== request.params.id) throw notFound('No session has this id.');
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound('No session has this id.');
      reply.header('cache-control', 'no-store');
      return toSession(row);
    },
  });

  app.post('/sessions/:id/seen', {
    schema: { params: SessionIdParams, body: SessionSeen, response: { 200: Session, 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError } },
    config: { rateLimit: limits.sessions },
    handler: async (request) => {
      const { id } = request.params;
      if (requireVisitor(request) !== id) throw notFound('No session has this id.');
      const { screen } = request.body;
      // Read and written in one transaction: two tabs remembering two screens at once both stay remembered.
      const row = await store.write(async (trx) => {
        const current = await trx.selectFrom('sessions').select('seen_screens').where('id', '=', id).executeTakeFirst();
        if (!current) return undefined;
        const seen = seenScreensOf(current.seen_screens);
        if (seen.includes(screen)) return trx.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
        if (seen.length >= SEEN_SCREENS_MAX) throw conflict(`This session already remembers ${SEEN_SCREENS_MAX} screens, the most it may.`, 'screen');
        return trx
          .updateTable('sessions')
          .set({ seen_screens: JSON.stringify([...seen, screen]), updated_at: now() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
      });
      if (!row) throw notFound('No session has this id.');
      return toSession(row);
    },
  });

  app.post('/users/create', {
    schema: { body: SubscriptionUserPayload, response: { 200: SubscriptionUser, 201: SubscriptionUser, 400: ApiError, 401: ApiError, 409: ApiError } },
    // Its 409 says whether an address is on file: limited like the look-ups.
    config: { rateLimit: limits.lookups },
    handler: async (request, reply) => {
      const visitor = requireVisitor(request);
      const payload = request.body;
      const at = now();
      const id = randomUUID();
      const columns = {
        email: payload.email,
        is_legal: payload.isLegal,
        ip: payload.ip,
        fbc: payload.fbc,
        fbp: payload.fbp,
        city: payload.city,
        postal_code: payload.postalCode,
        country_code: payload.countryCode,
        loc: payload.loc,
        timezone: payload.timezone,
        user_agent: payload.userAgent,
        updated_at: at,
      };
      const row = await store.write(async (trx) => {
        const written = await trx
          .insertInto('subscription_users')
          .values({ id, email_key: emailKey(payload.email), project: payload.project, created_at: at, owner_usid: visitor, ...columns })
          .onConflict((oc) =>
            oc
              .columns(['email_key', 'project'])
              .doUpdateSet(columns)
              // Only the visitor who created the record (here, or through their checkout) updates it.
              .where('subscription_users.owner_usid', '=', visitor),
          )
          .returningAll()
          .executeTakeFirst();
        return written;
      });
      // Someone else's record: neither overwritten nor shown. The funnel carries on without it.
      if (!row) throw conflict('Another visitor already registered this email; nothing was changed.', 'email');
      return reply.code(row.id === id ? 201 : 200).send(toSubscriptionUser(row));
    },
  });

  app.get('/users', {
    schema: { querystring: UserQuery, response: { 200: SubscriptionUser, 400: ApiError, 401: ApiError, 404: ApiError } },
    config: { rateLimit: limits.lookups },
    handler: async (request) => {
      const visitor = requireVisitor(request);
      const { email, project } = request.query;
      // Personal data (IP, city, user agent, ad click ids) only to the visitor who gave it.
      const row = await db
        .selectFrom('subscription_users')
        .selectAll()
        .where('email_key', '=', emailKey(email))
        .where('project', '=', project)
        .where('owner_usid', '=', visitor)
        .executeTakeFirst();
      if (!row) throw notFound('No subscription user has this email in this project.');
      return toSubscriptionUser(row);
    },
  });

  app.get('/users/check-subscription', {
    schema: { querystring: UserQuery, response: { 200: SubscriptionCheck, 400: ApiError } },
    config: { rateLimit: limits.lookups },
    handler: async (request, reply) => {
      const { email, project } = request.query;
      // isPremium is answered to anyone (the funnel sends a subscriber to /already-subscribed before they pay
      // again); which plan it is, only to the visitor whose checkout paid for it.
      const active = await db
        .selectFrom('subscriptions')
        .select(['product_id', 'usid'])
        .where('email_key', '=', emailKey(email))
        .where('project', '=', project)
        .where('status', '=', 'active')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      reply.header('cache-control', 'no-store');
      const own = active !== undefined && active.usid !== null && active.usid === visitorOf(request);
      return { isPremium: active !== undefined, info: own ? { productId: active.product_id } : null };
    },
  });

  app.post('/subscriptions/create', {
    schema: {
      body: SubscriptionCreate,
      response: { 200: Subscription, 400: ApiError, 401: ApiError, 402: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
    },
    handler: async (request) => {
      // Money only from paid checkouts: this confirms the subscription that the visitor's paid hosted checkout
      // made (idempotently); it never makes one.
      const visitor = requireVisitor(request);
      if (request.body.usid !== undefined) assertSelf(visitor, request.body.usid, 'usid');
      return toSubscription(await confirmPaidSubscription(db, visitor, request.body));
    },
  });
}

/** 400 on id for a made-up session id: the pattern allows it, but it is guessable (see visitor-id.ts). */
function assertRandomId(id: string): void {
  if (!isVisitorId(id)) throw badRequest('id must be a random v4 UUID (crypto.randomUUID())', 'id');
}

function userFromIpInfo(ip: IpInfo) {
  return {
    ip: ip.ip || null,
    postal_code: ip.postal || null,
    country_code: ip.country || null,
    city: ip.city || null,
    loc: ip.loc || null,
    timezone: ip.timezone || null,
  };
}

function toSession(row: SessionRow): Session {
  const user = {
    id: row.user_id,
    email: row.user_email,
    ip: row.ip,
    postalCode: row.postal_code,
    countryCode: row.country_code,
    city: row.city,
    loc: row.loc,
    timezone: row.timezone,
  };
  return {
    id: row.id,
    user: Object.values(user).every((v) => v === null) ? null : user,
    record: {
      flowOuter: toBool(row.flow_outer),
      abTestData: fromJson<Record<string, unknown>>(row.ab_test_data),
      ipInfo: row.ip_info === null ? null : fromJson<IpInfo>(row.ip_info),
      altPayout: toBool(row.alt_payout),
      gclid: toBool(row.gclid),
      testEventCode: row.test_event_code,
      attribution: fromJson<Attribution>(row.attribution),
      seenScreens: seenScreensOf(row.seen_screens),
    },
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The screen ids of a session's `seen_screens` (JSON written only by this server; anything else reads as none). */
function seenScreensOf(text: string): string[] {
  const value = fromJson<unknown>(text);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

function toSubscriptionUser(row: SubscriptionUserRow): SubscriptionUser {
  return {
    id: row.id,
    email: row.email,
    isLegal: toBool(row.is_legal),
    project: row.project,
    ip: row.ip,
    fbc: row.fbc,
    fbp: row.fbp,
    city: row.city,
    postalCode: row.postal_code,
    countryCode: row.country_code,
    loc: row.loc,
    timezone: row.timezone,
    userAgent: row.user_agent,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

function toProduct(row: ProductRow): Product {
  const common = {
    productId: row.product_id,
    name: row.name,
    price: dollars(row.price_cents),
    currency: 'USD' as const,
    provider: row.provider,
    amplitudeId: row.amplitude_id,
    isTest: toBool(row.is_test),
    paymentPage: paymentPagePath(),
    reports: fromJson<string[]>(row.reports),
  };
  if (row.type === 'FIXED') {
    const id = offerIdOf(row);
    return {
      ...common,
      id,
      type: 'FIXED',
      prevPrice: dollars(row.prev_price_cents ?? row.price_cents),
      percentOff: row.percent_off ?? 0,
      ...offerContents(id),
    };
  }
  return {
    ...common,
    id: row.id,
    packageId: packageIdOf(row),
    project: row.project,
    type: row.type,
    trialPrice: dollars(row.trial_price_cents ?? 0),
    additionalInfo: { subscriptionDuration: row.subscription_duration ?? '1 month', trialDuration: row.trial_duration ?? '0 days' },
    abTestId: row.ab_test_id,
  };
}

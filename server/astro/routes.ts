import { createHash, randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../src/shared/contract/common';
import {
  AstroUser,
  AstroUserPayload,
  EmailConfirmation,
  EmailQuery,
  ReportOrder,
  ReportOrderReceipt,
  UsidQuery,
  type PersonData,
} from '../../src/shared/contract/astro';
import { ApiRequestError, badRequest, conflict, notFound } from '../api/errors';
import { assertSelf, requireVisitor } from '../auth/visitor-credential';
import type { Store } from '../db/open';
import type { RateLimits } from '../rate-limits';
import type { AstroUserRow, AstroUsersTable, NewReportOrder } from '../db/schema';
import { emailKey, isUniqueViolation, now, toBool, toIso } from '../db/values';
import { entitledReports } from '../subs/entitlements';

/**
 * The astro server, mounted under /astro: astro users keyed by email, email confirmation by
 * visitor id, and report orders.
 */
export async function astroRoutes(scope: FastifyInstance, { store, limits }: { store: Store; limits: RateLimits }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = store;

  app.post('/api/v2/user/create', {
    schema: { body: AstroUserPayload, response: { 201: AstroUser, 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError } },
    // Its 409 says whether an address is on file: limited like the look-ups.
    config: { rateLimit: limits.lookups },
    handler: async (request, reply) => {
      // The usid in the payload is whose profile this is: only that visitor may make it.
      assertSelf(requireVisitor(request), request.body.usid, 'usid');
      const at = now();
      const row = { id: randomUUID(), ...payloadColumns(request.body), email_confirmed: false, confirmed_at: null, created_at: at, updated_at: at };
      const created = await store.write((trx) =>
        trx.insertInto('astro_users').values(row).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst(),
      );
      if (!created) throw conflict('An astro user with this email already exists.', 'email');
      return reply.code(201).send(toAstroUser(created));
    },
  });

  app.get('/api/v2/user/email', {
    schema: { querystring: EmailQuery, response: { 200: AstroUser, 400: ApiError, 401: ApiError, 404: ApiError } },
    config: { rateLimit: limits.lookups },
    handler: async (request) => {
      const visitor = requireVisitor(request);
      // A profile (name, birth data, place) only to the visitor who made it; to anyone else there is none.
      const row = await db
        .selectFrom('astro_users')
        .selectAll()
        .where('email_key', '=', emailKey(request.query.email))
        .where('usid', '=', visitor)
        .executeTakeFirst();
      if (!row) throw notFound('No astro user has this email.');
      return toAstroUser(row);
    },
  });

  app.put('/api/v2/user/profile/email', {
    schema: { querystring: EmailQuery, body: AstroUserPayload, response: { 200: AstroUser, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError } },
    // Its 409 says whether the new address is on file: limited like the look-ups.
    config: { rateLimit: limits.lookups },
    handler: async (request) => {
      const visitor = requireVisitor(request);
      assertSelf(visitor, request.body.usid, 'usid');
      const columns = payloadColumns(request.body);
      let updated: AstroUserRow | undefined;
      try {
        updated = await store.write((trx) =>
          trx
            .updateTable('astro_users')
            .set((eb) => ({
              ...columns,
              // A new address is not confirmed yet.
              email_confirmed: eb.case().when('email_key', '=', columns.email_key).then(eb.ref('email_confirmed')).else(false).end().$castTo<boolean>(),
              confirmed_at: eb.case().when('email_key', '=', columns.email_key).then(eb.ref('confirmed_at')).else(null).end().$castTo<string | null>(),
              updated_at: now(),
            }))
            .where('email_key', '=', emailKey(request.query.email))
            // Someone else's profile is not there for this visitor: it is neither changed nor moved.
            .where('usid', '=', visitor)
            .returningAll()
            .executeTakeFirst(),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Another astro user already has this email.', 'email');
        throw error;
      }
      if (!updated) throw notFound('No astro user has this email.');
      return toAstroUser(updated);
    },
  });

  app.put('/api/v2/user/confirm-email', {
    schema: { querystring: UsidQuery, response: { 200: EmailConfirmation, 400: ApiError, 401: ApiError, 404: ApiError } },
    handler: async (request) => {
      const { usid } = request.query;
      // Only the visitor themselves (the browser our email's link was opened in holds their credential), and
      // only the profiles that visitor made: confirming is theirs to do, for their own address.
      if (requireVisitor(request) !== usid) throw notFound('No astro user has this usid.');
      const at = now();
      const rows = await store.write((trx) =>
        trx
          .updateTable('astro_users')
          .set((eb) => ({
            email_confirmed: true,
            // Idempotent: the first confirmation's time stays.
            confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(at)).$castTo<string>(),
            updated_at: eb.case().when('confirmed_at', 'is', null).then(at).else(eb.ref('updated_at')).end().$castTo<string>(),
          }))
          .where('usid', '=', usid)
          .returning(['confirmed_at'])
          .execute(),
      );
      const first = rows
        .map((r) => toIso(r.confirmed_at!))
        .sort()
        .at(0);
      if (!first) throw notFound('No astro user has this usid.');
      return { usid, emailConfirmed: true as const, confirmedAt: first };
    },
  });

  app.post('/api/astrology/report', {
    schema: { body: ReportOrder, response: { 200: ReportOrderReceipt, 201: ReportOrderReceipt, 400: ApiError, 401: ApiError, 403: ApiError } },
    handler: async (request, reply) => {
      const visitor = requireVisitor(request);
      const order = request.body;
      assertRealDate(order.yourData, 'yourData');
      if (order.partnerData) assertRealDate(order.partnerData, 'partnerData');
      // Reports only for what this email paid for through this visitor's checkouts: its plan, its offers.
      const entitled = await entitledReports(db, visitor, order.email);
      const refused = order.reports.filter((report) => !entitled.has(report));
      if (refused.length > 0) {
        throw new ApiRequestError(403, `reports: ${refused.join(', ')} ${refused.length === 1 ? 'is' : 'are'} not paid for by this visitor for this email.`, 'reports');
      }
      const at = now();
      const row = {
        id: randomUUID(),
        email: order.email,
        email_key: emailKey(order.email),
        reports: JSON.stringify(order.reports),
        your_data: JSON.stringify(order.yourData),
        partner_data: order.partnerData ? JSON.stringify(order.partnerData) : null,
        status: 'queued',
        created_at: at,
        content_key: reportOrderKey(order),
        usid: visitor,
      } satisfies NewReportOrder;
      // The payload has no order id: an identical order within a day (a reload of /payment-success while the
      // first was on the wire, two tabs) is answered with the first one (200), never queued twice. The key is
      // unique (migration 0004), so concurrent identical orders meet at the index, not in a race between reads.
      const { receipt, created } = await store.write(async (trx) => {
        // An identical order older than a day is history: release its key so this one is queued.
        const since = new Date(Date.parse(at) - SAME_ORDER_WINDOW_MS).toISOString();
        await trx.updateTable('report_orders').set({ content_key: null }).where('content_key', '=', row.content_key).where('created_at', '<', since).execute();
        const inserted = await trx
          .insertInto('report_orders')
          .values(row)
          .onConflict((oc) => oc.column('content_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) return { receipt: { id: row.id, createdAt: at }, created: true };
        const earlier = await trx.selectFrom('report_orders').select(['id', 'created_at']).where('content_key', '=', row.content_key).executeTakeFirstOrThrow();
        return { receipt: { id: earlier.id, createdAt: toIso(earlier.created_at) }, created: false };
      });
      return reply.code(created ? 201 : 200).send({ id: receipt.id, status: 'queued' as const, reports: order.reports, createdAt: receipt.createdAt });
    },
  });
}

/** How long an identical report order is the same order. */
const SAME_ORDER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A digest of what an order asks for: who, which reports (in any order) and both people's data. */
function reportOrderKey(order: ReportOrder): string {
  const canonical = (value: object | undefined) => (value ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : null);
  return createHash('sha256')
    .update(JSON.stringify([emailKey(order.email), [...order.reports].sort(), canonical(order.yourData), canonical(order.partnerData)]))
    .digest('hex');
}

type AstroUserColumns = Omit<AstroUsersTable, 'id' | 'email_confirmed' | 'confirmed_at' | 'created_at' | 'updated_at' | 'is_legal'> & { is_legal: boolean };

function payloadColumns(payload: AstroUserPayload): AstroUserColumns {
  return {
    email: payload.email,
    email_key: emailKey(payload.email),
    usid: payload.usid,
    username: payload.username,
    is_legal: payload.isLegal,
    gender: payload.gender,
    relationship: payload.relationship,
    birth_date: payload.birthday.date,
    birth_time: payload.birthday.time,
    latitude: payload.location.latitude,
    longitude: payload.location.longitude,
    locale: payload.locale,
    timezone: payload.timezone,
  };
}

function toAstroUser(row: AstroUserRow): AstroUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    usid: row.usid,
    isLegal: toBool(row.is_legal),
    gender: row.gender,
    relationship: row.relationship,
    birthday: { date: row.birth_date, time: row.birth_time },
    location: { latitude: row.latitude, longitude: row.longitude },
    locale: row.locale,
    timezone: row.timezone,
    emailConfirmed: toBool(row.email_confirmed),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The schema bounds day 1..31; this rejects the days a month does not have (February 30). */
function assertRealDate(person: PersonData, path: string): void {
  const date = new Date(Date.UTC(person.year, person.month - 1, person.day));
  if (date.getUTCMonth() !== person.month - 1) {
    throw badRequest(`${path}.day: ${person.year}-${pad(person.month)}-${pad(person.day)} is not a calendar date`, `${path}.day`);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

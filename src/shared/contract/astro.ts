/**
 * The astro server's contract (`/astro`); the rules every route keeps are in common.ts.
 *
 * Endpoints (request → success | errors besides 400):
 * - POST /astro/api/v2/user/create [v][r]        AstroUserPayload → 201 AstroUser | 409 (field email)
 * - GET  /astro/api/v2/user/email?email= [v][r]   → 200 AstroUser (the caller's own profile) | 404
 * - PUT  /astro/api/v2/user/profile/email?email= [v]  AstroUserPayload → 200 AstroUser | 404 (none of the caller's), 409 (field email)
 * - PUT  /astro/api/v2/user/confirm-email?usid= [v]   → 200 EmailConfirmation (idempotent; the usid must be the caller) | 404
 * - POST /astro/api/astrology/report [v]          ReportOrder → 201 ReportOrderReceipt (200: the same order, sent again
 *                                                 within a day) | 403 (field reports: a report the email has not paid for
 *                                                 through the caller's own checkouts)
 */
import { Type, type Static } from 'typebox';
import { Email, Id, ReportId, Timestamp, VisitorId } from './common';

const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

export const AstroUserPayload = Type.Object(
  {
    username: Type.String({ minLength: 0, maxLength: 100 }),
    email: Email,
    usid: VisitorId,
    /** True when the visitor did not come through the outer flow. */
    isLegal: Type.Boolean(),
    gender: Type.String({ maxLength: 32 }),
    relationship: Type.String({ maxLength: 64 }),
    birthday: Type.Object(
      {
        /** YYYY-MM-DD, a real calendar date. */
        date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', maxLength: 10 }),
        /** HH:MM:SS, 24-hour clock. */
        time: Type.String({ pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$', maxLength: 8 }),
      },
      { additionalProperties: false },
    ),
    location: Type.Object({ latitude: Latitude, longitude: Longitude }, { additionalProperties: false }),
    locale: Type.Literal('en'),
    /** IANA zone ("America/New_York") or UTC offset ("-05:00"). */
    timezone: Type.String({ maxLength: 64, format: 'time-zone' }),
  },
  { additionalProperties: false },
);
export type AstroUserPayload = Static<typeof AstroUserPayload>;

export const AstroUser = Type.Object({
  ...AstroUserPayload.properties,
  id: Id,
  emailConfirmed: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AstroUser = Static<typeof AstroUser>;

/** `?email=` of GET /astro/api/v2/user/email and PUT /astro/api/v2/user/profile/email. */
export const EmailQuery = Type.Object({ email: Email });
export type EmailQuery = Static<typeof EmailQuery>;

/** `?usid=` of PUT /astro/api/v2/user/confirm-email. */
export const UsidQuery = Type.Object({ usid: VisitorId });
export type UsidQuery = Static<typeof UsidQuery>;

export const EmailConfirmation = Type.Object({
  usid: VisitorId,
  emailConfirmed: Type.Literal(true),
  /** When the address was first confirmed; repeating the call does not move it. */
  confirmedAt: Timestamp,
});
export type EmailConfirmation = Static<typeof EmailConfirmation>;

/** Birth data of one person in a report order. */
export const PersonData = Type.Object(
  {
    name: Type.String({ minLength: 0, maxLength: 100 }),
    day: Type.Integer({ minimum: 1, maximum: 31 }),
    month: Type.Integer({ minimum: 1, maximum: 12 }),
    year: Type.Integer({ minimum: 1900, maximum: 2100 }),
    hour: Type.Integer({ minimum: 0, maximum: 23 }),
    minute: Type.Integer({ minimum: 0, maximum: 59 }),
    latitude: Latitude,
    longitude: Longitude,
    /** UTC offset in hours (minutes / 60), may be fractional: 5.5 for India. */
    timezone: Type.Number({ minimum: -14, maximum: 14 }),
    place: Type.String({ minLength: 0, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type PersonData = Static<typeof PersonData>;

export const ReportOrder = Type.Object(
  {
    reports: Type.Array(ReportId, { minItems: 1, maxItems: 10, uniqueItems: true }),
    email: Email,
    yourData: PersonData,
    /** Only when the visitor is in a relationship. */
    partnerData: Type.Optional(PersonData),
  },
  { additionalProperties: false },
);
export type ReportOrder = Static<typeof ReportOrder>;

export const ReportOrderReceipt = Type.Object({
  id: Id,
  status: Type.Literal('queued'),
  reports: Type.Array(ReportId),
  createdAt: Timestamp,
});
export type ReportOrderReceipt = Static<typeof ReportOrderReceipt>;

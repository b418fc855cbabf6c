/**
 * The API contract between the browser and the reference backend (server/): every request and response
 * shape of the astro server (`/astro`, astro.ts), the subscription server (`/subs`, subscription.ts: sessions,
 * users, plans, subscriptions, checkout, purchases and orders) and the IP lookup (`/ip`, ip-lookup.ts), written
 * once with TypeBox; this file holds the pieces they share.
 *
 * - The server validates requests and serialises responses with these schemas (Fastify + ajv).
 * - The browser imports the static types only (`import type { AstroUser } from '…/contract/astro'`), so none
 *   of TypeBox reaches the bundle.
 *
 * Rules that hold for every route:
 * - Request bodies are strict (`additionalProperties: false`, no type coercion): an unknown or mistyped
 *   property is a 400 naming it. Query strings are lenient: unknown parameters are ignored and values are
 *   coerced (`isTest=true`).
 * - Every string has a maximum length; no string may contain U+0000 or an unpaired surrogate (400).
 * - Errors are `ApiError` JSON: 400 names the field at fault as a dotted path (`yourData.month`; a missing
 *   property by its name; unparsable JSON as `body`), 404 for an unknown id, 409 for a conflict, 413 for a
 *   body over 1 MB. Success is only ever 200 or 201.
 * - Timestamps are ISO 8601 strings in UTC (`2026-05-01T12:00:00.000Z`).
 * - Emails are compared case-insensitively and returned as they were written.
 * - A buyer (email, project) is never charged twice for a plan: with any active subscription, every plan
 *   (TRIAL or SUBSCRIPTION, of any set: trial_1 and sale_1 are one plan) is a 409 on productId. Offers
 *   (FIXED) are refused when the offer is already the buyer's, bought alone or inside a bundle (any provider or
 *   variant); a bundle is charged less the offers in it the buyer already owns (src/shared/offer-bundles.ts).
 *
 * Who may call what (the trust model, README "Trust model"): POST /subs/sessions/create sets the visitor credential, an
 * httpOnly cookie naming the session. Routes marked [v] run as the visitor it names: 401 (field credential) without
 * one; a body's `usid` must be that visitor (403 on usid); another visitor's records are answered as if they did not
 * exist (404). Routes marked [r] are rate-limited per client address (429 with Retry-After).
 */
import { Type, type Static } from 'typebox';
import { VISITOR_ID_PATTERN } from './visitor-id';

/** Custom ajv formats this contract uses; the server registers them. */
export const contractFormats = {
  /** An IANA zone ("Europe/Paris", "UTC") or a UTC offset ("+05:30", "-0800", "UTC+3"). */
  'time-zone': (value: string): boolean => isTimeZone(value),
} as const;

const OFFSET = /^(?:(?:UTC|GMT)?[+-](?:0?\d|1[0-4])(?::?[0-5]\d)?|UTC|GMT|Z)$/;

/** True for an IANA time zone name known to this runtime, or a UTC offset within ±14 h. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  if (OFFSET.test(value)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The JSON body of every error response. */
export const ApiError = Type.Object({
  error: Type.String({ description: 'HTTP reason phrase, e.g. "Bad Request"' }),
  message: Type.String(),
  field: Type.Optional(Type.String({ description: 'Dotted path of the request field at fault (400, 409)' })),
});
export type ApiError = Static<typeof ApiError>;

/** A visitor's email address. Compared case-insensitively; returned as it was written. */
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
/**
 * An anonymous visitor / session id (`usid`), also the session id on the subscription server: a random v4 UUID
 * in lower case (the server also refuses made-up ones such as all zeros: see visitor-id.ts).
 */
export const VisitorId = Type.String({ pattern: VISITOR_ID_PATTERN, maxLength: 36 });
/** A report id such as "natal_chart". */
export const ReportId = Type.String({ pattern: '^[a-z0-9_]{1,64}$' });
export const Timestamp = Type.String({ format: 'date-time', maxLength: 40 });
export const Id = Type.String({ maxLength: 64 });

export function Nullable<T extends Parameters<typeof Type.Union>[0][number]>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

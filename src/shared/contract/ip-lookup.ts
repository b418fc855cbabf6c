/**
 * The IP lookup's contract (`/ip`), compatible with ip-api.com pro; the rules every route keeps are in common.ts.
 *
 * Endpoints (request → success | errors besides 400):
 * - GET  /ip/json?key=, GET /ip/json/{ip}?key= [r]  → 200 IpLookupResponse | 403 (IP_LOOKUP_KEY set, key wrong)
 */
import { Type, type Static } from 'typebox';

/** `?key=`: required (403 otherwise) only when the server has IP_LOOKUP_KEY set. */
export const IpLookupQuery = Type.Object({ key: Type.Optional(Type.String({ maxLength: 128 })) });
export type IpLookupQuery = Static<typeof IpLookupQuery>;

export const IpLookupParams = Type.Object({ ip: Type.String({ maxLength: 64 }) });
export type IpLookupParams = Static<typeof IpLookupParams>;

export const IpLookupSuccess = Type.Object({
  status: Type.Literal('success'),
  /** The address that was looked up. */
  query: Type.String(),
  /** Country name in English. */
  country: Type.String(),
  countryCode: Type.String(),
  /** Region code where one is customary ("CA"), else "". */
  region: Type.String(),
  regionName: Type.String(),
  city: Type.String(),
  zip: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  timezone: Type.String(),
});
export type IpLookupSuccess = Static<typeof IpLookupSuccess>;

export const IpLookupFail = Type.Object({
  status: Type.Literal('fail'),
  message: Type.Union([Type.Literal('private range'), Type.Literal('reserved range'), Type.Literal('invalid query')]),
  query: Type.String(),
});
export type IpLookupFail = Static<typeof IpLookupFail>;

export const IpLookupResponse = Type.Union([IpLookupSuccess, IpLookupFail]);
export type IpLookupResponse = Static<typeof IpLookupResponse>;

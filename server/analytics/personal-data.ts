import { isIP } from 'node:net';
import { holdsEmailAddress } from '../../src/shared/email-address';

// The event log keeps nothing personal: it stores no IP address and no email address, so it needs neither
// per-visitor access rules nor erasure on request. The decision, field by field:
// - An event's own fields are an allow-list (upload-validation.ts): `ip` (the Browser SDK sends "$remote"),
//   location, advertising ids, user agent, carrier and the rest are never stored.
// - A stored field of the event itself (event_type, user_id, device_id, insert_id, platform, ...) that holds an
//   email address or is an IP address is refused (400, events_with_invalid_fields): it is the event's identity
//   or a label, and changing it silently would change what the event means. The app never sends one.
// - In event_properties and user_properties (nested objects and arrays included) a key whose value holds an
//   email address or is an IP address is dropped, as is a key that is itself one, and the event is kept: a
//   property is decoration, and a page URL that quotes `?email=` must not cost the whole event.
// "Holds an email address" is the loose test the logs are redacted with (src/shared/email-address.ts): plain
// or with `@` percent-encoded, anywhere in the string.

/** True for a string holding an email address (anywhere in it) or that is an IP address. */
export function isPersonalString(value: string): boolean {
  return holdsEmailAddress(value) || isIP(value) !== 0;
}

/**
 * A copy of an event's or a user's properties without personal data: every object key whose value is a
 * personal string (or that is one itself) and every array item that is one are left out, at any depth.
 * Objects are rebuilt with Object.fromEntries, so a `__proto__` key stays an ordinary own key.
 */
export function withoutPersonalData(properties: Record<string, unknown>): Record<string, unknown> {
  return cleanObject(properties);
}

function cleanObject(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(object)
      .filter(([key, value]) => !isPersonalString(key) && !isPersonalValue(value))
      .map(([key, value]) => [key, cleanValue(value)]),
  );
}

function cleanValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => !isPersonalValue(item)).map(cleanValue);
  if (isPlainObject(value)) return cleanObject(value);
  return value;
}

function isPersonalValue(value: unknown): boolean {
  return typeof value === 'string' && isPersonalString(value);
}

/** A JSON object (what JSON.parse makes of `{…}`), not an array or null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

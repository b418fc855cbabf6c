/**
 * A visitor (session) id as this app makes them: a random v4 UUID in lower case. Shared by the browser
 * (which makes and checks them) and the server (which refuses anything else as a session id).
 */
export const VISITOR_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
const visitorIdRegExp = new RegExp(VISITOR_ID_PATTERN);

/**
 * Whether `value` is a visitor id: a v4 UUID whose 30 random hex digits use at least 6 different digits.
 * A random one fails that with a probability of about 3e-12; made-up ones such as
 * 00000000-0000-4000-8000-000000000000 or 12121212-1212-4121-8121-121212121212 fail it.
 */
export function isVisitorId(value: string): boolean {
  if (!visitorIdRegExp.test(value)) return false;
  const random = value.replace(/-/g, '');
  return new Set(random.slice(0, 12) + random.slice(13, 16) + random.slice(17)).size >= 6;
}

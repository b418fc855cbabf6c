/** Where the hosted checkout may send a visitor back to. */
export interface ReturnUrlRules {
  /** Other origins of the app (`https://app.example`); a path-absolute URL is always on our own origin. */
  origins: readonly string[];
  /** The app's return pages, compared exactly (`/payment-success`). */
  paths: readonly string[];
}

/** The app's pages a checkout may return to, unless the server is configured otherwise. */
export const DEFAULT_RETURN_PATHS: readonly string[] = [
  '/payment-success',
  '/payment-error',
  '/sale',
  '/secret-discount',
  '/select-price',
  '/signup-offer',
  '/signup-offer-success',
];

export const RETURN_URL_MAX_LENGTH = 2048;

// Printable ASCII without "#" (no fragment), "\" (browsers read it as "/"), "@" (userinfo, or an email in the
// query), quotes, "<", ">", "^", "`", "{", "|", "}" and space. Everything else must be percent-encoded.
const ALLOWED_CHARACTERS = /^[A-Za-z0-9\-._~:/?[\]!$&'()*+,;=%]+$/;
// "%" not followed by two hex digits, an encoded "@", or an encoded control character (C0 or DEL).
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})|%40|%[01][0-9A-Fa-f]|%7[Ff]/i;
// scheme://host[:port][/path]: a plain host name or IPv4 address (nothing encoded, no userinfo).
const ABSOLUTE = /^(https?):\/\/([A-Za-z0-9.-]+(?::\d{1,5})?)(\/.*)?$/i;
// A base no return URL can name: a path-absolute URL resolved against it must stay on it.
const OWN_ORIGIN = 'https://own-origin.invalid';

/**
 * Whether the checkout may redirect a visitor to `url` (an open-redirect guard). Allowed:
 * - a path-absolute URL on our own origin (`/payment-success?usid=abc`), or an absolute http(s) URL whose
 *   origin is one of `rules.origins` (`https://app.example/payment-success`);
 * - whose path is exactly one of `rules.paths` (no `..`, no encoded or doubled slashes, no trailing slash);
 * - with an optional query string; no fragment, userinfo, `@`, backslash, whitespace, control or non-ASCII
 *   character, and no malformed percent escape anywhere.
 * The raw text is checked by hand and then parsed the way a browser reads a Location header; both readings
 * must agree on origin and path, so no parser difference can be used to slip past.
 *
 * @example isAllowedReturnUrl('/payment-success?usid=abc', { origins: [], paths: ['/payment-success'] }) // true
 * @example isAllowedReturnUrl('//evil.example/payment-success', { origins: [], paths: ['/payment-success'] }) // false
 */
export function isAllowedReturnUrl(url: unknown, rules: ReturnUrlRules): boolean {
  if (typeof url !== 'string' || url.length === 0 || url.length > RETURN_URL_MAX_LENGTH) return false;
  if (!ALLOWED_CHARACTERS.test(url) || BAD_ESCAPE.test(url)) return false;
  const queryAt = url.indexOf('?');
  const beforeQuery = queryAt === -1 ? url : url.slice(0, queryAt);

  let expectedOrigin: string;
  let path: string;
  if (beforeQuery.startsWith('/')) {
    // "//host" is protocol-relative: another origin.
    if (beforeQuery.startsWith('//')) return false;
    expectedOrigin = OWN_ORIGIN;
    path = beforeQuery;
  } else {
    const match = ABSOLUTE.exec(beforeQuery);
    if (!match) return false;
    const origin = originOf(`${match[1]}://${match[2]}`);
    if (origin === undefined || !rules.origins.some((allowed) => originOf(allowed) === origin)) return false;
    expectedOrigin = origin;
    path = match[3] ?? '';
  }
  if (!rules.paths.includes(path)) return false;

  let parsed: URL;
  try {
    parsed = new URL(url, OWN_ORIGIN);
  } catch {
    return false;
  }
  return parsed.origin === expectedOrigin && parsed.pathname === path && parsed.username === '' && parsed.password === '' && parsed.hash === '';
}

function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

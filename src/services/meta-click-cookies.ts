/**
 * The Meta click and browser ids (`_fbc`, `_fbp`) when the pixel is off: fbevents.js sets them itself when it runs;
 * without it, a visitor who arrives from an ad (`?fbclid=`) still gets them, formed as Meta documents
 * (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc), so the subscription
 * user (src/domain/build-subscription-user.ts reads them with `cookieValue`) carries them:
 *
 *   _fbc = fb.{subdomainIndex}.{creation time in milliseconds}.{fbclid, unaltered: not decoded, not lower-cased}
 *   _fbp = fb.{subdomainIndex}.{creation time in milliseconds}.{10 random digits}
 *
 * subdomainIndex counts the labels of the domain the cookie is set on, less one ('com' 0, 'example.com' 1,
 * 'www.example.com' 2). Like fbevents.js, the cookies go on the widest domain the browser accepts (example.com for
 * www.example.com), so both write the same cookies. These are advertising cookies: write them only with advertising
 * consent. Small and dependency-free: it may run on the landing.
 */

export interface AdClickCookies {
  _fbc?: string;
  _fbp?: string;
}

export interface AdClickInput {
  /** `document.cookie`. */
  cookies: string;
  /** The URL's fbclid exactly as it appears (`fbclidOf(location.search)`), or null. */
  fbclid: string | null;
  /** Now, in milliseconds since the epoch. */
  nowMs: number;
  /** The domain the cookies are set on (`cookieDomain(...)`), or the host name. */
  domain: string;
  /** A random number in [0, 1) (Math.random). */
  random: () => number;
}

/** 90 days, as the pixel keeps them. */
export const adClickCookieMaxAgeSeconds = 90 * 24 * 60 * 60;

/** The subscription user's fbc/fbp fields hold at most this many characters (src/shared/contract/subscription.ts). */
const maxCookieLength = 512;

/**
 * A cookie value that `cookieValue` reads back unchanged: RFC 6265 cookie-octets, without `%` (it would be decoded).
 * Real fbclids are letters, digits, `-` and `_`.
 */
const storableUnaltered = /^[\x21\x23-\x24\x26-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/;

/** The fbclid parameter of a query string as it appears there (first one; empty = none): no decoding, no case change. */
export function fbclidOf(search: string): string | null {
  for (const part of search.replace(/^\?/, '').split('&')) {
    const equals = part.indexOf('=');
    const name = equals === -1 ? part : part.slice(0, equals);
    if (name !== 'fbclid') continue;
    const value = equals === -1 ? '' : part.slice(equals + 1);
    return value === '' ? null : value;
  }
  return null;
}

/** Meta's subdomainIndex for a cookie domain: its labels less one ('com' 0, 'example.com' 1, 'www.example.com' 2). */
export function subdomainIndex(domain: string): number {
  const labels = domain.replace(/^\./, '').split('.').filter((l) => l !== '');
  return Math.max(0, labels.length - 1);
}

function rawCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}

/** The fbclid an `_fbc` value was made from (everything after `fb.{i}.{ms}.`), or null. */
function fbclidInFbc(fbc: string): string | null {
  const match = /^fb\.\d+\.\d+\.(.+)$/.exec(fbc);
  return match ? match[1]! : null;
}

/**
 * The cookies to set for an ad click when the pixel is off: `_fbc` when an fbclid arrived that the current `_fbc`
 * does not already hold (a new click replaces a stale one), `_fbp` when there is none yet (only alongside a click).
 * Nothing when no usable fbclid arrived: one that cannot be stored unaltered, or would exceed 512 characters.
 */
export function adClickCookies(input: AdClickInput): AdClickCookies {
  const { fbclid } = input;
  if (fbclid === null || !storableUnaltered.test(fbclid)) return {};
  const prefix = `fb.${subdomainIndex(input.domain)}.${Math.floor(input.nowMs)}.`;
  const fbc = `${prefix}${fbclid}`;
  if (fbc.length > maxCookieLength) return {};
  const out: AdClickCookies = {};
  const current = rawCookie(input.cookies, '_fbc');
  if (current === null || fbclidInFbc(current) !== fbclid) out._fbc = fbc;
  if (rawCookie(input.cookies, '_fbp') === null) {
    const random = 1_000_000_000 + Math.floor(Math.min(Math.max(input.random(), 0), 0.9999999999) * 9_000_000_000);
    out._fbp = `${prefix}${random}`;
  }
  return out;
}

/** The document's cookie jar, as far as this module uses it. */
export interface CookieJar {
  cookie: string;
}

/**
 * The widest domain of `hostname` the browser accepts a cookie on (example.com for www.example.com; a public suffix
 * such as co.uk is refused by the browser), found as fbevents.js does by trying; null for an IP address, a one-label
 * host such as localhost, or when no domain cookie is accepted (then the cookies are host-only).
 */
export function cookieDomain(hostname: string, jar: CookieJar): string | null {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return null;
  const labels = hostname.split('.');
  const probe = `_fb_domain_probe=${Date.now()}`;
  for (let take = 2; take <= labels.length; take += 1) {
    const candidate = labels.slice(-take).join('.');
    jar.cookie = `${probe}; Domain=${candidate}; Path=/; SameSite=Lax`;
    const accepted = jar.cookie.split(';').some((part) => part.trim() === probe);
    jar.cookie = `_fb_domain_probe=; Domain=${candidate}; Path=/; Max-Age=0; SameSite=Lax`;
    if (accepted) return candidate;
  }
  return null;
}

/** Writes the cookies as first-party cookies: 90 days, Path=/, SameSite=Lax, Secure on https, on `domain` when given. */
export function writeAdClickCookies(cookies: AdClickCookies, jar: CookieJar, options: { domain: string | null; secure: boolean }): void {
  const attributes = [
    'Path=/',
    `Max-Age=${adClickCookieMaxAgeSeconds}`,
    'SameSite=Lax',
    ...(options.domain ? [`Domain=${options.domain}`] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
  for (const name of ['_fbc', '_fbp'] as const) {
    const value = cookies[name];
    if (value !== undefined) jar.cookie = `${name}=${value}; ${attributes}`;
  }
}

/**
 * For a visit with the pixel off (no id, or not loaded yet) and advertising consent given: sets `_fbc`/`_fbp` from the
 * URL's fbclid. Returns what it set (nothing without an fbclid).
 */
export function rememberAdClick(
  page: { search: string; hostname: string; protocol: string } = window.location,
  jar: CookieJar = document,
  nowMs: number = Date.now(),
  random: () => number = Math.random,
): AdClickCookies {
  const fbclid = fbclidOf(page.search);
  if (fbclid === null) return {};
  const domain = cookieDomain(page.hostname, jar);
  const cookies = adClickCookies({ cookies: jar.cookie, fbclid, nowMs, domain: domain ?? page.hostname, random });
  writeAdClickCookies(cookies, jar, { domain, secure: page.protocol === 'https:' });
  return cookies;
}

/**
 * The app's configuration, read once from the build environment (VITE_* variables). A bad value
 * fails loudly at start rather than as a confusing network error later. Every base URL defaults to
 * the reference server (server/), which serves the app and the APIs on one origin.
 */
export interface AppConfig {
  /** Base URL of the place search (`GET {base}/places/search?q=`); empty = this origin. */
  placesApiUrl: string;
  /** Base URL of the astro server (`{base}/api/v2/user/create` …). */
  astroApiUrl: string;
  /** Base URL of the subscription server (`{base}/subscription-plans` …). */
  subscriptionApiUrl: string;
  /** The IP geolocation endpoint, called as `GET {url}?key={key}` for the visitor's own address. */
  ipLookupUrl: string;
  /** The IP geolocation service's key (sent as the `key` query parameter). */
  ipLookupKey: string;
  /** Milliseconds before a backend call is abandoned, so a hung server cannot hang the funnel. */
  requestTimeoutMs: number;
  /** Offer the test variants of the fixed-price offers (isTest=true), for a sandbox deployment. */
  testOffers: boolean;
  /** The Meta pixel's id (digits); '' = no pixel (src/services/meta-pixel.ts). */
  metaPixelId: string;
  /**
   * The default of the privacy choices before the visitor answers (src/app/shell/consent.ts): `granted` (the
   * default) turns analytics, advertising and remote configuration on for everyone (advertising off under Global
   * Privacy Control); `denied` turns them off for visitors in `consentRegions` (and until the region is known), who
   * are asked once.
   */
  consentDefault: 'granted' | 'denied';
  /** ISO 3166-1 alpha-2 codes of the countries that need opt-in (used with `consentDefault: 'denied'`). */
  consentRegions: readonly string[];
  /** The one host name on which debug values are exposed on window; '' = none. */
  debugHost: string;
}

/**
 * Where consent needs opt-in by default: the EU (with its outermost regions that have their own ISO codes: French
 * Guiana, Guadeloupe, Martinique, Mayotte, Réunion, Saint-Martin and Åland), the rest of the EEA (Iceland,
 * Liechtenstein, Norway), the United Kingdom and Switzerland.
 */
export const defaultConsentRegions: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL',
  'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'GF', 'GP', 'MQ', 'YT', 'RE', 'MF', 'AX',
  'IS', 'LI', 'NO',
  'GB', 'CH',
];

/** Defaults: the reference server's mount points on this origin. */
export const referenceServerPaths = {
  astro: '/astro',
  subscription: '/subs',
  ipLookup: '/ip/json',
} as const;

/** An absolute URL (another origin) or a path on this origin; no trailing slash. */
function baseUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (/^\/(?!\/)/.test(value)) return value.replace(/\/+$/, '');
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http(s)');
    return parsed.toString().replace(/\/+$/, '');
  } catch {
    throw new Error(`Configuration: ${name} must be an http(s) URL or a path starting with "/", got "${value}"`);
  }
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Configuration: ${name} must be a positive integer, got "${value}"`);
  return n;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`Configuration: ${name} must be "true" or "false", got "${value}"`);
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new Error(`Configuration: ${name} must be one of ${allowed.map((a) => `"${a}"`).join(', ')}, got "${value}"`);
  return found;
}

function digits(name: string, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  if (!/^\d{1,32}$/.test(value)) throw new Error(`Configuration: ${name} must be the pixel's id (digits only), got "${value}"`);
  return value;
}

/** Comma-separated ISO 3166-1 alpha-2 country codes (spaces around a code allowed, any case); unset = the fallback. */
function countryCodes(name: string, value: string | undefined, fallback: readonly string[]): readonly string[] {
  if (value === undefined || value.trim() === '') return fallback;
  return value.split(',').map((part) => {
    const code = part.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) throw new Error(`Configuration: ${name} must be comma-separated two-letter country codes, got "${value}"`);
    return code;
  });
}

/** A host name (with an optional port), as `location.host` shows it; '' = none. */
function hostName(name: string, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i.test(value)) {
    throw new Error(`Configuration: ${name} must be a host name such as "app.example.com", got "${value}"`);
  }
  return value.toLowerCase();
}

export function readConfig(env: Record<string, string | undefined>): AppConfig {
  return {
    placesApiUrl: baseUrl('VITE_PLACES_API_URL', env.VITE_PLACES_API_URL, ''),
    astroApiUrl: baseUrl('VITE_ASTRO_API_URL', env.VITE_ASTRO_API_URL, referenceServerPaths.astro),
    subscriptionApiUrl: baseUrl('VITE_SUBSCRIPTION_API_URL', env.VITE_SUBSCRIPTION_API_URL, referenceServerPaths.subscription),
    ipLookupUrl: baseUrl('VITE_IP_LOOKUP_URL', env.VITE_IP_LOOKUP_URL, referenceServerPaths.ipLookup),
    ipLookupKey: env.VITE_IP_LOOKUP_KEY ?? '',
    requestTimeoutMs: positiveInt('VITE_REQUEST_TIMEOUT_MS', env.VITE_REQUEST_TIMEOUT_MS, 8000),
    testOffers: flag('VITE_TEST_OFFERS', env.VITE_TEST_OFFERS, false),
    metaPixelId: digits('VITE_META_PIXEL_ID', env.VITE_META_PIXEL_ID),
    consentDefault: oneOf('VITE_CONSENT_DEFAULT', env.VITE_CONSENT_DEFAULT, ['granted', 'denied'] as const, 'granted'),
    consentRegions: countryCodes('VITE_CONSENT_OPT_IN_REGIONS', env.VITE_CONSENT_OPT_IN_REGIONS, defaultConsentRegions),
    debugHost: hostName('VITE_DEBUG_HOST', env.VITE_DEBUG_HOST),
  };
}

/**
 * The configuration with every base URL absolute, resolved against the page's origin (paths on this origin become
 * URLs of it; the place search's empty base is the origin itself): the clients made from it need no window.
 */
export function resolveAgainst(config: AppConfig, origin: string): AppConfig {
  const absolute = (url: string) => new URL(url, origin).toString().replace(/\/+$/, '');
  return {
    ...config,
    placesApiUrl: absolute(config.placesApiUrl || origin),
    astroApiUrl: absolute(config.astroApiUrl),
    subscriptionApiUrl: absolute(config.subscriptionApiUrl),
    ipLookupUrl: absolute(config.ipLookupUrl),
  };
}

export const config: AppConfig = readConfig(import.meta.env);

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
}

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

export function readConfig(env: Record<string, string | undefined>): AppConfig {
  return {
    placesApiUrl: baseUrl('VITE_PLACES_API_URL', env.VITE_PLACES_API_URL, ''),
    astroApiUrl: baseUrl('VITE_ASTRO_API_URL', env.VITE_ASTRO_API_URL, referenceServerPaths.astro),
    subscriptionApiUrl: baseUrl('VITE_SUBSCRIPTION_API_URL', env.VITE_SUBSCRIPTION_API_URL, referenceServerPaths.subscription),
    ipLookupUrl: baseUrl('VITE_IP_LOOKUP_URL', env.VITE_IP_LOOKUP_URL, referenceServerPaths.ipLookup),
    ipLookupKey: env.VITE_IP_LOOKUP_KEY ?? '',
    requestTimeoutMs: positiveInt('VITE_REQUEST_TIMEOUT_MS', env.VITE_REQUEST_TIMEOUT_MS, 8000),
    testOffers: flag('VITE_TEST_OFFERS', env.VITE_TEST_OFFERS, false),
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

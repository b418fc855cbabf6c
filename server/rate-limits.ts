import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { addressKey } from './client-address';
import type { SharedRedis } from './redis-connection';
import { redisStoreWithFallback } from './rate-limit-store';

// Per client address limits on the calls an attacker would loop over: email look-ups (finding who is on file),
// session reads and creation (probing ids), checkout creation, the IP lookup, and event uploads (filling the
// event log's disk). The client address is Fastify's request.ip (an IPv6 one by its /64, client-address.ts), so behind
// a proxy TRUST_PROXY must be set or every visitor shares the proxy's address.
// With a shared Redis (REDIS_URL), the counters live there and a client's limit is the same whatever the number of
// processes; while Redis is away, and without it (one process), each process counts alone (one LRU per route).

/** Requests per minute per client address, by kind of call. */
export interface RateLimitSettings {
  /** Each email look-up route: GET /subs/users, /subs/users/check-subscription, /astro/api/v2/user/email. */
  lookups: number;
  /** Each session route: POST /subs/sessions/create, GET /subs/sessions/{id}, POST /subs/sessions/{id}/seen; and GET /subs/recent-purchases. */
  sessions: number;
  /** POST /subs/checkout/sessions. */
  checkouts: number;
  /** GET /ip/json. */
  ipLookups: number;
  /** Each event log upload route: POST /analytics/2/httpapi, POST /analytics/batch. */
  analytics: number;
  /** Each editor API route (/editor/...), signed in or not: a wrong token counts too. */
  editor: number;
}

/**
 * A whole funnel walk makes fewer than 10 email look-ups and a handful of session calls; the test suite,
 * whose browsers all call from 127.0.0.1, stays well under these too. A burst of 300 look-ups does not.
 * The Amplitude Browser SDK uploads at most once a second per page while it has events (flushIntervalMillis
 * 1000): 60 a minute per visitor, so 600 leaves room for ten pages behind one address.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = { lookups: 100, sessions: 300, checkouts: 60, ipLookups: 100, analytics: 600, editor: 60 };

/** The route option (`config.rateLimit`) of each kind of call. */
export type RateLimits = Record<keyof RateLimitSettings, { max: number; timeWindow: number }>;

const MINUTE_MS = 60_000;

/**
 * Registers @fastify/rate-limit for the routes that ask for it (none is limited by default) and answers a
 * client over its limit with a 429 in the API's JSON error shape and a Retry-After header (seconds).
 */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings, redis?: SharedRedis): Promise<RateLimits> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: redisStoreWithFallback(redis) } : {}),
    // An IPv6 client counts by its /64: one subscriber holds all of it.
    keyGenerator: (request) => addressKey(request.ip),
    // Headers only on a refusal: a visitor's ordinary answers do not advertise the counters.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many requests from this address: at most ${context.max} a minute here. Try again in ${context.after}.`,
    }),
  });
  const limit = (max: number) => ({ max, timeWindow: MINUTE_MS });
  return {
    lookups: limit(settings.lookups),
    sessions: limit(settings.sessions),
    checkouts: limit(settings.checkouts),
    ipLookups: limit(settings.ipLookups),
    analytics: limit(settings.analytics),
    editor: limit(settings.editor),
  };
}

/**
 * Reads RATE_LIMIT_LOOKUPS, RATE_LIMIT_SESSIONS, RATE_LIMIT_CHECKOUTS, RATE_LIMIT_IP_LOOKUPS,
 * RATE_LIMIT_ANALYTICS and RATE_LIMIT_EDITOR (requests per minute per client address; unset keeps the default).
 *
 * @throws {Error} naming the variable when a value is not a whole number from 1 to 1,000,000.
 */
export function readRateLimitSettings(env: Record<string, string | undefined>): RateLimitSettings {
  const read = (name: string, fallback: number) => {
    const text = (env[name] ?? '').trim();
    if (text === '') return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > 1_000_000) throw new Error(`invalid ${name} "${text}": expected requests per minute, a whole number from 1 to 1000000`);
    return value;
  };
  return {
    lookups: read('RATE_LIMIT_LOOKUPS', DEFAULT_RATE_LIMITS.lookups),
    sessions: read('RATE_LIMIT_SESSIONS', DEFAULT_RATE_LIMITS.sessions),
    checkouts: read('RATE_LIMIT_CHECKOUTS', DEFAULT_RATE_LIMITS.checkouts),
    ipLookups: read('RATE_LIMIT_IP_LOOKUPS', DEFAULT_RATE_LIMITS.ipLookups),
    analytics: read('RATE_LIMIT_ANALYTICS', DEFAULT_RATE_LIMITS.analytics),
    editor: read('RATE_LIMIT_EDITOR', DEFAULT_RATE_LIMITS.editor),
  };
}

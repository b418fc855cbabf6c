import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedRedis } from './redis-connection';

type Store = FastifyRateLimitStore;
type RouteOptions = Parameters<Store['child']>[0];
/** What the plugin passes a store's constructor: its own options, of which the stores read these. */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}

/** The key prefix of the counters in Redis, shared by every process of the deployment. */
export const REDIS_KEY_PREFIX = 'astrelle-rate-limit-';

/**
 * A rate-limit store that counts in Redis, shared by every process, and in this process while Redis is away.
 * The library's own `skipOnError` would let every request through while Redis is down; this keeps a limit, if only a
 * per-process one, and never answers a 5xx because of Redis. Once Redis is back, counting moves back to it (the counts
 * kept locally meanwhile are not carried over: a client gets at most one window's worth more).
 */
export function redisStoreWithFallback(redis: SharedRedis): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}

    incr(key: string, callback: Parameters<Store['incr']>[1], timeWindow: number, max: number): void {
      if (!redis.up) {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) {
            redis.succeeded();
            callback(null, result);
            return;
          }
          redis.failed(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  /** The class @fastify/rate-limit makes its store from (`new Store(itsOptions)`). */
  return class RootStore extends FallbackStore {
    constructor(options: FastifyRateLimitOptions) {
      const params = options as StoreParams;
      super(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis.client, REDIS_KEY_PREFIX) as Store,
        new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache) as Store,
      );
    }
  };
}

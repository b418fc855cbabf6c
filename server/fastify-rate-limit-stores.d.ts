// @fastify/rate-limit's two stores, which it ships as plain CommonJS without types: the shared store wraps both
// (rate-limit-store.ts). Their constructors as the plugin calls them.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => unknown;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  const RedisStore: new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: unknown, key?: string) => unknown;
  export default RedisStore;
}

/** Fastify's trustProxy, as TRUST_PROXY sets it. */
export type TrustProxy = false | string | ((address: string, hop: number) => boolean);

/**
 * Reads TRUST_PROXY: unset, `false` or `0` trust no proxy (the socket's address is the client); a hop count
 * trusts that many proxies in front of the server; addresses or CIDRs (comma-separated) trust those proxies.
 * `true` means one proxy: trusting every X-Forwarded-For entry would make the client's own, leftmost entry its
 * address, and a client that writes a new one on every request would have a rate limit of its own each time.
 */
export function readTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  const hops = text === 'true' ? 1 : /^\d+$/.test(text) ? Number(text) : undefined;
  if (hops !== undefined) return (_address, hop) => hop < hops;
  return text;
}

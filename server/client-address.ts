import ipaddr from 'ipaddr.js';

/**
 * The key a client address is counted under by the rate limits and the event log's quotas: an IPv4 address itself
 * (also written IPv4-mapped, ::ffff:a.b.c.d), an IPv6 address by its /64, the block one subscriber is given: counting
 * each of its 2^64 addresses apart would count nothing.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toNormalizedString()}/64`;
}

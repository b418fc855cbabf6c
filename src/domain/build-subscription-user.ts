import type { IpInfo, SubscriptionUserPayload } from '../shared/contract/subscription';

export interface SubscriptionUserInput {
  email: string;
  flowOuter: boolean;
  project: string;
  ipInfo: IpInfo | null;
  /** The ad click cookies (`_fbc`, `_fbp`), when the visitor has them. */
  fbc: string | null;
  fbp: string | null;
  userAgent: string;
}

/**
 * The subscription-server user: email, isLegal, project, ip, fbc, fbp, city, postalCode,
 * countryCode, loc, timezone, userAgent; what the IP lookup did not give is null.
 */
export function buildSubscriptionUser(input: SubscriptionUserInput): SubscriptionUserPayload {
  const ip = input.ipInfo;
  return {
    email: input.email,
    isLegal: !input.flowOuter,
    project: input.project,
    ip: ip?.ip || null,
    fbc: input.fbc,
    fbp: input.fbp,
    city: ip?.city || null,
    postalCode: ip?.postal || null,
    countryCode: ip?.country || null,
    loc: ip?.loc || null,
    timezone: ip?.timezone || null,
    userAgent: input.userAgent.slice(0, 1024),
  };
}

/** A cookie's value from `document.cookie`, or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

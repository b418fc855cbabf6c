import type { SubscriptionApi } from '../../services/subscription-api';

/**
 * The visitor's id after any page load: the loaded session's, else the one stored in this browser,
 * else the `usid` query parameter (the hosted payment page sends the visitor back with it).
 */
export function visitorIdFrom(sessionId: string | null, storedId: string | null, search: string): string | null {
  return sessionId || storedId || new URLSearchParams(search).get('usid') || null;
}

/**
 * The email the subscription server linked to the visitor's session (a checkout links it): the one the
 * loaded session already holds, else the server's session record. Payment return pages skip loading
 * the session, so after the hosted page sends the visitor back only the server knows it. null when
 * nobody knows it, the session does not exist, or the server cannot be reached (logged by the client).
 */
export async function linkedEmail(
  known: string | null | undefined,
  usid: string | null,
  getSession: SubscriptionApi['getSession'],
): Promise<string | null> {
  if (known) return known;
  if (!usid) return null;
  const session = await getSession(usid);
  return (session.ok && session.data.user?.email) || null;
}

import { CREDENTIAL_COOKIE } from '../auth/visitor-credential';

/** A fetch that keeps the visitor credential cookie like a browser does, with the visitor id it names. */
export interface CookieFetch {
  fetch: typeof fetch;
  /** The visitor the held credential names, or null before the server set one. */
  visitorId(): string | null;
  /** The raw `name=value` cookie held (null: none). */
  cookie(): string | null;
}

/**
 * A browser's fetch for tests outside a browser (the API clients take it as `fetch`): it sends the credential
 * cookie the server set, and keeps the newest one, so clients under test act as one visitor.
 */
export function cookieFetch(): CookieFetch {
  let cookie: string | null = null;
  const fetchWithCookie: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (cookie && !request.headers.has('cookie')) request.headers.set('cookie', cookie);
    const response = await fetch(request);
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0]!;
      if (pair.startsWith(`${CREDENTIAL_COOKIE}=`)) cookie = pair;
    }
    return response;
  };
  return {
    fetch: fetchWithCookie,
    visitorId: () => {
      if (!cookie) return null;
      // `{id}~{issuedAt}.{signature}`
      const value = decodeURIComponent(cookie.slice(CREDENTIAL_COOKIE.length + 1));
      return value.slice(0, value.lastIndexOf('.')).split('~')[0] ?? null;
    },
    cookie: () => cookie,
  };
}

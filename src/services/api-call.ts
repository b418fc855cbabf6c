import ky, { type KyInstance } from 'ky';
import { redactEmailAddresses } from '../shared/email-address';

/** How one backend call ended: the spec counts only HTTP 200 and 201 as success. */
export type CallResult<T> =
  | { ok: true; status: 200 | 201; data: T }
  | { ok: false; status: number | null; reason: string };

/**
 * A ky instance for one backend (prefixUrl '' = whole URLs): no retries (a failed call is logged and the funnel
 * carries on), a timeout per call, and the visitor credential (an httpOnly cookie the server sets) sent with
 * every call, also to an API on another origin (CORS_ORIGINS on the server).
 */
export function createHttp(prefixUrl: string, timeoutMs: number, fetchImpl?: typeof fetch, credentials: RequestCredentials = 'include', startRequests?: StartRequests): Http {
  const instance = ky.create({
    ...(prefixUrl ? { prefixUrl: absoluteUrl(prefixUrl) } : {}),
    timeout: timeoutMs,
    retry: 0,
    throwHttpErrors: false,
    credentials,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  if (!startRequests) return instance;
  const later = <M extends 'get' | 'post' | 'put'>(method: M): Http[M] =>
    ((...args: Parameters<KyInstance[M]>) => new Promise<void>((start) => startRequests(start)).then(() => (instance[method] as (...a: typeof args) => Promise<Response>)(...args))) as Http[M];
  return { get: later('get'), post: later('post'), put: later('put') };
}

/**
 * When a request may start: the browser's composition root passes "after the next paint", so that ky
 * building a request, which took 6 ms of a tap at 4x CPU, is not part of the tap that causes it.
 */
export type StartRequests = (start: () => void) => void;

/** The calls the clients make; each answers the response (callApi reads it). */
export interface Http {
  get: (...args: Parameters<KyInstance['get']>) => Promise<Response>;
  post: (...args: Parameters<KyInstance['post']>) => Promise<Response>;
  put: (...args: Parameters<KyInstance['put']>) => Promise<Response>;
}

/**
 * What the API clients need of the configuration; `fetch` stands in for the browser's (tests outside a browser
 * pass one that keeps cookies, as a browser does).
 */
export interface HttpOptions {
  requestTimeoutMs: number;
  fetch?: typeof fetch;
  startRequests?: StartRequests;
}

/** Resolves a path-only base ("/astro") against this page's origin, so requests work the same anywhere. */
export function absoluteUrl(base: string): string {
  return base.startsWith('/') && typeof window !== 'undefined' ? new URL(base, window.location.origin).toString() : base;
}

export interface CallOptions {
  /** Statuses that are an answer rather than a failure (e.g. 404 for "no such session"): not logged. */
  expected?: readonly number[];
}

/**
 * Runs one call and turns every way it can fail (a status other than 200/201, a network error, a
 * timeout, a body that is not JSON) into a result, logging `message` to the console as the spec's
 * error catalogue says. It never throws.
 */
export async function callApi<T>(message: string, send: () => Promise<Response>, options: CallOptions = {}): Promise<CallResult<T>> {
  let status: number | null = null;
  try {
    const response = await send();
    status = response.status;
    if (response.status === 200 || response.status === 201) {
      // Our own servers' JSON, shaped by src/shared/contract/ on the server side.
      const data = (await response.json()) as T;
      return { ok: true, status: response.status, data };
    }
    const reason = `HTTP ${response.status}`;
    if (!options.expected?.includes(response.status)) console.error(message, `(${reason})`);
    return { ok: false, status: response.status, reason };
  } catch (error) {
    const reason = withoutPersonalData(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    console.error(message, `(${reason})`);
    return { ok: false, status, reason };
  }
}

// A URL's query string and fragment: from the first "?" or "#" after a "/" to the end of the URL. The part
// before it may hold no "?" or "#" itself, so the cut is at the first one.
const QUERY_STRING = /([^\s?#"'<>]*\/[^\s?#"'<>]*)[?#][^\s"'<>]*/g;

/**
 * Makes an error's text safe for the console (which ends up in screenshots, bug reports and error trackers):
 * ky's TimeoutError quotes the whole request URL, and ours carry the visitor's email in the query
 * (`/users/check-subscription?email=…`). Query strings are cut off URLs, and anything left that looks like
 * an email address, plain or percent-encoded, becomes "[redacted]".
 */
export function withoutPersonalData(text: string): string {
  return redactEmailAddresses(text.replace(QUERY_STRING, '$1'), '[redacted]');
}

/** The spec's shape for most calls: the data, or null when the call failed (already logged). */
export function dataOrNull<T>(result: CallResult<T>): T | null {
  return result.ok ? result.data : null;
}

import type { Page, Request } from '@playwright/test';

/** One request the browser sent, as the server received it. */
export interface LoggedRequest {
  method: string;
  url: URL;
  /** The JSON body, the form fields of a form POST, or null. */
  body: unknown;
}

/**
 * The look-ups by email of the astro and subscription servers' own API (not ours to redesign): the only requests
 * whose query string may hold an email. The app's own
 * calls (GET /subs/purchases, /subs/orders/…) ask by the visitor's credential and never carry one.
 */
const emailLookups = ['/subs/users/check-subscription', '/subs/users', '/astro/api/v2/user/email', '/astro/api/v2/user/profile/email'];

const isBackend = (url: URL) => /^\/(astro|subs|ip)\//.test(url.pathname);

function bodyOf(request: Request): unknown {
  const raw = request.postData();
  if (raw === null) return null;
  const type = request.headers()['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * Records every request the page sends (its own calls, the hosted checkout's form, the page loads) and every
 * address any frame shows, from now on.
 */
export function logRequests(page: Page) {
  const requests: LoggedRequest[] = [];
  const addresses: string[] = [];
  const throttled: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (isBackend(url) && response.status() === 429) throttled.push(`${response.request().method()} ${url.pathname}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Backend calls are logged by the route below, which can read bodies sent as streams (ky's fetch).
    if (!isBackend(url)) requests.push({ method: request.method(), url, body: bodyOf(request) });
  });
  void page.route(
    (url) => isBackend(url),
    async (route) => {
      const request = route.request();
      requests.push({ method: request.method(), url: new URL(request.url()), body: bodyOf(request) });
      await route.fallback();
    },
  );
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  return {
    requests,
    addresses,
    /** The backend calls a rate limit refused (429): a visitor's own walk must never meet one. */
    throttled,
    /** The backend calls (astro, subscription, IP lookup) with this method and path. */
    calls(method: string, pathname: string | RegExp): LoggedRequest[] {
      return requests.filter((r) => r.method === method && (typeof pathname === 'string' ? r.url.pathname === pathname : pathname.test(r.url.pathname)));
    },
    /** Every visited address or request URL holding the email, except the spec's email look-ups. */
    emailLeaks(email: string): string[] {
      const forms = [email, encodeURIComponent(email), email.replace('@', '%40')];
      const allowed = (url: URL) => emailLookups.includes(url.pathname);
      const leaks = requests.filter((r) => !allowed(r.url) && forms.some((f) => r.url.href.includes(f))).map((r) => `${r.method} ${r.url.href}`);
      return [...leaks, ...addresses.filter((a) => forms.some((f) => a.includes(f)))];
    },
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CREDENTIAL_COOKIE } from '../../server/auth/visitor-credential';
import { cookieFetch } from '../../server/test-support/cookie-fetch';
import type { AstroUserPayload, ReportOrder } from '../shared/contract/astro';
import type { OrderStatus } from '../shared/contract/subscription';
import { astroMessages, createAstroApi } from './astro-api';
import { createIpLookup, ipLookupMessage } from './ip-lookup';
import { createSubscriptionApi, subscriptionMessages } from './subscription-api';

// A real HTTP server standing in for the backends, so the clients are tested at the network boundary.
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let handler: Handler = (_request, _body, response) => response.end();
const seen: Array<{ method: string; url: string; body: string; cookie: string | null }> = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', body, cookie: request.headers.cookie ?? null });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => {
  errors.mockClear();
  seen.length = 0;
});

function answer(status: number, json?: unknown): Handler {
  return (_request, _body, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(json === undefined ? '' : JSON.stringify(json));
  };
}

const config = () => ({
  astroApiUrl: `${base}/astro`,
  subscriptionApiUrl: `${base}/subs`,
  ipLookupUrl: `${base}/ip/json`,
  ipLookupKey: 'k-123',
  requestTimeoutMs: 500,
});

/** A visitor id as the app makes them: a random lower-case v4 UUID. */
const usid = '5b0f3e1a-9c27-4d84-a6e2-3f71c8d90b4e';

const astroUser: AstroUserPayload = {
  username: 'Maya',
  email: 'maya@example.com',
  usid,
  isLegal: true,
  gender: 'female',
  relationship: 'single',
  birthday: { date: '1990-05-17', time: '10:30:00' },
  location: { latitude: 51.5, longitude: -0.12 },
  locale: 'en',
  timezone: 'Europe/London',
};

describe('the astro server client', () => {
  it('returns the created user on 201', async () => {
    handler = answer(201, { ...astroUser, id: 'u1' });
    expect(await createAstroApi(config()).createUser(astroUser)).toMatchObject({ id: 'u1', email: 'maya@example.com' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/astro/api/v2/user/create' });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(astroUser);
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ['a server error', 500],
    ['a 202, which is not 200 or 201', 202],
    ['a 204', 204],
    ['a bad request', 400],
  ])('logs "cannot create astro server user" and returns null on %s', async (_name, status) => {
    handler = answer(status, { error: 'x' });
    expect(await createAstroApi(config()).createUser(astroUser)).toBeNull();
    expect(errors).toHaveBeenCalledWith(astroMessages.createUser, `(HTTP ${status})`);
    expect(astroMessages.createUser).toBe('cannot create astro server user');
  });

  it('looks a user up by email in the query, and takes 404 as "no such user" without an error', async () => {
    handler = answer(404, { error: 'Not Found' });
    expect(await createAstroApi(config()).getUserByEmail('maya+1@example.com')).toBeNull();
    expect(seen[0]?.url).toBe('/astro/api/v2/user/email?email=maya%2B1%40example.com');
    expect(errors).not.toHaveBeenCalled();
    handler = answer(500);
    expect(await createAstroApi(config()).getUserByEmail('maya@example.com')).toBeNull();
    expect(errors).toHaveBeenCalledWith('cannot get astro server user data', '(HTTP 500)');
  });

  it('updates by email, confirms by usid and orders reports with the spec\'s paths and messages', async () => {
    const api = createAstroApi(config());
    handler = answer(200, { ...astroUser, id: 'u1' });
    await api.updateUser('maya@example.com', astroUser);
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/astro/api/v2/user/profile/email?email=maya%40example.com' });
    handler = answer(500);
    expect(await api.confirmEmail(usid)).toBeNull();
    expect(seen[1]).toMatchObject({ method: 'PUT', url: `/astro/api/v2/user/confirm-email?usid=${usid}` });
    expect(errors).toHaveBeenLastCalledWith('cannot confirm astro user email', '(HTTP 500)');
    const order: ReportOrder = {
      reports: ['natal_chart'],
      email: 'maya@example.com',
      yourData: { name: 'Maya', day: 17, month: 5, year: 1990, hour: 10, minute: 30, latitude: 51.5, longitude: -0.12, timezone: 1, place: 'London' },
    };
    expect(await api.orderReports(order)).toBeNull();
    expect(seen[2]).toMatchObject({ method: 'POST', url: '/astro/api/astrology/report' });
    expect(errors).toHaveBeenLastCalledWith('cannot send astrology report(s)', '(HTTP 500)');
  });

  it('gives up on a server that never answers after the timeout, and on one that is not there', async () => {
    handler = () => {}; // never answers
    const started = Date.now();
    expect(await createAstroApi(config()).createUser(astroUser)).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(errors).toHaveBeenCalledWith('cannot create astro server user', expect.stringContaining('TimeoutError'));
    expect(await createAstroApi({ astroApiUrl: 'http://127.0.0.1:9/astro', requestTimeoutMs: 500 }).createUser(astroUser)).toBeNull();
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('treats a 200 whose body is not JSON as a failure', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>proxy error</html>');
    };
    expect(await createAstroApi(config()).createUser(astroUser)).toBeNull();
    expect(errors).toHaveBeenCalledWith('cannot create astro server user', expect.stringContaining('SyntaxError'));
  });
});

describe('the subscription server client', () => {
  it('asks for both providers\' plans in parallel, US and live', async () => {
    const waiting: ServerResponse[] = [];
    handler = (request, _body, response) => {
      // Answer only once both requests are here: sequential requests would time out.
      waiting.push(response);
      if (waiting.length < 2) return;
      for (const r of waiting) {
        r.writeHead(200, { 'content-type': 'application/json' });
        r.end('[]');
      }
      void request;
    };
    expect(await createSubscriptionApi(config()).getSubscriptionPlans('astrelle')).toEqual({ maxpay: [], paypal: [] });
    expect(seen.map((s) => s.url).sort()).toEqual([
      '/subs/subscription-plans?project=astrelle&provider=maxpay&countryCode=US&isTest=false',
      '/subs/subscription-plans?project=astrelle&provider=paypal&countryCode=US&isTest=false',
    ]);
  });

  it('logs "cannot get subscription plans" for a provider that fails and keeps the other\'s plans', async () => {
    handler = (request, _body, response) => {
      const paypal = (request.url ?? '').includes('provider=paypal');
      response.writeHead(paypal ? 503 : 200, { 'content-type': 'application/json' });
      response.end(paypal ? '{}' : '[{"id":"p1"}]');
    };
    expect(await createSubscriptionApi(config()).getSubscriptionPlans('astrelle')).toEqual({ maxpay: [{ id: 'p1' }], paypal: null });
    expect(errors).toHaveBeenCalledExactlyOnceWith(subscriptionMessages.getPlans, '(HTTP 503)');
    expect(subscriptionMessages.getPlans).toBe('cannot get subscription plans');
  });

  it('tells "no such session" (404) apart from "server unreachable"', async () => {
    const api = createSubscriptionApi(config());
    handler = answer(404, { error: 'Not Found' });
    expect(await api.getSession(usid)).toEqual({ ok: false, status: 404, reason: 'HTTP 404' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: `/subs/sessions/${usid}` });
    expect(errors).not.toHaveBeenCalled();
    const down = createSubscriptionApi({ subscriptionApiUrl: 'http://127.0.0.1:9/subs', requestTimeoutMs: 500 });
    expect(await down.getSession(usid)).toMatchObject({ ok: false, status: null });
    expect(errors).toHaveBeenCalledWith('cannot get session', expect.any(String));
  });

  it('takes a 401 on a session read (no credential for it in this browser) as an answer, and logs any other failure', async () => {
    const api = createSubscriptionApi(config());
    handler = answer(401, { error: 'Unauthorized', message: 'no credential', field: 'credential' });
    expect(await api.getSession(usid)).toEqual({ ok: false, status: 401, reason: 'HTTP 401' });
    expect(errors).not.toHaveBeenCalled();
    for (const status of [403, 500, 503]) {
      handler = answer(status, { error: 'x' });
      expect(await api.getSession(usid)).toEqual({ ok: false, status, reason: `HTTP ${status}` });
      expect(errors).toHaveBeenLastCalledWith('cannot get session', `(HTTP ${status})`);
    }
    expect(errors).toHaveBeenCalledTimes(3);
    expect(subscriptionMessages.getSession).toBe('cannot get session');
  });

  it('answers a session create with the whole result: the session, or a 403 (another visitor\'s id) without a log', async () => {
    const api = createSubscriptionApi(config());
    const session = { id: usid, user: null };
    handler = answer(201, session);
    expect(await api.createSession(usid)).toEqual({ ok: true, status: 201, data: session });
    handler = answer(200, session);
    expect(await api.createSession(usid)).toEqual({ ok: true, status: 200, data: session });
    handler = answer(403, { error: 'Forbidden', message: 'This session belongs to another visitor', field: 'id' });
    expect(await api.createSession(usid)).toEqual({ ok: false, status: 403, reason: 'HTTP 403' });
    expect(errors).not.toHaveBeenCalled();
    handler = answer(400, { error: 'Bad Request', field: 'id' });
    expect(await api.createSession(usid)).toEqual({ ok: false, status: 400, reason: 'HTTP 400' });
    expect(errors).toHaveBeenCalledExactlyOnceWith('cannot create session', '(HTTP 400)');
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual(Array(4).fill(['POST', '/subs/sessions/create', JSON.stringify({ id: usid })]));
  });

  it('creates and writes sessions, and creates users, with the spec\'s paths and bodies', async () => {
    const api = createSubscriptionApi(config());
    handler = answer(201, { id: usid });
    await api.createSession(usid);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/subs/sessions/create', body: `{"id":"${usid}"}` });
    handler = answer(200, { id: usid });
    await api.writeSession({ id: usid, flowOuter: false, abTestData: {}, gclid: true, testEventCode: null, ipInfo: null });
    expect(seen[1]).toMatchObject({ method: 'POST', url: `/subs/sessions/write/${usid}` });
    handler = answer(500);
    const user = {
      email: 'maya@example.com', isLegal: true, project: 'astrelle', ip: null, fbc: null, fbp: null,
      city: null, postalCode: null, countryCode: null, loc: null, timezone: null, userAgent: 'test',
    };
    expect(await api.createUser(user)).toBeNull();
    expect(seen[2]).toMatchObject({ method: 'POST', url: '/subs/users/create' });
    expect(errors).toHaveBeenLastCalledWith('cannot create subscription server user', '(HTTP 500)');
    handler = answer(200, { isPremium: true, info: { productId: 'astrelle_trial_1' } });
    expect(await api.checkSubscription('maya@example.com', 'astrelle')).toEqual({ isPremium: true, info: { productId: 'astrelle_trial_1' } });
    expect(seen[3]?.url).toBe('/subs/users/check-subscription?email=maya%40example.com&project=astrelle');
  });
});

describe('the subscription server client\'s offers and purchases', () => {
  it('lists the visitor\'s purchases with only the project in the query (no email: the credential says whose), and logs "cannot get purchases" on a failure', async () => {
    const api = createSubscriptionApi(config());
    const purchase = { id: 'pur_1', offerId: 'birth_chart', productId: 'mxp_birth_chart', provider: 'maxpay', status: 'paid' };
    handler = answer(200, [purchase]);
    expect(await api.listPurchases('astrelle')).toEqual([purchase]);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/subs/purchases?project=astrelle', body: '' });
    expect(seen[0]?.url).not.toMatch(/email|%40|@/);
    expect(errors).not.toHaveBeenCalled();
    handler = answer(503, { error: 'Service Unavailable' });
    expect(await api.listPurchases('astrelle')).toBeNull();
    expect(errors).toHaveBeenCalledExactlyOnceWith('cannot get purchases', '(HTTP 503)');
    expect(subscriptionMessages.listPurchases).toBe('cannot get purchases');
  });

  it('gets the visitor\'s order status by orderId, takes a 404 (no such order of theirs) as an answer, and logs other failures', async () => {
    const api = createSubscriptionApi(config());
    const status: OrderStatus = { orderId: 'ord_1/a', status: 'declined', reason: 'already_purchased', productId: 'mxp_trial_1', provider: 'maxpay' };
    handler = answer(200, status);
    expect(await api.getOrderStatus('ord_1/a')).toEqual({ ok: true, status: 200, data: status });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/subs/orders/ord_1%2Fa', body: '' });
    handler = answer(404, { error: 'Not Found', message: 'This visitor has no order with this id.' });
    expect(await api.getOrderStatus('ord_2')).toEqual({ ok: false, status: 404, reason: 'HTTP 404' });
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/subs/orders/ord_2' });
    expect(errors).not.toHaveBeenCalled();
    handler = answer(500);
    expect(await api.getOrderStatus('ord_3')).toEqual({ ok: false, status: 500, reason: 'HTTP 500' });
    expect(errors).toHaveBeenCalledExactlyOnceWith('cannot get payment status', '(HTTP 500)');
    expect(subscriptionMessages.orderStatus).toBe('cannot get payment status');
  });

  it('gets one provider\'s offers, test or live, leaving its plans out and keeping the server\'s order', async () => {
    const api = createSubscriptionApi(config());
    handler = answer(200, [
      { id: 'plan', type: 'TRIAL' },
      { id: 'ultra_pack', type: 'FIXED' },
      { id: 'monthly', type: 'SUBSCRIPTION' },
      { id: 'birth_chart', type: 'FIXED' },
    ]);
    expect(await api.getOffers('astrelle', 'paypal', true)).toEqual([
      { id: 'ultra_pack', type: 'FIXED' },
      { id: 'birth_chart', type: 'FIXED' },
    ]);
    expect(seen[0]?.url).toBe('/subs/subscription-plans?project=astrelle&provider=paypal&countryCode=US&isTest=true');
    handler = answer(500);
    expect(await api.getOffers('astrelle', 'maxpay', false)).toBeNull();
    expect(errors).toHaveBeenCalledWith('cannot get subscription plans', '(HTTP 500)');
  });
});

describe('the visitor credential', () => {
  const credential = `${CREDENTIAL_COOKIE}=${usid}.c2lnbmVkLWJ5LXRoZS1zZXJ2ZXI`;
  /** The reference server's session create: sets the credential cookie (httpOnly) and answers the session. */
  const setsCredential: Handler = (request, _body, response) => {
    if (request.url === '/subs/sessions/create') {
      response.writeHead(201, { 'content-type': 'application/json', 'set-cookie': `${credential}; Max-Age=15552000; Path=/; HttpOnly; SameSite=Lax` });
      response.end(JSON.stringify({ id: usid, user: null }));
    } else {
      answer(404, { error: 'Not Found' })(request, _body, response);
    }
  };

  it('is sent with every later call of both clients, through the fetch they were given, each request with credentials: include', async () => {
    const browser = cookieFetch();
    const given = vi.fn<typeof fetch>((input, init) => browser.fetch(input, init));
    const subscriptions = createSubscriptionApi({ ...config(), fetch: given });
    const astro = createAstroApi({ ...config(), fetch: given });
    handler = setsCredential;
    expect(await subscriptions.createSession(usid)).toEqual({ ok: true, status: 201, data: { id: usid, user: null } });
    expect(browser.visitorId()).toBe(usid);
    expect(await subscriptions.getSession(usid)).toEqual({ ok: false, status: 404, reason: 'HTTP 404' });
    expect(await subscriptions.listPurchases('astrelle')).toBeNull();
    expect(await astro.getUserByEmail('maya@example.com')).toBeNull();
    expect(seen.map((s) => [s.method, s.url, s.cookie])).toEqual([
      ['POST', '/subs/sessions/create', null],
      ['GET', `/subs/sessions/${usid}`, credential],
      ['GET', '/subs/purchases?project=astrelle', credential],
      ['GET', '/astro/api/v2/user/email?email=maya%40example.com', credential],
    ]);
    // Every call went through the fetch given, as a Request asking for the credential to be included.
    expect(given).toHaveBeenCalledTimes(4);
    expect(given.mock.calls.map(([input]) => (input instanceof Request ? input.credentials : null))).toEqual(['include', 'include', 'include', 'include']);
  });

  it('is left to the browser\'s own fetch when none is given: each request asks for credentials: include', async () => {
    const global = vi.spyOn(globalThis, 'fetch');
    try {
      handler = answer(404, { error: 'Not Found' });
      expect(await createSubscriptionApi(config()).getOrderStatus('ord_1')).toEqual({ ok: false, status: 404, reason: 'HTTP 404' });
      expect(await createAstroApi(config()).getUserByEmail('maya@example.com')).toBeNull();
      expect(global).toHaveBeenCalledTimes(2);
      expect(global.mock.calls.map(([input]) => (input instanceof Request ? input.credentials : null))).toEqual(['include', 'include']);
      // Node's own fetch keeps no cookies (a browser's does): nothing was set, nothing is sent.
      expect(seen.map((s) => s.cookie)).toEqual([null, null]);
    } finally {
      global.mockRestore();
    }
  });

  it('is never sent to the IP lookup, a third-party service that may answer any origin (credentials: omit)', async () => {
    const global = vi.spyOn(globalThis, 'fetch');
    try {
      handler = answer(200, { status: 'fail' });
      await createIpLookup(config())();
      expect(global.mock.calls.map(([input]) => (input instanceof Request ? input.credentials : null))).toEqual(['omit']);
    } finally {
      global.mockRestore();
    }
  });
});

describe('the IP lookup client', () => {
  it('sends the key and maps the service\'s fields to the spec\'s IP info', async () => {
    handler = answer(200, {
      status: 'success', query: '8.8.8.8', country: 'United States', countryCode: 'US', region: 'CA', regionName: 'California',
      city: 'Mountain View', zip: '94043', lat: 37.422, lon: -122.085, timezone: 'America/Los_Angeles',
    });
    expect(await createIpLookup(config())()).toEqual({
      ip: '8.8.8.8', city: 'Mountain View', country: 'US', postal: '94043', loc: '37.422,-122.085', timezone: 'America/Los_Angeles',
    });
    expect(seen[0]?.url).toBe('/ip/json?key=k-123');
  });

  it('returns undefined, not null, when the address is unknown or the service fails', async () => {
    handler = answer(200, { status: 'fail', message: 'private range', query: '127.0.0.1' });
    expect(await createIpLookup(config())()).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
    handler = answer(403, { status: 'fail', message: 'invalid key' });
    expect(await createIpLookup(config())()).toBeUndefined();
    expect(errors).toHaveBeenCalledWith(ipLookupMessage, '(HTTP 403)');
  });
});

describe('console messages of failed calls', () => {
  const email = 'ada.lovelace@example.com';
  /** Everything the console was given, as text. */
  const logged = () => errors.mock.calls.flat().map(String);

  it('keep the spec\'s message but no email or query string when an email look-up times out', async () => {
    handler = () => {}; // never answers
    expect(await createSubscriptionApi({ ...config(), requestTimeoutMs: 100 }).checkSubscription(email, 'astrelle')).toBeNull();
    // The request did carry the email in its query: ky's TimeoutError quotes that URL in its message.
    expect(seen[0]?.url).toBe('/subs/users/check-subscription?email=ada.lovelace%40example.com&project=astrelle');
    expect(errors).toHaveBeenCalledExactlyOnceWith(subscriptionMessages.checkSubscription, expect.stringContaining('TimeoutError'));
    expect(subscriptionMessages.checkSubscription).toBe('cannot check subscription');
    // Still says which call it was, without what it was about.
    expect(logged()[1]).toContain('/subs/users/check-subscription');
    for (const text of logged()) {
      expect(text).not.toContain('ada.lovelace');
      expect(text).not.toContain('%40');
      expect(text).not.toContain('?email');
    }
  });

  it('redact an email anywhere in an error, plain or percent-encoded, in the log and in the result', async () => {
    const { callApi } = await import('./api-call');
    const thrown = new Error(`no account for ${email} (see https://api.example/users/${encodeURIComponent(email)}/plan?for=${email}#top)`);
    const result = await callApi('cannot get purchases', () => Promise.reject(thrown));
    expect(result).toEqual({ ok: false, status: null, reason: 'Error: no account for [redacted] (see https://api.example/users/[redacted]/plan' });
    expect(errors).toHaveBeenCalledExactlyOnceWith('cannot get purchases', `(${result.ok ? '' : result.reason})`);
    await callApi('cannot get purchases', () => Promise.reject(`rejected: ${encodeURIComponent(email)}`));
    expect(errors).toHaveBeenLastCalledWith('cannot get purchases', '(rejected: [redacted])');
    for (const text of logged()) expect(text).not.toMatch(/ada\.lovelace|%40|\?for=/);
  });
});

describe('when a request starts', () => {
  it('starts only when startRequests lets it, then answers as before', async () => {
    handler = (_request, _body, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify([]));
    };
    const waiting: Array<() => void> = [];
    const api = createSubscriptionApi({ subscriptionApiUrl: base, requestTimeoutMs: 2000, startRequests: (start) => void waiting.push(start) });
    const before = seen.length;
    const answer = api.getRecentPurchases('astrelle');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before);
    expect(waiting).toHaveLength(1);
    waiting[0]!();
    expect(await answer).toEqual([]);
    expect(seen.slice(before).map((r) => r.url)).toEqual(['/recent-purchases?project=astrelle']);
  });
});

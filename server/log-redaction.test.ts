import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { redactingLoggerOptions, redactRequestUrl, redactText, redactUrl, serializeError } from './log-redaction';

const EMAIL = 'ada.lovelace@example.com';
const KEY = 'SECRETKEY123';
const USID = '3f0c2a4e-9b1d-4c7e-8a55-6d2f1e0b9c31';
const COOKIE = 'visitor=COOKIEVALUE42';
// What must never reach a log line, in every spelling a URL can carry it.
const SECRETS = [EMAIL, encodeURIComponent(EMAIL), 'ada.lovelace', KEY, USID, 'COOKIEVALUE42'];

describe('redactUrl', () => {
  it.each([
    ['an email look-up', '/users/check-subscription?email=ada%40example.com&project=astrelle', '/users/check-subscription?email=[redacted]&project=astrelle'],
    ['the IP lookup key in an absolute URL', 'https://api.example/ip/json?key=SECRET&fields=66846719', 'https://api.example/ip/json?key=[redacted]&fields=66846719'],
    ['a usid', `/astro/api/v2/user/confirm-email?usid=${USID}`, '/astro/api/v2/user/confirm-email?usid=[redacted]'],
    ['names in mixed case', '/x?Email=a&KEY=b&UsId=c', '/x?Email=[redacted]&KEY=[redacted]&UsId=[redacted]'],
    ['percent-encoded names', '/x?%65mail=a&%4B%45%59=b&us%69d=c', '/x?%65mail=[redacted]&%4B%45%59=[redacted]&us%69d=[redacted]'],
    ['a name encoded twice', '/x?%2565mail=a', '/x?%2565mail=[redacted]'],
    ['repeated parameters', '/x?email=a&email=b&q=1&EMAIL=c', '/x?email=[redacted]&email=[redacted]&q=1&EMAIL=[redacted]'],
    ['an empty value', '/x?email=&q=1', '/x?email=[redacted]&q=1'],
    ['a value holding "="', '/x?key=abc==&q=1', '/x?key=[redacted]&q=1'],
    ['a "#" inside the value, which the query parser keeps in it', '/x?email=ada#@example.com&q=1', '/x?email=[redacted]&q=1'],
    ['a fragment after the query', '/x?q=1#section', '/x?q=1#section'],
    ['a parameter in the fragment (the router splits the query off at "#" too)', '/x#email=ada', '/x#email=[redacted]'],
    ['a parameter after a fragment', '/x?q=1#email=ada', '/x?q=1#email=[redacted]'],
    ['a nested URL in another value', '/login?next=/account?email=ada&q=1', '/login?next=/account?email=[redacted]&q=1'],
    ['a ";"-separated parameter', '/x?q=1;email=ada', '/x?q=1;email=[redacted]'],
    ['a malformed percent sequence', '/x?%E0%A4%A=1&email=a', '/x?%E0%A4%A=1&email=[redacted]'],
  ])('redacts %s', (_name, url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    ['a URL without a query', '/healthz'],
    ['an empty query', '/healthz?'],
    ['"email" in the path, which is not a query', '/users/email/ada@example.com'],
    ['"email=" in a path segment', '/email=ada@example.com/x?q=1'],
    ['names that only contain or resemble a secret one', '/x?emailx=a&xemail=b&e-mail=c&email_address=d&keys=e&e+mail=f'],
    ['parameters without a value', '/x?email&key&usid'],
    ['other parameters, byte for byte', '/x?q=caf%C3%A9+au+lait&limit=2&flag&=odd&a=b=c&&'],
    ['an empty string', ''],
  ])('leaves alone %s', (_name, url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('keeps every other parameter exactly as it was around the redacted ones', () => {
    expect(redactUrl('/places/search?q=caf%C3%A9+au+lait&email=ada%40example.com&limit=2&flag&usid=u-1&a=b=c')).toBe(
      '/places/search?q=caf%C3%A9+au+lait&email=[redacted]&limit=2&flag&usid=[redacted]&a=b=c',
    );
  });
});

describe('redactRequestUrl', () => {
  it('masks UUIDs and emails in the path, and the secret parameters in the query, leaving the rest', () => {
    expect(redactRequestUrl(`/subs/sessions/${USID}`)).toBe('/subs/sessions/[usid]');
    expect(redactRequestUrl(`/subs/sessions/write/${USID.toUpperCase()}?x=1`)).toBe('/subs/sessions/write/[usid]?x=1');
    expect(redactRequestUrl(`/a/${EMAIL}/b?usid=${USID}&q=${USID}`)).toBe(`/a/[redacted]/b?usid=[redacted]&q=${USID}`);
    expect(redactRequestUrl('/subs/orders/ord_abc123def456')).toBe('/subs/orders/ord_abc123def456');
  });
});

describe('redactText', () => {
  it('redacts the query values of URLs quoted in a message and the email addresses in it', () => {
    expect(redactText('Route GET:/nope?email=ada%40example.com&q=1 not found')).toBe('Route GET:/nope?email=[redacted]&q=1 not found');
    expect(redactText('Key (email, project)=(ada.lovelace@example.com, astrelle) already exists.')).toBe(
      'Key (email, project)=([redacted], astrelle) already exists.',
    );
    expect(redactText('no user ada%2Blove%40example.co.uk')).toBe('no user [redacted]');
  });

  it('leaves package versions in stack traces alone', () => {
    const frame = '    at run (/srv/node_modules/.pnpm/fastify@5.12.8/node_modules/fastify/lib/route.js:12:3)';
    expect(redactText(frame)).toBe(frame);
  });
});

describe('serializeError', () => {
  it('redacts the message, stack, causes and fields of an error', () => {
    const cause = new Error(`Request timed out: GET http://127.0.0.1/users?email=${encodeURIComponent(EMAIL)}&project=astrelle`);
    const error = Object.assign(new Error('duplicate key', { cause }), { code: '23505', detail: `Key (email)=(${EMAIL}) already exists.` });
    const logged = serializeError(error);
    expect(logged).toMatchObject({ type: 'Error', code: '23505', detail: 'Key (email)=([redacted]) already exists.' });
    expect(logged.message).toBe('duplicate key: Request timed out: GET http://127.0.0.1/users?email=[redacted]&project=astrelle');
    expect(logged.stack).toContain('caused by: Error: Request timed out: GET http://127.0.0.1/users?email=[redacted]');
    expect(JSON.stringify(logged)).not.toMatch(/ada\.lovelace|%40/);
  });

  it('survives a cycle of causes', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(serializeError(a).message).toBe('a: b');
  });
});

/** Collects the JSON log lines a server writes. */
function captureLog(): { stream: { write(line: string): void }; text: () => string; entries: () => Array<Record<string, unknown>> } {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

const secretQuery = `email=${encodeURIComponent(EMAIL)}&key=${KEY}&usid=${USID}`;

describe('the server\'s logs', () => {
  const log = captureLog();
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    app = await buildServer({
      logger: { stream: log.stream },
      ipLookup: {
        key: KEY,
        // An error that quotes what it failed on, as real ones do: it is logged by the error handler.
        locator: () => Promise.reject(new Error(`cannot look up /ip/json?key=${KEY}&usid=${USID} for ${EMAIL}`)),
      },
    });
    baseUrl = await listen(app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('logs requests with their path but without the email, key or usid in the query, nor any header', async () => {
    const headers = { cookie: COOKIE, authorization: `Bearer ${KEY}` };
    expect((await fetch(`${baseUrl}/places/search?q=paris&${secretQuery}`, { headers })).status).toBe(200);
    expect((await fetch(`${baseUrl}/healthz?usid=${USID}&EMAIL=${EMAIL}`, { headers })).status).toBe(200);
    expect((await fetch(`${baseUrl}/no-such-api?%65mail=${encodeURIComponent(EMAIL)}`, { headers })).status).toBe(404);
    // A usid or an email in the path (GET /subs/sessions/{usid}; a URL somebody typed) is masked too.
    expect((await fetch(`${baseUrl}/subs/sessions/${USID}`, { headers })).status).toBe(404);
    expect((await fetch(`${baseUrl}/no-such-api/${encodeURIComponent(EMAIL)}`, { headers })).status).toBe(404);

    const text = log.text();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const urls = log.entries().flatMap((entry) => {
      const req = entry.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toEqual([
      `/places/search?q=paris&email=[redacted]&key=[redacted]&usid=[redacted]`,
      '/healthz?usid=[redacted]&EMAIL=[redacted]',
      '/no-such-api?%65mail=[redacted]',
      '/subs/sessions/[usid]',
      '/no-such-api/[redacted]',
    ]);
    const incoming = log.entries().find((entry) => entry.msg === 'incoming request');
    expect(Object.keys((incoming?.req ?? {}) as object).sort()).toEqual(['host', 'method', 'remoteAddress', 'remotePort', 'url']);
  });

  it('logs a failed request\'s error without the values it quotes', async () => {
    const response = await fetch(`${baseUrl}/ip/json?${secretQuery}`);
    expect(response.status).toBe(500);
    const failure = log.entries().find((entry) => entry.msg === 'request failed');
    expect(failure?.err).toMatchObject({ message: 'cannot look up /ip/json?key=[redacted]&usid=[redacted] for [redacted]' });
    const text = log.text();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('/ip/json?email=[redacted]&key=[redacted]&usid=[redacted]');
  });
});

describe('Fastify\'s own messages', () => {
  it('quote the URL redacted (the default 404 handler\'s "Route … not found")', async () => {
    const log = captureLog();
    const bare = Fastify({ logger: redactingLoggerOptions(log.stream) });
    try {
      const response = await bare.inject({ method: 'GET', url: `/nope?${secretQuery}` });
      expect(response.statusCode).toBe(404);
      expect(log.entries().map((entry) => entry.msg)).toContain('Route GET:/nope?email=[redacted]&key=[redacted]&usid=[redacted] not found');
      for (const secret of SECRETS) expect(log.text()).not.toContain(secret);
    } finally {
      await bare.close();
    }
  });
});

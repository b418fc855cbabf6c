import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { earlyTapScript } from '../src/shared/early-tap';
import { isZoneHistory, type ZoneHistory } from '../src/engine/zone-history';
import { utcOffsetSeconds } from '../src/engine/utc-offset';
import { tzDataVersion, zoneHistory } from './tz/zone-histories';

const INDEX_HTML = '<!doctype html><html><head><title>Astrelle</title></head><body><div id="root"></div></body></html>';

let distDir: string;
let app: FastifyInstance;
let baseUrl: string;

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

function get(path: string, accept = 'application/json'): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { headers: { accept } });
}

function page(path: string): Promise<Response> {
  // What a browser sends when navigating.
  return get(path, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
}

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'astrelle-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, 'assets', 'index-3f2a1b.js'), 'console.log("app");');
  await writeFile(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(distDir, '.env'), 'SECRET=1');
  app = await buildServer({
    distDir,
    knownRoutes: ['/', '/quiz/1-1', '/privacy-policy', '/404'],
    connectSrc: ['https://api.astrelle.example'],
  });
  baseUrl = await listen(app);
});

afterAll(async () => {
  await app?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('GET /places/search', () => {
  it('answers matching places with the query echoed back', async () => {
    const response = await get('/places/search?q=paris');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { query: string; results: Array<Record<string, unknown>> };
    expect(body.query).toBe('paris');
    expect(body.results).toHaveLength(8);
    expect(body.results[0]).toMatchObject({
      name: 'Paris',
      country: 'France',
      countryCode: 'FR',
      label: 'Paris, Île-de-France, France',
      timeZone: 'Europe/Paris',
    });
  });

  it('lets clients cache answers for a day', async () => {
    const response = await get('/places/search?q=berlin');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('honours limit and narrows by region', async () => {
    const response = await get('/places/search?q=springfield%2C%20il&limit=2');
    const body = (await response.json()) as { results: Array<{ label: string; region?: string }> };
    expect(body.results.length).toBeLessThanOrEqual(2);
    expect(body.results[0]).toMatchObject({ label: 'Springfield, IL, United States', region: 'IL' });
  });

  it('trims the query before using and echoing it', async () => {
    const body = (await (await get('/places/search?q=%20%20tokyo%20')).json()) as { query: string; results: unknown[] };
    expect(body.query).toBe('tokyo');
    expect(body.results.length).toBeGreaterThan(0);
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await get('/places/search?q=xqzzvk');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ query: 'xqzzvk', results: [] });
  });

  it.each([
    ['a missing q', '/places/search', 'q'],
    ['a blank q', '/places/search?q=%20%20%20', 'q'],
    ['a q over 100 characters', `/places/search?q=${'a'.repeat(101)}`, 'q'],
    ['a non-numeric limit', '/places/search?q=paris&limit=abc', 'limit'],
    ['a limit above 20', '/places/search?q=paris&limit=21', 'limit'],
    ['a limit of 0', '/places/search?q=paris&limit=0', 'limit'],
  ])('rejects %s with a 400 naming the field', async (_case, path, field) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string; field: string };
    expect(body.error).toBe('Bad Request');
    expect(body.field).toBe(field);
    expect(body.message).toContain(field);
  });

  it('explains a short q in the validator’s words', async () => {
    const body = await (await get('/places/search?q=%20')).json();
    expect(body).toEqual({
      error: 'Bad Request',
      message: 'querystring/q must NOT have fewer than 1 characters',
      field: 'q',
    });
  });

  it('accepts a q of exactly 100 characters once trimmed', async () => {
    const response = await get(`/places/search?q=%20${'a'.repeat(100)}%20`);
    expect(response.status).toBe(200);
  });
});

describe('GET /places/zone', () => {
  it('answers a zone\'s whole history from the tz data, which the browser reads as the server does', async () => {
    const response = await get('/places/zone?id=Europe%2FAmsterdam');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const body = (await response.json()) as ZoneHistory;
    expect(body.zone).toBe('Europe/Amsterdam');
    expect(body.version).toBe(tzDataVersion());
    expect(isZoneHistory(body)).toBe(true);
    // Amsterdam's own history (backzone): +0:19:32 in the winter of 1930, +1:19:32 in its summer.
    expect(utcOffsetSeconds(body, '1930-01-15', '12:00')).toBe(1172);
    expect(utcOffsetSeconds(body, '1930-07-01', '12:00')).toBe(4772);
    expect(body).toEqual(zoneHistory('Europe/Amsterdam'));
  });

  it('answers a link with the zone it names', async () => {
    const body = (await (await get('/places/zone?id=Asia%2FCalcutta')).json()) as ZoneHistory;
    expect(body.zone).toBe('Asia/Kolkata');
  });

  it.each([
    ['a missing id', '/places/zone'],
    ['an unknown zone', '/places/zone?id=Mars%2FOlympus_Mons'],
    ['an inherited key', '/places/zone?id=constructor'],
    ['a path', '/places/zone?id=..%2F..%2Fetc%2Fpasswd'],
    ['a long id', `/places/zone?id=${'A'.repeat(65)}`],
  ])('rejects %s with a 400 naming id', async (_case, path) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string; field: string };
    expect(body).toMatchObject({ error: 'Bad Request', field: 'id' });
    expect(body.message).toContain('id');
  });
});

describe('single-page app', () => {
  it('serves index.html with 200 for a known client route', async () => {
    const response = await page('/quiz/1-1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('tolerates a trailing slash on a known route', async () => {
    expect((await page('/privacy-policy/')).status).toBe(200);
    expect((await page('/quiz/1-1/?utm_source=ad')).status).toBe(200);
  });

  it('serves index.html with 404 for an unknown page so the client can render its 404', async () => {
    const response = await page('/no-such-page');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('serves the root from index.html without long caching', async () => {
    const response = await page('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX_HTML);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches fingerprinted assets for a year as immutable', async () => {
    const response = await get('/assets/index-3f2a1b.js', '*/*');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toContain('console.log');
  });

  it('caches other static files briefly', async () => {
    const response = await get('/favicon.svg', '*/*');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const response = await page('/assets/gone-123.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('never serves dotfiles from the build', async () => {
    const response = await get('/.env', '*/*');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('SECRET');
  });

  it('answers non-HTML requests for unknown paths with JSON 404', async () => {
    const response = await get('/no-such-page', '*/*');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('sets a strict Content-Security-Policy and other security headers on HTML', async () => {
    const response = await page('/quiz/1-1');
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    // Our origin, and the one inline script, the landing's early-tap recorder, by the hash of its exact text.
    expect(directives.get('script-src')).toEqual(["'self'", `'sha256-${createHash('sha256').update(earlyTapScript).digest('base64')}'`]);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://api.astrelle.example']);
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('sets the security headers on the 404 page too', async () => {
    const response = await page('/no-such-page');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('API paths', () => {
  it.each(['/places/x', '/places', '/api/unknown'])('answers %s with JSON 404 even when HTML is accepted', async (path) => {
    const response = await page(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: 'Not Found' });
  });

  it('reports health at /healthz', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('limits request bodies to 1 MB', () => {
    expect(app.initialConfig.bodyLimit).toBe(1024 * 1024);
  });
});

describe('without a built app', () => {
  let bare: FastifyInstance;
  let bareUrl: string;

  beforeAll(async () => {
    bare = await buildServer({ distDir: join(distDir, 'does-not-exist'), knownRoutes: ['/quiz/1-1'] });
    bareUrl = await listen(bare);
  });

  afterAll(async () => {
    await bare?.close();
  });

  it('still answers place search and health', async () => {
    expect((await fetch(`${bareUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${bareUrl}/places/search?q=rome`)).status).toBe(200);
  });

  it('answers page requests with JSON 404', async () => {
    const response = await fetch(`${bareUrl}/quiz/1-1`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('buildServer options', () => {
  it('refuses a connect-src entry that could break out of the policy', async () => {
    await expect(buildServer({ connectSrc: ["https://ok.example; script-src 'unsafe-inline'"] })).rejects.toThrow(
      /connect-src/,
    );
    await expect(buildServer({ scriptSrc: ['https://connect.facebook.net *'] })).rejects.toThrow(/script-src/);
  });

  it('lets the configured SDKs load and send, and nothing else (scripts, images, connections)', async () => {
    const server = await buildServer({
      distDir,
      connectSrc: ['https://api2.amplitude.com', 'https://firebaseremoteconfig.googleapis.com'],
      scriptSrc: ['https://connect.facebook.net'],
      imgSrc: ['https://www.facebook.com'],
    });
    try {
      const url = await listen(server);
      const csp = (await fetch(`${url}/quiz/1-1`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy') ?? '';
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(earlyTapScript).digest('base64')}' https://connect.facebook.net`);
      expect(directive('img-src')).toBe("img-src 'self' data: https://www.facebook.com");
      expect(directive('connect-src')).toBe("connect-src 'self' https://api2.amplitude.com https://firebaseremoteconfig.googleapis.com");
      expect(directive('default-src')).toBe("default-src 'self'");
    } finally {
      await server.close();
    }
  });
});

describe('a production build (prerendered landing, precompressed assets)', () => {
  const LANDING = '<!doctype html><html><head></head><body><div id="root"><h1>Discover yourself</h1></div></body></html>';
  const SHELL = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
  const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  let buildDir: string;
  let server: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    buildDir = await mkdtemp(join(tmpdir(), 'astrelle-build-'));
    await mkdir(join(buildDir, 'assets'));
    await writeFile(join(buildDir, 'index.html'), LANDING);
    await writeFile(join(buildDir, 'app.html'), SHELL);
    await writeFile(join(buildDir, 'assets', 'index-abc.js'), SCRIPT);
    await writeFile(join(buildDir, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(buildDir, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
    server = await buildServer({ distDir: buildDir, knownRoutes: ['/', '/quiz/1-1'] });
    url = await listen(server);
  });

  afterAll(async () => {
    await server?.close();
    await rm(buildDir, { recursive: true, force: true });
  });

  const navigate = (path: string) => fetch(`${url}${path}`, { headers: { accept: 'text/html' } });

  it('serves the prerendered landing at / and the empty shell on every other route', async () => {
    expect(await (await navigate('/')).text()).toBe(LANDING);
    expect(await (await navigate('/quiz/1-1')).text()).toBe(SHELL);
    const unknown = await navigate('/nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(SHELL);
  });

  it('sends the brotli or gzip copy of an asset to a browser that accepts it', async () => {
    const br = await fetch(`${url}/assets/index-abc.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.text()).toBe(SCRIPT);
    const gz = await fetch(`${url}/assets/index-abc.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(SCRIPT);
  });
});

describe('Permissions-Policy', () => {
  /** The header's features, each of which must be denied to every origin ("feature=()"). */
  function deniedFeatures(response: Response): string[] {
    const header = response.headers.get('permissions-policy');
    expect(header, 'a Permissions-Policy header').not.toBeNull();
    const directives = (header ?? '').split(',').map((directive) => directive.trim());
    for (const directive of directives) expect(directive).toMatch(/^[a-z-]+=\(\)$/);
    return directives.map((directive) => directive.replace('=()', ''));
  }

  it('denies the powerful features the funnel never uses on every HTML page', async () => {
    for (const response of [await page('/quiz/1-1'), await page('/no-such-page'), await get('/index.html', 'text/html')]) {
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const features = deniedFeatures(response);
      expect(features).toEqual(expect.arrayContaining(['camera', 'microphone', 'geolocation', 'payment', 'usb', 'magnetometer', 'gyroscope', 'accelerometer']));
      // Chromium reports a feature it does not know as a console error on every page (the end-to-end tests
      // fail on those): Web Bluetooth is off on Linux, and FLoC and Topics are gone or going.
      expect(features).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(bluetooth|interest-cohort|browsing-topics)$/)]));
    }
  });

  it('is not sent with JSON answers, which are not documents', async () => {
    for (const response of [await get('/healthz'), await get('/places/search?q=paris'), await page('/api/unknown')]) {
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('permissions-policy')).toBeNull();
    }
  });

  it('is sent with the sandbox checkout pages too, which set their own CSP', async () => {
    const { openTestStore } = await import('./test-support/databases');
    const { store, cleanup } = await openTestStore('SQLite');
    const withCheckout = await buildServer({ store });
    try {
      const url = await listen(withCheckout);
      const response = await fetch(`${url}/subs/checkout/no-such-checkout-1`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      // The page's own policy, not the app's: the hook adds Permissions-Policy beside it.
      expect(response.headers.get('content-security-policy')).not.toContain(earlyTapScriptSourceOf());
      expect(deniedFeatures(response)).toContain('payment');
    } finally {
      await withCheckout.close();
      await store.close();
      await cleanup();
    }
  });
});

function earlyTapScriptSourceOf(): string {
  return `'sha256-${createHash('sha256').update(earlyTapScript).digest('base64')}'`;
}

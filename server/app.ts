import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { eventCatalogueOf, type EventCatalogue } from './analytics/event-catalogue';
import { DEFAULT_EVENT_LOG_SETTINGS, type EventLogSettings } from './analytics/event-log-settings';
import { analyticsRoutes } from './analytics/routes';
import { useStrictJsonBodies } from './api/json-body';
import { apiValidatorCompiler } from './api/validation';
import { astroRoutes } from './astro/routes';
import { registerCredential } from './auth/visitor-credential';
import type { Store } from './db/open';
import { jsonErrorHandler } from './error-handler';
import { ipLookupRoutes, type IpLookupOptions } from './ip/routes';
import { redactingLoggerOptions, type LogDestination } from './log-redaction';
import { registerPlaceSearch, registerZoneHistory } from './places/search-route';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimitSettings } from './rate-limits';
import { securityHeaders } from './security-headers';
import { registerHealthRoutes } from './health-routes';
import type { SharedRedis } from './redis-connection';
import type { CheckoutOptions } from './subs/checkout-routes';
import { subscriptionRoutes } from './subs/routes';
import { studioRoutes, type StudioFlow } from './studio/routes';
import { editorRoutes } from './flows/editor-routes';
import type { EditorTokens } from './flows/editor-tokens';
import { previewSigner } from './flows/preview-links';
import type { NamedPersona } from './flows/replay-personas';
import type { FlowPages } from './flows/flow-pages';

/** How to build the HTTP server. */
export interface ServerOptions {
  /** The built single-page app (Vite's `dist`). Not served when absent or missing on disk. */
  distDir?: string;
  /**
   * Log requests with Fastify's JSON logger, to standard output (`true`) or to `stream`; the email, key and
   * usid query values are redacted and no headers are logged (log-redaction.ts).
   */
  logger?: boolean | { stream: LogDestination };
  /** Client routes answered with index.html and status 200; other page paths get it with 404. */
  knownRoutes?: readonly string[];
  /** Origins besides our own that the page may fetch from (CSP connect-src). */
  connectSrc?: readonly string[];
  /** Origins besides our own that scripts and images may come from (the configured SDKs', dist/third-party.json). */
  scriptSrc?: readonly string[];
  imgSrc?: readonly string[];
  /** The database of the astro (/astro) and subscription (/subs) servers and the event log (/analytics); none is mounted without it. */
  store?: Store;
  /** The IP lookup (/ip); not mounted without it. */
  ipLookup?: IpLookupOptions;
  /** Other origins allowed to call /astro, /subs, /ip and /analytics (CORS). Same-origin calls need nothing. */
  corsOrigins?: readonly string[];
  /** Fastify's trustProxy: only then does X-Forwarded-For decide the client's address. */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean);
  /** The sandbox hosted checkout: the app's other origins and return pages that return URLs may name. */
  checkout?: CheckoutOptions;
  /**
   * Secrets that sign the visitor credential cookie, newest first (see auth/visitor-credential.ts). When absent
   * a random one is made for this process only (tests): credentials then end with it.
   */
  sessionSecrets?: readonly string[];
  /** Requests per minute per client address on the limited routes; default DEFAULT_RATE_LIMITS. */
  rateLimits?: RateLimitSettings;
  /** The Redis every process of the deployment shares (REDIS_URL): the rate limits count there while it is up. */
  redis?: SharedRedis;
  /** This process's name in /readyz (INSTANCE_NAME); default its pid. */
  instance?: string;
  /**
   * What the event log stores: the events and properties of the flows served (eventCatalogueOf). Default: only the
   * app's and the SDK's own events, since no flow is known.
   */
  eventCatalogue?: EventCatalogue;
  /** The event log's quotas per device and address and its daily ceiling; default DEFAULT_EVENT_LOG_SETTINGS. */
  eventLog?: EventLogSettings;
  /**
   * List the sample purchases a sandbox server seeded (seedSandboxPurchases) under "Recently joined", beside the real
   * ones; default false: only real purchases. On for a sandbox or development run only (SANDBOX_PURCHASES).
   */
  sandboxPurchases?: boolean;
  /**
   * Serve the flow studio: its page and files from `distDir` (dist-studio/) at /studio/, and its drop-off
   * API at /studio/api for `flows` (with `store`). Absent (the default, STUDIO=off): none of it is served.
   */
  studio?: {
    distDir?: string;
    flows: readonly StudioFlow[];
    /** Editors whose token the studio's API asks for; absent (`npm run dev` on a laptop only), it asks for none. */
    tokens?: EditorTokens;
  };
  /**
   * The editor API under /editor (with `store`): editors in `tokens` store checked versions of the flows, publish,
   * retire and preview them. Every stored version is first walked by each of `personas`. `changed` hears of each
   * publish and retirement made here. Absent: no /editor route.
   */
  editor?: { tokens: EditorTokens; personas: readonly NamedPersona[]; changed?: (flowId: string) => Promise<void> | void };
  /**
   * The app's pages and flow JSON of the flow version each visitor is served (flows/flow-pages.ts), from the build's
   * templates in `distDir`. Absent (server tests of a bare build): `distDir`'s HTML as it is, `knownRoutes` for the
   * status.
   */
  pages?: FlowPages;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
const STUDIO_REPORTS_PER_MINUTE = 20;
// Paths that are never pages: a miss there is an API 404 in JSON, not the app's 404 page.
const API_PREFIXES = ['/places', '/api', '/healthz', '/readyz', '/astro', '/subs', '/ip', '/analytics', '/studio/api', '/editor', '/flows'];
// The build's page templates: served only filled in, with the visitor's flow version (flows/flow-pages.ts).
const TEMPLATES = /^\/(index|app|landing)\.html(\.br|\.gz)?$/;
const ASSETS_PREFIX = '/assets/';

/**
 * Builds the Astrelle HTTP server: place search, a health check, and (with `distDir`) the built
 * single-page app with its client-side routes. Call `listen` on the result.
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? redactingLoggerOptions(options.logger === true ? undefined : options.logger.stream) : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Both are also refused by the API scopes' own JSON parser (api/json-body.ts); this covers the rest.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A malformed URL or a path parameter over the router's 100 characters is bad input: answer it in the
    // same JSON shape as every other error (Fastify's own body adds code and statusCode, and says 414).
    frameworkErrors: (error, _request, reply) => {
      (reply as unknown as FastifyReply).code(400).send({ error: 'Bad Request', message: error.message });
    },
  });
  app.setErrorHandler(jsonErrorHandler);
  // First, so that its count of answered requests hears of every route.
  registerHealthRoutes(app, { store: options.store, redis: options.redis, instance: options.instance });
  app.addHook('onSend', securityHeaders({ connectSrc: options.connectSrc, scriptSrc: options.scriptSrc, imgSrc: options.imgSrc }));

  registerPlaceSearch(app);
  registerZoneHistory(app);
  const { store, ipLookup } = options;
  const corsOrigins = options.corsOrigins ?? [];
  // Another origin calling the APIs makes the credential cookie cross-site (SameSite=None; Secure).
  const secrets = options.sessionSecrets ?? [randomBytes(32).toString('base64url')];
  await registerCredential(app, { secrets, crossSite: corsOrigins.length > 0 });
  const limits = await registerRateLimits(app, options.rateLimits ?? DEFAULT_RATE_LIMITS, options.redis);
  if (store) {
    await app.register(apiScope(astroRoutes, { store, limits }, corsOrigins), { prefix: '/astro' });
    await app.register(apiScope(subscriptionRoutes, { store, checkout: options.checkout, limits, sandboxPurchases: options.sandboxPurchases ?? false }, corsOrigins), {
      prefix: '/subs',
    });
    // Not an apiScope: Amplitude's wire format has its own bodies (text/plain too) and error shape.
    const eventLog = options.eventLog ?? DEFAULT_EVENT_LOG_SETTINGS;
    await app.register(analyticsRoutes, {
      prefix: '/analytics',
      store,
      catalogue: options.eventCatalogue ?? eventCatalogueOf([]),
      rateLimit: limits.analytics,
      quotas: eventLog.quotas,
      dailyCeilingBytes: eventLog.dailyCeilingBytes,
      corsOrigins,
    });
    if (options.editor) {
      const { tokens, personas, changed = () => undefined } = options.editor;
      // A version may use only the art the build ships, blurred copies included (when the app is served from a build).
      const built = options.distDir ? resolve(options.distDir) : undefined;
      const assets =
        built && (await isDirectory(built))
          ? { exists: (path: string) => !path.split('/').includes('..') && existsSync(join(built, path)), where: "the app's build", blurredCopies: true }
          : undefined;
      await app.register(editorRoutes, { prefix: '/editor', store, tokens, personas, preview: previewSigner(secrets), rateLimit: limits.editor, changed, ...(assets ? { assets } : {}) });
    }
  }
  // The studio's report reads the event log: a few a minute are plenty for a person looking at it.
  if (options.studio) await registerStudio(app, options.studio, store, { max: STUDIO_REPORTS_PER_MINUTE, timeWindow: 60_000 });
  if (ipLookup) await app.register(apiScope(ipLookupRoutes, { ...ipLookup, rateLimit: limits.ipLookups }, corsOrigins), { prefix: '/ip' });

  const distDir = options.distDir ? resolve(options.distDir) : undefined;
  const serveApp = distDir !== undefined && (await isDirectory(distDir));
  if (serveApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // @fastify/static serves dotfiles by default; nothing in a build should be reached that way.
      dotfiles: 'ignore',
      // scripts/build.mjs writes .br and .gz copies; they are sent when the browser accepts them.
      preCompressed: true,
      // We set Cache-Control per file below; send's default max-age=0 would fight it.
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlFor(relative(distDir, path))),
      // With live flows, `/` and the templates are pages of the visitor's version, made by the not-found handler below.
      ...(options.pages ? { index: false as const, allowedPath: (pathName: string) => !TEMPLATES.test(pathName) } : {}),
    });
  }
  if (serveApp && options.pages) {
    const pages = options.pages;
    pages.register(app);
    // The landing is a page like the others, of the visitor's version (the static files have no index), whatever the
    // request accepts, as a static index.html would be.
    app.get('/', async (request, reply) => ((await pages.page(request, reply, '/')) ? reply : notFound(request, reply, '/')));
  }

  const knownRoutes = new Set((options.knownRoutes ?? []).map(withoutTrailingSlash));
  app.setNotFoundHandler(async (request, reply) => {
    const path = withoutTrailingSlash(request.url.split('?', 1)[0] ?? '/');
    if (serveApp && isPageRequest(request, path)) {
      if (options.pages) {
        if (await options.pages.page(request, reply, path)) return reply;
      }
      const html = options.pages ? undefined : await readIndexHtml(distDir);
      if (html !== undefined) {
        // The client renders its own /404 page; the status still tells crawlers the truth.
        return reply
          .code(knownRoutes.has(path) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(html);
      }
    }
    return notFound(request, reply, path);
  });

  return app;
}

/**
 * The flow studio: /studio sends to /studio/, whose files come from the studio's own build (never cached as the
 * app's fingerprinted files are not: its index names them), kept out of search engines; its API under /studio/api.
 */
async function registerStudio(app: FastifyInstance, studio: NonNullable<ServerOptions['studio']>, store: Store | undefined, rateLimit: { max: number; timeWindow: number }) {
  const distDir = studio.distDir ? resolve(studio.distDir) : undefined;
  if (distDir && (await isDirectory(distDir))) {
    app.get('/studio', async (_request, reply) => reply.redirect('/studio/', 302));
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/studio/',
      decorateReply: false,
      dotfiles: 'ignore',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(relative(distDir, path)));
        reply.header('x-robots-tag', 'noindex');
      },
    });
  }
  if (store) await app.register(apiScope(studioRoutes, { store, flows: studio.flows, rateLimit, ...(studio.tokens ? { tokens: studio.tokens } : {}) }, []), { prefix: '/studio/api' });
}

/**
 * Wraps an API's routes in their own scope: strict JSON bodies, the contract's validator, answers that no
 * cache keeps unless a route says otherwise (most carry personal data), and CORS for the listed origins
 * (requests from other origins get no CORS headers, so browsers refuse them), with the credential cookie.
 */
function apiScope<Options>(routes: (scope: FastifyInstance, options: Options) => Promise<void>, options: Options, corsOrigins: readonly string[]): FastifyPluginAsync {
  return async (scope) => {
    useStrictJsonBodies(scope);
    scope.setValidatorCompiler(apiValidatorCompiler);
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
    // Fastify answers HEAD for every GET, each HEAD route with a rate-limit budget of its own, and a HEAD's
    // content-length can tell what the GET would (isPremium true or false): the APIs have no use for HEAD.
    scope.addHook('onRequest', async (request, reply) => {
      if (request.method === 'HEAD') return reply.code(405).header('allow', 'GET, POST, PUT').send();
      return undefined;
    });
    if (corsOrigins.length > 0) {
      await scope.register(fastifyCors, {
        origin: [...corsOrigins],
        credentials: true,
        methods: ['GET', 'POST', 'PUT'],
        allowedHeaders: ['content-type'],
        maxAge: 600,
      });
    }
    await routes(scope, options);
  };
}

function notFound(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply {
  return reply.code(404).send({ error: 'Not Found', message: `Route ${request.method}:${path} not found` });
}

function isPageRequest(request: FastifyRequest, path: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (path.startsWith(ASSETS_PREFIX)) return false;
  if (API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  // Scripts, images and fetches send */* or a specific type; only navigations ask for HTML by name.
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

function cacheControlFor(pathInDist: string): string {
  // Vite fingerprints everything under assets/, so a given URL never changes content.
  if (pathInDist.startsWith(`assets${sep}`)) return 'public, max-age=31536000, immutable';
  // HTML names the current fingerprinted bundles: always revalidate it.
  if (pathInDist.endsWith('.html')) return 'no-cache';
  // Unversioned files copied from public/ (backgrounds, icons): fresh for a while, then revalidated.
  return 'public, max-age=3600';
}

function withoutTrailingSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

// Read on each fallback rather than once at start-up, so a rebuild of dist is picked up without a restart.
// app.html is the empty shell; index.html has the landing prerendered into it (scripts/build.mjs), which
// must not flash on any other route. A build without the prerender has only index.html.
async function readIndexHtml(distDir: string): Promise<Buffer | undefined> {
  for (const name of ['app.html', 'index.html']) {
    try {
      return await readFile(join(distDir, name));
    } catch {
      // try the next
    }
  }
  return undefined;
}

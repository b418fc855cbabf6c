import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './app';
import { storeLocationFromEnv, type StoreLocation } from './db/location';
import { prepareStore, type Store } from './db/open';
import { openGeoLocator } from './ip/geo';
import { knownRoutesOf, parseFlowFiles, readFlowFileTexts, type FlowFileText } from './known-routes';
import { loadGazetteer } from './places/gazetteer';
import { loadSessionSecrets } from './auth/visitor-credential';
import { readRateLimitSettings, type RateLimitSettings } from './rate-limits';
import { readEventLogSettings } from './analytics/event-log-settings';
import { startEventRetention } from './analytics/event-retention';
import { readFlowText, formatProblem } from '../src/shared/check-flow-text';
import { seedFlowStore } from './flows/flow-store';
import { LiveFlows } from './flows/live-flows';
import { FlowPages, type PrerenderLanding } from './flows/flow-pages';
import { readEditorTokens, type EditorTokens } from './flows/editor-tokens';
import { readPersonas, type NamedPersona } from './flows/replay-personas';
import { previewSigner } from './flows/preview-links';
import { seedCatalogue } from './subs/catalogue';
import { seedSandboxPurchases } from './subs/recent-purchases';
import { readTrustProxy } from './trust-proxy';
import { studioFlowsOf } from './studio/routes';
import { connectSharedRedis } from './redis-connection';

// Entry point: `npm start` runs its build, dist-server/main.js (scripts/build-server.mjs), with plain Node;
// `npx tsx server/main.ts` runs it from source. Configuration comes from the environment:
// ROOT_DIR (the repository, holding flows/ and the default DIST_DIR and DATA_DIR; scripts/start.mjs passes it,
// and without it the folder above this file's is taken: right for server/main.ts and dist-server/main.js),
// PORT (3000), HOST (0.0.0.0), DIST_DIR (<repo>/dist), CONNECT_SRC (extra CSP connect-src origins),
// NODE_ENV=production for JSON request logs;
// DATABASE_URL (PostgreSQL; without it SQLite in DATA_DIR, default <repo>/data), DATABASE_POOL_SIZE (PostgreSQL:
// the most connections opened, default DEFAULT_POOL_SIZE in db/open.ts), DATABASE_PREPARED_STATEMENTS=off (PostgreSQL:
// no named statements, for a pooler that cannot carry them), PROJECT_ID (astrelle:
// the project whose plans are seeded), CORS_ORIGINS (other origins allowed to call the APIs, comma-
// separated), TRUST_PROXY (true, a hop count, or the proxies' addresses/CIDRs: only then is
// X-Forwarded-For believed), IP_LOOKUP_KEY (the key /ip/json requires; unset accepts any),
// IP_LOOKUP_MMDB (a GeoLite2/GeoIP2 City .mmdb to use instead of the bundled one), GAZETTEER_CACHE_DIR (where the
// place index is kept between starts), SQLITE_GROUP_COMMIT=off
// (one transaction and fsync per write instead of batching the writes that arrive together), APP_ORIGINS
// (other origins of the app that the hosted checkout may send visitors back to, comma-separated),
// CHECKOUT_RETURN_PATHS (the app's pages a checkout may return to, comma-separated; default /payment-success,
// /payment-error, /sale, /secret-discount, /select-price, /signup-offer, /signup-offer-success), SESSION_SECRET
// (signs the visitor credential cookie; comma-separated, newest first, to rotate; unset: one generated on
// first start and kept in DATA_DIR/session-secret), RATE_LIMIT_LOOKUPS, RATE_LIMIT_SESSIONS,
// RATE_LIMIT_CHECKOUTS, RATE_LIMIT_IP_LOOKUPS, RATE_LIMIT_ANALYTICS, RATE_LIMIT_EDITOR (requests per minute per client address),
// EVENT_QUOTA_DEVICE_PER_SECOND, EVENT_QUOTA_DEVICE_PER_DAY, EVENT_QUOTA_ADDRESS_PER_SECOND, EVENT_QUOTA_ADDRESS_PER_DAY
// (events the event log takes per device and per client address), EVENT_QUOTA_ADDRESS_MB_PER_MINUTE (megabytes of upload
// bodies per address a minute), EVENT_QUOTA_ADDRESS_MB_PER_DAY (megabytes of events stored per address a UTC day),
// EVENT_LOG_DAILY_MB (megabytes of events it stores a UTC day), EVENT_RETENTION_DAYS (days an event is kept after it
// arrived, default 400, at least 7: each process deletes the older ones every hour),
// FLOW_FILE (the flow the app was built with, instead of flows/*.json's of the same id: it seeds an empty flow store),
// PRERENDER_MODULE (the landing's server renderer the build compiled with the app: default <DIST_DIR>-ssr/prerender.js;
// it must be of the same build as DIST_DIR, where it resolves its packages from node_modules),
// EDITOR_TOKENS (name:token pairs, comma-separated: the editors the /editor API lets store, publish, retire and
// preview flow versions; unset: the editor API refuses everyone),
// SANDBOX_PURCHASES (on/off: seed sample purchases and list them under "Recently joined" beside the real ones, marked
// as sandbox data; default on, except off with NODE_ENV=production, where only real purchases are listed),
// REDIS_URL (redis:// or rediss://: the rate limits are counted there, shared by every process; unset or unreachable, each
// process counts alone), INSTANCE_NAME (this process's name in /readyz), SHUTDOWN_GRACE_MS (how long SIGTERM waits for
// the requests in flight, default 10000),
// STUDIO (on/off, default off: serve the flow studio at /studio/ from STUDIO_DIST_DIR, default <repo>/dist-studio,
// with its drop-off API, which asks for an editor token of EDITOR_TOKENS), STUDIO_OPEN (on: the studio's API asks for
// no token; `npm run dev` sets it on a laptop; refused with NODE_ENV=production).

/** Connections the kernel holds for the server before it accepts them. */
const LISTEN_BACKLOG = 4096;
/** How long a stopping process waits for the requests in flight (SHUTDOWN_GRACE_MS). */
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
const repoRoot = resolve(process.env.ROOT_DIR || fileURLToPath(new URL('..', import.meta.url)));

/** Exits with a single line on stderr: start-up mistakes should be obvious, not a stack trace. */
function fail(message: string): never {
  console.error(`Astrelle failed to start: ${message}`);
  process.exit(1);
}

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) fail(`invalid PORT "${value}": expected an integer from 0 to 65535`);
  return port;
}

function readOrigins(value: string | undefined, name: string): string[] {
  const origins = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin) fail(`invalid origin "${origin}" in ${name}: expected scheme://host[:port], nothing more`);
  }
  return origins;
}

/** The SDK origins the build wrote (dist/third-party.json); none when the file is missing (no SDK configured). */
function readThirdPartySources(file: string): { scriptSrc: string[]; imgSrc: string[]; connectSrc: string[] } {
  const none = { scriptSrc: [], imgSrc: [], connectSrc: [] };
  if (!existsSync(file)) return none;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const record: Record<string, unknown> = typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed)) : {};
    const list = (key: string): string[] => {
      const value = record[key];
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    };
    return { scriptSrc: list('scriptSrc'), imgSrc: list('imgSrc'), connectSrc: list('connectSrc') };
  } catch {
    fail(`unreadable ${file}: run npm run build again`);
  }
}

function readSwitch(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'on') return true;
  if (value === 'off') return false;
  fail(`invalid ${name} "${value}": expected on or off`);
}

function readReturnPaths(value: string | undefined): string[] | undefined {
  const paths = (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (paths.length === 0) return undefined;
  for (const path of paths) {
    if (!/^\/[A-Za-z0-9\-._~/]*$/.test(path) || path.startsWith('//') || /(^|\/)\.\.?(\/|$)/.test(path)) {
      fail(`invalid path "${path}" in CHECKOUT_RETURN_PATHS: expected an absolute path such as /payment-success`);
    }
  }
  return paths;
}

function readGraceMs(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SHUTDOWN_GRACE_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms > 600_000) fail(`invalid SHUTDOWN_GRACE_MS "${value}": expected milliseconds, a whole number from 0 to 600000`);
  return ms;
}

function readRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')) fail(`invalid REDIS_URL: expected redis://[user:password@]host[:port][/db] or rediss://…`);
  return value;
}

const port = readPort(process.env.PORT);
const shutdownGraceMs = readGraceMs(process.env.SHUTDOWN_GRACE_MS);
const redisUrl = readRedisUrl(process.env.REDIS_URL);
const instance = process.env.INSTANCE_NAME || undefined;
const host = process.env.HOST || '0.0.0.0';
const distDir = resolve(process.env.DIST_DIR || resolve(repoRoot, 'dist'));
// Origins the page may fetch from besides this one (e.g. VITE_PLACES_API_URL's), space- or comma-separated.
const connectSrc = (process.env.CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean);
// The origins of the SDKs the build configured (scripts/build.mjs writes them from the same VITE_* variables).
const thirdParty = readThirdPartySources(resolve(distDir, 'third-party.json'));

const projectId = process.env.PROJECT_ID || 'astrelle';
if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(projectId)) fail(`invalid PROJECT_ID "${projectId}": expected lower-case letters, digits, - and _`);
const corsOrigins = readOrigins(process.env.CORS_ORIGINS, 'CORS_ORIGINS');
const appOrigins = readOrigins(process.env.APP_ORIGINS, 'APP_ORIGINS');
const returnPaths = readReturnPaths(process.env.CHECKOUT_RETURN_PATHS);
const trustProxy = readTrustProxy(process.env.TRUST_PROXY);
let storeLocation: StoreLocation;
try {
  storeLocation = storeLocationFromEnv(process.env, repoRoot);
} catch (error) {
  fail((error as Error).message);
}
const { dataDir, databaseUrl, poolSize, preparedStatements } = storeLocation;
const sandboxPurchases = readSwitch(process.env.SANDBOX_PURCHASES, 'SANDBOX_PURCHASES', process.env.NODE_ENV !== 'production');

const studioOn = readSwitch(process.env.STUDIO, 'STUDIO', false);
// `npm run dev` on a laptop: the studio's API asks for no editor token. Never in production.
const studioOpen = readSwitch(process.env.STUDIO_OPEN, 'STUDIO_OPEN', false);
if (studioOpen && process.env.NODE_ENV === 'production') fail('STUDIO_OPEN=on serves the studio\'s numbers to anyone: it is for npm run dev on a laptop, never with NODE_ENV=production');
const studioDir = resolve(process.env.STUDIO_DIST_DIR || resolve(repoRoot, 'dist-studio'));

let rateLimits: RateLimitSettings;
let eventLog: ReturnType<typeof readEventLogSettings>;
let sessionSecrets: string[];
try {
  rateLimits = readRateLimitSettings(process.env);
  eventLog = readEventLogSettings(process.env);
  sessionSecrets = await loadSessionSecrets(process.env.SESSION_SECRET, dataDir);
} catch (error) {
  fail((error as Error).message);
}

// The flow files: flows/*.json (and FLOW_FILE, the flow the app was built with) seed an empty flow store with their
// version 1, published; from then on the running funnel is whatever the store publishes. The studio's report counts by
// them too (STUDIO=on).
const flowsDir = resolve(repoRoot, 'flows');
let flowTexts: FlowFileText[];
let flowFiles: unknown[];
try {
  flowTexts = await readFlowFileTexts(flowsDir);
  flowFiles = parseFlowFiles(flowTexts, flowsDir);
} catch (error) {
  fail((error as Error).message);
}
let appFlowText: string | null = null;
if (process.env.FLOW_FILE) {
  const flowFile = resolve(repoRoot, process.env.FLOW_FILE);
  try {
    appFlowText = readFileSync(flowFile, 'utf8');
    flowFiles.push(JSON.parse(appFlowText));
  } catch (error) {
    fail(`cannot read FLOW_FILE ${flowFile}: ${(error as Error).message}`);
  }
}
const knownRoutes = knownRoutesOf(flowFiles);
// Each valid flow file seeds its flow; an invalid one seeds nothing (flow:check says why).
const seeds = new Map<string, string>();
for (const { name, text } of [...flowTexts, ...(appFlowText ? [{ name: 'FLOW_FILE', text: appFlowText }] : [])]) {
  const { flow, problems } = readFlowText(name, text);
  if (flow) seeds.set(flow.id, text);
  else console.warn(`A flow file does not validate: it seeds no flow version. ${problems[0] ? formatProblem(problems[0]) : ''}`);
}
// The flow the app runs: FLOW_FILE's, else the first of flows/.
const appFlowId = appFlowText ? (JSON.parse(appFlowText) as { id: string }).id : ([...seeds.keys()][0] ?? 'astrology');

let editorTokens: EditorTokens;
let personas: NamedPersona[];
try {
  editorTokens = readEditorTokens(process.env.EDITOR_TOKENS);
  personas = await readPersonas(resolve(flowsDir, 'personas'));
} catch (error) {
  fail((error as Error).message);
}

// Load the place index before accepting traffic, so the first visitor's search is not the slow one.
const gazetteer = loadGazetteer();

// Migrate and seed before accepting traffic.
let store: Store;
try {
  const groupCommit = process.env.SQLITE_GROUP_COMMIT !== 'off';
  store = await prepareStore({ databaseUrl, dataDir, groupCommit, poolSize, preparedStatements }, async (s) => {
    await seedCatalogue(s, projectId);
    if (sandboxPurchases) await seedSandboxPurchases(s, projectId);
    await seedFlowStore(s, [...seeds].map(([flowId, text]) => ({ flowId, text })));
  });
} catch (error) {
  fail(`cannot open the database: ${(error as Error).message}`);
}
const stopEventRetention = startEventRetention(store, { retentionDays: eventLog.retentionDays });
// The IP database opens in the background; the first lookup waits for it (and a failed open is retried).
const mmdbPath = process.env.IP_LOOKUP_MMDB || undefined;
let warmLocator: ReturnType<typeof openGeoLocator> | undefined = openGeoLocator(mmdbPath);
warmLocator.catch(() => undefined);
const locator = () => {
  const opening = warmLocator ?? openGeoLocator(mmdbPath);
  warmLocator = undefined;
  return opening;
};

// The published versions, kept fresh; the pages of each visitor's version, their landing prerendered by the build's
// compiled renderer (dist-ssr/prerender.js beside dist/).
const live = new LiveFlows(store);
let prerender: PrerenderLanding | null = null;
try {
  await live.start();
  const rendererFile = resolve(process.env.PRERENDER_MODULE || `${distDir}-ssr/prerender.js`);
  if (existsSync(rendererFile)) prerender = ((await import(pathToFileURL(rendererFile).href)) as { prerender: PrerenderLanding }).prerender;
} catch (error) {
  fail(`cannot start serving the flows: ${(error as Error).message}`);
}
// Shared by every process of a deployment for the rate limits; it connects in the background and may come and go.
const redis = redisUrl ? connectSharedRedis(redisUrl) : undefined;

const pages = new FlowPages({ distDir, live, appFlowId, prerender, preview: previewSigner(sessionSecrets) });

let app: Awaited<ReturnType<typeof buildServer>>;
try {
  app = await buildServer({
    distDir,
    knownRoutes,
    connectSrc: [...connectSrc, ...thirdParty.connectSrc],
    scriptSrc: thirdParty.scriptSrc,
    imgSrc: thirdParty.imgSrc,
    logger: process.env.NODE_ENV === 'production',
    store,
    ipLookup: { locator, key: process.env.IP_LOOKUP_KEY || undefined },
    corsOrigins,
    trustProxy,
    checkout: { appOrigins, returnPaths },
    sessionSecrets,
    rateLimits,
    ...(redis ? { redis } : {}),
    ...(instance ? { instance } : {}),
    eventCatalogue: live.catalogue,
    pages,
    editor: { tokens: editorTokens, personas, changed: () => live.refresh() },
    eventLog,
    sandboxPurchases,
    ...(studioOn ? { studio: { distDir: studioDir, flows: studioFlowsOf(flowFiles), ...(studioOpen ? {} : { tokens: editorTokens }) } } : {}),
  });
} catch (error) {
  fail((error as Error).message);
}

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) {
    // A second Ctrl-C means "now".
    process.exit(1);
  }
  closing = true;
  console.log(`${signal} received: no new connections; finishing the requests in flight (at most ${shutdownGraceMs} ms)…`);
  // A client holding a request open must not keep a deploy waiting forever.
  setTimeout(() => {
    console.error(`Astrelle did not finish its requests within ${shutdownGraceMs} ms (SHUTDOWN_GRACE_MS); exiting anyway.`);
    process.exit(1);
  }, shutdownGraceMs).unref();
  // Stops listening, answers 503 to any new request on a kept-alive connection, and resolves once every request in
  // flight has been answered (a payment being confirmed is finished, not cut).
  await app.close();
  live.stop();
  await stopEventRetention();
  await redis?.close();
  await store.close();
  console.log('Astrelle stopped.');
  process.exit(0);
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

try {
  // A queue of connections waiting to be accepted, for the moment a proxy moves the traffic of a process that died
  // onto this one all at once: with Node's default of 511, the rest of a thousand connections were dropped and timed
  // out at the proxy, which then took this process for dead too. The kernel caps it (net.core.somaxconn).
  await app.listen({ port, host, backlog: LISTEN_BACKLOG });
} catch (error) {
  fail((error as Error).message);
}

const { port: boundPort } = app.server.address() as AddressInfo;
const { places, loadMs, indexBuildMs } = gazetteer.stats;
console.log(
  `Places: ${places.toLocaleString('en')} loaded in ${Math.round(loadMs + indexBuildMs)} ms; ` +
    `${knownRoutes.length} app routes; ${existsSync(distDir) ? `serving ${distDir}` : `no app build at ${distDir}`}`,
);
console.log(`Database: ${store.description}`);
console.log(redis ? `Rate limits: shared through Redis at ${redis.description}` : 'Rate limits: counted by this process (no REDIS_URL)');
console.log(
  `Flow "${appFlowId}": version ${live.publishedVersion(appFlowId) ?? '(none)'} published; ` +
    `editor API ${editorTokens.count > 0 ? `open to ${editorTokens.count} editor${editorTokens.count === 1 ? '' : 's'}` : 'off (no EDITOR_TOKENS)'}` +
    `${prerender ? '' : `; no landing renderer at ${process.env.PRERENDER_MODULE || `${distDir}-ssr/prerender.js`}: the landing is sent unrendered (npm run build)`}`,
);
console.log(`Astrelle is running at http://localhost:${boundPort}`);
if (studioOn) {
  console.log(`Flow studio: http://localhost:${boundPort}/studio/${existsSync(studioDir) ? '' : ` (no studio build at ${studioDir}: only its API)`}`);
}

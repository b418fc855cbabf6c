import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { readKnownRoutes } from './known-routes';
import { loadGazetteer } from './places/gazetteer';

// Entry point (`npx tsx server/main.ts`, or `npm start`). Configuration comes from the environment:
// PORT (3000), HOST (0.0.0.0), DIST_DIR (<repo>/dist), CONNECT_SRC (extra CSP connect-src origins),
// NODE_ENV=production for JSON request logs.

const CLOSE_TIMEOUT_MS = 10_000;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

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

const port = readPort(process.env.PORT);
const host = process.env.HOST || '0.0.0.0';
const distDir = resolve(process.env.DIST_DIR || resolve(repoRoot, 'dist'));
// Origins the page may fetch from besides this one (e.g. VITE_PLACES_API_URL's), space- or comma-separated.
const connectSrc = (process.env.CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean);

let knownRoutes: string[];
try {
  knownRoutes = await readKnownRoutes(resolve(repoRoot, 'flows'));
} catch (error) {
  fail((error as Error).message);
}

// Load the place index before accepting traffic, so the first visitor's search is not the slow one.
const gazetteer = loadGazetteer();

let app: Awaited<ReturnType<typeof buildServer>>;
try {
  app = await buildServer({ distDir, knownRoutes, connectSrc, logger: process.env.NODE_ENV === 'production' });
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
  console.log(`${signal} received, closing…`);
  // A client holding a request open must not keep a deploy waiting forever.
  setTimeout(() => {
    console.error(`Astrelle did not close within ${CLOSE_TIMEOUT_MS / 1000} s; exiting anyway.`);
    process.exit(1);
  }, CLOSE_TIMEOUT_MS).unref();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

try {
  await app.listen({ port, host });
} catch (error) {
  fail((error as Error).message);
}

const { port: boundPort } = app.server.address() as AddressInfo;
const { places, loadMs, indexBuildMs } = gazetteer.stats;
console.log(
  `Places: ${places.toLocaleString('en')} loaded in ${Math.round(loadMs + indexBuildMs)} ms; ` +
    `${knownRoutes.length} app routes; ${existsSync(distDir) ? `serving ${distDir}` : `no app build at ${distDir}`}`,
);
console.log(`Astrelle is running at http://localhost:${boundPort}`);

#!/usr/bin/env node
// The server's production build: server/main.ts and everything it imports from server/ and src/, compiled
// and bundled by Vite (rolldown) into one ES module, dist-server/main.js (and its source map), which
// `npm start` runs with plain Node: no TypeScript loader in the process. Every npm package stays an import
// that Node resolves from node_modules at run time (native better-sqlite3, pg, fastify, …, and the offline
// GeoLite2 and gazetteer data packages), so the bundle holds only this repository's code.
//
//   node scripts/build-server.mjs [--quiet] [--if-stale] [--out-dir <dir>]
//
// scripts/build.mjs runs it after the app; scripts/start.mjs when the bundle is older than its sources
// (--if-stale). It takes well under a second.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the bundle goes: gitignored, and outside dist/, which the server sends to anyone who asks. */
export const serverOutDir = join(root, 'dist-server');
export const serverEntry = join(serverOutDir, 'main.js');
/** What the bundle is built from: a change to any of them makes it out of date. */
const serverSources = ['server', 'src', 'scripts/build-server.mjs'].map((p) => join(root, p));

/** The newest modification time under `path` (0 when missing). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** True when `entry` is missing or older than a file of server/, src/ or this script. */
export function serverBuildIsStale(entry = serverEntry) {
  return !existsSync(entry) || Math.max(...serverSources.map(newestMtime)) > statSync(entry).mtimeMs;
}

/** An npm package or a Node built-in (`fastify`, `@fastify/static`, `typebox/value`, `node:fs`): left to Node. */
const isPackageImport = (id) => isBuiltin(id) || !(id.startsWith('.') || isAbsolute(id) || id.startsWith('\0'));

/**
 * Bundles the server into `outDir` (dist-server/ by default) and resolves once `main.js` is there. The files
 * are written to a folder of their own first and then renamed into place, so a server starting meanwhile
 * reads the old bundle or the new one, never half of one.
 */
export async function buildServer({ outDir = serverOutDir, quiet = false } = {}) {
  // Imported here, not above: `npm start` imports this file, and a production install that was built
  // before its dev dependencies were pruned has no Vite.
  const { build } = await import('vite');
  const target = resolve(outDir);
  const staging = `${target}.building-${process.pid}`;
  try {
    await build({
      configFile: false,
      root,
      logLevel: quiet ? 'warn' : 'info',
      publicDir: false,
      mode: 'production',
      ssr: { target: 'node' },
      build: {
        ssr: join(root, 'server', 'main.ts'),
        outDir: staging,
        emptyOutDir: true,
        target: 'node20',
        // Stack traces stay readable without the map (NODE_OPTIONS=--enable-source-maps uses it).
        minify: false,
        sourcemap: true,
        copyPublicDir: false,
        reportCompressedSize: false,
        rolldownOptions: {
          external: isPackageImport,
          // One file, also should the server ever import() a module of its own: nothing to keep in step.
          output: { entryFileNames: 'main.js', codeSplitting: false },
        },
      },
    });
    mkdirSync(target, { recursive: true });
    // The map first: main.js names it, and main.js arriving is what marks the build done (mtime).
    for (const name of ['main.js.map', 'main.js']) renameSync(join(staging, name), join(target, name));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outIndex = process.argv.indexOf('--out-dir');
  const outDir = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  if (!process.argv.includes('--if-stale') || serverBuildIsStale(join(resolve(outDir ?? serverOutDir), 'main.js'))) {
    await buildServer({ quiet: process.argv.includes('--quiet'), ...(outDir ? { outDir } : {}) });
  }
}

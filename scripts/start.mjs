#!/usr/bin/env node
// `npm start`: builds the app when dist/ is missing or older than its sources, then starts the
// server: the built app, the place search, the astro (/astro) and subscription (/subs) APIs and the
// IP lookup (/ip) on one port. The server migrates and seeds its database before it listens (SQLite
// in ./data by default, PostgreSQL with DATABASE_URL; see server/main.ts for the settings) and prints
// the database and the URL. `--no-build` skips the build check (the test runner builds once itself).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const sources = ['src', 'flows', 'public', 'schemas', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p));
const built = join(root, 'dist', 'index.html');
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;

if (!process.argv.includes('--no-build') && stale) {
  console.log('Building the app (dist/ is missing or out of date)…');
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

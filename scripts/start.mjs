#!/usr/bin/env node
// `npm start`: builds the app when dist/ is missing or older than its sources (scripts/build.mjs, which also
// builds the server), else rebuilds the server bundle alone when dist-server/main.js is older than server/ or
// src/ (under a second), then runs that bundle with plain Node: the built app, the place search, the astro
// (/astro) and subscription (/subs) APIs and the IP lookup (/ip) on one port. The server migrates and seeds
// its database before it listens (SQLite in ./data by default, PostgreSQL with DATABASE_URL; see
// server/main.ts for the settings) and prints the database and the URL. `--no-build` skips the app's build
// check (the test runner builds once itself); an out-of-date server bundle is still rebuilt, so the server
// that runs is always the one in server/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, root, serverBuildIsStale, serverEntry } from './build-server.mjs';


function run(script, message) {
  console.log(message);
  const result = spawnSync(process.execPath, [join(root, 'scripts', script), '--quiet'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const sources = ['src', 'flows', 'public', 'schemas', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p));
const built = join(root, 'dist', 'index.html');
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;

if (!process.argv.includes('--no-build') && stale) run('build.mjs', 'Building the app and the server (dist/ is missing or out of date)…');
if (serverBuildIsStale()) run('build-server.mjs', 'Building the server (dist-server/ is missing or out of date)…');

// ROOT_DIR: the checkout whose flows/, dist/ and data/ the server uses (server/main.ts), named rather than
// guessed from where the bundle lies.
const server = spawn(process.execPath, [serverEntry], { cwd: root, stdio: 'inherit', env: { ...process.env, ROOT_DIR: root } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

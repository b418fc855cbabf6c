#!/usr/bin/env node
// `npm start`: builds the app when dist/ is missing or older than its sources (scripts/build.mjs, which also
// builds the server), else rebuilds the server bundle alone when dist-server/main.js is older than server/ or
// src/ (under a second), then runs that bundle with plain Node: the built app, the place search, the astro
// (/astro) and subscription (/subs) APIs and the IP lookup (/ip) on one port. The server migrates and seeds
// its database before it listens (SQLite in ./data by default, PostgreSQL with DATABASE_URL; see
// server/main.ts for the settings) and prints the database and the URL. `--no-build` skips the app's build
// check (the test runner builds once itself); an out-of-date server bundle is still rebuilt, so the server
// that runs is always the one in server/.
import { spawn } from 'node:child_process';
import { ensureBuild } from './ensure-build.mjs';
import { root, serverEntry } from './build-server.mjs';

ensureBuild({ app: !process.argv.includes('--no-build') });

// ROOT_DIR: the checkout whose flows/, dist/ and data/ the server uses (server/main.ts), named rather than
// guessed from where the bundle lies.
const server = spawn(process.execPath, [serverEntry], { cwd: root, stdio: 'inherit', env: { ...process.env, ROOT_DIR: root } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

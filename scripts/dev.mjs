#!/usr/bin/env node
// `npm run dev`: the server (place search, /astro, /subs and /ip, with its SQLite database in ./data
// or DATABASE_URL's PostgreSQL) on PORT (3000) and Vite with hot reload on 5173, proxying the server's
// paths to it. The server runs from its TypeScript through tsx (a dev dependency; no build step);
// `npm start` runs the built dist-server/main.js instead. The flow studio is at http://localhost:5173/studio (Vite
// serves its page; the server, with STUDIO=on here, its drop-off API). The server listens on 127.0.0.1 unless HOST
// says otherwise: the studio has no login, and Vite itself serves only this machine.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env: { STUDIO: 'on', STUDIO_OPEN: 'on', HOST: '127.0.0.1', ...process.env, DIST_DIR: '/nonexistent', STUDIO_DIST_DIR: '/nonexistent' } }),
  spawn('npx', ['vite', '--configLoader', 'runner'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));

// Builds what is missing or out of date before a server runs (`npm start`, `npm run start:cluster`): the app when
// dist/ is missing or older than its sources (scripts/build.mjs, which also builds the server), else the server bundle
// alone when dist-server/main.js is older than server/ or src/ (under a second).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, root, serverBuildIsStale } from './build-server.mjs';

function run(script, message) {
  console.log(message);
  const result = spawnSync(process.execPath, [join(root, 'scripts', script), '--quiet'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** `app: false` checks the server bundle only (the test runner builds the app once itself). */
export function ensureBuild({ app = true } = {}) {
  const sources = ['src', 'flows', 'public', 'schemas', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p));
  const built = join(root, 'dist', 'index.html');
  const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
  if (app && stale) run('build.mjs', 'Building the app and the server (dist/ is missing or out of date)…');
  if (serverBuildIsStale()) run('build-server.mjs', 'Building the server (dist-server/ is missing or out of date)…');
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The browser journeys that reach the paid upsell, through the deployment's topology: nginx in front of two server
// processes on one PostgreSQL and one Redis (`npm run start:cluster`). Any request may land on either process: the
// session made by one is read by the other, a checkout opened on one is paid on the other. The teardown asks each
// process how many requests it answered: both must have carried the journeys.
const port = Number(process.env.CLUSTER_E2E_PORT ?? 4180);
process.env.CLUSTER_INFO_FILE ??= join(mkdtempSync(join(tmpdir(), 'astrelle-cluster-e2e-')), 'cluster.json');

export default defineConfig({
  ...base,
  testMatch: ['personas.spec.ts', 'upsell.spec.ts'],
  projects: base.projects!.filter((project) => project.name === 'chromium-phone'),
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  globalSetup: undefined,
  globalTeardown: './tests/support/cluster-spread.ts',
  webServer: {
    // The build npm test made (the script builds only what is missing or out of date).
    command: 'npx tsx scripts/start-cluster.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    env: { PORT: String(port), CLUSTER_INFO_FILE: process.env.CLUSTER_INFO_FILE },
    reuseExistingServer: false,
    timeout: 120_000,
    // Stopped as Ctrl-C would, so that it stops its PostgreSQL, Redis, nginx and processes (Playwright's default,
    // SIGKILL, left the PostgreSQL cluster running).
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
  },
});

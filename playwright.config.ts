import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemChromium } from './tests/support/chromium-path';

const port = Number(process.env.E2E_PORT ?? 4173);
// The SDK tests' build (dist-sdk/, with the test keys of tests/sdk/sdk-env.json) on the next port.
const sdkPort = port + 1;
// A fresh database for every run (workers load this file again and inherit the variable).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'astrelle-e2e-'));
// Playwright's own Chromium when it is installed, else the system's (tests/support/chromium-path.ts).
const executablePath = systemChromium();

export default defineConfig({
  testDir: 'tests',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // The JSON report feeds npm test's closing count (PLAYWRIGHT_JSON_OUTPUT_NAME).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace is kept for a failing test where someone can open it; CI keeps only the printed output, and recording
    // traces for every test cost a fifth of the suite's time there (24 model paths: 65 s without, 77-86 s with).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    video: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium-phone',
      testIgnore: /[\\/]sdk[\\/]/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
        },
      },
    },
    {
      // The app built with Amplitude, Firebase and pixel keys (npm test builds it: scripts/test-all.mjs); their
      // endpoints are answered by page.route, as the real services would.
      name: 'chromium-phone-sdk',
      testDir: 'tests/sdk',
      use: {
        ...devices['Desktop Chrome'],
        baseURL: `http://localhost:${sdkPort}`,
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
        },
      },
    },
  ],
  globalSetup: './tests/model/print-coverage.ts',
  // What production runs: scripts/start.mjs starts the server bundle, dist-server/main.js, with plain Node (npm
  // test's build step wrote it; start.mjs rebuilds it first if server/ or src/ changed since). --no-build: the
  // app in dist/ is the one npm test (or npm run build) built.
  webServer: [
    {
      command: `node scripts/start.mjs --no-build`,
      url: `http://localhost:${port}/healthz`,
      // STUDIO=on: tests/studio.spec.ts opens the flow studio beside the app (the default is off; server tests pin it), and
      // signs in to its drop-off report with the editor token of EDITOR_TOKENS, as an editor of a production server does.
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: process.env.E2E_DATA_DIR, STUDIO: 'on', EDITOR_TOKENS: 'studio:e2e-studio-token' },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `node scripts/start.mjs --no-build`,
      url: `http://localhost:${sdkPort}/healthz`,
      env: { PORT: String(sdkPort), HOST: '127.0.0.1', DATA_DIR: join(process.env.E2E_DATA_DIR, 'sdk'), DIST_DIR: join(import.meta.dirname, 'dist-sdk') },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});

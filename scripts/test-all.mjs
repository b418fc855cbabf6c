#!/usr/bin/env node
// `npm test`: every check, in order of speed, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The test runners also write JSON reports, so the last line can count every test that ran.
const reports = mkdtempSync(join(tmpdir(), 'astrelle-tests-'));
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');

const steps = [
  ['generated files match the schema', 'npx', ['tsx', 'scripts/generate.ts', '--check']],
  ['flow:check', 'npx', ['tsx', 'scripts/flow-check.ts', 'flows/astrology.json']],
  ['lint', 'npx', ['eslint', '.']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['unit, component and server tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  // The app into dist/ and the server into dist-server/, which Playwright's webServer (scripts/start.mjs) runs.
  ['build', 'node', ['scripts/build.mjs', '--quiet']],
  ['end-to-end and model-based tests', 'npx', ['playwright', 'test']],
];

const started = Date.now();
for (const [name, command, args] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
const vitest = JSON.parse(readFileSync(vitestReport, 'utf8'));
const playwright = JSON.parse(readFileSync(playwrightReport, 'utf8'));
const passed = vitest.numPassedTests + playwright.stats.expected;
const failed = vitest.numFailedTests + playwright.stats.unexpected;
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s (vitest ${vitest.numPassedTests}, playwright ${playwright.stats.expected})`);
console.log(`tests: ${passed} passed, ${failed} failed`);

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
const renamedReport = join(reports, 'playwright-renamed.json');
const clusterReport = join(reports, 'vitest-cluster.json');
const clusterJourneysReport = join(reports, 'playwright-cluster.json');
const renamedFlow = join(reports, 'astrology-renamed-key.json');
const sdkEnv = JSON.parse(readFileSync(new URL('../tests/sdk/sdk-env.json', import.meta.url), 'utf8'));

const steps = [
  ['generated files match the schema', 'npx', ['tsx', 'scripts/generate.ts', '--check']],
  ['flow:check', 'npx', ['tsx', 'scripts/flow-check.ts', 'flows/astrology.json']],
  ['lint', 'npx', ['eslint', '.']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  // The place index, built once (or read from its cache): every test process and server after this one reads it.
  ['place index', 'npx', ['tsx', 'scripts/place-index.ts']],
  ['unit, component and server tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  // The app into dist/ and the server into dist-server/, which Playwright's webServer (scripts/start.mjs) runs.
  ['build', 'node', ['scripts/build.mjs', '--quiet']],
  // The app again, with Amplitude, Firebase and pixel test keys, into dist-sdk/: the SDK tests run it on the next port.
  ['build with the SDK test keys', 'node', ['scripts/build.mjs', '--quiet', '--out', 'dist-sdk'], sdkEnv],
  ['end-to-end and model-based tests', 'npx', ['playwright', 'test']],
  // The deployment's topology, run for real: two processes of the build behind nginx on PostgreSQL and Redis (faults,
  // shared limits, publishing), then the browser journeys through that proxy.
  ['two processes behind nginx: faults, limits, publishing', 'npx', ['vitest', 'run', '--config', 'vitest.cluster.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${clusterReport}`]],
  ['browser journeys to the paid upsell through nginx and two processes', 'npx', ['playwright', 'test', '--config', 'playwright.cluster.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: clusterJourneysReport }],
  // Renaming an answer key is a JSON edit: a copy of the flow with 2-1 renamed to `name` passes the checker,
  // builds, and the journeys that read saved answers and assert every payload pass on it. (Last: it leaves dist/ built
  // from the copy; `npm start` builds again.)
  ['flow copy with answer key 2-1 renamed to name', 'npx', ['tsx', 'scripts/rename-answer-key.ts', 'flows/astrology.json', '2-1', 'name', renamedFlow]],
  ['flow:check of the renamed copy', 'npx', ['tsx', 'scripts/flow-check.ts', renamedFlow]],
  ['build of the renamed copy', 'node', ['scripts/build.mjs', '--quiet'], { FLOW_FILE: renamedFlow }],
  // The journeys that read and write the renamed answer: a walk that saves every answer under the flow's keys (a
  // visitor in a relationship: the partner's answers too) and the payload journeys, whose username comes from it. The
  // rest of the suite has run on the flow itself; CI's 20 minutes leave no room for all of it twice.
  [
    'answer and payload journeys on the renamed copy',
    'npx',
    ['playwright', 'test', 'tests/quiz-journeys.spec.ts', 'tests/payment-journeys.spec.ts', '--grep', 'walks a visitor who is in_relationships with birth time 10:30|switching to single drops the partner answers|every call carries the spec'],
    { FLOW_FILE: renamedFlow, PLAYWRIGHT_JSON_OUTPUT_NAME: renamedReport },
  ],
];

const started = Date.now();
for (const [name, command, args, env = {}] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
const vitest = JSON.parse(readFileSync(vitestReport, 'utf8'));
const playwright = JSON.parse(readFileSync(playwrightReport, 'utf8'));
const renamed = JSON.parse(readFileSync(renamedReport, 'utf8'));
const cluster = JSON.parse(readFileSync(clusterReport, 'utf8'));
const clusterJourneys = JSON.parse(readFileSync(clusterJourneysReport, 'utf8'));
const passed = vitest.numPassedTests + cluster.numPassedTests + playwright.stats.expected + clusterJourneys.stats.expected + renamed.stats.expected;
const failed = vitest.numFailedTests + cluster.numFailedTests + playwright.stats.unexpected + clusterJourneys.stats.unexpected + renamed.stats.unexpected;
console.log(
  `\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s (vitest ${vitest.numPassedTests}, topology ${cluster.numPassedTests}, playwright ${playwright.stats.expected}, through the proxy ${clusterJourneys.stats.expected}, on the renamed flow ${renamed.stats.expected})`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);

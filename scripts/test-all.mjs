#!/usr/bin/env node
// `npm test`: every check, in order of speed, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['generated files match the schema', 'npx', ['tsx', 'scripts/generate.ts', '--check']],
  ['flow:check', 'npx', ['tsx', 'scripts/flow-check.ts', 'flows/astrology.json']],
  ['lint', 'npx', ['eslint', '.']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['unit, component and server tests', 'npx', ['vitest', 'run']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['end-to-end and model-based tests', 'npx', ['playwright', 'test']],
];

const started = Date.now();
for (const [name, command, args] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);

import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../server/test-support/run-script';

// `npm run events` refusing what it cannot do, each time with one line on stderr and exit 1 (its output
// over a real event log, on SQLite and PostgreSQL, is in server/analytics.contract.test.ts).

const emptyDataDir = mkdtempSync(join(tmpdir(), 'astrelle-events-'));

afterAll(() => rmSync(emptyDataDir, { recursive: true, force: true }));

function expectOneLineFailure(run: { code: number | null; stdout: string; stderr: string }, pattern: RegExp): void {
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^events: [^\n]*\n$/);
  expect(run.stderr).toMatch(pattern);
}

describe('npm run events', () => {
  it('refuses a --since that is not a duration, before opening any database', async () => {
    for (const since of ['1y', '0h', 'yesterday', '1.5h', '']) {
      expectOneLineFailure(await runScript('events.ts', ['--since', since], { DATA_DIR: emptyDataDir }), /^events: invalid --since: ".*" is not a duration: expected a whole number and a unit/);
    }
  }, 60_000);

  it('refuses an unknown option or a --since without a value', async () => {
    expectOneLineFailure(await runScript('events.ts', ['--until', '1h'], { DATA_DIR: emptyDataDir }), /Unknown option '--until'.*usage: npm run events/);
    expectOneLineFailure(await runScript('events.ts', ['--since'], { DATA_DIR: emptyDataDir }), /'--since <value>' argument missing/);
  }, 30_000);

  it('says where it looked when there is no SQLite database, and creates none', async () => {
    expectOneLineFailure(await runScript('events.ts', ['--since', '1h'], { DATA_DIR: emptyDataDir }), new RegExp(`no database at ${join(emptyDataDir, 'astrelle.sqlite')}`));
    expect(readdirSync(emptyDataDir)).toEqual([]);
    expect(existsSync(join(emptyDataDir, 'astrelle.sqlite'))).toBe(false);
  });
});

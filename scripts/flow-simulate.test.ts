import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function simulate(...args: string[]) {
  const result = spawnSync('npx', ['tsx', 'scripts/flow-simulate.ts', ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run flow:simulate', () => {
  it('prints a persona\'s path screen by screen, the plan sets shown and the requests its answers send', () => {
    const run = simulate('in-relationship-cancels');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^in-relationship-cancels through astrology v\d+: In a relationship/);
    expect(lines).toContain('  2. relationship-status /quiz/1-1: answers "in_relationships"');
    expect(lines).toContain('  9. profile-time-of-birth /quiz/2-3: answers "10:30"');
    expect(lines.some((l) => /^ *\d+\. relationship-partner-place-of-birth \/quiz\/4-2: answers \{"place":"London, England, United Kingdom",.*"utcOffsetMinutes":60\} \(offset from the tz \d{4}[a-z] history of the zone\)$/.test(l))).toBe(true);
    expect(lines.some((l) => /^ *\d+\. select-price \/select-price: answers "mxp_astrelle_trial_1_2900_live" → redirected; hosted payment: cancel, back to sale$/.test(l))).toBe(true);
    expect(lines).toContain('stopped at sale, as the persona asks');
    expect(lines).toContain('  sale: ab_test (abTestId sale)');
    expect(lines).toContain('  POST /subs/checkout/sessions  (startCheckout on select-price)');
    expect(run.stdout).toContain('"cancelUrl": "/sale?usid=%7Busid%7D"');
  }, 60_000);

  it('prints JSON with --json, and refuses a persona that breaks the schema with its pointer (exit 1)', () => {
    const json = simulate('single-unknown-time', '--json');
    expect(json.code).toBe(0);
    const simulation = JSON.parse(json.stdout) as { steps: Array<{ screen: string }>; stopped: string };
    expect(simulation.steps.at(-1)?.screen).toBe('signup-offer-success');

    const dir = mkdtempSync(join(tmpdir(), 'astrelle-persona-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ name: 'bad', email: 'not an email', answers: { '1-1': 3 } }));
    const refused = simulate(bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${bad} /email must match pattern`);
    expect(refused.stderr).toContain(`${bad} /answers/1-1 must be string`);
    const missing = simulate('nobody-at-all');
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('flow:simulate: no persona nobody-at-all (looked for flows/personas/nobody-at-all.json)');
  }, 60_000);
});

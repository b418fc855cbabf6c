import { describe, it, expect } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checkFlowFile, checkFlowText, formatProblem, readFlowFileSync } from './check-flow-file';

const run = promisify(execFile);
const fixture = (name: string) => `tests/fixtures/flows/${name}.json`;

async function lines(name: string): Promise<string[]> {
  return (await checkFlowFile(fixture(name))).map(formatProblem);
}

describe('flow:check', () => {
  it('accepts flows/astrology.json', async () => {
    expect(await checkFlowFile('flows/astrology.json')).toEqual([]);
  });

  it('locates a group background the app does not ship (not in public/)', () => {
    const text = readFileSync('flows/astrology.json', 'utf8').replace('"/backgrounds/quiz.svg"', '"/backgrounds/quizz.svg"');
    const file = join(mkdtempSync(join(tmpdir(), 'astrelle-art-')), 'flow.json');
    writeFileSync(file, text);
    const problems = readFlowFileSync(file).problems.map(formatProblem);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^.*flow\.json:\d+:\d+ \/groups\/quiz\/background background "\/backgrounds\/quizz\.svg" is not in public\/; use an image the app ships/);
  });

  it('says every problem in one run: a schema problem and a misspelt next elsewhere, each located', () => {
    const text = readFileSync('flows/astrology.json', 'utf8')
      .replace('"maxLength": 40,', '"maxLength": "40",')
      .replace('"next": "knowledge-of-astrology"', '"next": "knowledge-of-astrologyy"');
    const problems = checkFlowText('both.json', text).map(formatProblem);
    expect(problems).toEqual([
      expect.stringMatching(/^both\.json:\d+:\d+ \/screens\/5\/maxLength /),
      expect.stringMatching(/^both\.json:\d+:\d+ \/screens\/2\/next transition to unknown screen "knowledge-of-astrologyy"; did you mean "knowledge-of-astrology"\?/),
    ]);
  });

  it('locates a transition to an unknown screen', async () => {
    expect(await lines('unknown-target')).toEqual([
      'tests/fixtures/flows/unknown-target.json:126:7 /screens/2/next transition to unknown screen "knowledge-of-astrologyy"; did you mean "knowledge-of-astrology"?',
    ]);
  });

  it('names the nearest kind, and lists them all, for a misspelt screen kind', async () => {
    const text = readFileSync('flows/astrology.json', 'utf8').replace('"kind": "welcome"', '"kind": "welcom"');
    const problems = checkFlowText('misspelt.json', text).map(formatProblem);
    expect(problems).toEqual([
      expect.stringMatching(/^misspelt\.json:\d+:\d+ \/screens\/0\/kind is not a known screen kind \("welcom"\); did you mean "welcome"\? \(the kinds: "welcome", "single-choice", .*"order-summary"\)$/),
    ]);
    const far = checkFlowText('far.json', text.replace('"kind": "welcom"', '"kind": "carousel"')).map(formatProblem);
    expect(far[0]).toMatch(/is not a known screen kind \("carousel"\); use one of "welcome", "single-choice", /);
  });

  it('locates a missing question text', async () => {
    expect(await lines('missing-title')).toEqual([
      'tests/fixtures/flows/missing-title.json:487:5 /screens/17 missing required property "title"; add "title"',
    ]);
  });

  it('locates a duplicated route', async () => {
    expect(await lines('duplicate-route')).toEqual([
      'tests/fixtures/flows/duplicate-route.json:866:7 /screens/29/route duplicate route "/quiz/4-5" (also at /screens/28); give each screen its own route',
    ]);
  });

  it('locates a string where a number belongs', async () => {
    expect(await lines('string-for-number')).toEqual([
      'tests/fixtures/flows/string-for-number.json:243:9 /screens/7/back/delayMs must be an integer; write an integer here',
    ]);
  });

  it('locates an unreachable screen', async () => {
    expect(await lines('unreachable-screen')).toContain(
      'tests/fixtures/flows/unreachable-screen.json:427:5 /screens/15 screen "personality-criticism-sensitive" cannot be reached from the start "welcome"; add a transition to it, or remove it',
    );
  });

  it('locates a JSON syntax error with its line and column, without a stack trace', async () => {
    expect(await lines('syntax-error')).toEqual([
      'tests/fixtures/flows/syntax-error.json:60:7 / JSON syntax error: a comma is missing; fix the JSON syntax at this position (a missing comma, quote or bracket?)',
    ]);
  });

  it('locates a condition on an answer no earlier screen sets', async () => {
    expect(await lines('condition-on-unset-answer')).toEqual([
      'tests/fixtures/flows/condition-on-unset-answer.json:665:11 /screens/21/next/0/when condition on answer "3-9", which no earlier screen sets; test an answer of a question asked before this screen',
    ]);
  });

  it('locates a repeated option value, a duplicate screen id and a dead end', async () => {
    expect(await lines('repeated-option-value')).toEqual([
      'tests/fixtures/flows/repeated-option-value.json:923:11 /screens/30/options/2/value repeated option value "words" (also option 0); give each option its own value',
    ]);
    expect((await lines('duplicate-id'))[0]).toBe(
      'tests/fixtures/flows/duplicate-id.json:977:7 /screens/33/id duplicate screen id "relationship-goal" (also at /screens/2); give each screen its own id',
    );
    expect(await lines('dead-end')).toEqual([
      'tests/fixtures/flows/dead-end.json:903:5 /screens/30 screen "relationship-love-language" has no way forward and is not an end; add "next", or "end": true if the flow ends here',
    ]);
  });

  it('locates a profile role whose answer key no screen sets, and one naming a question of the wrong kind', async () => {
    expect(await lines('profile-role-unset-key')).toEqual([
      'tests/fixtures/flows/profile-role-unset-key.json:60:5 /profile/name role "name" names answer key "2-9", which no screen sets; use the answerKey of a text screen: "2-1" (profile-name)',
    ]);
    expect(await lines('profile-role-wrong-kind')).toEqual([
      'tests/fixtures/flows/profile-role-wrong-kind.json:61:5 /profile/birthDate role "birthDate" needs a date question, but "2-3" is the answer of the time screen "profile-time-of-birth"; use the answerKey of a date screen: "2-2" (profile-birthday) or "4-0-2" (relationship-partner-birthday)',
    ]);
  });

  it('locates a price screen whose plansFrom names an effect that gives no plans (the build and the app check the same)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'astrelle-flow-'));
    try {
      const file = join(dir, 'wrong-kind.json');
      const text = readFileSync('flows/astrology.json', 'utf8').replace('"plansFrom": "loadPlans"', '"plansFrom": "loadOffers"');
      expect(text).toContain('"plansFrom": "loadOffers"');
      writeFileSync(file, text);
      const problems = (await checkFlowFile(file)).map(formatProblem);
      // Also: no screen before it runs loadOffers. The kind line is the one this test is about.
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+:\\d+ /screens/\\d+/plansFrom "loadOffers" gives offers, but "plansFrom" of a price screen reads plans; use loadPlans$`)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 with one line per problem, and 0 on a valid flow', async () => {
    const bad = await run('npx', ['tsx', 'scripts/flow-check.ts', fixture('syntax-error'), fixture('missing-title')]).catch((e: { code: number; stderr: string }) => e);
    expect('code' in bad && bad.code).toBe(1);
    const reported = String(bad.stderr).split('\n').filter((l) => l.startsWith('tests/'));
    expect(reported).toHaveLength(2);
    expect(String(bad.stderr)).not.toMatch(/\n\s+at /);
    const good = await run('npx', ['tsx', 'scripts/flow-check.ts', 'flows/astrology.json']);
    expect(good.stdout).toContain('flows/astrology.json: ok');
  });
});

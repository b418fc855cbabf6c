import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const diff = (a: string, b: string) =>
  run('npx', ['tsx', 'scripts/flow-diff.ts', a, b], { encoding: 'utf8' }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

interface EditableScreen {
  id: string;
  [key: string]: unknown;
}

/**
 * An editor's edits to a copy of the real flow, as JSON edits: a reworded question, an option removed and one added,
 * a branch's condition widened, a new question inserted (and Back after it led to it), a back delay lengthened, an event
 * renamed, a flag's default switched.
 */
function edit(flow: { screens: EditableScreen[]; flags: Record<string, { default: unknown }> }) {
  const screen = (id: string) => {
    const found = flow.screens.find((s) => s.id === id);
    if (!found) throw new Error(`no screen ${id}`);
    return found;
  };
  const status = screen('relationship-status');
  status.title = 'What is your relationship status right now?';
  const options = status.options as Array<{ value: string; label: string }>;
  status.options = [...options.filter((o) => o.value !== 'recently_separated'), { value: 'dating', label: 'Dating' }];
  const bridge = screen('relationship-next-step');
  (bridge.next as Array<{ when?: unknown }>)[0]!.when = { answer: '1-1', in: ['in_relationships', 'its_complicated'] };
  screen('personality-knows-want').next = 'personality-dreams';
  const at = flow.screens.findIndex((s) => s.id === 'relationship-next-step');
  flow.screens.splice(at, 0, {
    id: 'personality-dreams',
    route: '/quiz/3-8',
    kind: 'single-choice',
    group: 'personality',
    answerKey: '3-8',
    title: 'Do you remember your dreams?',
    options: [
      { value: 'often', label: 'Often' },
      { value: 'rarely', label: 'Rarely' },
    ],
    back: { to: 'previous' },
    next: 'relationship-next-step',
  });
  // Back on the screen after the new question now leads to it (the checker refuses a back target that skips it).
  bridge.back = { to: 'previous' };
  (screen('sale').back as { delayMs: number }).delayMs = 3000;
  (screen('email').analytics as { shown: string }).shown = 'Email Viewed';
  flow.flags.discounts!.default = false;
}

describe('npm run flow:diff', () => {
  it('lists exactly the edits made to a copy of the real flow, by screen id, and exits 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'astrelle-flow-diff-'));
    try {
      const flow = JSON.parse(await readFile('flows/astrology.json', 'utf8'));
      edit(flow);
      const edited = join(dir, 'edited.json');
      await writeFile(edited, JSON.stringify(flow, null, 2));
      const answer = await diff('flows/astrology.json', edited);
      expect(answer.stderr).toBe('');
      expect(answer.code).toBe(1);
      expect(answer.stdout.trim().split('\n')).toEqual([
        '~ screen relationship-status title: "What is your relationship status?" → "What is your relationship status right now?"',
        '+ screen relationship-status option dating: "Dating"',
        '- screen relationship-status option recently_separated',
        '+ screen personality-dreams (/quiz/3-8, single-choice)',
        '~ screen email analytics.shown: "Email Shown" → "Email Viewed"',
        '~ screen sale back.delayMs: 2000 → 3000',
        '- transition personality-knows-want → relationship-next-step',
        '~ transition relationship-next-step → relationship-partner-gender: [1-1 = in_relationships] → [1-1 in in_relationships, its_complicated]',
        '- back relationship-next-step → personality-knows-want',
        '+ transition personality-knows-want → personality-dreams',
        '+ transition personality-dreams → relationship-next-step',
        '+ back personality-dreams → personality-knows-want [previous]',
        '+ back relationship-next-step → personality-dreams [previous]',
        '~ flow flag discounts.default: true → false',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says there is no difference between a flow and itself (exit 0), and refuses an invalid flow with located lines (exit 2)', async () => {
    const same = await diff('flows/astrology.json', 'flows/astrology.json');
    expect(same).toMatchObject({ code: 0, stdout: 'no differences\n' });
    const invalid = await diff('flows/astrology.json', 'tests/fixtures/flows/unknown-target.json');
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('tests/fixtures/flows/unknown-target.json:126:7 /screens/2/next transition to unknown screen');
  });
});

import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFlowFile, formatProblem } from './check-flow-file';

describe('flow:check on a minimum age', () => {
  const dir = mkdtempSync(join(tmpdir(), 'astrelle-min-age-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const product = readFileSync('flows/astrology.json', 'utf8');
  const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
  const birthday = `/screens/${(JSON.parse(product) as { screens: Array<{ id: string }> }).screens.findIndex((s) => s.id === 'profile-birthday')}`;

  async function check(text: string): Promise<string[]> {
    const file = join(dir, `flow-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, text);
    return (await checkFlowFile(file)).map((p) => formatProblem(p).replace(`${file}:`, 'FILE:'));
  }

  it('locates a value that is no whole number of years by file, line and pointer', async () => {
    const text = product.replace('"minAge": 18,', '"minAge": "eighteen",');
    expect(await check(text)).toContainEqual(expect.stringMatching(new RegExp(`^FILE:${lineOf(text, '"minAge": "eighteen"')}:\\d+ ${birthday}/minAge must be an integer`)));
  });

  it('locates a minimum age without the message that tells a younger visitor why', async () => {
    const text = product.replace(/,\n\s*"tooYoung": "[^"]*"/, '');
    expect(await check(text)).toContainEqual(expect.stringMatching(new RegExp(`^FILE:\\d+:\\d+ ${birthday}/messages "minAge" 18 refuses younger visitors, and there is no "tooYoung" message`)));
  });
});

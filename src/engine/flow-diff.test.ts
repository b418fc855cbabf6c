import { describe, expect, it } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { diffFlows } from './flow-diff';
import type { Flow } from './generated/flow-types';
import { productKinds } from './kinds/product-kinds';

function valid(json: unknown): Flow {
  const result = validateFlow(json, { kinds: productKinds });
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer} ${p.message}`).join('\n'));
  return result.flow;
}
const base = valid(flowJson);
const copy = (): { screens: Array<Record<string, unknown>>; flags: Record<string, unknown> } => JSON.parse(JSON.stringify(flowJson));

describe('diffFlows', () => {
  it('finds no difference between a flow and itself', () => {
    expect(diffFlows(base, base, productKinds)).toEqual([]);
  });

  it('names a reworded paragraph by its place, a relabelled option by its value, and flags added and removed', () => {
    const json = copy();
    const learn = json.screens.find((s) => s.id === 'profile-lets-learn')!;
    learn.body = ['First line.', (learn.body as string[])[1]];
    const gender = json.screens.find((s) => s.id === 'profile-gender')!;
    (gender.options as Array<{ value: string; label: string }>)[0]!.label = 'Woman';
    json.flags.newHeadline = { type: 'boolean', default: false };
    delete json.flags.accessHeadline;
    const titled = json.screens.find((s) => s.id === 'get-access')!;
    titled.title = 'Unlock your full astrology reading';
    const lines = diffFlows(base, valid(json), productKinds);
    expect(lines).toContain(`~ screen profile-lets-learn body[0]: ${JSON.stringify((base.screens.find((s) => s.id === 'profile-lets-learn') as { body: string[] }).body[0])} → "First line."`);
    expect(lines).toContain('~ screen profile-gender option female.label: "Female" → "Woman"');
    expect(lines).toContain('+ flow flag newHeadline: {"type":"boolean","default":false}');
    expect(lines).toContain('- flow flag accessHeadline');
  });

  it('lists a removed screen once, with the transitions that went with it', () => {
    const json = copy();
    json.screens = json.screens.filter((s) => s.id !== 'profile-no-problem');
    const time = json.screens.find((s) => s.id === 'profile-time-of-birth')!;
    time.next = 'profile-place-of-birth';
    const lines = diffFlows(base, valid(json), productKinds);
    expect(lines.filter((l) => l.startsWith('- screen'))).toEqual(['- screen profile-no-problem (/profile-no-problem, interstitial)']);
    expect(lines).toContain('- transition profile-time-of-birth → profile-no-problem [2-3 = dont_know]');
    expect(lines).toContain('- transition profile-no-problem → profile-place-of-birth');
  });
});

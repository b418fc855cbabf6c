import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkFlowText } from '../../scripts/check-flow-file';
import { validateFlow } from '../../src/engine/validate-flow';
import { pathFor } from '../../src/engine/flow-graph';
import { funnelPaths } from './funnel-paths';
import { addedQuestion } from '../../src/engine/test-support/added-question';
import { productKinds } from '../../src/engine/kinds/product-kinds';

/**
 * What a content editor does to flows/astrology.json, done as text edits with no code change:
 * the checker accepts the result, and the model-based paths cover the new screen and order.
 */
function editedFlowText(options: { backToPrevious: boolean } = { backToPrevious: true }): string {
  const flow = JSON.parse(readFileSync('flows/astrology.json', 'utf8'));
  const screen = (id: string) => flow.screens.find((s: { id: string }) => s.id === id);
  // 1. Reword a question.
  screen('relationship-goal').title = 'What do you hope astrology will help you with?';
  // 2. Add an option.
  screen('relationship-ideal-date').options.push({ value: 'stargazing', label: 'Stargazing together', icon: '🔭' });
  // 3. Swap two personality questions: 3-2 now comes after 3-3.
  screen('personality-being-alone').next = 'personality-worry-not-good';
  screen('personality-worry-not-good').next = 'personality-criticism-sensitive';
  screen('personality-criticism-sensitive').next = 'personality-overthinking-prone';
  // 4. Add a new single-choice question after 3-7.
  screen('personality-knows-want').next = 'personality-morning-person';
  flow.screens.push(addedQuestion());
  // 5. Back on the screen after it leads to it (the README's step 3).
  if (options.backToPrevious) screen('relationship-next-step').back = { to: 'previous' };
  return JSON.stringify(flow, null, 2);
}

describe('a content editor changes the flow without code', () => {
  it('passes flow:check and the compiled machine and model paths pick the changes up', () => {
    const text = editedFlowText();
    expect(checkFlowText('edited.json', text)).toEqual([]);
    const result = validateFlow(JSON.parse(text), { kinds: productKinds });
    if (!result.ok) throw new Error('edited flow invalid');
    const flow = result.flow;

    const path = pathFor(flow, { '1-1': 'single' });
    expect(path.indexOf('personality-worry-not-good')).toBeLessThan(path.indexOf('personality-criticism-sensitive'));
    expect(path.indexOf('personality-morning-person')).toBe(path.indexOf('personality-knows-want') + 1);

    const coverage = funnelPaths(flow);
    expect(coverage.screens).toEqual({ covered: flow.screens.length, total: flow.screens.length });
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
    const steps = coverage.paths.flatMap((p) => p.steps);
    expect(steps.some((s) => s.screen === 'personality-morning-person')).toBe(true);
    expect(steps.some((s) => s.event.type === 'BACK' && s.screen === 'personality-knows-want')).toBe(true);
  });

  it('is told, at the line, when Back on the screen after a new question would skip it', () => {
    const text = editedFlowText({ backToPrevious: false });
    const problems = checkFlowText('edited.json', text);
    expect(problems).toHaveLength(1);
    const line = text.split('\n').findIndex((l) => l.includes('"screen": "personality-knows-want"')) + 1;
    expect(problems[0]).toMatchObject({
      file: 'edited.json',
      line,
      pointer: expect.stringMatching(/^\/screens\/\d+\/back\/screen$/),
      message: 'back target "personality-knows-want" is not the screen just before "relationship-next-step" on any way here ("personality-morning-person" is): Back would skip it',
      hint: 'use {"to": "previous"}, or one of "personality-morning-person"',
    });
  });
});

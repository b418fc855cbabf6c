import { describe, expect, it } from 'vitest';
import flowJson from '../../flows/astrology.json';
import type { Flow } from './generated/flow-types';
import { validateFlow } from './validate-flow';
import { productKinds } from './kinds/product-kinds';

/** The product's flow with 2-1 renamed to `name` and the single option to `solo`, and `migrations` as given. */
function renamedFlow(migrations: unknown): unknown {
  const text = JSON.stringify(flowJson).replaceAll('"2-1"', '"name"').replaceAll('{answer:2-1}', '{answer:name}').replaceAll('"single"', '"solo"');
  return { ...(JSON.parse(text) as Flow), migrations };
}

const problemsOf = (data: unknown) => {
  const result = validateFlow(data, { kinds: productKinds });
  return result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}`);
};

describe('the flow checker on migrations', () => {
  it('takes renamings that land on this flow, in a chain too', () => {
    expect(problemsOf(renamedFlow([{ rename: 'answerKey', from: '2-1', to: 'name' }, { rename: 'value', answerKey: '1-1', from: 'single', to: 'solo' }]))).toEqual([]);
    expect(
      problemsOf(
        renamedFlow([
          { rename: 'answerKey', from: 'first', to: '2-1' },
          { rename: 'answerKey', from: '2-1', to: 'name' },
          { rename: 'value', answerKey: '1-1', from: 'alone', to: 'single' },
          { rename: 'value', answerKey: '1-1', from: 'single', to: 'solo' },
        ]),
      ),
    ).toEqual([]);
  });

  it('refuses a renaming to an answer key or value this flow does not have, and one that renames nothing', () => {
    expect(problemsOf(renamedFlow([{ rename: 'answerKey', from: '2-1', to: 'nam' }]))).toEqual(['/migrations/0/to answer key "nam" is not the answerKey of any screen of this flow']);
    expect(problemsOf(renamedFlow([{ rename: 'value', answerKey: '1-1', from: 'single', to: 'sole' }]))).toEqual([
      '/migrations/0/to "sole" is not an option value of screen "relationship-status"',
    ]);
    expect(problemsOf(renamedFlow([{ rename: 'value', answerKey: 'name', from: 'a', to: 'b' }]))).toEqual([
      '/migrations/0/answerKey answer key "name" is not the answerKey of a screen with options in this flow',
    ]);
    expect(problemsOf(renamedFlow([{ rename: 'answerKey', from: 'name', to: 'name' }]))).toEqual(['/migrations/0/to step renames "name" to itself']);
  });

  it('refuses a step of another shape, with the schema', () => {
    expect(problemsOf(renamedFlow([{ rename: 'screen', from: 'a', to: 'b' }])).length).toBeGreaterThan(0);
  });
});

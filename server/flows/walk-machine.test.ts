import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../src/engine/generated/flow-types';
import { walkMachine } from './walk-machine';
import { productKinds } from '../../src/engine/kinds/product-kinds';

// The walk of the compiled machine a version passes before it is stored, on flows the checker would refuse first:
// here the walk alone must find what is wrong, in the machine the visitors would run.
const fixture = (name: string) => JSON.parse(readFileSync(`tests/fixtures/flows/${name}.json`, 'utf8')) as Flow;

describe('walking the compiled machine', () => {
  it('finds nothing wrong with the product flow', () => {
    expect(walkMachine(fixture('../../../flows/astrology'), productKinds)).toEqual([]);
  });

  it('finds a screen no path reaches', () => {
    expect(walkMachine(fixture('unreachable-screen'), productKinds)).toEqual([expect.objectContaining({ pointer: '/screens/15', message: 'no path of the compiled machine reaches screen "personality-criticism-sensitive"' })]);
  });

  it('finds the screens from which no path leads to an end', () => {
    const problems = walkMachine(fixture('dead-end'), productKinds);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ pointer: '/screens/0', message: 'no path of the compiled machine leads from screen "welcome" to an end screen' });
  });
});

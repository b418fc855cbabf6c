import { describe, expect, it } from 'vitest';
import { pathFor } from '../../engine/flow-graph';
import { astrologyFlow } from '../test-utils';

const flow = astrologyFlow();
const counter = /^Step (\d+) of (\d+)\b/;

/** The "Step n of m" eyebrows along a visitor's path, in the order the visitor sees them. */
function countersOn(path: string[]): Array<{ id: string; step: number; of: number }> {
  return path.flatMap((id) => {
    const screen = flow.screens.find((s) => s.id === id);
    const eyebrow = screen && 'eyebrow' in screen && typeof screen.eyebrow === 'string' ? screen.eyebrow : '';
    const match = counter.exec(eyebrow);
    return match ? [{ id, step: Number(match[1]), of: Number(match[2]) }] : [];
  });
}

describe('the intro screens count their steps', () => {
  for (const relationship of ['single', flow.profile.inRelationship]) {
    it(`shows Step 1, 2, 3 … of the same total, in order, to a visitor who is ${relationship}`, () => {
      const counters = countersOn(pathFor(flow, { [flow.profile.relationship]: relationship }));
      expect(counters.length).toBeGreaterThan(0);
      const total = counters[0]!.of;
      // Every step from 1 to the total, each once, none skipped (never "Step 2 of 3" with no "Step 1").
      expect(counters.map((c) => c.step)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect(new Set(counters.map((c) => c.of))).toEqual(new Set([total]));
    });
  }
});

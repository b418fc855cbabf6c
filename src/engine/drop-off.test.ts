import { describe, expect, it } from 'vitest';
import { dropOff, funnelEventOf, type FunnelEvent } from './drop-off';

// A recorded event fixture, numbers worked out by hand below: two flow versions, two A/B variants (and visitors never
// assigned one), visitors in a relationship who see the partner question and single ones who skip it, one who goes
// back a screen, and events that are not the funnel's.
const order = ['welcome', 'relationship-status', 'relationship-partner-gender', 'relationship-feel-comfortable', 'email'];
const ends = new Set(['email']);

function visit(visitor: string, flowVersion: number, steps: Array<[string, number, string?]>): FunnelEvent[] {
  return steps.map(([screenId, second, priceSet]): FunnelEvent => {
    const assignments: Record<string, string> = priceSet ? { priceSet } : {};
    return { visitor, time: 1_700_000_000_000 + second * 1000, screenId, flowId: 'astrology', flowVersion, assignments };
  });
}

const events: FunnelEvent[] = [
  // In a relationship, variant default (assigned only on a late event: a visitor's variant is the one they were given).
  ...visit('A', 2, [['welcome', 0], ['relationship-status', 10], ['relationship-partner-gender', 20], ['relationship-feel-comfortable', 35], ['email', 45, 'default']]),
  // Single, never assigned: skips the partner question, leaves on feel-comfortable.
  ...visit('B', 2, [['welcome', 0], ['relationship-status', 5], ['relationship-feel-comfortable', 9]]),
  // In a relationship, variant trial_price_test: leaves on the partner question.
  ...visit('C', 2, [['welcome', 0, 'trial_price_test'], ['relationship-status', 4], ['relationship-partner-gender', 10]]),
  // Leaves on the landing (trial_price_test).
  ...visit('D', 2, [['welcome', 0, 'trial_price_test']]),
  // Single, default: goes back to the landing from the status question (no new screen), then on.
  ...visit('E', 2, [['welcome', 0, 'default'], ['relationship-status', 3], ['welcome', 6], ['relationship-status', 8], ['relationship-feel-comfortable', 12], ['email', 20]]),
  // The previous flow version: never mixed into version 2.
  ...visit('F', 1, [['welcome', 0], ['relationship-status', 2], ['relationship-partner-gender', 4]]),
  // Another flow's events.
  { visitor: 'G', time: 1_700_000_000_000, screenId: 'welcome', flowId: 'other', flowVersion: 2, assignments: {} },
];

const row = (screenId: string, shown: number, wentOn: number, dropOff: number | null, medianSeconds: number | null) => ({ screenId, shown, wentOn, dropOff, medianSeconds });

describe('drop-off per screen', () => {
  it('counts each screen against the visitors it was shown to, so the partner question is not held against single visitors', () => {
    const [v2, v1] = dropOff(events, { flowId: 'astrology', order, ends });
    expect(v2).toEqual({
      flowId: 'astrology',
      flowVersion: 2,
      variant: null,
      visitors: 5,
      rows: [
        // A, B, C, E went on (D left); waits 10, 5, 4, 3 s.
        row('welcome', 5, 4, 0.2, 4.5),
        // E's return to the landing is no new screen: E went on at 12 s, 9 s after first reaching the question.
        row('relationship-status', 4, 4, 0, 7.5),
        // Shown to the two visitors in a relationship only.
        row('relationship-partner-gender', 2, 1, 0.5, 15),
        row('relationship-feel-comfortable', 3, 2, 1 / 3, 9),
        row('email', 2, 0, null, null),
      ],
    });
    expect(v1).toEqual({ flowId: 'astrology', flowVersion: 1, variant: null, visitors: 1, rows: [row('welcome', 1, 1, 0, 2), row('relationship-status', 1, 1, 0, 2), row('relationship-partner-gender', 1, 0, 1, null)] });
  });

  it('splits the visitors by the variant they were assigned, the unassigned last', () => {
    const tables = dropOff(events, { flowId: 'astrology', order, ends, by: 'priceSet' }).filter((t) => t.flowVersion === 2);
    expect(tables.map((t) => [t.variant, t.visitors])).toEqual([
      [{ flag: 'priceSet', value: 'default' }, 2],
      [{ flag: 'priceSet', value: 'trial_price_test' }, 2],
      [{ flag: 'priceSet', value: null }, 1],
    ]);
    expect(tables[0]!.rows).toEqual([
      row('welcome', 2, 2, 0, 6.5),
      row('relationship-status', 2, 2, 0, 9.5),
      row('relationship-partner-gender', 1, 1, 0, 15),
      row('relationship-feel-comfortable', 2, 2, 0, 9),
      row('email', 2, 0, null, null),
    ]);
    expect(tables[1]!.rows).toEqual([row('welcome', 2, 1, 0.5, 4), row('relationship-status', 1, 1, 0, 6), row('relationship-partner-gender', 1, 0, 1, null)]);
    expect(tables[2]!.rows).toEqual([row('welcome', 1, 1, 0, 5), row('relationship-status', 1, 1, 0, 4), row('relationship-feel-comfortable', 1, 0, 1, null)]);
  });

  it('reads a logged event: screen, flow and version required, the ab_ properties as assignments', () => {
    expect(funnelEventOf('u1', 5, { screen_id: 'email', flow_id: 'astrology', flow_version: 3, ab_priceSet: 'default', ab_discounts: true, answer: 'x' })).toEqual({
      visitor: 'u1', time: 5, screenId: 'email', flowId: 'astrology', flowVersion: 3, assignments: { priceSet: 'default', discounts: 'true' },
    });
    expect(funnelEventOf('u1', 5, { flow_id: 'astrology', flow_version: 3 })).toBeNull();
    expect(funnelEventOf(null, 5, { screen_id: 'email', flow_id: 'astrology', flow_version: 3 })).toBeNull();
    expect(funnelEventOf('u1', 5, { screen_id: 'email', flow_id: 'astrology', flow_version: '3' })).toBeNull();
  });

  it('splits by a flag name an object has by inheritance (constructor) as by any other: nobody was assigned it', () => {
    const tables = dropOff(events, { flowId: 'astrology', order, ends, by: 'constructor' });
    expect(tables.map((t) => t.variant)).toEqual(tables.map(() => ({ flag: 'constructor', value: null })));
    expect(tables.map((t) => t.visitors)).toEqual(dropOff(events, { flowId: 'astrology', order, ends }).map((t) => t.visitors));
  });
});

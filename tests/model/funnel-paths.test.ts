import { describe, it, expect } from 'vitest';
import { funnelPaths, outcomeOfEvent, type ModelCoverage } from './funnel-paths';
import { loadTestFlow } from '../support/load-test-flow';
import { defaultFlags } from '../../src/engine/flow-graph';
import type { Flag } from '../../src/engine/generated/flow-types';

describe('model-based paths of the compiled flow', () => {
  const flow = loadTestFlow();
  const report = (label: string, coverage: ModelCoverage) =>
    console.log(
      `model (${label}): ${coverage.paths.length} paths, states ${coverage.states.covered}/${coverage.states.total}, ` +
        `transitions ${coverage.transitions.covered}/${coverage.transitions.total}, screens ${coverage.screens.covered}/${coverage.screens.total}, ` +
        `condition sides ${coverage.conditions.covered}/${coverage.conditions.total}`,
    );

  it('cover every state and transition with the flow\'s default switches, and every screen, post-quiz pages included', () => {
    const coverage = funnelPaths(flow);
    report('default switches', coverage);
    expect(coverage.states.covered).toBe(coverage.states.total);
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
    expect(coverage.screens.covered).toBe(flow.screens.length);
    expect(coverage.paths.some((p) => p.steps.some((s) => s.screen === 'relationship-partner-gender'))).toBe(true);
    expect(coverage.paths.some((p) => p.steps.some((s) => s.screen === 'email') && !p.steps.some((s) => s.screen === 'relationship-partner-gender'))).toBe(true);
    // Both payment outcomes, leaving checkout, and the upsell's end.
    const reaches = (screen: string) => coverage.paths.some((p) => p.steps.some((s) => s.screen === screen));
    for (const screen of ['already-subscribed', 'payment-success', 'payment-error', 'sale', 'secret-discount', 'signup-offer-success']) expect(reaches(screen), screen).toBe(true);
  });

  it('cover both sides of every condition once each flag is also walked at its other values (as remote config may set it)', () => {
    const defaults = defaultFlags(flow);
    const others = ([name, declaration]: [string, Flag]) =>
      (declaration.type === 'boolean' ? [!declaration.default] : declaration.values.filter((v) => v !== declaration.default)).map((value) => ({ ...defaults, [name]: value }));
    const variants = [defaults, ...Object.entries(flow.flags ?? {}).flatMap(others)];
    const runs = variants.map((flags) => funnelPaths(flow, flags));
    runs.forEach((run, i) => report(JSON.stringify(variants[i]), run));
    const sides = new Set(runs.flatMap((run) => [...run.conditions.sides]));
    expect(sides.size).toBe(runs[0]!.conditions.total);
    // With the discounts off, leaving checkout never shows a discount page.
    const off = runs[variants.findIndex((v) => v.discounts === false)]!;
    expect(off.paths.some((p) => p.steps.some((s) => s.screen === 'sale' || s.screen === 'secret-discount'))).toBe(false);
  });

  it('walks every status the payment return page may find, and only a paid order leads on to the upsell', () => {
    const { paths } = funnelPaths(flow);
    const after = new Map<string, Set<string>>();
    for (const p of paths) {
      p.steps.forEach((step, i) => {
        const outcome = outcomeOfEvent(step.event);
        const next = p.steps[i + 1];
        if (step.screen !== 'payment-success' || outcome === null || next?.event.type !== 'NEXT') return;
        after.set(outcome, new Set([...(after.get(outcome) ?? []), next.screen]));
      });
    }
    expect(Object.fromEntries([...after].map(([outcome, screens]) => [outcome, [...screens]]))).toEqual({
      paid: ['signup-offer'],
      pending: ['select-price'],
      declined: ['select-price'],
      unknown: ['select-price'],
    });
  });
});

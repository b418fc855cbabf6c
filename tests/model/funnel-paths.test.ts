import { describe, it, expect } from 'vitest';
import { funnelPaths } from './funnel-paths';
import { loadTestFlow } from '../support/load-test-flow';

describe('model-based paths of the compiled flow', () => {
  it('cover every state, transition, screen and both sides of every condition', () => {
    const flow = loadTestFlow();
    const coverage = funnelPaths(flow);
    console.log(
      `model: ${coverage.paths.length} paths, states ${coverage.states.covered}/${coverage.states.total}, ` +
        `transitions ${coverage.transitions.covered}/${coverage.transitions.total}, screens ${coverage.screens.covered}/${coverage.screens.total}, ` +
        `condition sides ${coverage.conditions.covered}/${coverage.conditions.total}`,
    );
    expect(coverage.states.covered).toBe(coverage.states.total);
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
    expect(coverage.screens.covered).toBe(flow.screens.length);
    expect(coverage.conditions.covered).toBe(coverage.conditions.total);
    expect(coverage.paths.some((p) => p.steps.some((s) => s.screen === 'relationship-partner-gender'))).toBe(true);
    expect(coverage.paths.some((p) => p.steps.at(-1)?.screen === 'email' && !p.steps.some((s) => s.screen === 'relationship-partner-gender'))).toBe(true);
  });
});

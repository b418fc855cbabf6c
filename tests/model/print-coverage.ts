import { funnelPaths } from './funnel-paths';
import { loadTestFlow } from '../support/load-test-flow';

/** Playwright global setup: says how much of the flow the model-based paths cover before driving them. */
export default function printCoverage() {
  const c = funnelPaths(loadTestFlow());
  const steps = c.paths.reduce((n, p) => n + p.steps.length, 0);
  console.log(
    `model-based: ${c.paths.length} paths (${steps} steps); states ${c.states.covered}/${c.states.total}, ` +
      `transitions ${c.transitions.covered}/${c.transitions.total}, screens ${c.screens.covered}/${c.screens.total}, ` +
      `condition sides ${c.conditions.covered}/${c.conditions.total}`,
  );
}

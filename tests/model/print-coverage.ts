import { funnelPaths } from './funnel-paths';
import { loadTestFlow } from '../support/load-test-flow';

/** Playwright global setup: says how much of the flow the model-based paths cover before driving them. */
export default function printCoverage() {
  const c = funnelPaths(loadTestFlow());
  const steps = c.paths.reduce((n, p) => n + p.steps.length, 0);
  const driven = c.paths.reduce((n, p) => n + p.steps.length - (p.resume?.step ?? 0), 0);
  console.log(
    `model-based: ${c.paths.length} paths (${steps} steps, ${driven} driven after resuming at /email); states ${c.states.covered}/${c.states.total}, ` +
      `transitions ${c.transitions.covered}/${c.transitions.total}, screens ${c.screens.covered}/${c.screens.total}, ` +
      `condition sides ${c.conditions.covered}/${c.conditions.total} with the flow's default switches ` +
      '(the other sides of switch conditions are walked in tests/model/funnel-paths.test.ts)',
  );
}

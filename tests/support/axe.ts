import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// axe-core put in the page once per document and run there. AxeBuilder injects its 0.5 MB again on every analysis,
// which in a walk that checks every screen is most of the walk's time; the rules and their verdicts are the same.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** axe's violations on the page as it is now, with axe.run's `options` (rules to run or leave out). */
export async function axeViolations(page: Page, options: object = {}): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, as AxeBuilder does: the page's CSP (no inline scripts) stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
        ...runOptions,
        resultTypes: ['violations'],
      }),
    options,
  );
  return results.violations;
}

import { expect, test } from '@playwright/test';
import { funnelPaths } from './model/funnel-paths';
import { loadTestFlow } from './support/load-test-flow';
import { expectScreen, expectStep, freshStart, perform, resumeAt } from './support/funnel-driver';

const flow = loadTestFlow();
const { paths } = funnelPaths(flow);

// Every path of the model, driven through the real UI in Chromium against the reference server: after
// each step the address bar shows the route and the page shows the question the machine says it should
// (or the hosted checkout). Submit outcomes are brought about for real: a subscriber's email, test cards
// that pay or are declined, the checkout's cancel link, calls that fail at the network boundary.
// A path past the quiz resumes at the email screen from saved progress (the quiz part is walked by the
// other paths). Coverage is printed by tests/model/funnel-paths.test.ts.
test.describe('model-based paths through the funnel', () => {
  paths.forEach((path, i) => {
    test(`path ${i + 1} of ${paths.length}: ${path.name}`, async ({ page }) => {
      // Every path is a visitor's own pace: the rate limits (all paths call from one address) never refuse it.
      const throttled: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 429) throttled.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      let from = 0;
      let screen = flow.start;
      if (path.resume) {
        await resumeAt(page, flow, path.resume);
        from = path.resume.step;
        screen = path.resume.screen;
      } else {
        await freshStart(page);
      }
      await expectScreen(page, flow, screen);
      for (let k = from; k < path.steps.length; k += 1) {
        const step = path.steps[k]!;
        await perform(page, flow, screen, step.event, path.steps[k + 1]?.event);
        screen = step.screen;
        await expectStep(page, flow, step);
      }
      expect(throttled).toEqual([]);
    });
  });
});

import { test } from '@playwright/test';
import { funnelPaths } from './model/funnel-paths';
import { loadTestFlow } from './support/load-test-flow';
import { expectScreen, freshStart, perform } from './support/funnel-driver';

const flow = loadTestFlow();
const { paths } = funnelPaths(flow);

// Every path of the model, driven through the real UI in Chromium: after each step the address bar
// shows the route and the page shows the question the machine says it should. Coverage is printed
// by tests/model/funnel-paths.test.ts.
test.describe('model-based paths through the funnel', () => {
  paths.forEach((path, i) => {
    test(`path ${i + 1} of ${paths.length}: ${path.name}`, async ({ page }) => {
      await freshStart(page);
      let screen = flow.start;
      await expectScreen(page, flow, screen);
      for (const step of path.steps) {
        await perform(page, flow, screen, step.event);
        screen = step.screen;
        await expectScreen(page, flow, screen);
      }
    });
  });
});

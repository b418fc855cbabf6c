import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenGraph } from '../src/engine/screen-graph';
import { storageKey } from '../src/engine/persistence';
import { loadTestFlow } from './support/load-test-flow';
import { expectScreen, freshStart } from './support/funnel-driver';
import { walkToEmail, type Visitor } from './support/quiz-walk';
import { productKinds } from '../src/engine/kinds/product-kinds';

// The flow studio at /studio (served by the Playwright server, which runs with STUDIO=on).
const flow = loadTestFlow();
const graph = screenGraph(flow, productKinds);

test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false });

async function openStudio(page: Page) {
  await page.goto('/studio/');
  await expect(page.getByRole('heading', { level: 1, name: 'Flow studio' })).toBeVisible();
}

async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the studio draws every screen and transition of the flow, shows a screen chosen by keyboard, and axe finds nothing serious', async ({ page }) => {
  await openStudio(page);
  const nodes = page.locator('button[data-screen]');
  await expect(nodes).toHaveCount(flow.screens.length);
  await expect(page.locator('path[data-edge]')).toHaveCount(graph.edges.length);
  expect(await nodes.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.screen))).toEqual(flow.screens.map((s) => s.id));
  // Every screen lies within the drawing, none on top of another.
  const boxes = await nodes.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y, 'two screens overlap').toBe(true);
  }
  expect(await seriousAxe(page)).toEqual([]);

  // Keyboard: past the file picker and the tab to the first screen, Enter chooses it.
  const first = page.getByRole('button', { name: new RegExp(`^${flow.start}`) });
  await first.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: new RegExp(`^${flow.screens[1]!.id}`) })).toBeFocused();
  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary');
  await expect(details.getByRole('heading', { level: 2 })).toHaveText(flow.screens[1]!.id);
  await expect(details).toContainText(`Route${flow.screens[1]!.route}`);
  await page.getByRole('button', { name: /^profile-time-of-birth/ }).click();
  await expect(details).toContainText('next if 2-3 = dont_know → profile-no-problem');
  // Following a way moves to that screen's details, and focus with it.
  await details.getByRole('listitem').filter({ hasText: 'next if 2-3 = dont_know' }).getByRole('button', { name: 'profile-no-problem' }).click();
  await expect(details.getByRole('heading', { level: 2 })).toHaveText('profile-no-problem');
  await expect(details.getByRole('heading', { level: 2 })).toBeFocused();
  expect(await seriousAxe(page)).toEqual([]);

  // The tabs follow the arrow keys.
  await page.getByRole('tab', { name: 'Graph' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Personas' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Drop-off' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Drop-off' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Drop-off', level: 2 })).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);
});

test('the studio draws a fixture flow chosen from a file, and marks what the checker would refuse', async ({ page }) => {
  await openStudio(page);
  await page.getByLabel('Open another flow file').setInputFiles('tests/fixtures/studio/small-flow.json');
  await expect(page.getByText(/tarot version 3 · small-flow.json · 12 screens/)).toBeVisible();
  await expect(page.locator('button[data-screen]')).toHaveCount(12);
  await page.getByLabel('Open another flow file').setInputFiles('tests/fixtures/flows/dead-end.json');
  await expect(page.getByRole('alert')).toContainText('has no way forward and is not an end');
  await expect(page.locator('button[data-screen].has-problem')).toHaveCount(1);
  await expect(page.locator('button[data-screen].has-problem')).toContainText('⚠ dead end');
  expect(await seriousAxe(page)).toEqual([]);
});

for (const visitor of [
  { relationship: 'single', birthTime: '10:30' },
  { relationship: 'in_relationships', birthTime: 'dont_know' },
] satisfies Visitor[]) {
  test(`the studio follows a visitor who is ${visitor.relationship} in another tab, screen by screen, with the trail`, async ({ page, context }) => {
    await openStudio(page);
    await expect(page.getByText('Live: open the app in another tab')).toBeVisible();
    const app = await context.newPage();
    await freshStart(app);
    const visited: string[] = [];
    await walkToEmail(app, visitor, async (id) => {
      visited.push(id);
      await expect(page.locator(`button[data-screen="${id}"]`)).toHaveClass(/live-current/);
      await expect(page.getByTestId('live-status')).toContainText(`the visitor is on ${id}`);
      for (const earlier of visited.slice(0, -1)) await expect(page.locator(`button[data-screen="${earlier}"]`)).toHaveClass(/live-trail/);
    });
    // The partner's questions: only a visitor in a relationship is asked them.
    const partnerSteps = flow.screens.filter((s) => s.id.startsWith('relationship-partner-')).map((s) => s.id);
    expect(partnerSteps.length).toBeGreaterThan(0);
    if (visitor.relationship === 'single') expect(visited.filter((id) => partnerSteps.includes(id))).toEqual([]);
    else expect(visited).toEqual(expect.arrayContaining(partnerSteps));
    // Back in the app: the studio follows it back.
    await app.goBack();
    const back = visited.at(-2)!;
    await expect(page.locator(`button[data-screen="${back}"]`)).toHaveClass(/live-current/);
    // The tab goes away: the studio stops showing it.
    await app.close();
    await expect(page.getByText('Live: open the app in another tab')).toBeVisible();
    await expect(page.locator('button[data-screen].live-current')).toHaveCount(0);
  });
}

test('the studio\'s drop-off comes from the event log of this server, per flow version', async ({ page, context }) => {
  const app = await context.newPage();
  await freshStart(app);
  await app.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(app).toHaveURL(/\/quiz\/1-1/);
  await openStudio(page);
  await page.getByRole('tab', { name: 'Drop-off' }).click();
  // The report is the business's numbers: the server asks for an editor's token, once per tab.
  await page.getByLabel('Editor token').fill('wrong-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('an editor token is needed: Authorization: Bearer <token> of EDITOR_TOKENS');
  await page.getByLabel('Editor token').fill('e2e-studio-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Load again' }).click();
  // The app's events reach the server in batches: ask again until this visit's are in.
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: 'Load again' }).click();
      await expect(page.getByRole('button', { name: 'Load again' })).toBeEnabled();
      const caption = page.locator('caption').first();
      return (await caption.count()) > 0 ? await caption.textContent() : '';
    }, { timeout: 30_000 })
    .toMatch(new RegExp(`^${flow.id} v${flow.version} · \\d+ visitors?`));
  const welcome = page.getByRole('row', { name: /^welcome/ }).first();
  const [shown, wentOn] = (await welcome.locator('td').allTextContents()).map(Number);
  expect(shown).toBeGreaterThanOrEqual(1);
  expect(wentOn).toBeLessThanOrEqual(shown!);
  await page.getByRole('tab', { name: 'Graph' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${flow.start}`) })).toContainText(/shown \d+/);
});

test('a persona\'s path in the studio, and "open in the app here" starts the app at that step with the answers before it', async ({ page, context }) => {
  await openStudio(page);
  await page.getByRole('tab', { name: 'Personas' }).click();
  await page.getByRole('combobox', { name: 'Persona' }).selectOption('single-unknown-time.json');
  const path = page.getByRole('list', { name: 'Path' });
  await expect(path.getByRole('listitem').last()).toContainText('signup-offer-success');
  await expect(path.getByRole('listitem').filter({ hasText: /^relationship-partner-/ })).toHaveCount(0);
  expect(await seriousAxe(page)).toEqual([]);
  // At phone width nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  const [app] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open in the app here: profile-gender' }).click()]);
  await expectScreen(app, flow, 'profile-gender');
  // A session of its own (the screen requires one, else the app sends the visitor to /) and the persona's answers:
  // the app restored them, as its own next save shows (it writes its whole state after each move).
  await app.getByRole('button', { name: 'Female', exact: true }).click();
  await expectScreen(app, flow, 'personality-next-step');
  const saved = await app.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null') as { answers: Record<string, unknown>; trail: string[] } | null, storageKey(flow));
  expect(saved?.answers).toMatchObject({ '1-1': 'single', '2-1': 'Maya', '2-2': '1990-05-17', '2-3': 'dont_know', '2-4': { place: 'London, England, United Kingdom', utcOffsetMinutes: 60 }, '2-5': 'female' });
  expect(saved?.trail).toEqual(expect.arrayContaining(['profile-no-problem', 'profile-gender', 'personality-next-step']));
  expect(JSON.stringify(saved)).not.toContain('@');
});

test('a visitor page loads none of the studio\'s code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await freshStart(page);
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page).toHaveURL(/\/quiz\/1-1/);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => path.startsWith('/studio'))).toEqual([]);
  // The visitor's build holds none of it either: the studio is built on its own, into dist-studio/.
  const assets = join('dist', 'assets');
  const marker = 'Flow studio';
  const withStudio = readdirSync(assets).filter((file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes(marker));
  expect(withStudio).toEqual([]);
  expect(readFileSync(join('dist-studio', 'index.html'), 'utf8')).toContain(marker);
});

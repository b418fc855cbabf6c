import { expect, test, type Browser } from '@playwright/test';
import { formatReadout, type ExperimentReport } from '../src/shared/experiment-readout';
import { startOwnServer } from './support/own-server';
import { loadTestFlow } from './support/load-test-flow';
import { axeViolations } from './support/axe';

// The editor's experiment in the studio (STUDIO=on, a server of the test's own with EDITOR_TOKENS): start one between
// two stored versions, follow its live counts and readout (the editor API's numbers, written as the CLI writes them),
// change its weights, stop it with a winner, which new visitors then get.

const flow = loadTestFlow();
const TOKEN = 'studio-experiments-token';
const HEADLINES = ['Headline one, in the studio', 'Headline two, in the studio'] as const;

test.describe.configure({ mode: 'serial' });
let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer({ STUDIO: 'on', EDITOR_TOKENS: `ed:${TOKEN}` });
});
test.afterAll(async () => {
  await server?.kill();
});

const editorHeaders = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

async function storeVersion(title: string): Promise<number> {
  const copy = structuredClone(flow);
  (copy.screens.find((s) => s.id === copy.start) as { title: string }).title = title;
  const response = await fetch(`${server.url}/editor/flows/astrology/versions?note=${encodeURIComponent(title)}`, { method: 'POST', headers: editorHeaders, body: JSON.stringify(copy) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { version: number }).version;
}

/** A new visitor: the landing, then the first tap (their session is made: they are exposed). */
async function visit(browser: Browser): Promise<number> {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page).toHaveURL(/usid=/);
  await expect.poll(() => page.context().cookies().then((cookies) => cookies.some((c) => c.name === 'astrelle_visitor'))).toBe(true);
  return page.evaluate(() => (JSON.parse(document.getElementById('astrelle-flow')?.textContent ?? '{}') as { version: number }).version);
}

test('an editor starts an experiment in the studio, follows its readout, changes its weights and stops it with a winner', async ({ page, browser }) => {
  const [one, two] = [await storeVersion(HEADLINES[0]), await storeVersion(HEADLINES[1])];
  await page.goto(`${server.url}/studio/`);
  await page.getByRole('tab', { name: 'Experiments' }).click();
  await page.getByLabel('Editor token').fill(TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('No experiment on astrology yet.')).toBeVisible();

  // Started from the form: a name, two versions, their weights.
  const start = page.getByRole('button', { name: 'Start the experiment' });
  await page.getByLabel('Name').fill('Which headline sells');
  await page.getByRole('checkbox', { name: new RegExp(`^Version ${one}:`) }).check();
  await expect(start).toBeDisabled();
  await page.getByRole('checkbox', { name: new RegExp(`^Version ${two}:`) }).check();
  await page.getByLabel(`Weight of version ${two}`).fill('50');
  await start.click();
  await expect(page.getByRole('status')).toHaveText(`Started: new visitors are split between v${one} and v${two} from now on. Publishing waits until you stop it.`);
  await expect(page.locator('caption')).toHaveText(/^Which headline sells: running since \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  await expect(start).toHaveCount(0);

  // Visitors arrive; the live counts follow ("Load again" rather than the 10 s timer).
  const served = [await visit(browser), await visit(browser), await visit(browser)];
  for (const version of served) expect([one, two]).toContain(version);
  await page.getByRole('button', { name: 'Load again' }).click();
  const row = (version: number) => page.getByRole('row', { name: new RegExp(`^v${version} `) });
  await expect(row(one).getByRole('cell').nth(1)).toHaveText(String(served.filter((v) => v === one).length));
  await expect(row(two).getByRole('cell').nth(1)).toHaveText(String(served.filter((v) => v === two).length));

  // The studio's numbers are the API's, written as the CLI writes them.
  const id = ((await (await fetch(`${server.url}/editor/flows/astrology/experiments`, { headers: editorHeaders })).json()) as { experiments: Array<{ id: string }> }).experiments[0]!.id;
  const report = (await (await fetch(`${server.url}/editor/experiments/${id}`, { headers: editorHeaders })).json()) as ExperimentReport;
  for (const arm of report.arms) {
    const { percent, interval } = formatReadout;
    await expect(row(arm.version).getByRole('cell').nth(5)).toHaveText(`${percent(arm.conversion.rate)} (${interval(arm.conversion.interval, percent)})`);
    await expect(row(arm.version).getByRole('cell').nth(6)).toHaveText(percent(arm.conversion.probabilityBest));
  }
  await expect(page.getByText(/^Too few to judge v\d+ yet/).first()).toBeVisible();
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // New weights.
  await page.getByLabel(`Weight of v${one}`).fill('90');
  await page.getByLabel(`Weight of v${two}`).fill('10');
  await page.getByRole('button', { name: 'Change weights' }).click();
  await expect(page.getByRole('status')).toHaveText(`Weights changed to v${one} 90, v${two} 10: visitors already in an arm keep it.`);
  await expect(row(one).getByRole('cell').first()).toHaveText('90');

  // Stopped with version two: it is published, and a new visitor gets its headline with no arm drawn.
  await page.getByLabel('Publish').selectOption(String(two));
  await page.getByRole('button', { name: 'Stop and publish' }).click();
  await expect(page.getByRole('status')).toHaveText(`Stopped. Version ${two} is published (was 1); visitors already in an arm stay on theirs.`);
  await expect(page.locator('caption')).toHaveText(new RegExp(`^Which headline sells: stopped \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, version ${two} published$`));
  const landing = await (await browser.newContext({ baseURL: server.url })).newPage();
  const html = (await (await landing.goto('/'))?.text()) ?? '';
  expect(html).toContain(HEADLINES[1]);
  await expect(page.getByRole('button', { name: 'Start the experiment' })).toBeVisible();
});

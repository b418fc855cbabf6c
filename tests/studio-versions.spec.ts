import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { startOwnServer } from './support/own-server';
import { loadTestFlow, screenById } from './support/load-test-flow';

// The editor's loop in the studio (STUDIO=on, against a server of the test's own with EDITOR_TOKENS): sign in once,
// reword the headline in the screen's details (no JSON), store the flow in view as a new version (a refused one lists
// its located problems, nothing stored), preview it, publish it, roll back; new visitors follow each publish; drop-off
// shows each version's publish time.

const flow = loadTestFlow();
const TOKEN = 'studio-editor-token';
const OLD_HEADLINE = (screenById(flow, flow.start) as { title: string }).title;
const NEW_HEADLINE = 'A headline stored and published from the studio';
const dir = mkdtempSync(join(tmpdir(), 'astrelle-studio-versions-'));

test.describe.configure({ mode: 'serial' });
let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer({ STUDIO: 'on', EDITOR_TOKENS: `ed:${TOKEN}` });
});
test.afterAll(async () => {
  await server?.kill();
});

/** A flow file as an editor saves it, with `edit` made to a copy of the product's flow. */
function flowFile(name: string, edit: (copy: { start: string; screens: Array<Record<string, unknown>> }) => void): string {
  const copy = JSON.parse(JSON.stringify(flow)) as { start: string; screens: Array<Record<string, unknown>> };
  edit(copy);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(copy, null, 2));
  return file;
}

/** What the server sends a new visitor on the landing, before any script runs. */
async function landingHtml(browser: Browser): Promise<string> {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  return (await (await page.goto('/'))?.text()) ?? '';
}

test('an editor stores, previews, publishes and rolls back a version from the studio', async ({ page, browser }) => {
  await page.goto(`${server.url}/studio/`);
  await page.getByRole('tab', { name: 'Versions' }).click();
  // Asked once; the token stays in this tab's memory.
  await page.getByLabel('Editor token').fill(TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('caption')).toHaveText(`${flow.id}: version 1 is published · 1 stored`);

  // A refused flow: its located problems, and nothing stored.
  await page.getByLabel('Open another flow file').setInputFiles(
    flowFile('broken.json', (copy) => {
      copy.screens.find((s) => s.id === 'relationship-goal')!.next = 'knowledge-of-astrologyy';
    }),
  );
  await page.getByRole('tab', { name: 'Versions' }).click();
  await page.getByRole('button', { name: 'Store as a new version' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The server refused it' });
  await expect(refusal).toContainText('The server refused it; nothing was stored:');
  await expect(refusal.getByRole('listitem')).toContainText([/^\d+:\d+ \/screens\/\d+\/next transition to unknown screen "knowledge-of-astrologyy"/]);
  await expect(page.locator('caption')).toHaveText(`${flow.id}: version 1 is published · 1 stored`);

  // The headline reworded in the studio itself (no JSON), stored, previewed (no visitor sees it), published.
  await page.getByLabel('Open another flow file').setInputFiles(flowFile('astrology.json', () => undefined));
  await page.getByRole('tab', { name: 'Graph' }).click();
  await page.getByRole('button', { name: new RegExp(`^${flow.start}`) }).click();
  const reword = page.getByRole('region', { name: 'Reword' });
  await reword.getByLabel('title', { exact: true }).fill(NEW_HEADLINE);
  await reword.getByRole('button', { name: 'Apply to the flow in view' }).click();
  await expect(reword.getByRole('status')).toContainText('Applied');
  await page.getByRole('tab', { name: 'Versions' }).click();
  await page.getByRole('textbox', { name: 'Note', exact: true }).fill('New headline');
  await page.getByRole('button', { name: 'Store as a new version' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Stored as version 2, not published: preview it, then publish it.');
  await expect(page.getByRole('row', { name: /^2 draft New headline ed/ })).toBeVisible();

  await page.getByRole('button', { name: 'Preview version 2' }).click();
  const link = await page.getByRole('link', { name: 'Open the preview of version 2' }).getAttribute('href');
  const reviewer = await (await browser.newContext()).newPage();
  await reviewer.goto(link!);
  await expect(reviewer.getByRole('heading', { level: 1 })).toHaveText(NEW_HEADLINE);
  expect(await landingHtml(browser)).toContain(OLD_HEADLINE);

  await page.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Published version 2 (was 1): new visitors get it within 5 s; visitors already in the funnel stay on theirs.');
  await expect(page.locator('caption')).toHaveText(`${flow.id}: version 2 is published · 2 stored`);
  expect(await landingHtml(browser)).toContain(NEW_HEADLINE);
  // A visitor on version 2, whose events the drop-off report counts.
  const visitor = await (await browser.newContext({ baseURL: server.url })).newPage();
  await visitor.goto('/');
  await visitor.getByRole('button', { name: (screenById(flow, flow.start) as { cta: string }).cta }).click();
  await expect(visitor).toHaveURL(/\/quiz\/1-1/);

  // The two versions compared: the reworded headline, as flow:diff lists it.
  await page.getByLabel('Compare from version').selectOption('1');
  await page.getByLabel('Compare to version').selectOption('2');
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByRole('list', { name: 'From version 1 to version 2' })).toContainText(`~ screen ${flow.start} title: ${JSON.stringify(OLD_HEADLINE)} → ${JSON.stringify(NEW_HEADLINE)}`);

  // Rollback.
  await page.getByRole('button', { name: 'Roll back to version 1' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Published version 1 (was 2): new visitors get it within 5 s; visitors already in the funnel stay on theirs.');
  expect(await landingHtml(browser)).toContain(OLD_HEADLINE);

  // Drop-off, with the same token (no second sign-in): each version's publish time beside its table.
  await page.getByRole('tab', { name: 'Drop-off' }).click();
  await expect(page.getByLabel('Editor token')).toHaveCount(0);
  // The app's events reach the server in batches: ask again until the version 2 visitor's are in.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Load again' }).click();
        await expect(page.getByRole('button', { name: 'Load again' })).toBeEnabled();
        return (await page.locator('caption').allTextContents()).join('\n');
      },
      { timeout: 30_000 },
    )
    .toMatch(/v2 · \d+ visitors? · published \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
});

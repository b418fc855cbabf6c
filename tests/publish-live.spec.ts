import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startOwnServer } from './support/own-server';
import { loadTestFlow, screenById } from './support/load-test-flow';
import { expectScreen, freshStart } from './support/funnel-driver';
import { payWithCard } from './support/hosted-checkout';
import { ledgerFor } from './support/payment-ledger';
import { TRIAL_1 } from './support/paid-visitor';
import { continueWith, tap } from './support/quiz-walk';
import { renameAnswerKey } from '../scripts/rename-answer-key';

// An editor publishes a flow live, as the README's "Edit and publish" tells them, against a server of the test's own
// (with EDITOR_TOKENS): a reworded question and headline reach new visitors with no build and no restart (the
// headline in the HTML before any script runs), visitors already in the funnel keep the version they started, a
// preview link opens a stored version, a rollback brings the old texts back, and a refused flow changes nothing.

const flow = loadTestFlow();
const TOKEN = 'secret-token';
const dir = mkdtempSync(join(tmpdir(), 'astrelle-publish-'));
const OLD_HEADLINE = (screenById(flow, flow.start) as { title: string }).title;
/** The 1-3 question's screen. */
const THIRD = flow.screens.find((s) => 'answerKey' in s && s.answerKey === '1-3')!;
const OLD_QUESTION = (THIRD as { title: string }).title;
const NEW_HEADLINE = 'Your stars, in a headline published live';
const NEW_QUESTION = 'How well do you know your chart, in a word?';

test.describe.configure({ mode: 'serial' });
let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer({ EDITOR_TOKENS: `ed:${TOKEN}` });
});
test.afterAll(async () => {
  await server?.kill();
});

/** Runs one of the editor's npm scripts (scripts/flow-editor.ts) against the test's server. */
function editor(...args: string[]): { status: number; out: string; err: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/flow-editor.ts', ...args], {
    env: { ...process.env, ASTRELLE_URL: server.url, EDITOR_TOKEN: TOKEN },
    encoding: 'utf8',
  });
  return { status: result.status ?? -1, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** A copy of the flow as an editor would save it, with `edit` made. */
function copyOfFlow(name: string, edit: (flow: { screens: Array<Record<string, unknown>>; start: string }) => void): string {
  const copy = JSON.parse(JSON.stringify(flow)) as { screens: Array<Record<string, unknown>>; start: string };
  edit(copy);
  const file = join(dir, name);
  writeFileSync(file, `${JSON.stringify(copy, null, 2)}\n`);
  return file;
}

/** A new visitor's browser on the landing; what the server sent, before any script ran, and the page. */
async function newVisitor(browser: Browser): Promise<{ page: Page; html: string }> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const response = await page.goto('/');
  return { page, html: (await response?.text()) ?? '' };
}

/** From the landing to the 1-3 question, having answered 1-1 and 1-2 (the route, not the heading: it may be reworded). */
async function toTheThirdQuestion(page: Page) {
  await page.getByRole('button', { name: (screenById(flow, flow.start) as { cta: string }).cta }).click();
  await tap(page, 'Single');
  await tap(page, 'Understanding myself better');
  await expect(page).toHaveURL((url) => url.pathname === THIRD.route);
}

test('an editor rewords a question and the headline, publishes, previews and rolls back: each visitor sees one version', async ({ browser }) => {
  // A visitor who answered the first question before the publish.
  const early = await newVisitor(browser);
  expect(early.html).toContain(OLD_HEADLINE);
  await toTheThirdQuestion(early.page);
  await expect(early.page.getByRole('heading', { level: 1 })).toHaveText(OLD_QUESTION);

  const reworded = copyOfFlow('reworded.json', (copy) => {
    copy.screens.find((s) => s.id === copy.start)!.title = NEW_HEADLINE;
    copy.screens.find((s) => s.id === THIRD.id)!.title = NEW_QUESTION;
  });
  const published = editor('publish', reworded, '--note', 'Reworded the headline and the goal question');
  expect(published.err).toBe('');
  expect(published.status).toBe(0);
  expect(published.out).toBe(`Published astrology version 2 (was 1) from ${reworded}: new visitors get it within 5 s; visitors already in the funnel stay on the version they started.`);

  // A new visitor: the headline is in the HTML the server sent, before any script; the question in the funnel.
  const fresh = await newVisitor(browser);
  expect(fresh.html).toContain(NEW_HEADLINE);
  expect(fresh.html).not.toContain(OLD_HEADLINE);
  await expect(fresh.page.getByRole('heading', { level: 1 })).toHaveText(NEW_HEADLINE);
  await toTheThirdQuestion(fresh.page);
  await expect(fresh.page.getByRole('heading', { level: 1 })).toHaveText(NEW_QUESTION);

  // The early visitor keeps version 1: after a reload, and coming back the next day to where they were.
  await early.page.reload();
  await expectScreen(early.page, flow, THIRD.id);
  await expect(early.page.getByRole('heading', { level: 1 })).toHaveText(OLD_QUESTION);
  const where = early.page.url();
  await early.page.close();
  const nextDay = await early.page.context().newPage();
  await nextDay.clock.install({ time: Date.now() + 24 * 3600_000 });
  await nextDay.goto(where);
  await expectScreen(nextDay, flow, THIRD.id);
  await expect(nextDay.getByRole('heading', { level: 1 })).toHaveText(OLD_QUESTION);

  const versions = editor('versions');
  expect(versions.status).toBe(0);
  expect(versions.out.split('\n')[0]).toBe('astrology: version 2 is published (2 stored)');
  expect(versions.out).toMatch(/^\* {4}2 {2}published {2}stored .* by ed {2}published .* {2}Reworded the headline and the goal question$/m);
  expect(versions.out).toMatch(/^ {5}1 {2}was live {3}stored .* by seed /m);

  // A refused flow: located problems, nothing stored, nothing published.
  const broken = copyOfFlow('broken.json', (copy) => {
    copy.screens.find((s) => s.id === 'relationship-goal')!.next = 'relationship-goals';
  });
  const refused = editor('publish', broken);
  expect(refused.status).toBe(1);
  expect(refused.err).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+ /screens/\\d+/next .*"relationship-goals".*did you mean "relationship-goal"`, 'm'));
  expect(refused.err).toMatch(/was not stored: 1 problem \(nothing changed\)$/);
  expect(editor('versions').out.split('\n')[0]).toBe('astrology: version 2 is published (2 stored)');

  // A stored draft, previewed before anyone else sees it.
  const draft = copyOfFlow('draft.json', (copy) => {
    copy.screens.find((s) => s.id === copy.start)!.title = 'A draft headline under review';
  });
  const stored = editor('store', draft, '--note', 'draft');
  expect(stored.out).toMatch(/^Stored .* as astrology version 3, not published/);
  const preview = editor('preview', '3');
  const link = /(http:\/\/\S+)$/.exec(preview.out)?.[1];
  expect(link).toMatch(/\/\?preview=astrology\.3\./);
  const reviewer = await browser.newContext({ baseURL: server.url });
  const reviewPage = await reviewer.newPage();
  await reviewPage.goto(link!);
  // The token leaves the address bar.
  expect(new URL(reviewPage.url()).search).toBe('');
  await expect(reviewPage.getByRole('heading', { level: 1 })).toHaveText('A draft headline under review');
  expect((await newVisitor(browser)).html).toContain(NEW_HEADLINE);

  // Rollback: new visitors get the old texts back; the one on version 2 keeps it.
  const rolledBack = editor('rollback', '1');
  expect(rolledBack.out).toBe('Rolled astrology back to version 1 (was 2): new visitors get it within 5 s; visitors already on 2 stay on it.');
  const after = await newVisitor(browser);
  expect(after.html).toContain(OLD_HEADLINE);
  await toTheThirdQuestion(after.page);
  await expect(after.page.getByRole('heading', { level: 1 })).toHaveText(OLD_QUESTION);
  await fresh.page.reload();
  await expect(fresh.page.getByRole('heading', { level: 1 })).toHaveText(NEW_QUESTION);
});

test('a visitor mid-funnel on one version pays and gets their reports while another is published', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await freshStart(page);
  const usid = new URL(page.url()).searchParams.get('usid') ?? '';
  const servedVersion = () => page.evaluate(() => (JSON.parse(document.getElementById('astrelle-flow')?.textContent ?? '{}') as { version?: number }).version);
  const startedOn = await servedVersion();
  // Meanwhile an editor publishes another version.
  const other = copyOfFlow('meanwhile.json', (copy) => {
    copy.screens.find((s) => s.id === copy.start)!.title = 'Published while a visitor pays';
  });
  expect(editor('publish', other).status).toBe(0);

  const email = `pays-on-v${startedOn}-${Date.now().toString(36)}@example.com`;
  const back = (route: string) => `${route}?usid=${usid}`;
  const created = await page.request.post('/subs/checkout/sessions', {
    data: {
      project: 'astrelle', provider: 'maxpay', productId: TRIAL_1, email, usid, orderId: `ord_live_${Date.now().toString(36)}`,
      successUrl: back('/payment-success'), errorUrl: back('/payment-error'), cancelUrl: back('/select-price'),
    },
  });
  expect(created.status()).toBe(201);
  await page.goto(((await created.json()) as { url: string }).url);
  await payWithCard(page);
  // Back from the payment page, on the version the visitor started on.
  await expectScreen(page, flow, 'payment-success');
  expect(await servedVersion()).toBe(startedOn);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectScreen(page, flow, 'signup-offer');
  await page.getByRole('checkbox', { name: /^Your birth chart reading/ }).check();
  await page.getByRole('button', { name: /^Pay \$[\d.]+ with card •••• 4242$/ }).click();
  await expectScreen(page, flow, 'signup-offer-success');
  expect(await servedVersion()).toBe(startedOn);
  const ledger = ledgerFor(email, server.dataDir);
  expect(ledger.charges.map((c) => c.productId)).toEqual([TRIAL_1, 'mxp_astrelle_birth_chart_1999_live']);
  expect(ledger.purchases.map((p) => p.offerId)).toEqual(['birth_chart']);
});

test('publishing with --move-visitors and a renamed answer key: a visitor in the funnel resumes where they were, with their answers', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await page.goto('/');
  const versionOfPage = () => page.evaluate(() => (JSON.parse(document.getElementById('astrelle-flow')?.textContent ?? '{}') as { version?: number }).version);
  const startedOn = await versionOfPage();
  await page.getByRole('button', { name: (screenById(flow, flow.start) as { cta: string }).cta }).click();
  await tap(page, 'Single');
  await tap(page, 'Understanding myself better');
  await tap(page, 'I know my sun sign');
  await tap(page, 'Continue');
  await continueWith(page, 'First name', 'Maya');
  const birthday = screenById(flow, 'profile-birthday');
  await expect(page).toHaveURL((url) => url.pathname === birthday.route);

  // The name's answer key renamed in the next version, the renaming declared; published moving visitors on.
  const file = join(dir, 'renamed.json');
  writeFileSync(file, renameAnswerKey(JSON.stringify(flow), '2-1', 'first-name'));
  const published = editor('publish', file, '--move-visitors', '--note', '2-1 is first-name now');
  expect(published.err).toBe('');
  expect(published.out).toMatch(/^Published astrology version (\d+) \(was \d+\) from .*: new visitors get it within 5 s; visitors on other versions move on to it\.$/);

  // The visitor's next page is the new version: they resume at the birthday, not at step one, with their name.
  await page.reload();
  expect(await versionOfPage()).not.toBe(startedOn);
  await expect(page).toHaveURL((url) => url.pathname === birthday.route);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText((birthday as { title: string }).title);
  const saved = await page.evaluate(() => JSON.parse(window.localStorage.getItem('astrelle:progress:astrology') ?? '{}') as { answers?: Record<string, unknown> });
  expect(saved.answers).toMatchObject({ 'first-name': 'Maya', '1-1': 'single' });
  expect(saved.answers).not.toHaveProperty('2-1');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Maya');
});

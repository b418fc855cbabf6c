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
  const ledger = await ledgerFor(email, server.dataDir);
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

test('visitors parked on a screen a publish changed and on one a rollback removed resume in the funnel, never on "Page not found" nor at step one', async ({ browser }) => {
  // The version published now (earlier tests published others), as the editor would copy it.
  const listed = editor('versions');
  const base = Number(/version (\d+) is published/.exec(listed.out)?.[1]);
  const baseFlow = (await (await fetch(`${server.url}/flows/astrology/versions/${base}.json`)).json()) as { start: string; screens: Array<Record<string, unknown>> };
  const goal = screenById(flow, 'relationship-goal');
  const lets = screenById(flow, 'profile-lets-learn');
  const between = { id: 'a-word-between', route: '/a-word-between', title: 'A screen only the new version has' };
  /** The next version: a screen after the 1-3 question, and the 1-2 question without "Letting go of the past". */
  const nextVersion = (name: string) => {
    const copy = structuredClone(baseFlow);
    const third = copy.screens.find((s) => s.id === THIRD.id)!;
    copy.screens.splice(copy.screens.indexOf(third) + 1, 0, {
      id: between.id, route: between.route, kind: 'interstitial', group: 'quiz', title: between.title, body: ['Published for one day.'], cta: 'Continue', back: { to: 'previous' }, next: third.next,
    });
    third.next = between.id;
    const goalScreen = copy.screens.find((s) => s.id === goal.id)! as { options: Array<{ value: string }> };
    goalScreen.options = goalScreen.options.filter((o) => o.value !== 'heal_past');
    const file = join(dir, name);
    writeFileSync(file, `${JSON.stringify(copy, null, 2)}\n`);
    return file;
  };
  const savedOf = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('astrelle:progress:astrology') ?? '{}') as { flowVersion?: number; answers?: Record<string, unknown> });

  // Visitor A on the version published now, parked on the 1-3 question with an answer the next version drops.
  const a = await newVisitor(browser);
  await a.page.getByRole('button', { name: (screenById(flow, flow.start) as { cta: string }).cta }).click();
  await tap(a.page, 'Single');
  await tap(a.page, 'Letting go of the past');
  await expect(a.page).toHaveURL((url) => url.pathname === THIRD.route);

  const published = editor('publish', nextVersion('with-a-new-screen.json'), '--note', 'A screen after 1-3; 1-2 without heal_past');
  expect(published.err).toBe('');
  const added = Number(/version (\d+)/.exec(published.out)?.[1]);

  // Visitor B on the new version, parked on its new screen.
  const b = await newVisitor(browser);
  await b.page.getByRole('button', { name: (screenById(flow, flow.start) as { cta: string }).cta }).click();
  await tap(b.page, 'Single');
  await expect(b.page.getByRole('button', { name: 'Letting go of the past' })).toHaveCount(0);
  await tap(b.page, 'Understanding myself better');
  await tap(b.page, 'I know my sun sign');
  await expect(b.page).toHaveURL((url) => url.pathname === between.route);
  await expect(b.page.getByRole('heading', { level: 1 })).toHaveText(between.title);

  // A stays on the version they started: their question, their answer to 1-2 still there.
  await a.page.reload();
  await expect(a.page).toHaveURL((url) => url.pathname === THIRD.route);
  expect((await savedOf(a.page)).answers).toMatchObject({ '1-2': 'heal_past' });

  // Rolled back: B is kept on the version they started, on the screen only it has.
  expect(editor('rollback', String(base)).status).toBe(0);
  const kept = await b.page.reload();
  expect(kept?.status()).toBe(200);
  await expect(b.page.getByRole('heading', { level: 1 })).toHaveText(between.title);

  // The new version retired: B moves on to the rolled-back one, at the first question of their path they have not
  // answered (past the removed screen), with every answer; the page's status says it is theirs.
  const retired = editor('retire', String(added));
  expect(retired.err).toBe('');
  expect(retired.out).toBe(`Retired astrology version ${added}: it is never served again; its visitors move on to version ${base} at their next page, with their answers.`);
  const moved = await b.page.reload();
  expect(moved?.status()).toBe(200);
  const name = screenById(flow, 'profile-name');
  await expect(b.page).toHaveURL((url) => url.pathname === name.route);
  await expect(b.page.getByText('Page not found')).toHaveCount(0);
  expect(await savedOf(b.page)).toMatchObject({ flowVersion: base, answers: { '1-1': 'single', '1-2': 'understand_myself', '1-3': 'sun_sign' } });
  // Their trail runs through the screen before the name in this version: Back goes there.
  await b.page.getByRole('button', { name: 'Back' }).click();
  await expect(b.page).toHaveURL((url) => url.pathname === lets.route);

  // The next version again, published moving visitors on: A's answer to 1-2 is one it no longer takes. A resumes at
  // that question (not at step one), their first answer kept.
  const again = editor('publish', nextVersion('again.json'), '--move-visitors', '--note', 'Again, moving visitors on');
  expect(again.err).toBe('');
  const movedTo = Number(/version (\d+)/.exec(again.out)?.[1]);
  await a.page.reload();
  await expect(a.page).toHaveURL((url) => url.pathname === goal.route);
  await expect(a.page.getByRole('button', { name: 'Letting go of the past' })).toHaveCount(0);
  const carried = await savedOf(a.page);
  expect(carried).toMatchObject({ flowVersion: movedTo, answers: { '1-1': 'single' } });
  expect(carried.answers).not.toHaveProperty('1-2');

  // And back: rolled back and the version retired, A is on the first version again, at the same question, which offers
  // "Letting go of the past" again.
  expect(editor('rollback', String(base)).status).toBe(0);
  expect(editor('retire', String(movedTo)).status).toBe(0);
  await a.page.reload();
  await expect(a.page).toHaveURL((url) => url.pathname === goal.route);
  await expect(a.page.getByRole('button', { name: 'Letting go of the past' })).toBeVisible();
  expect(await savedOf(a.page)).toMatchObject({ flowVersion: base, answers: { '1-1': 'single' } });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { systemChromium } from '../tests/support/chromium-path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The editing loop of `npm run dev`: Vite's dev server on a copy of the flow, Chromium on its
// page. A valid edit of the flow file shows in the page without a manual reload; an invalid one shows the checker's
// located lines in Vite's overlay over the page, and fixing it brings the page back.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Inside the project (Vite serves nothing outside its root) but not in node_modules (which Vite does not watch), and
// where no flow:check of flows/*.json looks: the checkout's ignored tmp/.
const dir = join(repoRoot, 'tmp', `dev-flow-${process.pid}`);
const flowFile = join(dir, 'flow.json');
const original = readFileSync(join(repoRoot, 'flows', 'astrology.json'), 'utf8');
/** ANSI colour and style sequences (ESC [ … m). */
const ansiEscapes = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
let vite: ChildProcess | undefined;
let browser: Browser | undefined;
let origin = '';

function writeFlow(edit: (flow: { screens: Array<Record<string, unknown>> }) => void) {
  const flow = JSON.parse(original);
  edit(flow);
  writeFileSync(flowFile, `${JSON.stringify(flow, null, 2)}\n`);
}

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(flowFile, original);
  vite = spawn(join(repoRoot, 'node_modules', '.bin', 'vite'), ['--configLoader', 'runner', '--port', '0', '--host', '127.0.0.1'], {
    cwd: repoRoot,
    env: { ...process.env, FLOW_FILE: flowFile, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`vite did not start in 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Vite may colour its output (the port in bold) whatever NO_COLOR says: its escape sequences are taken out first.
      const match = /Local:\s+(http:\/\/[0-9.]+:\d+)/.exec(output.replace(ansiEscapes, ''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    vite!.stdout!.on('data', onData);
    vite!.stderr!.on('data', onData);
  });
  const executablePath = systemChromium();
  browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--disable-background-networking', '--no-first-run'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  vite?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run dev and the flow file', () => {
  it('shows a valid edit without a manual reload, and an invalid one as the checker\'s located lines in an overlay', async () => {
    const page = await browser!.newPage();
    await page.goto(`${origin}/`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor({ timeout: 30_000 });
    const start = JSON.parse(original).screens[0] as { id: string; title: string };
    expect(await heading.textContent()).toBe(start.title);

    // A valid edit: the landing's title reworded.
    const reworded = `Edited title ${Date.now()}`;
    const edited = Date.now();
    writeFlow((flow) => {
      flow.screens[0]!.title = reworded;
    });
    await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, reworded, { timeout: 15_000 });
    console.log(`dev: a flow edit showed in the page ${Date.now() - edited} ms after the file was written`);

    // An invalid edit: a transition to a screen that does not exist.
    writeFlow((flow) => {
      flow.screens[1]!.next = 'no-such-screen';
    });
    const overlay = page.locator('vite-error-overlay');
    await overlay.waitFor({ timeout: 15_000 });
    // The watcher's event can come between the save's truncation and its write (and the write's own event never come):
    // the plugin reads the file once it has settled, so the overlay shows the checker's line for the whole edit, not
    // the half-written file's syntax error at 1:1.
    await expect
      .poll(async () => (await overlay.locator('.message').textContent()) ?? '', { timeout: 10_000 })
      .toMatch(new RegExp(`flow\\.json:\\d+:\\d+ /screens/1/next transition to unknown screen "no-such-screen"; use the id of a screen in this flow`));
    // The page under it is still the app (no blank page).
    expect(await page.locator('#root').innerHTML()).not.toBe('');

    // Fixed again: the overlay goes with the reload, and the page shows the flow.
    writeFlow(() => undefined);
    await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, start.title, { timeout: 15_000 });
    await expect.poll(() => overlay.count(), { timeout: 10_000 }).toBe(0);
  }, 90_000);

  it('serves the flow studio at /studio, drawing the flow being edited, and follows an edit', async () => {
    const page = await browser!.newPage();
    await page.goto(`${origin}/studio`);
    expect(new URL(page.url()).pathname).toBe('/studio/');
    await page.getByRole('heading', { level: 1, name: 'Flow studio' }).waitFor({ timeout: 30_000 });
    const screens = (JSON.parse(original) as { screens: Array<{ id: string }> }).screens;
    await expect.poll(() => page.locator('button[data-screen]').count(), { timeout: 15_000 }).toBe(screens.length);
    // An edit of the file: the studio shows the new text once the page has it.
    const reworded = `Studio title ${Date.now()}`;
    writeFlow((flow) => {
      flow.screens[0]!.title = reworded;
    });
    // The edit reloads the studio's page (a choice made before the reload is gone): choose the screen and read again.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: new RegExp(`^${screens[0]!.id}`) }).click({ timeout: 15_000 });
          return (await page.getByRole('complementary').textContent()) ?? '';
        },
        { timeout: 20_000 },
      )
      .toContain(reworded);
    writeFlow(() => undefined);
  }, 60_000);
});

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { keyOf, loadTestFlow } from './support/load-test-flow';
import { freshStart } from './support/funnel-driver';
import { continueWith, pickPlace, singleUpToPlace, tap } from './support/quiz-walk';
import { zoneHistory } from '../server/test-support/zone-histories';

// In Chromium: a birthplace's offset comes from the zone's history in the tz database (with its backzone
// data), fetched from the server when the place is picked and kept in the answer, never from the browser's own tz
// data; and the browser reads every reference reading as the server does.

const flow = loadTestFlow();
const placeKey = keyOf(flow, 'profile-place-of-birth');

async function savedPlace(page: Page): Promise<{ utcOffsetMinutes: number; timeZone: string; zoneHistory?: { zone: string; version: string } }> {
  const answers = await page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { answers?: Record<string, unknown> }).answers ?? {} : {};
  }, `astrelle:progress:${flow.id}`);
  return answers[placeKey] as never;
}

test('a birth in Amsterdam in 1930 gets Amsterdam\'s own offset (+1:19:32), and a changed date reads the same history', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/places/zone') asked.push(url.searchParams.get('id') ?? '');
  });
  await freshStart(page);
  await tap(page, 'Start the quiz');
  await singleUpToPlace(page, '1930-07-01', '12:00');
  await pickPlace(page, 'Place of birth', 'Amsterdam', /^Amsterdam, .*Netherlands$/);
  await expect.poll(async () => (await savedPlace(page))?.utcOffsetMinutes).toBe(80);
  const place = await savedPlace(page);
  expect(place.timeZone).toBe('Europe/Amsterdam');
  expect(place.zoneHistory).toMatchObject({ zone: 'Europe/Amsterdam', version: zoneHistory('Europe/Amsterdam')!.version });
  expect(asked).toContain('Europe/Amsterdam');

  // Back to the date: January 1939 was +0:20 in Amsterdam (not +1:00), read from the history the answer keeps.
  const before = asked.length;
  await page.goto('/quiz/2-2');
  await continueWith(page, 'Date of birth', '1939-01-15');
  await expect.poll(async () => (await savedPlace(page))?.utcOffsetMinutes).toBe(20);
  expect(asked.length, 'no second request: the answer keeps the history').toBe(before);
});

test('the first letter typed sends its search at once: no script is fetched before it', async ({ page }) => {
  await freshStart(page);
  await tap(page, 'Start the quiz');
  await singleUpToPlace(page, '1990-05-17', '07:30');
  await page.waitForLoadState('networkidle');
  // What the page asks for from the letter on, until the search itself goes out.
  const before: string[] = [];
  let searched = false;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/places/search') searched = true;
    else if (!searched) before.push(url.pathname);
  });
  const search = page.waitForRequest((request) => new URL(request.url()).pathname === '/places/search');
  await page.getByRole('combobox', { name: 'Place of birth' }).press('L');
  expect(new URL((await search).url()).searchParams.get('q')).toBe('L');
  expect(before.filter((p) => p.endsWith('.js')), 'a script fetched before the search: one more round trip for the first letter').toEqual([]);
});

test('Chromium reads every reference reading as the server does (and as Python\'s zoneinfo)', async ({ browser: chromium }) => {
  test.setTimeout(120_000);
  // The test's own script goes into the page: the app's Content-Security-Policy (no inline script) is set aside for it.
  const context = await chromium.newContext({ bypassCSP: true });
  const page = await context.newPage();
  // The app's own module (src/engine/utc-offset.ts and zone-history.ts), bundled by Vite for the page.
  const { build } = await import('vite');
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, lib: { entry: 'src/engine/utc-offset.ts', formats: ['iife'], name: 'AstrelleOffsets' } },
  })) as Array<{ output: Array<{ type: string; code?: string }> }> | { output: Array<{ type: string; code?: string }> };
  const code = (Array.isArray(output) ? output[0]! : output).output.find((o) => o.type === 'chunk')!.code!;

  const lines = gunzipSync(readFileSync('tests/fixtures/tz-reference.txt.gz')).toString('utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const readings = lines.map((l) => l.split(' ')).map(([zone, date, time, offset]) => ({ zone: zone!, date: date!, time: time!, offset: Number(offset) }));
  // The server's own answers, in Node, from its histories.
  const { utcOffsetSeconds } = await import('../src/engine/utc-offset');
  const server = readings.map((r) => utcOffsetSeconds(zoneHistory(r.zone)!, r.date, r.time));
  expect(server).toEqual(readings.map((r) => r.offset));

  await page.goto('/privacy-policy');
  await page.addScriptTag({ content: code });
  const browser = await page.evaluate(async (cases) => {
    const api = (window as unknown as { AstrelleOffsets: { utcOffsetSeconds: (h: unknown, d: string, t: string) => number } }).AstrelleOffsets;
    const zones = [...new Set(cases.map((c) => c.zone))];
    // Each zone's history as the app gets it: from this server's API.
    const histories = new Map<string, unknown>();
    await Promise.all(
      zones.map(async (zone) => {
        const response = await fetch(`/places/zone?id=${encodeURIComponent(zone)}`);
        if (!response.ok) throw new Error(`GET /places/zone?id=${zone}: ${response.status}`);
        histories.set(zone, await response.json());
      }),
    );
    return cases.map((c) => api.utcOffsetSeconds(histories.get(c.zone), c.date, c.time));
  }, readings.map(({ zone, date, time }) => ({ zone, date, time })));
  const differing = readings.flatMap((r, i) => (browser[i] === server[i] ? [] : [`${r.zone} ${r.date} ${r.time}: browser ${browser[i]}, server ${server[i]}`]));
  expect(differing.slice(0, 20)).toEqual([]);
  expect(readings.length).toBeGreaterThan(1000);
  await context.close();
});

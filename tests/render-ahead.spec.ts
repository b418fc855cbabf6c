import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectScreen, freshEmail, freshStart, headingPattern, visitorOnPrices } from './support/funnel-driver';
import { loadTestFlow, screenById } from './support/load-test-flow';
import { tap } from './support/quiz-walk';

// Issue 15: the screen a tap most likely leads to is rendered ahead, hidden, once the browser is idle, and the tap
// shows that very tree; the screen left is hidden at once and taken out of the page at idle (funnel-view.tsx).
const flow = loadTestFlow();

/** Every h1 of `screenId`'s title in the page, shown or not. */
function headingsOf(page: Page, screenId: string): Locator {
  const pattern = headingPattern(screenById(flow, screenId));
  if (!pattern) throw new Error(`${screenId} has no title`);
  return page.locator('h1').filter({ hasText: pattern });
}

test('the likely next screen waits hidden, out of the accessibility tree, and the tap shows that same tree with focus on it', async ({ page }) => {
  await freshStart(page);
  await tap(page, 'Start the quiz');
  await expectScreen(page, flow, 'relationship-status');
  await tap(page, 'Single');
  await expectScreen(page, flow, 'relationship-goal');

  // relationship-goal always leads to knowledge-of-astrology: its screen is in the page, hidden.
  const ahead = headingsOf(page, 'knowledge-of-astrology');
  await expect(ahead).toHaveCount(1);
  await expect(ahead).toBeHidden();
  // Hidden from assistive technology too: one level-1 heading, the screen shown.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingPattern(screenById(flow, 'relationship-goal'))!);
  // It ran no effects: focus is not on it.
  expect(await ahead.evaluate((h) => document.activeElement === h)).toBe(false);
  await ahead.evaluate((h) => ((h as HTMLElement & { renderedAhead?: boolean }).renderedAhead = true));

  await tap(page, 'Understanding myself better');
  await expectScreen(page, flow, 'knowledge-of-astrology');
  const shown = page.getByRole('heading', { level: 1 });
  // The element rendered ahead is the one on screen (not a new one), and the screen's effects ran: focus is on it.
  expect(await shown.evaluate((h) => (h as HTMLElement & { renderedAhead?: boolean }).renderedAhead === true)).toBe(true);
  await expect(shown).toBeFocused();
  // The screen left goes once the browser is idle; the next likely one is rendered ahead in its turn.
  await expect(headingsOf(page, 'relationship-goal')).toHaveCount(0);
  await expect(headingsOf(page, 'profile-lets-learn')).toHaveCount(1);
  await expect(headingsOf(page, 'profile-lets-learn')).toBeHidden();
});

test('Back shows the screen before with focus on its heading, and keeps the screen left hidden in the page', async ({ page }) => {
  await freshStart(page);
  await tap(page, 'Start the quiz');
  await tap(page, 'Single');
  await expectScreen(page, flow, 'relationship-goal');
  await tap(page, 'Back');
  await expectScreen(page, flow, 'relationship-status');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // Kept in the page, hidden: first as the screen left, then as the one a tap on Single leads to again.
  await expect(headingsOf(page, 'relationship-goal')).toHaveCount(1);
  await expect(headingsOf(page, 'relationship-goal')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('the price page is rendered ahead on /get-access, its flags being settled', async ({ page }) => {
  await visitorOnPrices(page, flow, freshEmail(), async () => {
    const ahead = headingsOf(page, 'select-price');
    await expect(ahead).toHaveCount(1);
    await expect(ahead).toBeHidden();
    await ahead.evaluate((h) => ((h as HTMLElement & { renderedAhead?: boolean }).renderedAhead = true));
  });
  const shown = page.getByRole('heading', { level: 1 });
  expect(await shown.evaluate((h) => (h as HTMLElement & { renderedAhead?: boolean }).renderedAhead === true)).toBe(true);
  await expect(shown).toBeFocused();
});

/** The emoji of a choice screen's options, in order, each once (what the warm-up lays out for it). */
function iconsOf(screenId: string): string {
  const screen = screenById(flow, screenId);
  if (screen.kind !== 'single-choice' && screen.kind !== 'multiple-choice') throw new Error(`${screenId} has no options`);
  return [...new Set(screen.options.flatMap((option) => (option.icon ? [option.icon] : [])))].join('');
}

test('the icons of the screen rendered ahead are laid out while idle, clipped to nothing and hidden from assistive technology', async ({ page }) => {
  // The emoji font loads the first time an emoji is laid out: on the landing, before the tap that shows the first.
  await freshStart(page);
  const warmup = page.locator('span[aria-hidden="true"]').filter({ hasText: iconsOf('relationship-status') });
  await expect(warmup).toHaveCount(1);
  await expect(warmup).toHaveText(iconsOf('relationship-status'));
  // Laid out (an element with display: none, as the screen ahead is, has no boxes), yet nothing of it shows.
  const box = await warmup.evaluate((span) => ({ rects: span.getClientRects().length, width: span.getBoundingClientRect().width, height: span.getBoundingClientRect().height }));
  expect(box.rects).toBeGreaterThan(0);
  expect(box.width).toBeLessThanOrEqual(1);
  expect(box.height).toBeLessThanOrEqual(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // It follows the screen ahead.
  await tap(page, 'Start the quiz');
  await tap(page, 'Single');
  await expect(page.locator('span[aria-hidden="true"]').filter({ hasText: iconsOf('knowledge-of-astrology') })).toHaveCount(1);
  await expect(page.locator('span[aria-hidden="true"]').filter({ hasText: iconsOf('relationship-status') })).toHaveCount(0);
});

test('the quiz progress bar fills the share of its track that it announces', async ({ page }) => {
  await freshStart(page);
  await tap(page, 'Start the quiz');
  await tap(page, 'Single');
  await expectScreen(page, flow, 'relationship-goal');
  const bar = page.getByRole('progressbar', { name: 'Quiz progress' });
  const announced = Number(await bar.getAttribute('aria-valuenow'));
  expect(announced).toBeGreaterThan(0);
  // Once its 250 ms transition has run, the fill's drawn width is that share of the track, from the start edge.
  await expect
    .poll(() =>
      bar.evaluate((track) => {
        const outer = track.getBoundingClientRect();
        const fill = track.firstElementChild!.getBoundingClientRect();
        return { share: Math.round((fill.width / outer.width) * 100), start: Math.round(fill.left - outer.left) };
      }),
    )
    .toEqual({ share: announced, start: 0 });
});

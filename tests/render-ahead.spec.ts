import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectScreen, freshEmail, freshStart, headingPattern, visitorOnPrices } from './support/funnel-driver';
import { loadTestFlow, screenById } from './support/load-test-flow';
import { tap } from './support/quiz-walk';
import { paidVisitor } from './support/paid-visitor';

// The screen a tap most likely leads to is rendered ahead, hidden, once the browser is idle, and the tap
// shows that very tree; the screen left is hidden at once and taken out of the page at idle (src/app/funnel/use-render-ahead.ts, use-screen-just-left.ts).
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

/**
 * The page is no taller with the screens it keeps hidden than without them, however tall they are (each is made taller
 * than the page here): clipped, they never make it scroll.
 */
async function expectNoTallerForHiddenScreens(page: Page) {
  const heights = await page.evaluate(() => {
    const slots = [...document.querySelectorAll<HTMLElement>('[data-hidden]')];
    const without = () => {
      slots.forEach((slot) => (slot.style.display = 'none'));
      const height = document.documentElement.scrollHeight;
      slots.forEach((slot) => (slot.style.display = ''));
      return height;
    };
    const stretchers = slots.map((slot) => {
      const stretcher = document.createElement('div');
      stretcher.style.height = `${3 * document.documentElement.scrollHeight}px`;
      slot.firstElementChild?.append(stretcher);
      return stretcher;
    });
    const result = { withThem: document.documentElement.scrollHeight, without: without(), slots: slots.length };
    stretchers.forEach((stretcher) => stretcher.remove());
    return result;
  });
  expect(heights.slots).toBeGreaterThan(0);
  expect(heights.withThem).toBe(heights.without);
}

test('the price page is rendered ahead on /get-access, its flags being settled', async ({ page }) => {
  await visitorOnPrices(page, flow, freshEmail(), async () => {
    const ahead = headingsOf(page, 'select-price');
    await expect(ahead).toHaveCount(1);
    await expect(ahead).toBeHidden();
    await ahead.evaluate((h) => ((h as HTMLElement & { renderedAhead?: boolean }).renderedAhead = true));
    // The price page is far taller than the access page it waits under.
    await expectNoTallerForHiddenScreens(page);
  });
  const shown = page.getByRole('heading', { level: 1 });
  expect(await shown.evaluate((h) => (h as HTMLElement & { renderedAhead?: boolean }).renderedAhead === true)).toBe(true);
  await expect(shown).toBeFocused();
});

/** Whether the element's box stands at the point at its centre, for a tap there (a hidden one is passed through). */
const hitAtCentre = (element: Element) => {
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && (hit === element || element.contains(hit));
};

test('the screen rendered ahead is laid out while idle, in the width it is shown in, invisible, untouchable, and adds nothing to the page', async ({ page }) => {
  // On the landing: the first question waits laid out, its icons too (the emoji font loads the first time one is laid
  // out: 25-50 ms at 4x CPU that the first tap would otherwise spend).
  await freshStart(page);
  const ahead = headingsOf(page, 'relationship-status');
  await expect(ahead).toHaveCount(1);
  await expect(ahead).toBeHidden();
  // An element with display: none has no boxes: this one has, at the width the card gives it.
  const hidden = await ahead.evaluate((h) => ({ rects: h.getClientRects().length, width: h.getBoundingClientRect().width, height: h.getBoundingClientRect().height }));
  expect(hidden.rects).toBeGreaterThan(0);
  expect(hidden.height).toBeGreaterThan(0);
  const status = screenById(flow, 'relationship-status');
  if (status.kind !== 'single-choice') throw new Error('relationship-status is not a single choice');
  const option = page.locator('label, button').filter({ hasText: status.options[0]!.label }).first();
  expect(await option.evaluate((o) => o.getBoundingClientRect().height)).toBeGreaterThan(0);
  // A tap where it lies reaches the screen shown, not it; and it is out of the accessibility tree (one h1).
  expect(await ahead.evaluate(hitAtCentre)).toBe(false);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expectNoTallerForHiddenScreens(page);

  await tap(page, 'Start the quiz');
  await expectScreen(page, flow, 'relationship-status');
  const shown = page.getByRole('heading', { level: 1 });
  // Shown, it has the width it was laid out in: the tap did not lay it out again at another.
  expect(await shown.evaluate((h) => h.getBoundingClientRect().width)).toBe(hidden.width);
  expect(await shown.evaluate(hitAtCentre)).toBe(true);
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

test('with reduced motion, the screen left is hidden and a scheme switch recoloured at once, not caught half-way', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await freshStart(page);
  await tap(page, 'Start the quiz');
  await expectScreen(page, flow, 'relationship-status');
  // Read before the next frame, once React has committed the tap (in the microtasks after the click's handlers): what
  // the next frame draws, with no transition begun.
  const headingsShown = await page.evaluate(async () => {
    const option = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Single') && b.checkVisibility({ visibilityProperty: true }));
    option?.click();
    await Promise.resolve();
    await Promise.resolve();
    return [...document.querySelectorAll('h1')].filter((h) => h.checkVisibility({ visibilityProperty: true })).map((h) => h.textContent);
  });
  const goal = screenById(flow, 'relationship-goal');
  if (goal.kind !== 'single-choice') throw new Error('relationship-goal is not a single choice');
  expect(headingsShown).toEqual([goal.title]);
  const textColours = await page.evaluate(() => {
    const before = getComputedStyle(document.body).color;
    document.documentElement.dataset.theme = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    return { before, after: getComputedStyle(document.body).color };
  });
  expect(textColours.after).not.toBe(textColours.before);
});

test('a paid payment\'s result screen has the upsell rendered ahead, as the payment\'s outcome leads there', async ({ page }) => {
  await paidVisitor(page);
  // The branch on the payment check's outcome is decided as the machine will decide it: paid, the upsell.
  const ahead = headingsOf(page, 'signup-offer');
  await expect(ahead).toHaveCount(1);
  await expect(ahead).toBeHidden();
  await ahead.evaluate((h) => ((h as HTMLElement & { renderedAhead?: boolean }).renderedAhead = true));
  await tap(page, 'Continue');
  await expectScreen(page, flow, 'signup-offer');
  expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => (h as HTMLElement & { renderedAhead?: boolean }).renderedAhead === true)).toBe(true);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { blurredArtOf } from '../src/shared/blurred-art';
import { expectScreen, freshStart } from './support/funnel-driver';
import { loadTestFlow } from './support/load-test-flow';
import { tap } from './support/quiz-walk';

// Each page group has its own art behind the card, and a card that blurs shows the build's blurred copy of it. Both
// are layers fixed to the viewport (src/app/funnel/funnel-frame.tsx): painted once, never again at a tap, and those
// of the group a tap most likely leads to are painted ahead, so that the tap into another group paints no art.
const flow = loadTestFlow();

/** A visitor reads each screen before tapping: the browser is idle once, and renders the next screen ahead then. */
const idle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));

/** Where an element lies in the viewport. */
const boxOf = (locator: Locator) => locator.evaluate((el) => {
  const { x, y, width, height } = el.getBoundingClientRect();
  return { x, y, width, height };
});

/**
 * The page's compositing layers as DevTools reports them while frames are committed: how many times the layer that
 * draws an element has been painted.
 */
async function watchPaints(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  let layers: Array<{ layerId: string; backendNodeId?: number; paintCount: number }> = [];
  cdp.on('LayerTree.layerTreeDidChange', (event) => {
    if (event.layers) layers = event.layers;
  });
  await cdp.send('DOM.enable');
  await cdp.send('LayerTree.enable');
  return {
    async nodeOf(selector: string) {
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      if (!nodeId) throw new Error(`no element ${selector}`);
      return (await cdp.send('DOM.describeNode', { nodeId })).node.backendNodeId;
    },
    paints: (node: number) => layers.find((layer) => layer.backendNodeId === node)?.paintCount,
  };
}

test('each page group has its own background and blur', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  const backdrop = page.locator('[data-group]');
  // The art shown is the backdrop's first element: fixed to the viewport and covering it.
  const artLayer = page.locator('[data-group] > [data-art]:not([data-ahead])');
  await expect(backdrop).toHaveAttribute('data-group', 'welcome');
  await expect(artLayer).toHaveCSS('background-image', /\/backgrounds\/welcome\.svg/);
  await expect(artLayer).toHaveCSS('position', 'fixed');
  expect(await boxOf(artLayer)).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  // The welcome group has no blur: the card lays no copy of the art over itself.
  const copy = page.locator('[data-card-art]:not([data-ahead])');
  await expect(copy).toHaveCount(0);
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(backdrop).toHaveAttribute('data-group', 'quiz');
  await expect(artLayer).toHaveCSS('background-image', /\/backgrounds\/quiz\.svg/);
  // The quiz group blurs softly: the card shows the build's blurred copy of the art, fixed to the viewport as the art
  // is (so it lies exactly over it), clipped to the card; the browser blurs nothing on each frame (no backdrop filter,
  // on the card or anywhere in the funnel).
  await expect(copy).toHaveCSS('background-image', /\/backgrounds\/quiz\.svg\.blur-soft\.webp/);
  await expect(copy).toHaveCSS('position', 'fixed');
  expect(await boxOf(copy)).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await expect(copy.locator('..')).toHaveCSS('clip-path', 'inset(0px round 24px)');
  await expect(page.locator('[data-group] > section')).toHaveCSS('border-radius', '24px');
  expect(await page.locator('main *').evaluateAll((els) => els.filter((el) => getComputedStyle(el).backdropFilter !== 'none').length)).toBe(0);
  const file = await page.request.get('/backgrounds/quiz.svg.blur-soft.webp');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/webp');
  // It is the art's shape (the browser lays it exactly over the art) and decodes.
  const { copy: copySize, art } = await page.evaluate(async () => {
    const bitmap = await createImageBitmap(await (await fetch('/backgrounds/quiz.svg.blur-soft.webp')).blob());
    const image = new Image();
    image.src = '/backgrounds/quiz.svg';
    await image.decode();
    return { copy: { width: bitmap.width, height: bitmap.height }, art: { width: image.naturalWidth, height: image.naturalHeight } };
  });
  expect(copySize.width).toBeGreaterThan(50);
  expect(copySize.width / copySize.height).toBeCloseTo(art.width / art.height, 1);
});

test('the art is clipped to the backdrop, and covers the viewport whatever the scroll', async ({ page }) => {
  await freshStart(page);
  await tap(page, 'Start the quiz');
  await expectScreen(page, flow, 'relationship-status');
  // The backdrop clips the fixed art to its own box, as a background of its own would be.
  await expect(page.locator('[data-group]')).toHaveCSS('clip-path', 'inset(0px)');
  await page.setViewportSize({ width: 390, height: 400 });
  await page.evaluate(() => window.scrollTo(0, 200));
  // Still covering the viewport, whatever the scroll: the compositor moves the page over it.
  expect(await boxOf(page.locator('[data-art]:not([data-ahead])'))).toEqual({ x: 0, y: 0, width: 390, height: 400 });
});

test('a screen change paints the card again, never the art behind it nor the card\'s copy of it', async ({ page }) => {
  // The art is drawn once, in a compositing layer of its own. Painted with the backdrop, its soft vector gradients
  // were drawn again under the card at every screen change: half the raster time of a tap on this machine.
  await freshStart(page);
  const layers = await watchPaints(page);
  await tap(page, 'Start the quiz');
  await expectScreen(page, flow, 'relationship-status');
  const art = await layers.nodeOf('[data-art="quiz"]');
  const copy = await layers.nodeOf('[data-card-art="quiz"]');
  const card = await layers.nodeOf('[data-group] > section');
  await idle(page);
  await expect.poll(() => layers.paints(art)).toBeGreaterThan(0);
  await expect.poll(() => layers.paints(copy)).toBeGreaterThan(0);
  const before = { art: layers.paints(art)!, copy: layers.paints(copy)!, card: layers.paints(card) ?? 0 };
  await tap(page, 'Single');
  await expectScreen(page, flow, 'relationship-goal');
  await idle(page);
  // The card was painted again (the count moves); the art and the copy were not, though the card changed its height.
  await expect.poll(() => layers.paints(card) ?? 0).toBeGreaterThan(before.card);
  expect(layers.paints(art)).toBe(before.art);
  expect(layers.paints(copy)).toBe(before.copy);
});

test('the next page group\'s art is painted ahead, and the tap into that group paints no art', async ({ page }) => {
  await freshStart(page);
  const layers = await watchPaints(page);
  await tap(page, 'Start the quiz');
  await tap(page, 'Single');
  await tap(page, 'Understanding myself better');
  await expectScreen(page, flow, 'knowledge-of-astrology');
  // The last question of the quiz group: the screen rendered ahead is the profile group's first, and with it that
  // group's art and blurred copy, nearly transparent (so that the browser paints them), over the quiz group's.
  await idle(page);
  const aheadArt = page.locator('[data-art="profile"]');
  const aheadCopy = page.locator('[data-card-art="profile"]');
  await expect(aheadArt).toHaveAttribute('data-ahead', '');
  await expect(aheadCopy).toHaveAttribute('data-ahead', '');
  await expect(aheadArt).toHaveCSS('opacity', '0.002');
  await expect(aheadArt).toHaveCSS('background-image', /\/backgrounds\/profile\.svg/);
  const art = await layers.nodeOf('[data-art="profile"]');
  const copy = await layers.nodeOf('[data-card-art="profile"]');
  await expect.poll(() => layers.paints(art)).toBeGreaterThan(0);
  await expect.poll(() => layers.paints(copy)).toBeGreaterThan(0);
  // Once the art has loaded, it is painted with it and then left alone.
  await page.waitForTimeout(500);
  const before = { art: layers.paints(art)!, copy: layers.paints(copy)! };
  await tap(page, 'I know my sun sign');
  await expectScreen(page, flow, 'profile-lets-learn');
  await idle(page);
  // The very layers painted ahead are the group's now, opaque, and were not painted again; the quiz group's are gone.
  await expect(page.locator('[data-group]')).toHaveAttribute('data-group', 'profile');
  await expect(aheadArt).not.toHaveAttribute('data-ahead');
  await expect(aheadArt).toHaveCSS('opacity', '1');
  await expect(aheadCopy).toHaveCSS('opacity', '1');
  await expect(page.locator('[data-art="quiz"], [data-card-art="quiz"]')).toHaveCount(0);
  expect(await layers.nodeOf('[data-art="profile"]')).toBe(art);
  expect(layers.paints(art)).toBe(before.art);
  expect(layers.paints(copy)).toBe(before.copy);
});

test('the landing\'s HTML draws its own group\'s art only: the next group\'s is drawn ahead once the funnel runs', async ({ page, request }) => {
  // Drawn ahead in the HTML, the first question's art and copy were fetched, decoded and painted in the landing's
  // first seconds: Lighthouse's total blocking time went from 14-21 to 59 ms.
  const html = await (await request.get('/')).text();
  expect(html.match(/data-art="[^"]*"/g)).toEqual(['data-art="welcome"']);
  expect(html).not.toContain('data-card-art=');
  await freshStart(page);
  // The funnel has started: the landing's first question is the screen rendered ahead, and its group's art is
  // painted ahead at the idle moment after.
  await expect(page.locator('[data-art="quiz"][data-ahead]')).toHaveCount(1);
  await expect(page.locator('[data-card-art="quiz"][data-ahead]')).toHaveCount(1);
});

test('once the funnel has loaded, every page group\'s art and its blurred copy are fetched before their screens open', async ({ page }) => {
  const expected = new Set(Object.values(flow.groups).flatMap((group) => [group.background, blurredArtOf(group)]).filter((url): url is string => url !== undefined));
  const fetched = new Set<string>();
  page.on('response', (response) => {
    if (response.ok()) fetched.add(new URL(response.url()).pathname);
  });
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page).toHaveURL(/\/quiz\/1-1/);
  // Still on the first question: the results and offer groups' art is already here.
  await expect.poll(() => [...expected].filter((url) => !fetched.has(url)), { timeout: 10_000 }).toEqual([]);
  await expect(page).toHaveURL(/\/quiz\/1-1/);
});

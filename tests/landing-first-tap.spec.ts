import { expect, test, type Page } from '@playwright/test';
import { loadTestFlow } from './support/load-test-flow';

/**
 * The first tap on the landing answers before any of the app's code has run: the first question is prerendered with
 * the landing and shown by its inline script (src/shared/early-tap.ts), and what the visitor does on it is kept once
 * the code takes over.
 */

/** Holds every script of the app (the entry and its modules) until the returned function is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const flow = loadTestFlow();
/** A question's title, from the test flow (a plain text there). */
const titleOf = (id: string) => {
  const screen = flow.screens.find((s) => s.id === id);
  if (!screen || !('title' in screen) || typeof screen.title !== 'string') throw new Error(`the test flow has no titled screen ${id}`);
  return screen.title;
};
const firstQuestion = { title: titleOf('relationship-status') };
const secondQuestion = { title: titleOf('relationship-goal') };

async function freshVisitor(page: Page) {
  // Until its code has all arrived: nothing of this page is counted as the next one's.
  await page.goto('/privacy-policy', { waitUntil: 'networkidle' });
  await page.evaluate(() => localStorage.clear());
}

test('"Start the quiz" tapped before any script has run shows the first question, and keeps the answer given on it', async ({ page }) => {
  await freshVisitor(page);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const release = await holdAppScripts(page);
  const scripts: string[] = [];
  page.on('requestfinished', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/', { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  // At once, with no module of the app run: the question, its address, its heading focused, its top bar.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstQuestion.title);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-1');
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeHidden();
  await expect(page.getByRole('progressbar', { name: 'Quiz progress' })).toBeVisible();
  // In its page group: the group's art, and the card's blurred copy of it fixed to the viewport as the art is.
  await expect(page.locator('[data-art]')).toHaveCSS('background-image', /\/backgrounds\/quiz\.svg"\)$/);
  await expect(page.locator('[data-group] > section')).toHaveCSS('background-image', /\/backgrounds\/quiz\.svg\.blur-soft\.webp/);
  await expect(page.locator('[data-group] > section')).toHaveCSS('background-attachment', /fixed$/);
  expect(scripts).toEqual([]);
  // The visitor answers, still before the code: the option looks chosen. A second thought replaces the first (an
  // option is a button: it acts, it does not toggle).
  const single = page.getByRole('button', { name: /^Single/ });
  const complicated = page.getByRole('button', { name: /^It's complicated/ });
  await single.click();
  await expect(single).toHaveAttribute('data-early-tap', '1');
  await complicated.click();
  await expect(complicated).toHaveAttribute('data-early-tap', '2');
  await expect(single).not.toHaveAttribute('data-early-tap');
  release();
  // The code takes over: the last answer kept, the funnel on the next question, the address with it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(secondQuestion.title);
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-2');
  await expect(page).toHaveURL(/[?&]usid=[0-9a-f-]{36}/);
  // The funnel draws the group's art and the card's copy itself now, and the landing's art is gone.
  await expect(page.locator('[data-art="quiz"]')).not.toHaveAttribute('data-ahead');
  await expect(page.locator('[data-card-art="quiz"]')).not.toHaveAttribute('data-ahead');
  await expect(page.locator('[data-art="welcome"]')).toHaveCount(0);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('astrelle:progress:astrology') ?? '{}') as { answers?: Record<string, unknown> });
  expect(saved.answers).toEqual({ '1-1': 'its_complicated' });
  // Back twice: the first question with its answer, then the landing.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstQuestion.title);
  await expect(complicated).toHaveAttribute('aria-pressed', 'true');
  await expect(single).toHaveAttribute('aria-pressed', 'false');
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an answer given once the code has arrived is kept too, and the session is the landing visit\'s', async ({ page }) => {
  await freshVisitor(page);
  const release = await holdAppScripts(page);
  // What the session saves of the visit: the landing's ad parameters, though the address moved on before the code ran.
  const sessionWrites: Array<{ attribution?: Record<string, unknown> }> = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.includes('/sessions/write/')) sessionWrites.push(r.postDataJSON() as { attribution?: Record<string, unknown> });
  });
  await page.goto('/?utm_source=meta&utm_campaign=spring', { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstQuestion.title);
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-1' && url.searchParams.get('utm_source') === 'meta');
  release();
  // The funnel runs the question the visitor sees (its heading stays; the top bar's Back comes to life with the session).
  await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
  await expect(page).toHaveURL(/[?&]usid=[0-9a-f-]{36}/);
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-1');
  await expect.poll(() => sessionWrites.map((write) => write.attribution)).toContainEqual(expect.objectContaining({ utmSource: 'meta', utmCampaign: 'spring' }));
  await page.getByRole('button', { name: /^It's complicated/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(secondQuestion.title);
  // The in-app Back returns to the first question, and from there to the landing.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstQuestion.title);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('browser Back before the code has arrived shows the landing again and withdraws the tap', async ({ page }) => {
  await freshVisitor(page);
  const release = await holdAppScripts(page);
  await page.goto('/', { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstQuestion.title);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-start-requested');
  release();
  // The code runs on the landing, where the visitor is: nothing moves them on.
  await expect(page.locator('html')).toHaveAttribute('data-funnel-running', '');
  await expect(page).toHaveURL(/[?&]usid=[0-9a-f-]{36}/);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeVisible();
  // And the start still works, through the funnel now.
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstQuestion.title);
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-1');
});

test('a visitor who opens the first question cold, with no session, is still sent to the landing', async ({ page }) => {
  await freshVisitor(page);
  await page.goto('/quiz/1-1');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeVisible();
});

test('the prerendered landing and its first question carry the classes the app renders them with', async ({ page, request }) => {
  // styled-components' class names are ids of each component's file and place (its Babel plugin, vite.config.ts), the
  // same in the prerender and in the browser: a class the server wrote is one the app's own render of the same
  // screen uses, and hydrating inserts no rule again.
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  // The call to action, and the first question's options (prerendered hidden after it).
  const serverStart = /<button[^>]*data-start-cta=""[^>]*class="([^"]+)"/.exec(html)?.[1];
  const serverOption = /<button[^>]*aria-pressed="false"[^>]*class="([^"]+)"/.exec(html)?.[1];
  expect(serverStart).toBeDefined();
  expect(serverOption).toBeDefined();
  await freshVisitor(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-1');
  // Once the app runs and the visitor has a session, /quiz/1-1 opened again is rendered by the browser alone (no
  // prerender there).
  await expect(page.locator('html')).toHaveAttribute('data-funnel-running', '');
  await expect(page).toHaveURL(/[?&]usid=[0-9a-f-]{36}/);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Single/ })).toHaveAttribute('class', serverOption!);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toHaveAttribute('class', serverStart!);
});

import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const pages = [
  { path: '/privacy-policy', heading: /Privacy Policy/i },
  { path: '/terms-of-use', heading: /Terms of Use/i },
  { path: '/cookie-policy', heading: /Cookie Policy/i },
  { path: '/understanding-astrology', heading: /astrology/i },
];

/** Holds the app's entry script until the returned function is called: the landing before any of its code has run. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the page title is the product name and the meta description is the spec text', async ({ page }) => {
  for (const path of ['/quiz/1-1', '/privacy-policy', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Astrelle');
  }
  await page.goto('/');
  await expect(page).toHaveTitle('Astrelle');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Discovering Yourself & Improve Relationships via Astrology');
});

test('the header has the logo and a Menu drawer with the legal links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0); // decorative logo: alt=""
  await expect(page.getByRole('link', { name: 'Astrelle home' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(310);
  const expected: Array<[string, string]> = [
    ['Privacy Policy', '/privacy-policy'],
    ['Terms of Use', '/terms-of-use'],
    ['Subscription Terms', '/terms-of-use#subscription-terms'],
    ['Refund Policy', '/terms-of-use#refund-policy'],
  ];
  for (const [name, href] of expected) await expect(drawer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
});

test('the Refund Policy link opens the terms at the refund section', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Refund Policy' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/terms-of-use' && url.hash === '#refund-policy');
  await expect(page.locator('#refund-policy')).toBeInViewport();
  await page.goto('/terms-of-use#subscription-terms');
  await expect(page.locator('#subscription-terms')).toBeInViewport();
});

for (const { path, heading } of pages) {
  test(`${path} shows its full text and passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const words = (await page.locator('article').innerText()).split(/\s+/).length;
    expect(words).toBeGreaterThan(500);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}

test('a trailing slash on a flow route is the same route', async ({ page }) => {
  await page.goto('/?utm_source=ads');
  await page.goto('/quiz/1-1/');
  // No progress yet: the start screen, not the 404 page.
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Discover yourself/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL((url) => url.pathname === '/404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.getByRole('link', { name: 'Go to the start' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('the theme mode is kept in localStorage and applied', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(18, 12, 38)');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('astrelle:theme-mode'))).toBe('dark');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('radio', { name: 'Same as device' }).check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('on the landing, the global style is the same before the shell runs, while it hydrates and after', async ({ page }) => {
  // The prerender's rules hold until the shell mounts its own once idle after hydrating (app.tsx, AfterHydration).
  await page.emulateMedia({ colorScheme: 'dark' });
  const globalLook = () =>
    page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return { background: body.backgroundColor, color: body.color, margin: body.margin, font: body.fontFamily, boxSizing: getComputedStyle(document.querySelector('main')!).boxSizing };
    });
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForSelector('main');
  const before = await globalLook();
  expect(before).toMatchObject({ background: 'rgb(18, 12, 38)', margin: '0px', boxSizing: 'border-box' });
  // styled-components' own sheet is in the page once the shell runs.
  await page.waitForFunction(() => document.querySelector('style[data-styled="active"]') !== null);
  expect(await globalLook()).toEqual(before);
  // Hydrated (the menu opens), then idle: the shell's global style has mounted.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  expect(await globalLook()).toEqual(before);
});

test('on the landing, the shell mounts the global style only once the browser is idle after hydrating', async ({ page }) => {
  // Mounted while the page hydrates, it would parse and insert its rules again inside React's commit. Here
  // the browser's idle callbacks wait, once the shell runs, until the test lets them; the global rules inserted are
  // counted (one of them: `html { -webkit-text-size-adjust }`).
  await page.addInitScript(() => {
    const probe = { inserts: 0, held: [] as IdleRequestCallback[], release: () => probe.held.splice(0).forEach((task) => task({ didTimeout: false, timeRemaining: () => 50 })) };
    Object.assign(window, { __globalStyle: probe });
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
      if (rule.includes('text-size-adjust')) probe.inserts += 1;
      return insertRule.call(this, rule, index);
    };
    const request = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (task, options) => {
      if (!document.querySelector('style[data-styled="active"]')) return request(task, options);
      probe.held.push(task);
      return 0;
    };
  });
  type Probe = { inserts: number; held: unknown[]; release: () => void };
  const probe = () =>
    page.evaluate(() => {
      const { inserts, held } = (window as unknown as { __globalStyle: Probe }).__globalStyle;
      return { inserts, held: held.length };
    });
  await page.goto('/');
  // Hydrated: the menu opens.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeVisible();
  const hydrated = await probe();
  expect(hydrated.held).toBeGreaterThan(0);
  // The idle work runs: the global style mounts, and its rules are inserted again.
  await page.evaluate(() => (window as unknown as { __globalStyle: Probe }).__globalStyle.release());
  await expect.poll(async () => (await probe()).inserts).toBeGreaterThan(hydrated.inserts);
});

test('the landing paints before the funnel chunk arrives, and an early tap is kept, with the shell already running', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/funnel-route-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Discover yourself/);
  // The shell (and its router) runs; the funnel's view does not yet.
  await expect(page.locator('html')).toHaveAttribute('data-shell-running', '');
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  // The prerendered first question at once, its address in the router's history.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your relationship status?');
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-1');
  await expect(page.locator('html')).not.toHaveAttribute('data-funnel-running');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-funnel-running', '');
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your relationship status?');
  await page.getByRole('button', { name: /^Single/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-2');
});

test('a tap on the landing before any of its JavaScript has run is kept too', async ({ page }) => {
  // The prerendered landing paints while the entry script is still on the wire (seconds on a slow phone);
  // the inline early-tap recorder (src/shared/early-tap.ts, allowed by the CSP's hash) keeps the tap.
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const release = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Discover yourself/);
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-start-requested', '');
  release();
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your relationship status?');
  // Consumed once, so it cannot move the visitor on again later.
  await expect(page.locator('html')).not.toHaveAttribute('data-start-requested');
  expect(errors).toEqual([]);
});

test('a tap on the menu button before the shell has run opens the menu once it has', async ({ page }) => {
  const release = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-early-click', 'menu');
  release();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('html')).not.toHaveAttribute('data-early-click');
});

test('the landing runs none of its code while it paints: what the first taps need is fetched after load, at low priority, with no input', async ({ page, request }) => {
  // The landing paints from its HTML and inline CSS alone. No module script or preload in it: its inline
  // script names the entry and the modules the first taps need, and fetches them once the page is idle after load.
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(html).not.toMatch(/<script[^>]+type="module"/);
  expect(html).not.toContain('<link rel="modulepreload"');
  const named = /<html data-app-entry="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
  expect(named[0]).toMatch(/^\/assets\/index-[^/]+\.js$/);
  for (const part of ['funnel-route', 'address-bar', 'compose-browser-app', 'menu-drawer']) expect(named.some((path) => path.includes(`/assets/${part}-`))).toBe(true);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priorities = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const path = new URL(event.request.url).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) priorities.set(path, event.request.initialPriority);
  });
  await page.goto('/');
  // With no input: the funnel runs by itself, 2.5 s after load (its code fetched already), after the landing's load is
  // over; the menu drawer is in the page before anyone opens it, closed.
  const running = await page.waitForFunction(() => document.documentElement.hasAttribute('data-funnel-running') && performance.now(), undefined, { timeout: 10_000 });
  const runningAt = (await running.jsonValue()) as number;
  await expect(page.locator('html')).not.toHaveAttribute('data-first-input');
  await expect(page.locator('dialog[aria-label="Menu"]')).toBeAttached();
  await expect(page.locator('dialog[aria-label="Menu"]')).not.toHaveAttribute('open');
  await expect(page.locator('dialog[aria-label="Menu"] a', { hasText: 'Privacy Policy' })).toBeAttached();
  const timing = await page.evaluate(() => {
    const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    const scripts = performance.getEntriesByType('resource').filter((e) => /\/assets\/[^/]+\.js$/.test(e.name));
    return { load, firstScript: Math.min(...scripts.map((e) => e.startTime)) };
  });
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.load);
  expect(runningAt - timing.load).toBeGreaterThanOrEqual(2500);
  // Every module the landing named was fetched, at low priority.
  for (const path of named) expect(priorities.get(path), path).toBe('Low');
  await expect(page).toHaveURL(/[?&]usid=[0-9a-f-]{36}/);
});

/** The sources of the visitor's build (dist/), from its JavaScript's source maps. */
function buildSources(): string[] {
  const assets = join('dist', 'assets');
  const maps = readdirSync(assets).filter((file) => file.endsWith('.js.map'));
  expect(maps.length).toBeGreaterThan(5);
  return maps.flatMap((file) => (JSON.parse(readFileSync(join(assets, file), 'utf8')) as { sources: string[] }).sources);
}

test('the visitor\'s build carries no flow validator: the build has validated the flow', () => {
  // 380 KB of generated schema code and the semantic checks: flow:check and the build run them (src/app/load-flow.ts).
  const sources = buildSources();
  expect(sources.some((source) => source.includes('src/engine/compile-flow'))).toBe(true);
  expect(sources.filter((source) => /src\/engine\/(generated\/validate-flow-schema|validate-flow|check-semantics|check-claims)/.test(source))).toEqual([]);
});

test('the visitor\'s build carries React Router\'s production build, not its development warnings', () => {
  // Its package exports name only the development build (vite.config.ts says why and how the build takes the other).
  const sources = buildSources().filter((source) => source.includes('node_modules/react-router/'));
  expect(sources.length).toBeGreaterThan(0);
  expect(sources.filter((source) => !source.includes('react-router/dist/production/'))).toEqual([]);
});

test('the app\'s chunks ask V8 to compile them whole as they stream in; the analytics and Remote Config SDKs and the server\'s landing renderer do not', () => {
  // Otherwise each function is compiled on the main thread the first time it runs: in the landing's load, the funnel's
  // start and the first taps (vite.config.ts, compileHint).
  // On its first line, or on the second after the list of the entry's preloads that Vite puts at its top.
  const hinted = (file: string) => readFileSync(join('dist', file), 'utf8').split('\n', 2).includes('//# allFunctionsCalledOnLoad');
  const html = readFileSync(join('dist', 'index.html'), 'utf8');
  const named = /data-app-entry="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
  expect(named.length).toBeGreaterThan(10);
  for (const url of named) expect(hinted(url), url).toBe(true);
  const manifest = JSON.parse(readFileSync(join('dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const sdks = Object.entries(manifest).filter(([id]) => /node_modules\/(@amplitude\/analytics-browser|firebase)\//.test(id));
  expect(sdks.length).toBeGreaterThan(1);
  for (const [, { file }] of sdks) expect(readFileSync(join('dist', file), 'utf8').includes('allFunctionsCalledOnLoad'), file).toBe(false);
  // Nor the landing's renderer, which the server imports as it starts.
  const renderer = readdirSync('dist-ssr', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  expect(renderer).toContain('prerender.js');
  for (const file of renderer) expect(readFileSync(join('dist-ssr', file), 'utf8').includes('allFunctionsCalledOnLoad'), file).toBe(false);
});

test('privacy choices in the menu are granted by default and kept', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByRole('button', { name: 'Menu' }).click();
  const analytics = page.getByRole('checkbox', { name: 'Analytics' });
  await expect(analytics).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Advertising' })).toBeChecked();
  await analytics.uncheck();
  await page.reload();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('astrelle:consent'))) ?? '{}')).toEqual({ analytics: false, advertising: true, remoteConfig: true });
});

test('the landing is in the HTML itself and hydrates without a console error', async ({ page, request }) => {
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('Discover yourself and love better, guided by your stars');
  expect(html).toContain('Start the quiz');
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/quiz/1-1');
  // A returning visitor opening / again sees the landing at once (no mismatch with saved progress).
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Discover yourself/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(problems).toEqual([]);
});

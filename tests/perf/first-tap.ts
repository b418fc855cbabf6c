/**
 * The visitor's first tap on the landing, as a phone on a slow network answers it, beside a static site's: from the
 * tap until what it shows is painted, in a Chromium no test driver has attached to (visitor-browser.ts), CPU 4x
 * slower, 150 ms round trip and 1.6 Mbps down (what the first-tap budgets were measured on):
 * - "Start the quiz" tapped as soon as it shows, and after the page has been idle 6 s, until the first question's
 *   heading is painted;
 * - the menu button after 6 s idle, until the open menu is painted;
 * - the static floor, served by the same server: the landing's own HTML with no script, whose start button is a plain
 *   link to a static page of the first question (the same HTML, showing it), tapped as soon as it shows and after 6 s:
 *   from the tap until that page's first paint.
 * Taps are touches sent over the DevTools protocol at the control's centre.
 */
import { asPhone, type VisitorBrowser, type VisitorPage } from './visitor-browser';

/** 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
export const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
/** "After the page is idle": this long after the control first shows, with no input. */
const IDLE_MS = 6000;

/**
 * In each page from its first byte: the first tap's time until what it shows is painted. What is on screen is the
 * path, the heading shown and whether a dialog is open; a change is painted in the frame being produced when a frame
 * callback sees it (a task posted from it runs after that paint). A tap that leaves the page (the static floor's link)
 * leaves its time in sessionStorage, and the next page counts until its first contentful paint.
 * Plain JS in a string: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const TAP_PROBE = `(() => {
  const probe = { tap: null, started: false, events: [] };
  window.__firstTap = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) probe.events.push({ id: e.interactionId, name: e.name, start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  const view = () => location.pathname + '|' + ([...document.querySelectorAll('h1')].find((h) => h.checkVisibility({ visibilityProperty: true }))?.textContent ?? '') + '|' + Boolean(document.querySelector('dialog[open]'));
  const before = Number(sessionStorage.getItem('benchTapAt'));
  if (before) {
    sessionStorage.removeItem('benchTapAt');
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint' && !probe.tap) probe.tap = { ms: performance.timeOrigin + e.startTime - before, to: location.pathname };
    }).observe({ type: 'paint', buffered: true });
  }
  addEventListener('click', (event) => {
    if (probe.started || probe.tap) return;
    probe.started = true;
    sessionStorage.setItem('benchTapAt', String(performance.timeOrigin + event.timeStamp));
    const from = view();
    const check = () => {
      const now = view();
      if (now === from) return void requestAnimationFrame(check);
      const seenAt = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        sessionStorage.removeItem('benchTapAt');
        const after = performance.now();
        // The interaction's entries come once its paint is done: read them a moment later.
        setTimeout(() => {
          const click = probe.events.find((e) => e.name === 'click' && Math.abs(e.start - event.timeStamp) < 1);
          const same = click ? probe.events.filter((e) => e.id === click.id) : [];
          const first = same.length ? Math.min(event.timeStamp, ...same.map((e) => e.start)) : event.timeStamp;
          const paint = same.length ? Math.max(...same.map((e) => e.end)) : Infinity;
          // Painted by the interaction's own next paint when the change was there before it; else when seen, after.
          probe.tap = { ms: (seenAt <= paint ? paint : after) - first, to: now };
        }, 300);
      };
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  }, true);
})();`;

export interface FirstTapFigures {
  startSoon: number[];
  startIdle: number[];
  menuIdle: number[];
  floorSoon: number[];
  floorIdle: number[];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The centre of the first element matching `selector` once it is shown, polled every 10 ms. */
async function whenShown(page: VisitorPage, selector: string, timeoutMs = 30_000): Promise<{ x: number; y: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const box = await page.evaluate<{ x: number; y: number } | null>(
      `(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e || !e.checkVisibility({ visibilityProperty: true })) return null; const r = e.getBoundingClientRect(); return r.width > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null; })()`,
    ).catch(() => null);
    if (box) return box;
    if (Date.now() > deadline) throw new Error(`${selector} did not show in ${timeoutMs / 1000} s`);
    await wait(10);
  }
}

/** A finger's tap at a point. */
async function touch(page: VisitorPage, at: { x: number; y: number }) {
  await page.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at.x, y: at.y }] });
  await page.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** One load of `url`, a tap on `selector` once it shows (after `idleMs` more), and the tap's time until painted. */
async function tapOnce(browser: VisitorBrowser, origin: string, url: string, selector: string, idleMs: number): Promise<number> {
  const page = await browser.newPage();
  try {
    await asPhone(page, { network: PHONE_NETWORK, cpuSlowdown: CPU_SLOWDOWN, mobile: true, probe: TAP_PROBE });
    await page.send('Page.navigate', { url: `${origin}${url}` });
    await whenShown(page, selector);
    if (idleMs > 0) await wait(idleMs);
    await touch(page, await whenShown(page, selector));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const tap = await page.evaluate<{ ms: number; to: string } | null>('window.__firstTap && window.__firstTap.tap').catch(() => null);
      if (tap) {
        if (process.env.BENCH_VERBOSE) console.log(`${url} ${selector} after ${idleMs} ms: ${tap.ms.toFixed(0)} ms to ${tap.to}`);
        return tap.ms;
      }
      if (Date.now() > deadline) throw new Error(`a tap on ${selector} at ${url} painted nothing in 30 s`);
      await wait(50);
    }
  } finally {
    await page.close();
  }
}

/** The landing's HTML with its start button made a plain link to a static page of the first question. */
export function staticFloorPages(staticLanding: string): { start: string; question: string } {
  const start = staticLanding.replace(/<button([^>]*data-start-cta[^>]*)>([^<]*)<\/button>/, '<a href="/static-question.html"$1>$2</a>');
  if (start === staticLanding) throw new Error('the landing has no start button to make a link of');
  // The landing's own first question, shown by its stylesheet as the inline script shows it at a tap.
  const question = staticLanding.replace('<html ', '<html data-landing-question="" ');
  return { start, question };
}

/** `runs` rounds of every first tap, interleaved: a noisy minute hits the landing and its floor alike. */
export async function firstTaps(browser: VisitorBrowser, origin: string, runs: number): Promise<FirstTapFigures> {
  const figures: FirstTapFigures = { startSoon: [], startIdle: [], menuIdle: [], floorSoon: [], floorIdle: [] };
  const start = '[data-start-cta]';
  for (let i = 0; i < runs; i += 1) {
    figures.floorSoon.push(await tapOnce(browser, origin, '/static-start.html', start, 0));
    figures.startSoon.push(await tapOnce(browser, origin, '/', start, 0));
    figures.floorIdle.push(await tapOnce(browser, origin, '/static-start.html', start, IDLE_MS));
    figures.startIdle.push(await tapOnce(browser, origin, '/', start, IDLE_MS));
    figures.menuIdle.push(await tapOnce(browser, origin, '/', 'button[aria-label="Menu"]', IDLE_MS));
  }
  return figures;
}

/** A budget row per first tap, with the static floor beside it. */
export function firstTapRows(t: FirstTapFigures): Array<{ what: string; value: string; budget: string; ok: boolean }> {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const worst = (values: number[]) => Math.max(...values);
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  const conditions = `4x CPU, 150 ms RTT, 1.6 Mbps; ${t.startSoon.length} runs`;
  const floor = (values: number[]) => `the static floor (a link to a static first question): median ${median(values).toFixed(0)}, worst ${worst(values).toFixed(0)} ms`;
  const row = (what: string, values: number[], floorValues: number[] | null, medianBudget: number, worstBudget: number) => ({
    what: `${what}, tap to painted (${conditions}: ${list(values)} ms${floorValues ? `; ${floor(floorValues)}` : ''})`,
    value: `median ${median(values).toFixed(0)} ms, worst ${worst(values).toFixed(0)} ms`,
    budget: `median ≤ ${medianBudget}, worst ≤ ${worstBudget} ms`,
    ok: median(values) <= medianBudget && worst(values) <= worstBudget,
  });
  return [
    row('first tap: "Start the quiz" as soon as it shows', t.startSoon, t.floorSoon, 200, 400),
    row('first tap: "Start the quiz" after the page is idle 6 s', t.startIdle, t.floorIdle, 150, 300),
    row('first tap: the menu after the page is idle 6 s', t.menuIdle, null, 150, 300),
  ];
}

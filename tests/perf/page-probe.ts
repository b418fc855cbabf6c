// What the bench's walks record in their pages (tests/perf/bench-web.ts reads it).

/**
 * Collected in the page from its first byte (an init script): long tasks, interactions, and when each next screen
 * painted. Plain JS in a string: tsx would wrap a function's inner functions in a helper the page does not have.
 */
export const PAGE_PROBE = `(() => {
  const probe = { longTasks: [], firstInput: null, firstPaint: null, lcp: null, events: [], taps: [], calls: [], suggestions: [] };
  window.__benchProbe = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') probe.firstPaint = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // The backend calls: a screen that waits for one is the server's time, not the tap's.
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (!url.pathname.startsWith('/astro/') && !url.pathname.startsWith('/subs/')) return fetch.call(this, input, init);
    const call = { start: performance.now(), end: null };
    probe.calls.push(call);
    return fetch.call(this, input, init).finally(() => { call.end = performance.now(); });
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // What ran in a frame that took long: the scripts the long-animation-frame API names, to say what a long task was.
  probe.frames = [];
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      probe.frames.push({ start: e.startTime, duration: e.duration, scripts: e.scripts.map((s) => ({ what: s.invoker || s.invokerType, source: s.sourceURL.split('/').pop(), start: s.startTime, duration: s.duration })) });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) probe.events.push({ name: e.name, id: e.interactionId, start: e.startTime, duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  // The heading on screen: the app may hold a screen it renders ahead, or one it has just left, hidden in the page, in
  // a slot marked data-hidden (src/app/funnel/screen-slot.tsx; the landing's stylesheet in <head> names a screen too);
  // a page with no such slots shows its first heading. Read from the markup alone: asking the browser what is visible
  // (checkVisibility) computes the page's style inside the tap this listener measures, 2-3 ms a tap at 4x CPU in the
  // funnel's page and well under one in the tap floor's.
  const screen = () => {
    const slots = document.querySelectorAll('body [data-screen]');
    const heading = slots.length > 0 ? [...slots].find((s) => !s.hasAttribute('data-hidden'))?.querySelector('h1') : document.querySelector('h1');
    return location.pathname + '|' + (heading?.textContent ?? '');
  };
  const watch = (kind, event) => {
    if (probe.firstInput === null) probe.firstInput = event.timeStamp;
    // A tap that has not changed the screen by the next input (a box ticked, a key typed) changes none.
    for (const earlier of probe.taps) earlier.done = true;
    const tap = { kind, start: event.timeStamp, from: screen(), painted: null, to: null, server: false, done: false };
    probe.taps.push(tap);
    const deadline = event.timeStamp + 3000;
    const check = () => {
      if (tap.done) return;
      const now = screen();
      if (now !== tap.from) {
        tap.server = probe.calls.some((c) => c.start >= tap.start && c.end !== null);
        // The frame that shows it is being produced: its paint comes right after this frame's callbacks.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          tap.painted = performance.now();
          tap.to = now;
        };
        channel.port2.postMessage(null);
        return;
      }
      if (performance.now() < deadline) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  // A letter typed into a search field (the place search): until the suggestions it brings are painted. The browser's
  // interaction timing stops at the next paint, before they arrive. One that a later key overtakes is not counted.
  const suggest = (event) => {
    const field = event.target;
    if (!(field instanceof Element) || field.getAttribute('role') !== 'combobox' || (event.key.length !== 1 && event.key !== 'Backspace')) return;
    const list = () => document.getElementById(field.getAttribute('aria-controls') ?? '');
    const shown = () => { const l = list(); return l && !l.hidden ? l.textContent : ''; };
    for (const earlier of probe.suggestions) earlier.done = true;
    const entry = { key: event.key, start: event.timeStamp, from: shown(), painted: null, done: false };
    probe.suggestions.push(entry);
    const check = () => {
      if (entry.done) return;
      if (shown() && shown() !== entry.from) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { entry.painted = performance.now(); };
        channel.port2.postMessage(null);
        return;
      }
      if (performance.now() < entry.start + 3000) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  addEventListener('click', (e) => watch('tap', e), true);
  addEventListener('keydown', (e) => { watch('key ' + e.key, e); suggest(e); }, true);
})();`;

export interface Probe {
  longTasks: Array<{ start: number; duration: number }>;
  frames: Array<{ start: number; duration: number; scripts: Array<{ what: string; source: string; start: number; duration: number }> }>;
  firstInput: number | null;
  firstPaint: number | null;
  /** The largest contentful paint's time. */
  lcp: number | null;
  /** Letters typed into a search field, and when the suggestions each brought were painted. */
  suggestions: Array<{ key: string; start: number; painted: number | null }>;
  events: Array<{ name: string; id: number; start: number; duration: number; processingStart: number; processingEnd: number }>;
  taps: Array<{ kind: string; start: number; from: string; painted: number | null; to: string | null; server: boolean }>;
}


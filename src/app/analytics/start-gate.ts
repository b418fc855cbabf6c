import { firstInputAttribute, firstInputEvents } from '../../shared/early-tap';

/**
 * Third-party SDKs load on the first input, or when there is none, no earlier than 5 s after load: the first paint
 * and the first answer never wait for them. The funnel's code on the prerendered landing runs by the same rule, 2.5 s
 * after load (src/app/load-funnel-route.ts; the README's "Speed").
 */
export const IDLE_START_MS = 5000;

/**
 * How long ago the page's load event ended, in ms; 0 when the browser does not say (the whole wait is then kept).
 * The funnel's code itself runs up to 2.5 s after load: a wait counted from when it ran would start the SDKs at 7.5 s.
 */
function sinceLoad(win: Window): number {
  const [navigation] = win.performance.getEntriesByType?.('navigation') ?? [];
  const loadEnd = (navigation as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? 0;
  return loadEnd > 0 ? Math.max(0, win.performance.now() - loadEnd) : 0;
}

/**
 * Calls `start` once: on the visitor's first input (a tap, a click, a key), or `idleMs` (`IDLE_START_MS` unless
 * given) after the page's load event if there is none, however late this is called. An input made before this code
 * ran (the inline script of src/shared/early-tap.ts marks <html> with it) counts: `start` is then called at once.
 * Returns a function that cancels it.
 */
export function startOnFirstInputOrIdle(start: () => void, win: Window = window, idleMs: number = IDLE_START_MS): () => void {
  let done = false;
  let timer: number | undefined;
  const fire = () => {
    if (done) return;
    done = true;
    cancel();
    start();
  };
  const idle = () => {
    timer = win.setTimeout(fire, Math.max(0, idleMs - sinceLoad(win)));
  };
  function cancel() {
    for (const type of firstInputEvents) win.removeEventListener(type, fire, true);
    win.removeEventListener('load', idle);
    if (timer !== undefined) win.clearTimeout(timer);
  }
  if (win.document.documentElement.hasAttribute(firstInputAttribute)) {
    fire();
    return () => {};
  }
  for (const type of firstInputEvents) win.addEventListener(type, fire, { capture: true, passive: true });
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
  return () => {
    done = true;
    cancel();
  };
}

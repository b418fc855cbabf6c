import { randomId } from './session/random-id';
import { startRequested, takeStartRequest } from './landing-intent';

/** Where the visitor is: the parts of the address the app reads. */
export interface Address {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * What the app takes from the browser, in one place: the composition root hands it to the parts that need it,
 * and a test hands in its own.
 */
export interface BrowserPort {
  /** This page's origin (relative API paths resolve against it). */
  origin: string;
  /** The address the browser shows now. */
  address(): Address;
  /** localStorage, or null where it cannot be used (some private modes). */
  localStorage: Storage | null;
  /** Leaves for the hosted payment page. */
  openPaymentPage(url: string): void;
  /** What the subscription user records of the browser. */
  details(): { userAgent: string; cookies: string; timeZone: string };
  /** A new random v4 UUID. */
  newId(): string;
  /**
   * Opens a BroadcastChannel of this name, between the tabs of this browser and origin (the studio's live view);
   * absent where there is none.
   */
  openChannel?: OpenChannel;
  /** The page going away (pagehide) and coming back from the back/forward cache (pageshow, persisted). */
  pageEvents?: PageEvents;
  /**
   * Runs `task` once the browser has painted the next frame: work a tap causes that the visitor does not wait for
   * (saving progress, analytics) comes after the next screen is on the glass. Tasks still waiting when the
   * page is hidden or goes away run then, so nothing is lost. Absent: tasks run at once (tests, the prerender).
   */
  afterPaint?: (task: () => void) => void;
  /**
   * A tap on the landing's call to action made before the funnel ran (src/app/landing-intent.ts): whether one waits,
   * and taking it (once). Absent: there is none (tests, the prerender).
   */
  landingStart?: { pending(): boolean; take(): boolean };
}

export type OpenChannel = (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener'>;

export interface PageEvents {
  hidden(listener: () => void): void;
  restored(listener: () => void): void;
}

function windowStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * How long work waits for a frame before it runs anyway: a page whose frames stop while it reports itself visible (a
 * web view that pauses rendering) would otherwise hold the requests a tap started.
 */
export const FRAME_WAIT_MS = 200;

/** After the next frame (a frame callback runs before the paint; a task queued from it runs after). */
function afterNextPaint(): (task: () => void) => void {
  let waiting: Array<() => void> = [];
  const runAll = () => {
    const tasks = waiting;
    waiting = [];
    for (const task of tasks) {
      try {
        task();
      } catch (error) {
        // One failing task never keeps the others (a request's start among them) from running; its error is still
        // reported, in a task of its own.
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  };
  window.addEventListener('pagehide', runAll);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') runAll();
  });
  return (task) => {
    waiting.push(task);
    // A page not shown has no frames: its work runs at once, after what was waiting.
    if (document.visibilityState !== 'visible') runAll();
    else if (waiting.length === 1) {
      const stalled = setTimeout(runAll, FRAME_WAIT_MS);
      requestAnimationFrame(() => {
        clearTimeout(stalled);
        setTimeout(runAll, 0);
      });
    }
  };
}

/** The real browser. */
export function windowBrowser(): BrowserPort {
  return {
    afterPaint: afterNextPaint(),
    origin: window.location.origin,
    address: () => {
      const { pathname, search, hash } = window.location;
      return { pathname, search, hash };
    },
    localStorage: windowStorage(),
    openPaymentPage: (url) => window.location.assign(url),
    details: () => ({ userAgent: navigator.userAgent, cookies: document.cookie, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    newId: randomId,
    landingStart: { pending: startRequested, take: takeStartRequest },
    ...(typeof BroadcastChannel === 'function' ? { openChannel: (name: string) => new BroadcastChannel(name) } : {}),
    pageEvents: {
      hidden: (listener) => window.addEventListener('pagehide', listener),
      restored: (listener) => window.addEventListener('pageshow', (event) => event.persisted && listener()),
    },
  };
}

import { startOnFirstInputOrIdle } from './analytics/start-gate';
import { readPageFlow } from './read-page-flow';

/**
 * When the funnel's code may load. At once on every page but the prerendered landing; there the landing
 * is complete and readable from its HTML, so the funnel, the address bar and the composed app (a session, its
 * engine, its clients) load on the visitor's first input, or when there is none, no earlier than 5 s after load: a
 * phone on a slow network spends neither bandwidth nor main-thread time on them while it paints and the visitor
 * reads. A tap on the call to action made before they arrive is kept (src/shared/early-tap.ts).
 */
let gate: Promise<void> = Promise.resolve();

/**
 * main.tsx, on the prerendered landing: the funnel's chunks wait for the first input (or 5 s after load), and then
 * for the next frame to be painted, so that the tap's own feedback (the pressed button) is on screen before their
 * evaluation takes the main thread.
 */
export function deferFunnelUntilWanted(): void {
  gate = new Promise((resolve) => startOnFirstInputOrIdle(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** The funnel chunk's import, shared by main.tsx (to start the download as soon as it may) and the router. */
export const loadFunnelRoute = () => gate.then(() => import('./funnel/funnel-route'));

/** The address bar's one writer (a small chunk), also started by main.tsx. */
export const loadAddressBar = () => gate.then(() => import('./address-bar/address-bar'));

/**
 * The composed app (engine, clients, effects, session: its own chunk) and the flow version it runs, started once by
 * main.tsx: composed in a task after the one that evaluated its chunk, so that neither holds the main thread for both.
 */
export const loadAppRoot = () =>
  gate
    .then(() => {
      // The version's flow JSON is fetched while the app's chunk downloads, not after it.
      const flowUrl = readPageFlow()?.flowUrl ?? null;
      const flowResponse = flowUrl ? fetch(flowUrl, { credentials: 'same-origin' }) : null;
      flowResponse?.catch(() => undefined);
      return import('./compose-browser-app').then((m) => ({ m, flowUrl, flowResponse }));
    })
    .then(({ m, flowUrl, flowResponse }) => new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => m.composeBrowserApp(flowUrl, flowResponse)));

import { readPageFlow } from './read-page-flow';
import { whenIdle } from '../ui/when-idle';

/**
 * When the funnel's code may load. At once on every page but the prerendered landing. There the landing is complete
 * and readable from its HTML, and its inline script shows the first question at a tap whatever has loaded
 * (src/shared/early-tap.ts); the funnel, the address bar and the composed app (a session, its engine, its clients)
 * load once the shell has hydrated and the browser is idle, each evaluated in a task of its own, so that the taps
 * after the first one find them running without the page having held a tap meanwhile.
 */
let gate: Promise<void> = Promise.resolve();

/** How long the funnel waits for an idle moment after the shell has hydrated, at most. */
const IDLE_WAIT_MS = 1500;

/** A task of its own: the evaluation of the chunk before it, and the browser's input and paint, come first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** boot.tsx, on the prerendered landing: the funnel's chunks wait for the browser to be idle after the shell's hydration. */
export function deferFunnelUntilIdle(): void {
  gate = new Promise((resolve) => whenIdle(() => resolve(), IDLE_WAIT_MS));
}

/**
 * The composed app (engine, clients, effects, session: its own chunk) and the flow version it runs, started once by
 * boot.tsx: composed in a task after the one that evaluated its chunk, so that neither holds the main thread for both.
 * The funnel and the address bar wait for it (they render nothing without it), each in a task after it.
 */
let appRoot: ReturnType<typeof composeAppRoot> | null = null;
function composeAppRoot() {
  return gate
    .then(() => {
      // The version's flow JSON is fetched while the app's chunk downloads, not after it.
      const flowUrl = readPageFlow()?.flowUrl ?? null;
      const flowResponse = flowUrl ? fetch(flowUrl, { credentials: 'same-origin' }) : null;
      flowResponse?.catch(() => undefined);
      return import('./compose-browser-app').then((m) => ({ m, flowUrl, flowResponse }));
    })
    .then(async ({ m, flowUrl, flowResponse }) => {
      await nextTask();
      return m.composeBrowserApp(flowUrl, flowResponse);
    });
}
export const loadAppRoot = () => (appRoot ??= composeAppRoot());

/** The funnel chunk's import, shared by boot.tsx (to start the download as soon as it may) and the router. */
export const loadFunnelRoute = () => gate.then(nextTask).then(() => import('./funnel/funnel-route'));

/** The address bar's one writer (a small chunk), also started by boot.tsx. */
export const loadAddressBar = () => gate.then(nextTask).then(() => import('./address-bar/address-bar'));

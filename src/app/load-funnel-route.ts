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
 * A module graph is evaluated in one go: the funnel's whole graph at once took 55-65 ms at 4x CPU, twice, before the
 * first input. Its parts are imported each in a task of its own, a part's own dependencies first (the engine before
 * the composed app, the screens before the funnel's view). A part waits for no other part's download: the address
 * bar's writer arriving late (a slow network) holds nothing else back.
 */
const afterGate = <T>(load: () => Promise<T>) => gate.then(nextTask).then(load);
const thenInTask = <T>(load: () => Promise<T>) => () => nextTask().then(load);
const once = <T>(load: () => Promise<T>) => {
  let started: Promise<T> | null = null;
  return () => (started ??= load());
};

/**
 * The composed app (engine, clients, effects, session: its own chunk) and the flow version it runs, started once by
 * boot.tsx: the engine and the app's chunk evaluated in turn, the version's flow JSON fetched meanwhile, then composed
 * one step per task (src/app/compose-app.ts).
 */
export const loadAppRoot = once(() => {
  const flow = gate.then(() => {
    // The version's flow JSON is fetched while the app's chunks download, not after them.
    const flowUrl = readPageFlow()?.flowUrl ?? null;
    const flowResponse = flowUrl ? fetch(flowUrl, { credentials: 'same-origin' }) : null;
    flowResponse?.catch(() => undefined);
    return { flowUrl, flowResponse };
  });
  return afterGate(() => import('../engine/compile-flow'))
    .then(thenInTask(() => import('./compose-browser-app')))
    .then(async (m) => {
      const { flowUrl, flowResponse } = await flow;
      await nextTask();
      return m.composeBrowserApp(flowUrl, flowResponse);
    });
});

/** The funnel chunk's import (the screens first), shared by boot.tsx (to start it as soon as it may) and the router. */
export const loadFunnelRoute = once(() => afterGate(() => import('../screens/registry')).then(thenInTask(() => import('./funnel/funnel-route'))));

/** The address bar's one writer (a small chunk), also started by boot.tsx. */
export const loadAddressBar = once(() => afterGate(() => import('./address-bar/address-bar')));

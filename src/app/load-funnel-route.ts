import { readPageFlow } from './read-page-flow';
import { nextTask, whenIdle } from '../ui/when-idle';
import { startOnFirstInputOrIdle } from './analytics/start-gate';

/**
 * When the funnel's code may run. At once on every page but the prerendered landing. There the landing is complete
 * and readable from its HTML, and its inline script shows the first question at a tap whatever has loaded
 * (src/shared/early-tap.ts): the funnel's modules, fetched already (at low priority, once the landing had painted),
 * are evaluated and the app composed (a session, its engine, its clients) on the visitor's first input, or 2.5 s after
 * load with none, once the browser is idle, each part in a task of its own. The taps after the first one find them
 * running, and the landing's load is over before they take the main thread (run as soon as the shell had hydrated,
 * their tasks were in Lighthouse's window: TBT 55-62 ms against 12-25 ms).
 */
let gate: Promise<void> = Promise.resolve();

/** With no input, how long after load the funnel's code runs. */
const RUN_AFTER_LOAD_MS = 2500;
/** How long it then waits for an idle moment, at most. */
const IDLE_WAIT_MS = 1500;


/** boot.tsx, on the prerendered landing: the funnel's code waits for the first input, or 2.5 s after load. */
export function deferFunnelUntilWanted(): void {
  gate = new Promise((resolve) => startOnFirstInputOrIdle(() => whenIdle(() => resolve(), IDLE_WAIT_MS), window, RUN_AFTER_LOAD_MS));
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

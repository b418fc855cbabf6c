import { compileFlow, screenIdOf, type FunnelMachine } from '../engine/compile-flow';
import { indexFlow } from '../engine/flow-graph';
import { FlowProblemsError } from '../engine/flow-problem';
import { productKinds } from '../engine/kinds/product-kinds';
import type { KindRegistry } from '../engine/kinds/screen-kind';
import { abUserProperty } from '../engine/analytics-events';
import type { ScreenServices } from '../screens/services-context';
import { resolveAgainst, type AppConfig } from '../services/config';
import { createApiClients } from './api-clients';
import { addressIntents, type AddressIntents } from './address-bar/address-intents';
import type { BrowserPort } from './browser-port';
import type { EffectResults } from './effect-output-map';
import { effectServices } from './browser-effect-services';
import { effectsOf } from './effect-registry';
import { createFunnel, type FunnelActor } from './funnel/create-funnel';
import { savedOnAnotherVersion } from '../engine/persistence';
import { reportExposure } from './analytics/experiment-exposure';
import type { LoadedFlow } from './load-flow';
import type { Analytics } from '../services/analytics/analytics';
import { buildSessionWrite } from './session/build-session-write';
import { readVisitParams } from './session/visit-params';
import { followFlags, type RemoteFlagsSource } from './follow-flags';
import { trackFunnel } from './analytics/funnel-tracking';
import { linkToStudio } from './studio-link';
import { randomId } from './session/random-id';
import type { AdEvents } from './analytics/ad-events';
import { createVisitorSession, firstVisit, sessionServices, type SessionImplementations, type VisitorSessionActor } from './session/visitor-session';
import { rememberSeen } from './session/remember-seen';

/** What the app is made from: the flow (validated), the configuration and the browser. */
export interface AppEnvironment {
  flow: LoadedFlow;
  /** The flow's file, named in the located message of a flow the app cannot run. */
  flowFile: string;
  config: AppConfig;
  browser: BrowserPort;
  /** Where the funnel's events go (Amplitude and the event log in the browser; a recorder in tests). */
  analytics: Analytics;
  /** Remote Config's parameters for the A/B flags; null when there is none (not configured, or not consented). */
  remoteFlags: RemoteFlagsSource | null;
  /** The ad pixel's events; null without a pixel. */
  ads?: AdEvents | null;
  /** The experiment whose arm the server served this page (its page flow), if any. */
  experiment?: { id: string } | null;
}


/** The funnel machine's implementations by name (its effects are actors), as `.provide()` takes them. */
export type FunnelImplementations = Parameters<FunnelMachine<EffectResults>['provide']>[0];

/** What a test swaps in; the app itself passes none. */
export interface AppOverrides {
  /** Given to the funnel machine's `.provide()`: e.g. `{ actors: { loadPlans: fromPromise(...) } }`. */
  funnel?: FunnelImplementations;
  /** Given to the session machine's `.provide()`: e.g. `{ actors: { ensureSession: fromPromise(...) } }`. */
  session?: SessionImplementations;
}

/** The app, wired: one per page load. */
export interface AppRoot {
  /** The flow the funnel runs, or the problems that stop it (then the funnel shows its error page). */
  flow: LoadedFlow;
  /** The screen kinds the flow may use (the product's), as the engine reads them. */
  kinds: KindRegistry;
  /** The visitor's session: its id, the server's record of the visit, and the rules that send a visitor without one to the start. */
  session: VisitorSessionActor;
  /** The visitor's funnel, started when a flow route first asks (a public page opened first starts no effects); null with a broken flow. */
  funnel(): FunnelActor | null;
  /**
   * Whether the page opened with progress saved on another version of the flow (the visitor was moved on): an address
   * of that version that this one lacks is where they were, not a mistyped one, and they resume in the funnel.
   */
  movedOn: boolean;
  /** What screens reach the outside world with. */
  screenServices: ScreenServices;
  /** The funnel's moves, queued for the address bar's writer (src/app/address-bar). */
  addressIntents: AddressIntents;
  /** Where the funnel's events go. */
  analytics: Analytics;
  /** The address bar has settled the address the page opened with: the funnel's screen is now the one on screen. */
  onScreen(): void;
  /**
   * Takes a tap on the landing's call to action made before the funnel ran (the browser's `landingStart`) and moves
   * the funnel on from the landing with it, once. The funnel calls it as it starts, and so do the views that may
   * start running after the tap (the address bar's writer, the funnel's view).
   */
  startIfRequested(): void;
  /** Runs work a tap causes but does not wait for once the next frame is painted (src/app/browser-port.ts); absent: at once. */
  afterPaint?: (task: () => void) => void;
}

/**
 * The address the visitor's session starts from: the one the browser shows, except after a tap on the landing's call
 * to action made before the app ran, which has put the first question's address in the bar already (the landing's
 * inline script). The visit is then still the landing's (its parameters, the session it makes), and the first question
 * is a visit after it that waits for the session in the background.
 */
function arrivalOf(flow: LoadedFlow, browser: BrowserPort) {
  const address = browser.address();
  const landingRoute = flow.ok ? flow.flow.screens.find((screen) => screen.id === flow.flow.start)?.route : undefined;
  if (!landingRoute || !browser.landingStart?.pending() || address.pathname === landingRoute) return address;
  return { ...address, pathname: landingRoute };
}

/** How long leaving for the hosted payment page waits for analytics to be sent, at most. */
export const PAYMENT_FLUSH_MS = 1000;

/** The A/B assignments as event and user properties (`ab_priceSet`), as the flow's `assignments` source names them. */
function prefixed(assigned: Record<string, unknown>): Record<string, string | boolean> {
  return Object.fromEntries(Object.entries(assigned).flatMap(([name, value]) => (typeof value === 'string' || typeof value === 'boolean' ? [[abUserProperty(name), value]] : [])));
}

/**
 * The composition root: the one place that wires the flow, the clients, the effects, the session and the funnel.
 * A flow naming an effect the app has no implementation for fails here, at load, with one located line per place
 * (then the funnel shows its error page and the session guards nothing).
 */
export function composeApp(env: AppEnvironment, overrides: AppOverrides = {}): AppRoot {
  const steps = compositionSteps(env, overrides);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same composition, one step per task (`nextTask` waits for the next one): the browser's. At once, it was one task
 * of about 95 ms at 4x CPU before the visitor's first input (the session's machine and first visit 57 ms, the flow's
 * machine 27 ms), which a tap coming meanwhile would have waited for.
 */
export async function composeAppInTasks(env: AppEnvironment, nextTask: () => Promise<void>, overrides: AppOverrides = {}): Promise<AppRoot> {
  const steps = compositionSteps(env, overrides);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTask();
  }
}

/** The composition, in steps: each `yield` is a point where the browser may take a task of its own. */
function* compositionSteps(env: AppEnvironment, overrides: AppOverrides): Generator<void, AppRoot> {
  const { browser } = env;
  const config = resolveAgainst(env.config, browser.origin);
  // A request a tap causes starts once the next screen has painted, so that the tap is answered first; at once where
  // the port has no frames.
  const clients = createApiClients(browser.afterPaint ? { ...config, startRequests: browser.afterPaint } : config);
  // The A/B assignments the visitor has seen go into the session's abTestData with every save.
  let abTests: Record<string, unknown> = {};
  const services = { ...sessionServices(clients, browser.localStorage, browser.newId), abTestData: () => abTests };
  const session = createVisitorSession(env.flow.ok ? env.flow.flow : null, services, overrides.session);
  yield;
  firstVisit(session, arrivalOf(env.flow, browser));
  yield;
  // A new assignment is saved at once, keeping everything else the session holds.
  const saveAssignments = () => {
    const { id, session: loaded } = session.getSnapshot().context;
    if (id && loaded) void clients.subscriptions.writeSession(buildSessionWrite(id, readVisitParams('', ''), loaded, undefined, abTests));
  };
  // Amplitude's device id is the visitor's id (the usid), once the session has one.
  session.subscribe((snapshot) => {
    const { id } = snapshot.context;
    if (id) env.analytics.setDeviceId(id);
  });
  if (env.experiment && env.flow.ok) reportExposure(session, env.experiment, env.flow.flow, env.analytics, browser.localStorage);
  // The flow's machine in a task of its own (22-42 ms at 4x CPU): with what came before and after it, one task reached
  // 51 ms, a long task before the visitor's first input.
  yield;
  let flow = env.flow;
  let machine: FunnelMachine<EffectResults> | null = null;
  if (flow.ok) {
    // Leaving for the hosted payment page waits a moment for the events that led there (checkout started among them,
    // recorded once the effect has answered) to be sent: an unload is no time to deliver them.
    const leaving: BrowserPort = {
      ...browser,
      openPaymentPage: (url) => {
        setTimeout(() => void env.analytics.flush(PAYMENT_FLUSH_MS).finally(() => browser.openPaymentPage(url)), 0);
      },
    };
    const effects = effectsOf(effectServices({ project: flow.flow.product.id, profile: flow.flow.profile, config, clients, session, browser: leaving }));
    try {
      const compiled = compileFlow<EffectResults>(flow.flow, { kinds: productKinds, effects });
      machine = overrides.funnel ? compiled.provide(overrides.funnel) : compiled;
    } catch (error) {
      if (!(error instanceof FlowProblemsError)) throw error;
      flow = { ok: false, problems: error.problems };
    }
  }
  yield;
  if (!flow.ok) for (const p of flow.problems) console.error(`${env.flowFile} ${p.pointer}: ${p.message}; ${p.hint}`);
  const valid = flow.ok ? flow.flow : null;
  const index = valid ? indexFlow(valid) : null;
  // Read before the funnel starts: starting it saves the progress carried over on this version.
  const movedOn = valid !== null && browser.localStorage !== null && savedOnAnotherVersion(browser.localStorage, valid);
  let funnel: FunnelActor | null = null;
  let tracking: { open(): void } | null = null;
  const intents = addressIntents();
  const startIfRequested = () => {
    if (!funnel || !valid || !index || !browser.landingStart?.take()) return;
    if (screenIdOf(funnel.getSnapshot()) !== valid.start) return;
    funnel.send({ type: 'NEXT' });
    // The landing's inline script showed that screen at the tap and put its address in the address bar: the move is
    // written already, not the writer's to make again.
    if (index.byId.get(screenIdOf(funnel.getSnapshot()))?.route === browser.address().pathname) intents.take();
  };
  return {
    flow,
    kinds: productKinds,
    session,
    funnel: () => {
      if (!funnel && valid && index && machine) {
        funnel = createFunnel(valid, productKinds, machine, browser.localStorage, browser.afterPaint);
        // The address the visitor opened, before the first render (what the address bar's writer would do a moment
        // later), so a restored visitor opening / sees / at once and hydration matches.
        const { byRoute, byId } = index;
        const opened = byRoute.get(browser.address().pathname);
        // A visitor who tapped "start" on the landing before the funnel ran is moved on by that tap, below.
        const starting = browser.landingStart?.pending() === true && screenIdOf(funnel.getSnapshot()) === valid.start;
        if (opened && opened.id !== screenIdOf(funnel.getSnapshot()) && !starting) funnel.send({ type: 'NAVIGATE', screen: opened.id });
        intents.follow(funnel, (screen) => byId.get(screen)?.route);
        tracking = trackFunnel(funnel, valid, productKinds, env.analytics, env.ads ?? null);
        // The studio in another tab of this browser may follow this visitor's screens (nothing is sent until one asks).
        linkToStudio(funnel, valid, browser.openChannel, randomId(), browser.pageEvents);
        // Amplitude's user properties: the flow and the A/B groups, nothing about the person.
        const identify = () => env.analytics.identify({ flow_id: valid.id, flow_version: valid.version, ...prefixed(abTests) });
        identify();
        // Saved and told to Amplitude once the screen that assigned them has painted (a screen that reads a flag is
        // assigned it as it opens, inside the tap): every save from now on carries them, and a page hidden first runs
        // the waiting work at once (afterPaint), so nothing is lost.
        const later = browser.afterPaint ?? ((task: () => void) => task());
        followFlags(funnel, valid, productKinds, env.remoteFlags, (assigned) => {
          abTests = assigned;
          later(() => {
            saveAssignments();
            identify();
          });
        });
        // A discount page is offered once per visitor: the session on the server remembers what any tab has shown.
        rememberSeen(funnel, session, clients.subscriptions.markSeen);
        // Once everything that follows the funnel's moves follows it: the move from the landing is recorded as any.
        startIfRequested();
      }
      return funnel;
    },
    movedOn,
    screenServices: { searchPlaces: clients.searchPlaces, zoneHistory: clients.zoneHistory },
    addressIntents: intents,
    analytics: env.analytics,
    onScreen: () => tracking?.open(),
    startIfRequested,
    ...(browser.afterPaint ? { afterPaint: browser.afterPaint } : {}),
  };
}

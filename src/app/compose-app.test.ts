import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import flowJson from '../../flows/astrology.json';
import { screenIdOf, type EffectInput } from '../engine/compile-flow';
import { pathFor } from '../engine/flow-graph';
import { saveProgress, storageKey } from '../engine/persistence';
import { validateFlow } from '../engine/validate-flow';
import { readConfig } from '../services/config';
import { effectKinds, effectNames } from '../shared/effect-names';
import { publicPaths } from '../shared/public-paths';
import { textPlaceholders } from '../shared/text-placeholders';
import { funnelPaths } from '../../tests/model/funnel-paths';
import type { BrowserPort } from './browser-port';
import { composeApp, composeAppInTasks, type AppOverrides } from './compose-app';
import type { LoadedFlow } from './load-flow';
import type { SessionImplementations } from './session/visitor-session';
import type { CallResult } from '../services/api-call';
import type { Session } from '../shared/contract/subscription';
import type { Analytics } from '../services/analytics/analytics';
import type { AdEvents } from './analytics/ad-events';
import { productKinds } from '../engine/kinds/product-kinds';

const loaded = validateFlow(flowJson, { kinds: productKinds, effects: effectNames, effectKinds, publicPaths, placeholders: textPlaceholders });
if (!loaded.ok) throw new Error('flows/astrology.json is invalid');
const flow = loaded.flow;

/** localStorage in memory, recording every write as the browser would receive it. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  readonly writes: string[] = [];
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.writes.push(value);
    this.items.set(key, value);
  }
}

function browserAt(pathname: string, storage: Storage): BrowserPort {
  let ids = 0;
  return {
    origin: 'http://localhost:4173',
    address: () => ({ pathname, search: '', hash: '' }),
    localStorage: storage,
    openPaymentPage: () => undefined,
    details: () => ({ userAgent: 'test', cookies: '', timeZone: 'UTC' }),
    newId: () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`,
  };
}

/** The session's server calls answered at once, as by a server that cannot be reached (the funnel carries on). */
const offline: CallResult<Session> = { ok: false, status: null, reason: 'offline' };
const serverDown: SessionImplementations = {
  actors: {
    ensureSession: fromPromise(async (): Promise<CallResult<Session>> => offline),
    loadSession: fromPromise(async (): Promise<CallResult<Session>> => offline),
    saveVisit: fromPromise(async (): Promise<{ session: Session | null; saved: string }> => ({ session: null, saved: '' })),
    confirmEmail: fromPromise(async (): Promise<unknown> => null),
  },
};

/** Analytics at the app's boundary: what the funnel tracked, in order. */
function recordingAnalytics() {
  const tracked: Array<{ type: string; properties: Record<string, string | number | boolean>; critical: boolean }> = [];
  const deviceIds: string[] = [];
  const analytics: Analytics = {
    track: (type, properties, options) => void tracked.push({ type, properties, critical: options?.critical ?? false }),
    identify: () => undefined,
    setDeviceId: (id) => void deviceIds.push(id),
    setOptOut: () => undefined,
    hold: () => undefined,
    start: async () => undefined,
    pagehide: () => undefined,
    flush: async () => undefined,
  };
  return { analytics, tracked, deviceIds };
}

function compose(pathname: string, storage: Storage, overrides: AppOverrides = {}, given: LoadedFlow = loaded, analytics = recordingAnalytics().analytics) {
  return composeApp({ flow: given, flowFile: 'flows/astrology.json', config: readConfig({}), browser: browserAt(pathname, storage), analytics, remoteFlags: null }, { session: serverDown, ...overrides });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('an experiment\'s exposure', () => {
  const created = (id: string): Session => ({
    id,
    user: null,
    record: { flowOuter: false, abTestData: {}, ipInfo: null, altPayout: false, gclid: false, testEventCode: null, attribution: {}, seenScreens: [] },
    createdAt: '2026-11-28T00:00:00.000Z',
    updatedAt: '2026-11-28T00:00:00.000Z',
  });
  const serverUp: SessionImplementations = {
    actors: {
      ensureSession: fromPromise(async ({ input }: { input: { id: string } }): Promise<CallResult<Session>> => ({ ok: true, status: 201, data: created(input.id) })),
      loadSession: fromPromise(async ({ input }: { input: { id: string } }): Promise<CallResult<Session>> => ({ ok: true, status: 200, data: created(input.id) })),
      saveVisit: fromPromise(async (): Promise<{ session: Session | null; saved: string }> => ({ session: null, saved: '' })),
      confirmEmail: fromPromise(async (): Promise<unknown> => null),
    },
  };
  const open = (storage: Storage, experiment: { id: string } | null, session: SessionImplementations) => {
    const recorded = recordingAnalytics();
    composeApp(
      { flow: loaded, flowFile: 'flows/astrology.json', config: readConfig({}), browser: browserAt('/', storage), analytics: recorded.analytics, remoteFlags: null, experiment },
      { session },
    );
    return recorded.tracked;
  };

  it('is told to analytics once the visitor\'s session is made, as Amplitude\'s $exposure, and once per visitor', async () => {
    const storage = new MemoryStorage();
    const tracked = open(storage, { id: 'exp_0123456789abcdef' }, serverUp);
    await vi.waitFor(() => expect(tracked.filter((e) => e.type === '$exposure')).toHaveLength(1));
    expect(tracked.find((e) => e.type === '$exposure')).toEqual({
      type: '$exposure',
      properties: { flag_key: 'exp_0123456789abcdef', experiment_key: 'exp_0123456789abcdef', variant: `v${flow.version}`, flow_id: flow.id, flow_version: flow.version },
      critical: true,
    });
    // The next page of the same visitor says nothing more.
    const again = open(storage, { id: 'exp_0123456789abcdef' }, serverUp);
    await settle();
    await settle();
    expect(again.filter((e) => e.type === '$exposure')).toEqual([]);
  });

  it('is not told without a session (the server has recorded nothing), nor on a page of no experiment', async () => {
    const down = open(new MemoryStorage(), { id: 'exp_0123456789abcdef' }, serverDown);
    const none = open(new MemoryStorage(), null, serverUp);
    await settle();
    await settle();
    expect([...down, ...none].filter((e) => e.type === '$exposure')).toEqual([]);
  });
});

describe('the composition root', () => {
  it('composes in the browser one step per task: the session, its first visit and the flow\'s machine each in a task of its own', async () => {
    const storage = new MemoryStorage();
    let tasks = 0;
    // The machine's implementations are read right after the flow is compiled: when, says in which task it was.
    let compiledInTask: number | null = null;
    const overrides: AppOverrides = {
      session: serverDown,
      get funnel() {
        compiledInTask = tasks;
        return undefined;
      },
    };
    const root = await composeAppInTasks(
      { flow: loaded, flowFile: 'flows/astrology.json', config: readConfig({}), browser: browserAt('/quiz/1-1', storage), analytics: recordingAnalytics().analytics, remoteFlags: null },
      async () => void (tasks += 1),
      overrides,
    );
    // The flow's machine with the work around it in one task came to 51 ms at 4x CPU before the visitor's first input:
    // it follows the session, its first visit and the exposure report, and the rest of the composition follows it.
    expect(compiledInTask).toBe(3);
    expect(tasks).toBe(4);
    expect(root.flow.ok).toBe(true);
    expect(root.funnel()).not.toBeNull();
  });

  it('hands the session the address the page opened with, and starts the funnel only when a flow route asks', async () => {
    const storage = new MemoryStorage();
    const root = compose('/privacy-policy', storage);
    expect(root.session.getSnapshot().context.visit?.pathname).toBe('/privacy-policy');
    await settle();
    // A public page opened first: the session refreshes, the funnel has not started (nothing saved yet).
    expect(storage.items.has(storageKey(flow))).toBe(false);
    const funnel = root.funnel();
    expect(funnel).not.toBeNull();
    expect(root.funnel()).toBe(funnel);
    expect(root.screenServices.searchPlaces).toBeTypeOf('function');
  });

  it('starts the backend requests the app makes once the next frame has painted', async () => {
    // At the network boundary: every request the clients send.
    const sent: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify({ error: 'unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } });
    });
    const painted: Array<() => void> = [];
    const browser = { ...browserAt('/', new MemoryStorage()), afterPaint: (task: () => void) => void painted.push(task) };
    // The real session services: the session is made on the server as the page opens.
    composeApp({ flow: loaded, flowFile: 'flows/astrology.json', config: readConfig({}), browser, analytics: recordingAnalytics().analytics, remoteFlags: null });
    await settle();
    await settle();
    expect(sent).toEqual([]);
    expect(painted.length).toBeGreaterThan(0);
    for (const task of painted.splice(0)) task();
    await vi.waitFor(() => expect(sent.some((url) => new URL(url).pathname.startsWith('/subs/sessions'))).toBe(true));
  });

  it('saves after every change, never the email, and restores the visitor where they were', async () => {
    // A model path's way through the quiz to the email screen.
    const toEmail = funnelPaths(flow).paths.find((p) => p.resume);
    if (!toEmail?.resume) throw new Error('no model path past the email screen');
    const storage = new MemoryStorage();
    const submitted: string[] = [];
    const effects: AppOverrides = {
      funnel: {
        actors: {
          // The walk passes the loading screen: its plans, from a server that has none.
          loadPlans: fromPromise(async () => ({ maxpay: null, paypal: null })),
          submitEmail: fromPromise(async ({ input }: { input: EffectInput }) => {
            submitted.push(input.email ?? '');
            return { outcome: 'new' as const, astroUser: true, subscriptionUser: true };
          }),
        },
      },
    };
    const actor = compose('/', storage, effects).funnel();
    if (!actor) throw new Error('no funnel');
    for (const step of toEmail.steps.slice(0, toEmail.resume.step)) actor.send(step.event);
    expect(screenIdOf(actor.getSnapshot())).toBe('email');
    actor.send({ type: 'SUBMIT_EMAIL', email: 'maya@example.com' });
    await settle();
    // The implementation swapped in with .provide() ran, with the address held in memory.
    expect(submitted).toEqual(['maya@example.com']);
    expect(actor.getSnapshot().context.email).toBe('maya@example.com');
    expect(storage.writes.length).toBeGreaterThan(10);
    for (const raw of storage.writes) expect(raw).not.toContain('@');
    expect(JSON.parse(storage.writes.at(-1) ?? '{}')).toMatchObject({ screen: 'get-access' });
    const answers = actor.getSnapshot().context.answers;
    actor.stop();

    const again = compose('/get-access', storage).funnel();
    if (!again) throw new Error('no funnel');
    expect(screenIdOf(again.getSnapshot())).toBe('get-access');
    expect(again.getSnapshot().context.answers).toEqual(answers);
    expect(again.getSnapshot().context.email).toBeNull();
    again.stop();
  });

  it('runs the effects of the screen it restores the visitor to (the price page loads its plans again after a reload)', async () => {
    const storage = new MemoryStorage();
    const runs: string[] = [];
    saveProgress(storage, flow, { screen: 'select-price', answers: {}, trail: pathFor(flow, {}) });
    const root = compose('/select-price', storage, {
      funnel: { actors: { loadPlans: fromPromise(async ({ input }: { input: EffectInput }) => (runs.push(input.screen.id), { maxpay: [], paypal: null })) } },
    });
    const again = root.funnel();
    expect(again && screenIdOf(again.getSnapshot())).toBe('select-price');
    await settle();
    expect(runs).toEqual(['select-price']);
    again?.stop();
  });

  it('tracks the flow\'s events as the visitor goes: the screen shown, the answer the machine took, never personal data', async () => {
    const { analytics, tracked, deviceIds } = recordingAnalytics();
    const root = compose('/', new MemoryStorage(), {}, loaded, analytics);
    const funnel = root.funnel();
    if (!funnel) throw new Error('no funnel');
    // Nothing before the address bar has settled the opened address (it calls onScreen).
    expect(tracked).toEqual([]);
    root.onScreen();
    funnel.send({ type: 'NEXT' });
    funnel.send({ type: 'ANSWER', value: 'not-an-option' });
    funnel.send({ type: 'ANSWER', value: 'single' });
    expect(tracked.map((t) => `${t.type} ${t.properties.screen_id}`)).toEqual([
      'Screen Shown welcome',
      'Screen Answered welcome',
      'Screen Shown relationship-status',
      'Screen Answered relationship-status',
      'Screen Shown relationship-goal',
    ]);
    expect(tracked[3]?.properties).toMatchObject({ flow_id: flow.id, flow_version: flow.version, step_id: '1-1', question_id: '1-1', answer: 'single' });
    // No A/B test has been shown to the visitor yet: no assignment goes with the events.
    expect(Object.keys(tracked[3]?.properties ?? {}).filter((k) => k.startsWith('ab_'))).toEqual([]);
    expect(tracked.every((t) => t.critical)).toBe(true);
    // A typed name is never sent.
    const toName = funnelPaths(flow).paths.find((p) => p.resume)!;
    const walkerRoot = compose('/', new MemoryStorage(), { funnel: { actors: { loadPlans: fromPromise(async () => ({ maxpay: null, paypal: null })) } } }, loaded, analytics);
    const walker = walkerRoot.funnel();
    walkerRoot.onScreen();
    for (const step of toName.steps.slice(0, toName.resume!.step)) walker?.send(step.event);
    expect(JSON.stringify(tracked)).not.toMatch(/Maya|1990-|London|@/);
    await settle();
    // Amplitude's device id is the visitor's own id.
    expect(deviceIds.length).toBeGreaterThan(0);
    expect(new Set(deviceIds)).toEqual(new Set([root.session.getSnapshot().context.id]));
  });

  it('raises the ad pixel\'s events: PageView per screen shown, Lead when an email is given, never the email', async () => {
    const calls: string[] = [];
    const ads: AdEvents = {
      pageView: () => void calls.push('PageView'),
      lead: (id) => void calls.push(`Lead ${id}`),
      viewContent: (p) => void calls.push(`ViewContent ${p.content_ids.join(',')}`),
      initiateCheckout: (p, id) => void calls.push(`InitiateCheckout ${p.value} ${id}`),
    };
    const toEmail = funnelPaths(flow).paths.find((p) => p.resume)!;
    const root = composeApp(
      { flow: loaded, flowFile: 'flows/astrology.json', config: readConfig({}), browser: browserAt('/', new MemoryStorage()), analytics: recordingAnalytics().analytics, remoteFlags: null, ads },
      {
        session: serverDown,
        funnel: {
          actors: {
            loadPlans: fromPromise(async () => ({ maxpay: null, paypal: null })),
            submitEmail: fromPromise(async () => ({ outcome: 'new' as const, astroUser: true, subscriptionUser: true })),
          },
        },
      },
    );
    const funnel = root.funnel();
    root.onScreen();
    for (const step of toEmail.steps.slice(0, toEmail.resume!.step)) funnel?.send(step.event);
    const shownBefore = calls.filter((c) => c === 'PageView').length;
    expect(shownBefore).toBe(toEmail.resume!.step + 1);
    funnel?.send({ type: 'SUBMIT_EMAIL', email: 'maya@example.com' });
    await settle();
    expect(calls.filter((c) => c.startsWith('Lead'))).toHaveLength(1);
    expect(calls.join(' ')).not.toContain('@');
  });

  it('refuses at load, located, a flow naming an effect the app has no implementation for', () => {
    const edited = structuredClone(flowJson) as unknown as { screens: Array<{ id: string; effects?: string[] }> };
    const index = edited.screens.findIndex((s) => s.id === 'profile-loading');
    const loading = edited.screens[index];
    if (!loading) throw new Error('no profile-loading');
    loading.effects = ['prepareProfile'];
    // Validated without the app's list of effects: the compiler is the last guard.
    const unchecked = validateFlow(edited, { kinds: productKinds });
    if (!unchecked.ok) throw new Error(JSON.stringify(unchecked.problems));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = compose('/', new MemoryStorage(), {}, unchecked);
    expect(root.flow.ok).toBe(false);
    expect(root.funnel()).toBeNull();
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
      `flows/astrology.json /screens/${index}/effects/0: effect "prepareProfile" has no implementation; provide "prepareProfile" in the effects the funnel is compiled with (src/app/effect-registry.ts); given: ${effectNames.join(', ')}`,
    ]);
  });
});

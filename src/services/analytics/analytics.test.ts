import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAnalyticsConfig } from './analytics-config';
import { amplitudeOptions, amplitudeUrl, createAnalytics, eventLogApiKey, MAX_QUEUED, type AmplitudeClient, type AmplitudeModule, type AnalyticsEnvironment } from './analytics';

afterEach(() => vi.restoreAllMocks());

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

/** The SDK at its boundary: each instance records what it was asked (the network side is the Playwright tests'). */
function fakeSdk() {
  const instances: Array<{ key: string; options: Record<string, unknown>; tracked: unknown[]; calls: string[] }> = [];
  const sdk: AmplitudeModule = {
    createInstance(): AmplitudeClient {
      const record = { key: '', options: {}, tracked: [] as unknown[], calls: [] as string[] };
      instances.push(record);
      const done = <T,>(value: T) => ({ promise: Promise.resolve(value) });
      return {
        init: (key, _user, options) => ((record.key = key), (record.options = { ...options }), done(undefined)),
        track: (event) => (record.tracked.push(event), done({})),
        identify: (identify) => (record.calls.push(`identify ${JSON.stringify(identify)}`), done({})),
        setDeviceId: (id) => void record.calls.push(`setDeviceId ${id}`),
        setOptOut: (value) => void record.calls.push(`setOptOut ${value}`),
        setTransport: (t) => void record.calls.push(`setTransport ${t}`),
        flush: () => (record.calls.push('flush'), done(undefined)),
      };
    },
    Identify: class {
      values: Record<string, unknown> = {};
      set(key: string, value: unknown) {
        this.values[key] = value;
        return this;
      }
    },
  };
  return { sdk, instances };
}

function setup(env: Record<string, string> = {}, storage = new MemoryStorage(), beaconAccepted: () => boolean = () => true, afterPaint?: (task: () => void) => void) {
  const { sdk, instances } = fakeSdk();
  const beacons: Array<{ url: string; body: unknown }> = [];
  let ids = 0;
  let clock = 1_700_000_000_000;
  const environment: AnalyticsEnvironment = {
    config: readAnalyticsConfig(env, 'app.example'),
    origin: 'https://app.example',
    storage,
    loadSdk: async () => sdk,
    sendBeacon: (url, body) => {
      if (!beaconAccepted()) return false;
      beacons.push({ url, body: JSON.parse(body) });
      return true;
    },
    newId: () => `id-${(ids += 1)}`,
    now: () => (clock += 1000),
    ...(afterPaint ? { afterPaint } : {}),
  };
  return { analytics: createAnalytics(environment), instances, beacons, storage };
}

describe('analytics configuration', () => {
  it('takes the production key only on the production host, and fails loudly on a bad value', () => {
    const env = { VITE_PRODUCTION_HOST: 'astrelle.app', VITE_AMPLITUDE_KEY_PRODUCTION: 'prod-key', VITE_AMPLITUDE_KEY_DEVELOPMENT: 'dev-key' };
    expect(readAnalyticsConfig(env, 'astrelle.app').amplitudeKey).toBe('prod-key');
    expect(readAnalyticsConfig(env, 'staging.astrelle.app').amplitudeKey).toBe('dev-key');
    expect(readAnalyticsConfig({}, 'localhost').amplitudeKey).toBe('');
    expect(() => readAnalyticsConfig({ VITE_AMPLITUDE_SERVER_ZONE: 'ASIA' }, 'x')).toThrow('VITE_AMPLITUDE_SERVER_ZONE must be one of US, EU, got "ASIA"');
    expect(() => readAnalyticsConfig({ VITE_FIREBASE_API_KEY: 'k' }, 'x')).toThrow('VITE_FIREBASE_PROJECT_ID');
    expect(readAnalyticsConfig({ VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_PROJECT_ID: 'p', VITE_FIREBASE_APP_ID: 'a' }, 'x').firebase).toEqual({ apiKey: 'k', projectId: 'p', appId: 'a' });
  });

  it('uses the ingestion endpoint of the zone, batch or standard, unless a server URL is given', () => {
    expect(amplitudeUrl(readAnalyticsConfig({}, 'x'))).toBe('https://api2.amplitude.com/2/httpapi');
    expect(amplitudeUrl(readAnalyticsConfig({ VITE_AMPLITUDE_SERVER_ZONE: 'EU', VITE_AMPLITUDE_USE_BATCH: 'true' }, 'x'))).toBe('https://api.eu.amplitude.com/batch');
    expect(amplitudeUrl(readAnalyticsConfig({ VITE_AMPLITUDE_SERVER_URL: 'https://proxy.example/amp' }, 'x'))).toBe('https://proxy.example/amp');
  });

  it('configures the SDK as the spec says', () => {
    const options = amplitudeOptions(readAnalyticsConfig({}, 'x'), '', 'usid-1', true);
    expect(options).toMatchObject({
      flushIntervalMillis: 10_000,
      flushMaxRetries: 12,
      flushQueueSize: 200,
      sessionTimeout: 1_800_000,
      cookieOptions: { expiration: 365, sameSite: 'Lax' },
      autocapture: { pageViews: true, sessions: true, fileDownloads: true, formInteractions: true, attribution: true, elementInteractions: false, frustrationInteractions: false, networkTracking: false, webVitals: false, performanceTracking: false },
      fetchRemoteConfig: false,
      remoteConfig: { fetchRemoteConfig: false },
      enableDiagnostics: false,
      deviceId: 'usid-1',
      trackingOptions: { ipAddress: false },
    });
  });
});

describe('analytics', () => {
  it('hands an event to the SDK, or stores the queue, only once the next screen is painted, stamped with the tap\'s time', async () => {
    const waiting: Array<() => void> = [];
    const paint = () => waiting.splice(0).forEach((task) => task());
    const storage = new MemoryStorage();
    const { analytics, instances } = setup({}, storage, () => true, (task) => void waiting.push(task));
    // Before the SDK: the queue is written after the paint, once for the events of one frame.
    analytics.track('Screen Answered', { screen_id: 'relationship-status' });
    analytics.track('Screen Shown', { screen_id: 'relationship-goal' });
    expect(storage.items.size).toBe(0);
    expect(waiting).toHaveLength(1);
    paint();
    expect(JSON.parse(storage.items.get('astrelle:analytics-queue') ?? '[]')).toHaveLength(2);
    // Held (consent unsettled again) before the paint: nothing more reaches storage.
    analytics.track('Screen Answered', { screen_id: 'relationship-goal' });
    analytics.hold(true);
    paint();
    expect(JSON.parse(storage.items.get('astrelle:analytics-queue') ?? '[]')).toHaveLength(2);
    analytics.hold(false);
    await analytics.start();
    const [main] = instances;
    expect(main?.tracked).toHaveLength(3);
    // With the SDK: handed over after the paint, with the time of the tap, not of the paint.
    analytics.track('Screen Shown', { screen_id: 'knowledge-of-astrology' });
    expect(main?.tracked).toHaveLength(3);
    paint();
    expect(main?.tracked).toHaveLength(4);
    expect(main?.tracked[3]).toMatchObject({ event_type: 'Screen Shown', time: 1_700_000_004_000 });
    // A flush (before the hosted payment page) or the page going away hands over what waits, without the paint.
    analytics.track('Checkout Started', { screen_id: 'select-price' });
    await analytics.flush(10);
    expect(main?.tracked).toHaveLength(5);
    analytics.track('Screen Answered', { screen_id: 'select-price' });
    analytics.pagehide();
    expect(main?.tracked).toHaveLength(6);
    paint();
    expect(main?.tracked).toHaveLength(6);
    // Opted out before the paint: the waiting event is not sent.
    analytics.track('Screen Answered', { screen_id: 'knowledge-of-astrology' });
    analytics.setOptOut(true);
    paint();
    expect(main?.tracked).toHaveLength(6);
  });

  it('queues events before the SDK loads, keeps them over a reload, and sends them in order, at their own time, once it has', async () => {
    const storage = new MemoryStorage();
    const first = setup({}, storage);
    first.analytics.track('Screen Shown', { screen_id: 'welcome' }, { critical: true });
    expect(first.instances).toEqual([]);
    // A reload before the SDK loaded: the queue is in storage.
    const again = setup({}, storage);
    again.analytics.track('Screen Answered', { screen_id: 'welcome' });
    again.analytics.setDeviceId('0b6f3c52-6c1e-4c55-9a0e-1b2f3c4d5e6f');
    await again.analytics.start();
    const [main] = again.instances;
    // No Amplitude key: everything goes to the first-party event log on this origin.
    expect(main?.key).toBe(eventLogApiKey);
    expect(main?.options).toMatchObject({ serverUrl: 'https://app.example/analytics/2/httpapi', deviceId: '0b6f3c52-6c1e-4c55-9a0e-1b2f3c4d5e6f' });
    expect(main?.tracked.map((e) => (e as { event_type: string }).event_type)).toEqual(['Screen Shown', 'Screen Answered']);
    expect(main?.tracked[0]).toMatchObject({ event_properties: { screen_id: 'welcome' }, time: 1_700_000_001_000, insert_id: 'id-1' });
    expect(storage.items.size).toBe(0);
  });

  it('with an Amplitude key sends there and mirrors the critical events to the event log', async () => {
    const { analytics, instances } = setup({ VITE_AMPLITUDE_KEY_DEVELOPMENT: 'dev-key' });
    await analytics.start();
    analytics.track('Screen Shown', { screen_id: 'email' }, { critical: true });
    analytics.track('[Astrelle] Other', { screen_id: 'email' });
    const [main, mirror] = instances;
    expect(main?.key).toBe('dev-key');
    expect(main?.options).not.toHaveProperty('serverUrl');
    expect(mirror?.key).toBe(eventLogApiKey);
    expect(mirror?.options).toMatchObject({ serverUrl: 'https://app.example/analytics/2/httpapi', autocapture: false });
    expect(main?.tracked).toHaveLength(2);
    expect(mirror?.tracked.map((e) => (e as { event_type: string }).event_type)).toEqual(['Screen Shown']);
  });

  it('sends what is queued by beacon when the page goes away before the SDK loaded, and flushes by beacon after', async () => {
    const { analytics, beacons } = setup({ VITE_AMPLITUDE_KEY_DEVELOPMENT: 'dev-key' });
    analytics.setDeviceId('0b6f3c52-6c1e-4c55-9a0e-1b2f3c4d5e6f');
    analytics.track('Screen Shown', { screen_id: 'welcome' }, { critical: true });
    analytics.track('Not critical', {});
    analytics.pagehide();
    expect(beacons.map((b) => b.url)).toEqual(['https://api2.amplitude.com/2/httpapi', 'https://app.example/analytics/2/httpapi']);
    expect(beacons[0]?.body).toMatchObject({ api_key: 'dev-key', events: [{ event_type: 'Screen Shown', device_id: '0b6f3c52-6c1e-4c55-9a0e-1b2f3c4d5e6f' }, { event_type: 'Not critical' }] });
    expect(beacons[1]?.body).toMatchObject({ api_key: eventLogApiKey, events: [{ event_type: 'Screen Shown' }] });
    analytics.pagehide();
    expect(beacons).toHaveLength(2);
  });

  it('keeps the queue in storage when the browser refuses a beacon, so the next page sends it', async () => {
    const storage = new MemoryStorage();
    let accepted = false;
    const first = setup({ VITE_AMPLITUDE_KEY_DEVELOPMENT: 'dev-key' }, storage, () => accepted);
    first.analytics.track('Screen Shown', { screen_id: 'welcome' }, { critical: true });
    first.analytics.pagehide();
    expect(first.beacons).toEqual([]);
    // The next page load reads it back and, leaving before its SDK loaded too, sends it once the beacon is taken.
    accepted = true;
    const next = setup({ VITE_AMPLITUDE_KEY_DEVELOPMENT: 'dev-key' }, storage, () => accepted);
    next.analytics.pagehide();
    expect(next.beacons.map((b) => b.body)).toMatchObject([{ events: [{ event_type: 'Screen Shown' }] }, { events: [{ event_type: 'Screen Shown' }] }]);
    const again = setup({ VITE_AMPLITUDE_KEY_DEVELOPMENT: 'dev-key' }, storage);
    again.analytics.pagehide();
    expect(again.beacons).toEqual([]);
  });

  it('sends nothing when opted out, drops the queue, and tells the SDK', async () => {
    const { analytics, instances, storage } = setup();
    analytics.track('Screen Shown', {});
    analytics.setOptOut(true);
    expect(storage.items.size).toBe(0);
    analytics.track('Screen Answered', {});
    await analytics.start();
    expect(instances[0]?.tracked).toEqual([]);
    expect(instances[0]?.calls).toContain('setOptOut true');
  });

  it('holds events in memory while consent is not settled: nothing stored, sent or beaconed; released, they go out in order', async () => {
    const { analytics, instances, storage, beacons } = setup({ VITE_AMPLITUDE_KEY_DEVELOPMENT: 'dev-key' });
    analytics.hold(true);
    analytics.track('Screen Shown', { screen_id: 'welcome' }, { critical: true });
    expect(storage.items.size).toBe(0);
    analytics.pagehide();
    expect(beacons).toEqual([]);
    await analytics.start();
    analytics.track('Screen Answered', { screen_id: 'welcome' });
    expect(instances[0]?.tracked).toEqual([]);
    analytics.hold(false);
    expect(instances[0]?.tracked.map((e) => (e as { event_type: string }).event_type)).toEqual(['Screen Shown', 'Screen Answered']);
    expect(instances[1]?.tracked.map((e) => (e as { event_type: string }).event_type)).toEqual(['Screen Shown']);
  });

  it('released before the SDK loads, the held events go to storage (a reload keeps them); declined, they are dropped', async () => {
    const accepted = setup();
    accepted.analytics.hold(true);
    accepted.analytics.track('Screen Shown', { screen_id: 'welcome' });
    accepted.analytics.hold(false);
    expect(JSON.parse(accepted.storage.items.get('astrelle:analytics-queue') ?? '[]')).toHaveLength(1);

    const declined = setup();
    declined.analytics.hold(true);
    declined.analytics.track('Screen Shown', { screen_id: 'welcome' });
    declined.analytics.setOptOut(true);
    declined.analytics.hold(false);
    await declined.analytics.start();
    declined.analytics.pagehide();
    expect(declined.instances[0]?.tracked).toEqual([]);
    expect(declined.beacons).toEqual([]);
    expect(declined.storage.items.size).toBe(0);
  });

  it('logs the spec\'s message when the SDK cannot be set up, and keeps at most 1000 queued events', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage();
    const analytics = createAnalytics({
      config: readAnalyticsConfig({}, 'x'),
      origin: 'https://app.example',
      storage,
      loadSdk: () => Promise.reject(new Error('blocked')),
      sendBeacon: () => true,
      newId: () => 'id',
      now: () => 0,
    });
    for (let i = 0; i < MAX_QUEUED + 5; i += 1) analytics.track(`e${i}`, {});
    await analytics.start();
    expect(errors.mock.calls).toEqual([['Failed to provide Amplitude initialization']]);
    const stored: unknown[] = JSON.parse(storage.getItem('astrelle:analytics-queue') ?? '[]');
    expect(stored).toHaveLength(MAX_QUEUED);
  });

  it("logs the spec's messages when the SDK refuses the visitor's id or the identify, and goes on tracking", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sdk, instances } = fakeSdk();
    const refusing: AmplitudeModule = {
      createInstance() {
        const client = sdk.createInstance();
        return { ...client, setDeviceId: () => { throw new Error('invalid device id'); } };
      },
      Identify: class {
        set(): unknown {
          throw new Error('invalid user property');
        }
      },
    };
    const analytics = createAnalytics({
      config: readAnalyticsConfig({}, 'x'),
      origin: 'https://app.example',
      storage: new MemoryStorage(),
      loadSdk: async () => refusing,
      sendBeacon: () => true,
      newId: () => 'id',
      now: () => 0,
    });
    await analytics.start();
    analytics.setDeviceId('0b6f3c52-6c1e-4c55-9a0e-1b2f3c4d5e6f');
    analytics.identify({ flow_id: 'astrology' });
    analytics.track('Screen Shown', { screen_id: 'welcome' });
    expect(errors.mock.calls).toEqual([['Failed to set up Amplitude ID'], ['Failed to provide Amplitude identification']]);
    expect(instances[0]?.tracked.map((e) => (e as { event_type: string }).event_type)).toEqual(['Screen Shown']);
  });
});

import type { Types } from '@amplitude/analytics-browser';
import type { AnalyticsConfig } from './analytics-config';

/** Property values Amplitude takes (no null); flow data only, never personal data (the flow checker sees to it). */
export type EventProperties = Record<string, string | number | boolean>;

/** One event as the app records it, before any SDK has loaded. */
export interface QueuedEvent {
  event_type: string;
  event_properties: EventProperties;
  /** Milliseconds since the epoch, when it happened (the SDK keeps it). */
  time: number;
  /** Deduplication id: Amplitude and the event log store an event once, however often it is sent. */
  insert_id: string;
  /** Also mirrored to the first-party event log when an Amplitude key is configured. */
  critical: boolean;
}

/** What the app asks of analytics; safe to call at any time (before the SDK loads, calls are queued). */
export interface Analytics {
  track(eventType: string, properties: EventProperties, options?: { critical?: boolean }): void;
  /** Non-personal user properties (flow, assignments). */
  identify(userProperties: EventProperties): void;
  /** The visitor's id (the usid), once known: Amplitude's device id. */
  setDeviceId(id: string): void;
  /** Consent: opted out sends nothing, and drops what is queued. */
  setOptOut(optOut: boolean): void;
  /**
   * Consent not settled yet (the visitor's region is not known, or the banner waits for an answer): events are held in
   * memory only, nothing is stored or sent, not even by beacon when the page goes away. Released (`false`), what was
   * held is sent (or dropped, if the answer was an opt-out: call `setOptOut(true)` first).
   */
  hold(held: boolean): void;
  /** Loads the SDK now (the app calls it on the first input, or 5 s after load). */
  start(): Promise<void>;
  /** The page is going away (`pagehide`): what the SDK holds leaves by beacon; what it never took, too. */
  pagehide(): void;
  /** Sends what is held now and waits for it (at most `maxWaitMs`): before the app itself leaves (the hosted payment). */
  flush(maxWaitMs: number): Promise<void>;
}

/** The parts of an Amplitude browser client this module uses (`createInstance()` of @amplitude/analytics-browser). */
export interface AmplitudeClient {
  init(apiKey: string, userId?: string, options?: Types.BrowserOptions): { promise: Promise<void> };
  track(event: { event_type: string; event_properties?: EventProperties; time?: number; insert_id?: string }): { promise: Promise<unknown> };
  identify(identify: unknown): { promise: Promise<unknown> };
  setDeviceId(id: string): void;
  setOptOut(optOut: boolean): void;
  setTransport(transport: 'beacon' | 'fetch' | 'xhr'): void;
  flush(): { promise: Promise<void> };
}

export interface AmplitudeModule {
  createInstance(): AmplitudeClient;
  Identify: new () => { set(key: string, value: string | number | boolean): unknown };
}

export interface AnalyticsEnvironment {
  config: AnalyticsConfig;
  /** This page's origin (the event log is on it). */
  origin: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Loads the SDK (a dynamic import, so it stays out of the landing bundle). */
  loadSdk(): Promise<AmplitudeModule>;
  /** navigator.sendBeacon, for what is queued when the page goes away before the SDK loaded. */
  sendBeacon(url: string, body: string): boolean;
  newId(): string;
  now(): number;
  /** Runs a task once the next frame is painted (src/app/browser-port.ts); absent: at once. */
  afterPaint?: (task: () => void) => void;
}

/** The api key the event log's rows carry for the app's own events (any non-empty key is accepted there). */
export const eventLogApiKey = 'astrelle-event-log';
/** Stored unsent events are capped at 1000. */
export const MAX_QUEUED = 1000;
const queueKey = 'astrelle:analytics-queue';

const amplitudeEndpoints = {
  US: { standard: 'https://api2.amplitude.com/2/httpapi', batch: 'https://api2.amplitude.com/batch' },
  EU: { standard: 'https://api.eu.amplitude.com/2/httpapi', batch: 'https://api.eu.amplitude.com/batch' },
} as const;

/** Amplitude's ingestion URL for the configuration (what the SDK itself would use). */
export function amplitudeUrl(config: AnalyticsConfig): string {
  if (config.amplitudeServerUrl) return config.amplitudeServerUrl;
  return amplitudeEndpoints[config.amplitudeServerZone][config.amplitudeUseBatch ? 'batch' : 'standard'];
}

/**
 * The Amplitude SDK's options: flush every 10 s, 12 attempts, batches of 200, 30-minute sessions, a
 * 365-day SameSite=Lax identity cookie, default tracking of page views, sessions, file downloads, form interactions
 * and attribution only, Amplitude's own remote config and diagnostics off, no IP address sent.
 */
export function amplitudeOptions(config: AnalyticsConfig, serverUrl: string, deviceId: string | null, autocapture: boolean): Types.BrowserOptions {
  return {
    flushIntervalMillis: 10_000,
    flushMaxRetries: 12,
    flushQueueSize: 200,
    sessionTimeout: 30 * 60 * 1000,
    cookieOptions: { expiration: 365, sameSite: 'Lax' },
    autocapture: autocapture
      ? {
          pageViews: true,
          sessions: true,
          fileDownloads: true,
          formInteractions: true,
          attribution: true,
          elementInteractions: false,
          frustrationInteractions: false,
          networkTracking: false,
          webVitals: false,
          performanceTracking: false,
          pageUrlEnrichment: false,
        }
      : false,
    fetchRemoteConfig: false,
    remoteConfig: { fetchRemoteConfig: false },
    enableDiagnostics: false,
    serverZone: config.amplitudeServerZone,
    useBatch: config.amplitudeUseBatch,
    ...(serverUrl ? { serverUrl } : {}),
    ...(deviceId ? { deviceId } : {}),
    trackingOptions: { ipAddress: false },
  };
}

/** The HTTP V2 body for queued events, sent by beacon when the page goes away before the SDK loaded. */
function uploadBody(apiKey: string, deviceId: string | null, events: QueuedEvent[]): string {
  return JSON.stringify({
    api_key: apiKey,
    events: events.map(({ critical: _critical, ...event }) => ({ ...event, device_id: deviceId ?? undefined, platform: 'Web' })),
  });
}

/**
 * Analytics through the Amplitude browser SDK, loaded on demand. With an Amplitude key the events go to Amplitude
 * and the critical ones (screen shown, answered, checkout started, payment result) are mirrored to the reference
 * server's event log on this origin, so the owner's own numbers survive ad blockers; with none, everything goes to
 * the event log. Before the SDK has loaded, events wait in a queue kept in storage (a reload loses none); if the
 * page goes away first, they are sent by beacon.
 */
export function createAnalytics(env: AnalyticsEnvironment): Analytics {
  const { config } = env;
  const logUrl = new URL(config.eventLogUrl, env.origin).toString();
  const hasKey = config.amplitudeKey !== '';
  let deviceId: string | null = null;
  let optOut = false;
  let held = false;
  let userProperties: EventProperties = {};
  let clients: { main: AmplitudeClient; mirror: AmplitudeClient | null } | null = null;
  let starting: Promise<void> | null = null;
  let sdk: AmplitudeModule | null = null;

  const readQueue = (): QueuedEvent[] => {
    try {
      const parsed: unknown = JSON.parse(env.storage?.getItem(queueKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isQueuedEvent) : [];
    } catch {
      return [];
    }
  };
  const writeQueue = (events: QueuedEvent[]) => {
    try {
      if (events.length === 0) env.storage?.removeItem(queueKey);
      else env.storage?.setItem(queueKey, JSON.stringify(events.slice(-MAX_QUEUED)));
    } catch {
      // Without storage the queue lives in memory only.
    }
  };
  let queue: QueuedEvent[] = readQueue();
  // Work that waits for the next paint, run by that paint or by whatever must not leave it behind (a flush before the
  // hosted payment page, the page going away).
  let waitingTasks: Array<() => void> = [];
  const drain = () => {
    const tasks = waitingTasks;
    waitingTasks = [];
    for (const task of tasks) task();
  };
  const later = (task: () => void) => {
    if (!env.afterPaint) return task();
    waitingTasks.push(task);
    if (waitingTasks.length === 1) env.afterPaint(drain);
  };
  let writeWaiting = false;

  const send = (event: QueuedEvent) => {
    if (!clients) return;
    const { critical, ...body } = event;
    void clients.main.track(body).promise;
    if (critical && clients.mirror) void clients.mirror.track(body).promise;
  };

  const sendIdentify = () => {
    if (!clients || !sdk || Object.keys(userProperties).length === 0) return;
    try {
      const identify = new sdk.Identify();
      for (const [key, value] of Object.entries(userProperties)) identify.set(key, value);
      void clients.main.identify(identify).promise;
    } catch {
      console.error('Failed to provide Amplitude identification');
    }
  };

  const start = () => {
    starting ??= (async () => {
      try {
        sdk = await env.loadSdk();
        const main = sdk.createInstance();
        const mainKey = hasKey ? config.amplitudeKey : eventLogApiKey;
        const mainUrl = hasKey ? config.amplitudeServerUrl : logUrl;
        await main.init(mainKey, undefined, amplitudeOptions(config, mainUrl, deviceId, true)).promise;
        let mirror: AmplitudeClient | null = null;
        if (hasKey) {
          mirror = sdk.createInstance();
          await mirror.init(eventLogApiKey, undefined, amplitudeOptions(config, logUrl, deviceId, false)).promise;
        }
        main.setOptOut(optOut);
        mirror?.setOptOut(optOut);
        clients = { main, mirror };
      } catch {
        console.error('Failed to provide Amplitude initialization');
        return;
      }
      release();
      sendIdentify();
    })();
    return starting;
  };

  // What waited for the SDK (or for consent) goes out once both are there.
  const release = () => {
    if (!clients || held) return;
    const pending = queue;
    queue = [];
    writeQueue([]);
    if (!optOut) for (const event of pending) send(event);
  };

  return {
    track(eventType, properties, options = {}) {
      if (optOut) return;
      // Stamped now; handed on once the next screen is painted (the SDK's processing and storage writes are not the
      // tap's work), at once if the page goes away first.
      const event: QueuedEvent = { event_type: eventType, event_properties: properties, time: env.now(), insert_id: env.newId(), critical: options.critical ?? false };
      if (clients && !held) {
        later(() => {
          if (!optOut) send(event);
        });
        return;
      }
      queue = [...queue, event].slice(-MAX_QUEUED);
      if (held || writeWaiting) return;
      writeWaiting = true;
      later(() => {
        writeWaiting = false;
        // Held meanwhile (consent unsettled again): kept in memory only; sent or released: nothing left to store.
        if (!held && !clients) writeQueue(queue);
      });
    },
    identify(properties) {
      userProperties = { ...userProperties, ...properties };
      sendIdentify();
    },
    setDeviceId(id) {
      if (deviceId === id) return;
      deviceId = id;
      if (!clients) return;
      try {
        clients.main.setDeviceId(id);
        clients.mirror?.setDeviceId(id);
      } catch {
        console.error('Failed to set up Amplitude ID');
      }
    },
    setOptOut(value) {
      optOut = value;
      if (value) {
        queue = [];
        writeQueue([]);
      }
      clients?.main.setOptOut(value);
      clients?.mirror?.setOptOut(value);
    },
    hold(value) {
      if (held === value) return;
      held = value;
      if (held) return;
      if (clients) release();
      else writeQueue(queue);
    },
    start,
    async flush(maxWaitMs) {
      drain();
      // Before the SDK has loaded, the queue is in storage: the next page sends it.
      const sending = clients ? Promise.all([clients.main.flush().promise, clients.mirror?.flush().promise]).then(() => undefined) : Promise.resolve();
      await Promise.race([sending, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
    },
    pagehide() {
      drain();
      if (held) return;
      if (clients) {
        for (const client of [clients.main, clients.mirror]) {
          if (!client) continue;
          client.setTransport('beacon');
          void client.flush().promise;
        }
        return;
      }
      if (queue.length === 0 || optOut) return;
      const toAmplitude = !hasKey || env.sendBeacon(amplitudeUrl(config), uploadBody(config.amplitudeKey, deviceId, queue));
      const forLog = hasKey ? queue.filter((e) => e.critical) : queue;
      const toLog = forLog.length === 0 || env.sendBeacon(logUrl, uploadBody(eventLogApiKey, deviceId, forLog));
      // A beacon the browser refused (over its size quota, or beacons blocked) sent nothing: the queue stays in
      // storage for the next page. Sending it again is harmless: Amplitude and the event log keep an insert_id once.
      if (!toAmplitude || !toLog) return;
      queue = [];
      writeQueue([]);
    },
  };
}

const isPropertyValue = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A queued event read back from storage (anything else there is dropped). */
function isQueuedEvent(value: unknown): value is QueuedEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    'event_type' in value &&
    typeof value.event_type === 'string' &&
    'event_properties' in value &&
    typeof value.event_properties === 'object' &&
    value.event_properties !== null &&
    Object.values(value.event_properties).every(isPropertyValue) &&
    'time' in value &&
    typeof value.time === 'number' &&
    'insert_id' in value &&
    typeof value.insert_id === 'string' &&
    'critical' in value &&
    typeof value.critical === 'boolean'
  );
}

import { config } from '../services/config';
import { readPageFlow } from './read-page-flow';
import { createAnalytics } from '../services/analytics/analytics';
import { readAnalyticsConfig } from '../services/analytics/analytics-config';
import { loadAmplitudeSdk } from '../services/analytics/amplitude-sdk';
import { windowBrowser } from './browser-port';
import { composeAppInTasks } from './compose-app';
import type { RemoteFlagsSource } from './follow-flags';
import { createRemoteConfig } from '../services/remote-config/remote-config';
import { loadFirebaseSdk } from '../services/remote-config/firebase-sdk';
import { exposeDebugValues } from './debug-values';
import { loadServedFlow } from './load-flow';
import { startOnFirstInputOrIdle } from './analytics/start-gate';
import { consentStore, type ConsentState } from './shell/consent';
import { queuedAdEvents } from './analytics/ad-events';
import { rememberAdClick } from '../services/meta-click-cookies';
import { nextTask, whenIdle } from '../ui/when-idle';


/**
 * The app in this browser: the flow version the server served this page (its JSON at `flowUrl`, whose fetch
 * `flowResponse` has started), the build's configuration, the window. main.tsx calls it once.
 */
export async function composeBrowserApp(flowUrl: string | null, flowResponse: Promise<Response> | null) {
  const flow = await loadServedFlow(flowUrl, flowResponse);
  // Each part below in a task of its own: the flow's JSON parsed, the services set up, the app composed (the flow
  // compiled into its machine, the session started). All at once, they were one task of 70-130 ms at 4x CPU, which
  // a tap coming meanwhile would have waited for.
  await nextTask();
  const browser = windowBrowser();
  const analyticsConfig = readAnalyticsConfig(import.meta.env, window.location.host);
  const analytics = createAnalytics({
    config: analyticsConfig,
    origin: browser.origin,
    storage: browser.localStorage,
    loadSdk: loadAmplitudeSdk,
    sendBeacon: (url, body) => navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' })),
    newId: browser.newId,
    now: Date.now,
    ...(browser.afterPaint ? { afterPaint: browser.afterPaint } : {}),
  });
  // Consent first: a visitor who said no sends nothing, and a change in the menu takes effect at once.
  // Until consent is settled (default `denied`: the region is not known yet, or the banner waits), events are held in
  // memory, neither stored nor sent; once it is, they go out or are dropped with the answer.
  const consent = consentStore();
  const applyAnalyticsConsent = (state: ConsentState) => {
    if (!state.settled) {
      analytics.hold(true);
      analytics.setOptOut(false);
      return;
    }
    analytics.setOptOut(!state.consent.analytics);
    analytics.hold(false);
  };
  applyAnalyticsConsent(consent.get());
  consent.subscribe(applyAnalyticsConsent);
  // Remote Config for the A/B flags: no Firebase code at all without its configuration; nothing asked without consent.
  const remote = analyticsConfig.firebase ? createRemoteConfig(analyticsConfig.firebase, loadFirebaseSdk) : null;
  const listeners: Array<(entries: Record<string, string>) => void> = [];
  let requested = false;
  const remoteFlags: RemoteFlagsSource | null = remote && {
    request: () => {
      if (requested) return;
      requested = true;
      const answer = (entries: Record<string, string>) => listeners.forEach((listener) => listener(entries));
      // Asked only once consent is settled (a screen that reads a flag waits at most 3 s, then takes the default).
      const ask = (state: ConsentState) => {
        if (state.consent.remoteConfig) void remote.fetch().then(answer);
        else answer({});
      };
      if (consent.get().settled) {
        ask(consent.get());
        return;
      }
      const unsubscribe = consent.subscribe((state) => {
        if (!state.settled) return;
        unsubscribe();
        ask(state);
      });
    },
    subscribe: (listener) => void listeners.push(listener),
  };
  // The ad pixel: its events wait for it; it loads only with an id and advertising consent. Without it, a click id
  // from an ad still becomes Meta's first-party cookies (with consent), so the subscription user carries them.
  const ads = config.metaPixelId ? queuedAdEvents() : null;
  const followAdvertising = async ({ settled, consent: { advertising } }: ConsentState) => {
    // Not settled yet: the pixel's events wait in memory for the answer.
    if (ads && !settled) return;
    if (!ads || !advertising) {
      ads?.clear();
      if (ads) (await import('../services/meta-pixel')).setPixelConsent(false);
      return;
    }
    const pixel = await import('../services/meta-pixel');
    pixel.applyAdvertisingConsent(config.metaPixelId, true);
    ads.attach({
      pageView: pixel.trackPageView,
      lead: (eventId) => pixel.trackLead(eventId),
      viewContent: (params) => pixel.trackViewContent({ ...params, content_type: 'product' }),
      initiateCheckout: (params, eventId) => pixel.trackInitiateCheckout(params, eventId),
    });
  };
  if (!config.metaPixelId) {
    // The click time is the arrival; the URL may have moved on by the time a pending consent settles.
    const arrival = { search: window.location.search, hostname: window.location.hostname, protocol: window.location.protocol };
    const arrivedAt = Date.now();
    const remember = (state: ConsentState) => {
      if (state.settled && state.consent.advertising) rememberAdClick(arrival, document, arrivedAt);
    };
    if (consent.get().settled) remember(consent.get());
    else {
      const unsubscribe = consent.subscribe((state) => {
        if (!state.settled) return;
        unsubscribe();
        remember(state);
      });
    }
  }
  // The SDKs load on the first input, or 5 s after load: first paint and the first answer never wait for them.
  let opened = false;
  // And then when the main thread is idle (within a second): the SDKs' download and start-up are not the first tap's
  // work, nor the second's.
  startOnFirstInputOrIdle(() =>
    whenIdle(() => {
      opened = true;
      if (consent.get().consent.analytics) void analytics.start();
      remoteFlags?.request();
      void followAdvertising(consent.get());
    }),
  );
  consent.subscribe((state) => {
    if (!opened) return;
    if (state.consent.analytics) void analytics.start();
    void followAdvertising(state);
  });
  window.addEventListener('pagehide', () => analytics.pagehide());
  await nextTask();
  const root = await composeAppInTasks({ flow, flowFile: flowUrl ?? 'the page', config, browser, analytics, remoteFlags, ads, experiment: readPageFlow()?.experiment ?? null }, nextTask);
  exposeDebugValues(root, remote);
  // The visitor's country (from the IP lookup) decides whether consent must be asked first, where the build says so.
  // A page that loads no session (a payment return) keeps the region an earlier page found; with none known, a lookup
  // that found nothing and a session that could not be loaded count as opt-in, to be safe.
  root.session.subscribe((snapshot) => {
    if (!snapshot.matches('ready')) return;
    const session = snapshot.context.session;
    if (session) consent.setCountry(session.record.ipInfo?.country ?? null);
    else if (consent.get().region === 'pending') consent.setCountry(null);
  });
  return root;
}

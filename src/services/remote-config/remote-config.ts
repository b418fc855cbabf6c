import type { FirebaseApp, FirebaseOptions } from 'firebase/app';
import type { RemoteConfig as FirebaseRemoteConfig } from 'firebase/remote-config';

/** Remote Config's fetch status, as the SDK names it: exposed for debugging. */
export type FetchStatus = 'no-fetch-yet' | 'success' | 'throttle' | 'failure';

/** The parts of Firebase this module uses (the modular `firebase/app` and `firebase/remote-config`; types only here). */
export interface FirebaseSdk {
  initializeApp(options: FirebaseOptions): FirebaseApp;
  isSupported(): Promise<boolean>;
  getRemoteConfig(app: FirebaseApp): FirebaseRemoteConfig;
  fetchAndActivate(remoteConfig: FirebaseRemoteConfig): Promise<boolean>;
  /** Every parameter's value as a string (Remote Config sends strings), with where it came from. */
  entries(remoteConfig: FirebaseRemoteConfig): Record<string, { value: string; source: 'static' | 'default' | 'remote' }>;
}

export interface RemoteConfig {
  /** Fetches once per page load (later calls share it): the remote parameters by name, {} when there are none or it failed. */
  fetch(): Promise<Record<string, string>>;
  /** What the fetch brought, once it has ended ({} before). */
  entries(): Record<string, string>;
  status(): FetchStatus;
}

/** Fetch timeout 60 s; the app's minimum fetch interval is 1 h (the library's default is 12 h). */
export const FETCH_TIMEOUT_MS = 60_000;
export const MINIMUM_FETCH_INTERVAL_MS = 3_600_000;
export const remoteConfigFailure = 'Failed to fetch Firebase remote config';

/**
 * Firebase Remote Config for A/B flags. Without a Firebase configuration no Firebase code loads at all and the
 * flow's defaults stand. Any failure (HTTP 500, timeout, offline, IndexedDB unavailable, private mode) is logged
 * once per page load with the spec's message, and the defaults stand.
 */
export function createRemoteConfig(settings: { apiKey: string; projectId: string; appId: string } | null, loadSdk: () => Promise<FirebaseSdk>): RemoteConfig {
  let status: FetchStatus = 'no-fetch-yet';
  let fetched: Promise<Record<string, string>> | null = null;
  let received: Record<string, string> = {};
  const fetch = async (): Promise<Record<string, string>> => {
    if (!settings) return {};
    try {
      const sdk = await loadSdk();
      if (!(await sdk.isSupported())) throw new Error('Remote Config is not supported in this browser (IndexedDB unavailable)');
      const rc = sdk.getRemoteConfig(sdk.initializeApp(settings));
      rc.settings.fetchTimeoutMillis = FETCH_TIMEOUT_MS;
      rc.settings.minimumFetchIntervalMillis = MINIMUM_FETCH_INTERVAL_MS;
      try {
        await sdk.fetchAndActivate(rc);
      } finally {
        status = rc.lastFetchStatus;
      }
      // Only what Remote Config itself sent overrides a flow default.
      return Object.fromEntries(
        Object.entries(sdk.entries(rc))
          .filter(([, entry]) => entry.source === 'remote')
          .map(([name, entry]) => [name, entry.value]),
      );
    } catch {
      if (status === 'no-fetch-yet') status = 'failure';
      console.error(remoteConfigFailure);
      return {};
    }
  };
  return {
    fetch: () =>
      (fetched ??= fetch().then((entries) => {
        received = entries;
        return entries;
      })),
    entries: () => received,
    status: () => status,
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FirebaseApp } from 'firebase/app';
import type { RemoteConfig as FirebaseRemoteConfig } from 'firebase/remote-config';
import { createRemoteConfig, FETCH_TIMEOUT_MS, MINIMUM_FETCH_INTERVAL_MS, type FetchStatus, type FirebaseSdk } from './remote-config';

afterEach(() => vi.restoreAllMocks());

const settings = { apiKey: 'k', projectId: 'p', appId: 'a' };

/** Firebase at its module boundary: what it is asked and what it answers (its network is the Playwright tests'). */
function fakeFirebase(outcome: { supported?: boolean; fail?: FetchStatus; code?: string; entries?: Record<string, { value: string; source: 'static' | 'default' | 'remote' }> }) {
  const rc = { settings: { fetchTimeoutMillis: 0, minimumFetchIntervalMillis: 0 }, lastFetchStatus: 'no-fetch-yet' as FetchStatus };
  const calls: string[] = [];
  const sdk: FirebaseSdk = {
    initializeApp: (options) => (calls.push(`initializeApp ${JSON.stringify(options)}`), {} as FirebaseApp),
    isSupported: async () => outcome.supported ?? true,
    getRemoteConfig: () => rc as unknown as FirebaseRemoteConfig,
    fetchAndActivate: async () => {
      calls.push('fetchAndActivate');
      rc.lastFetchStatus = outcome.fail ?? 'success';
      if (outcome.fail) throw new Error(`remoteconfig/${outcome.code ?? outcome.fail}`);
      return true;
    },
    entries: () => outcome.entries ?? {},
  };
  return { sdk, rc, calls };
}

describe('remote config', () => {
  it('loads nothing without a Firebase configuration', async () => {
    const load = vi.fn();
    const remote = createRemoteConfig(null, load);
    expect(await remote.fetch()).toEqual({});
    expect(load).not.toHaveBeenCalled();
    expect(remote.status()).toBe('no-fetch-yet');
  });

  it('fetches once per page load with the spec\'s timeout and interval, and returns only the remote values', async () => {
    const { sdk, rc, calls } = fakeFirebase({ entries: { priceSet: { value: 'trial_price_test', source: 'remote' }, other: { value: 'x', source: 'default' } } });
    const remote = createRemoteConfig(settings, async () => sdk);
    const [a, b] = await Promise.all([remote.fetch(), remote.fetch()]);
    expect(a).toEqual({ priceSet: 'trial_price_test' });
    expect(b).toBe(a);
    expect(calls).toEqual([`initializeApp ${JSON.stringify(settings)}`, 'fetchAndActivate']);
    expect(rc.settings).toEqual({ fetchTimeoutMillis: FETCH_TIMEOUT_MS, minimumFetchIntervalMillis: MINIMUM_FETCH_INTERVAL_MS });
    expect(remote.status()).toBe('success');
  });

  it('logs the spec\'s message once and keeps the defaults on a throttle, a failure, a fetch timeout, offline, no IndexedDB or a blocked SDK', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cases: Array<[() => Promise<FirebaseSdk>, FetchStatus]> = [
      [async () => fakeFirebase({ fail: 'throttle' }).sdk, 'throttle'],
      [async () => fakeFirebase({ fail: 'failure' }).sdk, 'failure'],
      // The SDK's own error codes: no answer within the 60 s fetch timeout, offline, and throttled.
      [async () => fakeFirebase({ fail: 'failure', code: 'fetch-timeout' }).sdk, 'failure'],
      [async () => fakeFirebase({ fail: 'failure', code: 'app-offline' }).sdk, 'failure'],
      [async () => fakeFirebase({ fail: 'throttle', code: 'fetch-throttle' }).sdk, 'throttle'],
      [async () => fakeFirebase({ supported: false }).sdk, 'failure'],
      [() => Promise.reject(new Error('chunk blocked')), 'failure'],
    ];
    for (const [load, status] of cases) {
      errors.mockClear();
      const remote = createRemoteConfig(settings, load);
      expect(await remote.fetch()).toEqual({});
      await remote.fetch();
      expect(remote.status()).toBe(status);
      expect(errors.mock.calls).toEqual([['Failed to fetch Firebase remote config']]);
    }
  });
});

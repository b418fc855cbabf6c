import { describe, expect, it } from 'vitest';
import type { KeptEvent } from './declared-only';
import { addressKey } from '../client-address';
import { UploadQuotas, type UploadQuotaSettings } from './upload-quotas';
import type { LoggedEvent } from './upload-validation';

// The quotas' arithmetic with a clock of the test's own: windows of 10 s for the rate, UTC days, per device (the user
// without one) and per address. Over HTTP, with Amplitude's answers, in server/analytics-defences.contract.test.ts.

const settings: UploadQuotaSettings = { devicePerSecond: 2, devicePerDay: 50, addressPerSecond: 10, addressPerDay: 200, addressBytesPerMinute: 1000, addressStoredBytesPerDay: 20_000 };
const ADDRESS = '198.51.100.7';
// 2026-11-28T10:00:00.000Z: the start of a 10-second window.
const START = Date.UTC(2026, 10, 28, 10, 0, 0);

function events(count: number, ids: { device?: string; user?: string }, first = 0): KeptEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    index: first + i,
    event: loggedEvent(ids),
  }));
}

function loggedEvent(ids: { device?: string; user?: string }): LoggedEvent {
  const none = { time: null, sessionId: null, insertId: null, platform: null, osName: null, osVersion: null, appVersion: null, language: null, library: null };
  return { eventType: 'Screen Shown', deviceId: ids.device ?? null, userId: ids.user ?? null, ...none, eventProperties: {}, userProperties: {} };
}

/** Every event stores 100 bytes here. */
const bytesEach = () => 100;

function quotasAt(time: { now: number }) {
  return new UploadQuotas(settings, () => time.now);
}

describe('UploadQuotas', () => {
  it('lets a device send its rate for ten seconds at once, and throttles the rest until the next window', () => {
    const time = { now: START + 3000 };
    const quotas = quotasAt(time);
    const first = quotas.admit(ADDRESS, events(25, { device: 'device-aaaaa' }), bytesEach);
    expect(first.admitted.map((e) => e.index)).toEqual([...Array(20).keys()]);
    expect(first.throttledEvents).toEqual([20, 21, 22, 23, 24]);
    expect(first.throttledDevices).toEqual(new Map([['device-aaaaa', 20]]));
    // The window ends at START + 10 s: 7 s to wait.
    expect(first.retryAfterSeconds).toBe(7);
    // Another device is counted apart.
    expect(quotas.admit(ADDRESS, events(3, { device: 'device-bbbbb' }), bytesEach).throttledEvents).toEqual([]);
    time.now = START + 10_000;
    expect(quotas.admit(ADDRESS, events(5, { device: 'device-aaaaa' }), bytesEach).admitted).toHaveLength(5);
  });

  it('refuses a device over its day until 00:00 UTC, naming it with its count as exceeded_daily_quota_devices', () => {
    const time = { now: START };
    const quotas = quotasAt(time);
    for (let i = 0; i < 2; i++) {
      expect(quotas.admit(ADDRESS, events(20, { device: 'device-aaaaa' }), bytesEach).admitted).toHaveLength(20);
      time.now += 10_000;
    }
    const third = quotas.admit(ADDRESS, events(20, { device: 'device-aaaaa' }), bytesEach);
    expect(third.admitted).toHaveLength(10);
    expect(third.exceededDailyQuotaDevices).toEqual(new Map([['device-aaaaa', 50]]));
    expect(third.throttledEvents).toEqual([]);
    // Until midnight: 13:59:40 from 10:00:20.
    expect(third.retryAfterSeconds).toBe(14 * 3600 - 20);
    time.now = Date.UTC(2026, 10, 29, 0, 0, 1);
    expect(quotas.admit(ADDRESS, events(20, { device: 'device-aaaaa' }), bytesEach).admitted).toHaveLength(20);
  });

  it('counts an event without a device id by its user, named in the _users fields', () => {
    const quotas = quotasAt({ now: START });
    const answer = quotas.admit(ADDRESS, events(21, { user: 'user-12345' }), bytesEach);
    expect(answer.admitted).toHaveLength(20);
    expect(answer.throttledUsers).toEqual(new Map([['user-12345', 20]]));
    expect(answer.throttledDevices.size).toBe(0);
  });

  it('holds an address to its own quotas however many devices it makes up', () => {
    const time = { now: START };
    const quotas = quotasAt(time);
    const madeUp = Array.from({ length: 150 }, (_, i) => events(1, { device: `device-${i}` }, i)[0]!);
    const answer = quotas.admit(ADDRESS, madeUp, bytesEach);
    // 10 a second over 10 s for the address, although each device sent only one.
    expect(answer.admitted).toHaveLength(100);
    expect(answer.throttledEvents).toHaveLength(50);
    // Another address is counted apart.
    expect(quotas.admit('203.0.113.9', madeUp.slice(0, 5), bytesEach).admitted).toHaveLength(5);
    time.now += 10_000;
    expect(quotas.admit(ADDRESS, madeUp.slice(0, 100), bytesEach).admitted).toHaveLength(100);
    time.now += 10_000;
    const overDay = quotas.admit(ADDRESS, madeUp.slice(0, 20), bytesEach);
    expect(overDay.admitted).toHaveLength(0);
    expect(overDay.exceededDailyQuotaDevices.size).toBe(20);
  });

  it('holds an address to the bytes it stores a day, and counts no device of an address already over', () => {
    const time = { now: START };
    const quotas = quotasAt(time);
    // 20,000 bytes a day: 200 events of 100 bytes, or 20 of 1,000.
    const large = () => 1000;
    expect(quotas.admit(ADDRESS, events(10, { device: 'device-aaaaa' }), large).admitted).toHaveLength(10);
    time.now += 10_000;
    const answer = quotas.admit(ADDRESS, events(15, { device: 'device-bbbbb' }), large);
    expect(answer.admitted).toHaveLength(10);
    // Refused for the address's day: device-bbbbb is named with its own count, 10.
    expect(answer.exceededDailyQuotaDevices).toEqual(new Map([['device-bbbbb', 10]]));
    const madeUp = quotas.admit(ADDRESS, events(1, { device: 'device-never-counted' }), large);
    expect(madeUp.exceededDailyQuotaDevices).toEqual(new Map([['device-never-counted', 0]]));
    expect(quotas.admit('203.0.113.9', events(1, { device: 'device-never-counted' }), large).admitted).toHaveLength(1);
  });

  it('names a device "__proto__" like any other', () => {
    const quotas = quotasAt({ now: START });
    const answer = quotas.admit(ADDRESS, events(21, { device: '__proto__' }), bytesEach);
    expect(answer.throttledDevices.get('__proto__')).toBe(20);
  });
});

describe('UploadQuotas.admitBytes', () => {
  it('lets an address send its bytes a minute and refuses the next body until the minute ends', () => {
    const time = { now: START + 15_000 };
    const quotas = quotasAt(time);
    expect(quotas.admitBytes(ADDRESS, 600)).toEqual({ ok: true });
    expect(quotas.admitBytes(ADDRESS, 400)).toEqual({ ok: true });
    expect(quotas.admitBytes(ADDRESS, 1)).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect(quotas.admitBytes('203.0.113.9', 1000)).toEqual({ ok: true });
    time.now = START + 60_000;
    // A body larger than the whole budget is never taken.
    expect(quotas.admitBytes(ADDRESS, 1001)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(quotas.admitBytes(ADDRESS, 1000)).toEqual({ ok: true });

  });
});

describe('addressKey', () => {
  it('counts an IPv4 address as itself, written plain or IPv4-mapped', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts IPv6 addresses by their /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});

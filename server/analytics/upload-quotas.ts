import { LRUCache } from 'lru-cache';
import { addressKey } from '../client-address';
import type { KeptEvent } from './declared-only';

/**
 * Events the event log takes, per device (or user, for an event without a device id) and per client address: a rate
 * (events per second, counted over windows of QUOTA_WINDOW_SECONDS, so a client may send ten seconds' worth at once as
 * the SDK's flush every 10 s does) and a day (UTC). Over them, events are refused as Amplitude's ingestion refuses
 * them: 429 with `throttled_events` (try again later) or `exceeded_daily_quota_devices` / `_users` (dropped).
 */
export interface UploadQuotaSettings {
  devicePerSecond: number;
  devicePerDay: number;
  addressPerSecond: number;
  addressPerDay: number;
  /**
   * Bytes of upload bodies per client address a minute, counted from Content-Length before a body is read: parsing is
   * the one cost every upload has, whatever it holds.
   */
  addressBytesPerMinute: number;
  /** Bytes of events stored per client address a UTC day (as the daily ceiling counts them): one address's share. */
  addressStoredBytesPerDay: number;
}

/**
 * A whole walk through the funnel sends fewer than 100 events, at most a few dozen in one upload: a visitor never meets
 * these. One address may hold many visitors (an office, a carrier's NAT; the test suite's browsers all call from
 * 127.0.0.1), hence its wider quotas.
 */
export const DEFAULT_UPLOAD_QUOTAS: UploadQuotaSettings = {
  devicePerSecond: 30,
  devicePerDay: 2000,
  addressPerSecond: 300,
  addressPerDay: 100_000,
  // A walk uploads some 50 KB in all (the SDK's bodies are 200 KB at the most): eighty walks a minute from one
  // address. Parsing 4 MB takes this server some 40 ms a minute.
  addressBytesPerMinute: 4 * 1024 * 1024,
  // A walk stores some 40 KB: four hundred walks a day from one address, a sixteenth of the default daily ceiling, so
  // that one address alone cannot fill the day for everyone.
  addressStoredBytesPerDay: 16 * 1024 * 1024,
};

export const QUOTA_WINDOW_SECONDS = 10;
const WINDOW_MS = QUOTA_WINDOW_SECONDS * 1000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// Counters kept: the least recently seen are forgotten first (their count starts again), so made-up ids cannot grow
// memory without bound (an id has 128 characters at most). The address quota still holds whoever makes them up.
const MAX_DEVICES = 100_000;
const MAX_ADDRESSES = 20_000;

interface Counter {
  window: number;
  inWindow: number;
  day: number;
  inDay: number;
  /** Addresses only: the bytes of the events taken today. */
  bytesToday: number;
}

/** What the quotas let through of an upload, and Amplitude's 429 fields for the rest (id → its count). */
export interface Admission {
  admitted: KeptEvent[];
  /** Indexes of events refused for the rate: the client may send them again later. */
  throttledEvents: number[];
  throttledDevices: Map<string, number>;
  throttledUsers: Map<string, number>;
  /** Devices and users over their day (or whose address is): their events are refused until 00:00 UTC. */
  exceededDailyQuotaDevices: Map<string, number>;
  exceededDailyQuotaUsers: Map<string, number>;
  /** Seconds until the earliest refusal ends (0 when nothing was refused). */
  retryAfterSeconds: number;
}

/** Every event let through, nothing refused. */
export function admitAll(admitted: KeptEvent[]): Admission {
  return { admitted, throttledEvents: [], throttledDevices: new Map(), throttledUsers: new Map(), exceededDailyQuotaDevices: new Map(), exceededDailyQuotaUsers: new Map(), retryAfterSeconds: 0 };
}

/**
 * The quotas' counters, in this process's memory: with several server processes, each counts its own share (as the
 * request rate limits do).
 */
export class UploadQuotas {
  readonly #settings: UploadQuotaSettings;
  readonly #now: () => number;
  readonly #ids = new LRUCache<string, Counter>({ max: MAX_DEVICES });
  readonly #addresses = new LRUCache<string, Counter>({ max: MAX_ADDRESSES });
  readonly #addressBytes = new LRUCache<string, { minute: number; bytes: number }>({ max: MAX_ADDRESSES });

  constructor(settings: UploadQuotaSettings, now: () => number = Date.now) {
    this.#settings = settings;
    this.#now = now;
  }

  /**
   * Whether an address may send a body of `bytes` now, counting it if so; when not, the seconds until its minute ends
   * (a body larger than the whole budget is never taken).
   */
  admitBytes(clientAddress: string, bytes: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.#now();
    const minute = Math.floor(now / MINUTE_MS);
    const key = addressKey(clientAddress);
    const used = this.#addressBytes.get(key);
    const counter = used && used.minute === minute ? used : { minute, bytes: 0 };
    if (counter.bytes + bytes > this.#settings.addressBytesPerMinute) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000)) };
    }
    counter.bytes += bytes;
    this.#addressBytes.set(key, counter);
    return { ok: true };
  }

  /**
   * The events the quotas let through, counting them (an event refused is not counted); `storedBytes` is what an event
   * would take in the log. The address is asked first: an address over its quota makes no device counters.
   */
  admit(clientAddress: string, events: readonly KeptEvent[], storedBytes: (kept: KeptEvent) => number): Admission {
    const now = this.#now();
    const window = Math.floor(now / WINDOW_MS);
    const day = Math.floor(now / DAY_MS);
    const { devicePerSecond, devicePerDay, addressPerSecond, addressPerDay, addressStoredBytesPerDay } = this.#settings;
    const address = counter(this.#addresses, addressKey(clientAddress), window, day);
    const admission = admitAll([]);
    let retryAt = Infinity;
    const exceeded = (isDevice: boolean, id: string, count: number) => {
      (isDevice ? admission.exceededDailyQuotaDevices : admission.exceededDailyQuotaUsers).set(id, count);
      retryAt = Math.min(retryAt, (day + 1) * DAY_MS);
    };
    const throttled = (kept: KeptEvent, isDevice: boolean, id: string, count: number) => {
      admission.throttledEvents.push(kept.index);
      (isDevice ? admission.throttledDevices : admission.throttledUsers).set(id, count);
      retryAt = Math.min(retryAt, (window + 1) * WINDOW_MS);
    };
    for (const kept of events) {
      const { deviceId, userId } = kept.event;
      // An event has a device id or a user id (upload-validation.ts); the user stands for the device without one.
      const isDevice = deviceId !== null;
      const id = (deviceId ?? userId)!;
      const key = `${isDevice ? 'device' : 'user'}:${id}`;
      const bytes = storedBytes(kept);
      if (address.inDay >= addressPerDay || address.bytesToday + bytes > addressStoredBytesPerDay) {
        exceeded(isDevice, id, countToday(this.#ids.peek(key), day));
        continue;
      }
      if (address.inWindow >= addressPerSecond * QUOTA_WINDOW_SECONDS) {
        throttled(kept, isDevice, id, countInWindow(this.#ids.peek(key), window));
        continue;
      }
      const own = counter(this.#ids, key, window, day);
      if (own.inDay >= devicePerDay) exceeded(isDevice, id, own.inDay);
      else if (own.inWindow >= devicePerSecond * QUOTA_WINDOW_SECONDS) throttled(kept, isDevice, id, own.inWindow);
      else {
        address.inWindow += 1;
        address.inDay += 1;
        address.bytesToday += bytes;
        own.inWindow += 1;
        own.inDay += 1;
        admission.admitted.push(kept);
      }
    }
    if (retryAt !== Infinity) admission.retryAfterSeconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
    return admission;
  }
}

/** The counter of `key`, its window and day started anew when they have passed. */
function counter(cache: LRUCache<string, Counter>, key: string, window: number, day: number): Counter {
  let found = cache.get(key);
  if (!found) {
    found = { window, inWindow: 0, day, inDay: 0, bytesToday: 0 };
    cache.set(key, found);
  }
  if (found.window !== window) {
    found.window = window;
    found.inWindow = 0;
  }
  if (found.day !== day) {
    found.day = day;
    found.inDay = 0;
    found.bytesToday = 0;
  }
  return found;
}

function countToday(found: Counter | undefined, day: number): number {
  return found && found.day === day ? found.inDay : 0;
}

function countInWindow(found: Counter | undefined, window: number): number {
  return found && found.window === window ? found.inWindow : 0;
}

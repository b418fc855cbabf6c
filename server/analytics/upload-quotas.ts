import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
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
   * Bytes of upload bodies per client address a minute, counted before a body is read: parsing is the one cost every
   * upload has, whatever it holds, so without it one address posting 20 MB batches could keep the server busy.
   */
  addressBytesPerMinute: number;
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
};

export const QUOTA_WINDOW_SECONDS = 10;
const WINDOW_MS = QUOTA_WINDOW_SECONDS * 1000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// Counters kept: the least recently seen are forgotten first (their count starts again), so made-up ids cannot grow
// memory without bound. The address quota still holds whoever makes them up.
const MAX_DEVICES = 100_000;
const MAX_ADDRESSES = 20_000;

interface Counter {
  window: number;
  inWindow: number;
  day: number;
  inDay: number;
}

/** What the quotas let through of an upload, and Amplitude's 429 fields for the rest. */
export interface Admission {
  admitted: KeptEvent[];
  /** Indexes of events refused for the rate: the client may send them again later. */
  throttledEvents: number[];
  throttledDevices: Record<string, number>;
  throttledUsers: Record<string, number>;
  /** Devices and users over their day (or whose address is): their events are refused until 00:00 UTC. */
  exceededDailyQuotaDevices: Record<string, number>;
  exceededDailyQuotaUsers: Record<string, number>;
  /** Seconds until the earliest refusal ends (0 when nothing was refused). */
  retryAfterSeconds: number;
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
    // A body sent chunked is checked as 0 bytes: refused only once its address is over.
    if (counter.bytes + bytes > this.#settings.addressBytesPerMinute) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000)) };
    }
    counter.bytes += bytes;
    this.#addressBytes.set(key, counter);
    return { ok: true };
  }

  /** Counts a body whose size was known only once read (sent chunked, without Content-Length). */
  countBytes(clientAddress: string, bytes: number): void {
    const minute = Math.floor(this.#now() / MINUTE_MS);
    const key = addressKey(clientAddress);
    const used = this.#addressBytes.get(key);
    this.#addressBytes.set(key, { minute, bytes: (used && used.minute === minute ? used.bytes : 0) + bytes });
  }

  /** The events the quotas let through, counting them; an event refused is not counted. */
  admit(clientAddress: string, events: readonly KeptEvent[]): Admission {
    const now = this.#now();
    const window = Math.floor(now / WINDOW_MS);
    const day = Math.floor(now / DAY_MS);
    const { devicePerSecond, devicePerDay, addressPerSecond, addressPerDay } = this.#settings;
    const address = counter(this.#addresses, addressKey(clientAddress), window, day);
    const admission: Admission = {
      admitted: [],
      throttledEvents: [],
      throttledDevices: {},
      throttledUsers: {},
      exceededDailyQuotaDevices: {},
      exceededDailyQuotaUsers: {},
      retryAfterSeconds: 0,
    };
    let retryAt = Infinity;
    for (const kept of events) {
      const { deviceId, userId } = kept.event;
      // An event has a device id or a user id (upload-validation.ts); the user stands for the device without one.
      const isDevice = deviceId !== null;
      const id = (deviceId ?? userId)!;
      const own = counter(this.#ids, `${isDevice ? 'device' : 'user'}:${id}`, window, day);
      if (address.inDay >= addressPerDay || own.inDay >= devicePerDay) {
        (isDevice ? admission.exceededDailyQuotaDevices : admission.exceededDailyQuotaUsers)[id] = own.inDay;
        retryAt = Math.min(retryAt, (day + 1) * DAY_MS);
      } else if (address.inWindow >= addressPerSecond * QUOTA_WINDOW_SECONDS || own.inWindow >= devicePerSecond * QUOTA_WINDOW_SECONDS) {
        admission.throttledEvents.push(kept.index);
        (isDevice ? admission.throttledDevices : admission.throttledUsers)[id] = own.inWindow;
        retryAt = Math.min(retryAt, (window + 1) * WINDOW_MS);
      } else {
        address.inWindow += 1;
        address.inDay += 1;
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
    found = { window, inWindow: 0, day, inDay: 0 };
    cache.set(key, found);
  }
  if (found.window !== window) {
    found.window = window;
    found.inWindow = 0;
  }
  if (found.day !== day) {
    found.day = day;
    found.inDay = 0;
  }
  return found;
}

/**
 * The key an address is counted under: an IPv4 address itself (also written IPv4-mapped, ::ffff:a.b.c.d), an IPv6
 * address by its /64, the block one subscriber is given: counting each of its 2^64 addresses apart would count nothing.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toNormalizedString()}/64`;
}

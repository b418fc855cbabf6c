import { DEDUPE_WINDOW_MS } from './amplitude-wire';
import { DEFAULT_DAILY_CEILING_BYTES } from './event-writer';
import { DEFAULT_UPLOAD_QUOTAS, type UploadQuotaSettings } from './upload-quotas';

/** The event log's defences against filling the disk, as configured. */
export interface EventLogSettings {
  quotas: UploadQuotaSettings;
  /** Bytes of events the log stores at most on one UTC day. */
  dailyCeilingBytes: number;
  /**
   * Days an event is kept after it arrived, DEFAULT_EVENT_RETENTION_DAYS when absent: main.ts prunes the older ones
   * (event-retention.ts); buildServer does not read it.
   */
  retentionDays?: number;
}

/** Some thirteen months: a year of events and the same month of the year before to compare with. */
export const DEFAULT_EVENT_RETENTION_DAYS = 400;
/**
 * Amplitude's deduplication window: an event resent within 7 days of the first must find the first still stored, or it
 * would be stored twice. A shorter retention is refused rather than let deduplication quietly lapse.
 */
export const MIN_EVENT_RETENTION_DAYS = DEDUPE_WINDOW_MS / (24 * 60 * 60 * 1000);
/** A hundred years: anything longer means "keep everything". */
const MAX_EVENT_RETENTION_DAYS = 36_500;

const MB = 1024 * 1024;

export const DEFAULT_EVENT_LOG_SETTINGS: EventLogSettings = {
  quotas: DEFAULT_UPLOAD_QUOTAS,
  dailyCeilingBytes: DEFAULT_DAILY_CEILING_BYTES,
  retentionDays: DEFAULT_EVENT_RETENTION_DAYS,
};

/**
 * Reads EVENT_QUOTA_DEVICE_PER_SECOND, EVENT_QUOTA_DEVICE_PER_DAY, EVENT_QUOTA_ADDRESS_PER_SECOND,
 * EVENT_QUOTA_ADDRESS_PER_DAY (events), EVENT_QUOTA_ADDRESS_MB_PER_MINUTE, EVENT_QUOTA_ADDRESS_MB_PER_DAY and EVENT_LOG_DAILY_MB (megabytes, 1 MB = 2^20
 * bytes) and EVENT_RETENTION_DAYS (days); unset keeps the default.
 *
 * @throws {Error} naming the variable when a value is not a whole number from 1 to 1,000,000,000 (EVENT_RETENTION_DAYS:
 * from 7 to 36,500).
 */
export function readEventLogSettings(env: Record<string, string | undefined>): EventLogSettings & { retentionDays: number } {
  const read = (name: string, fallback: number, min = 1, max = 1_000_000_000) => {
    const text = (env[name] ?? '').trim();
    if (text === '') return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) throw new Error(`invalid ${name} "${text}": expected a whole number from ${min} to ${max}`);
    return value;
  };
  const quotas: UploadQuotaSettings = {
    devicePerSecond: read('EVENT_QUOTA_DEVICE_PER_SECOND', DEFAULT_UPLOAD_QUOTAS.devicePerSecond),
    devicePerDay: read('EVENT_QUOTA_DEVICE_PER_DAY', DEFAULT_UPLOAD_QUOTAS.devicePerDay),
    addressPerSecond: read('EVENT_QUOTA_ADDRESS_PER_SECOND', DEFAULT_UPLOAD_QUOTAS.addressPerSecond),
    addressPerDay: read('EVENT_QUOTA_ADDRESS_PER_DAY', DEFAULT_UPLOAD_QUOTAS.addressPerDay),
    addressBytesPerMinute: read('EVENT_QUOTA_ADDRESS_MB_PER_MINUTE', DEFAULT_UPLOAD_QUOTAS.addressBytesPerMinute / MB) * MB,
    addressStoredBytesPerDay: read('EVENT_QUOTA_ADDRESS_MB_PER_DAY', DEFAULT_UPLOAD_QUOTAS.addressStoredBytesPerDay / MB) * MB,
  };
  const megabytes = read('EVENT_LOG_DAILY_MB', DEFAULT_DAILY_CEILING_BYTES / MB);
  const retentionDays = read('EVENT_RETENTION_DAYS', DEFAULT_EVENT_RETENTION_DAYS, MIN_EVENT_RETENTION_DAYS, MAX_EVENT_RETENTION_DAYS);
  return { quotas, dailyCeilingBytes: megabytes * MB, retentionDays };
}

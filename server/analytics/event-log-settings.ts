import { DEFAULT_DAILY_CEILING_BYTES } from './event-writer';
import { DEFAULT_UPLOAD_QUOTAS, type UploadQuotaSettings } from './upload-quotas';

/** The event log's defences against filling the disk, as configured. */
export interface EventLogSettings {
  quotas: UploadQuotaSettings;
  /** Bytes of events the log stores at most on one UTC day. */
  dailyCeilingBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_EVENT_LOG_SETTINGS: EventLogSettings = { quotas: DEFAULT_UPLOAD_QUOTAS, dailyCeilingBytes: DEFAULT_DAILY_CEILING_BYTES };

/**
 * Reads EVENT_QUOTA_DEVICE_PER_SECOND, EVENT_QUOTA_DEVICE_PER_DAY, EVENT_QUOTA_ADDRESS_PER_SECOND,
 * EVENT_QUOTA_ADDRESS_PER_DAY (events), EVENT_QUOTA_ADDRESS_MB_PER_MINUTE, EVENT_QUOTA_ADDRESS_MB_PER_DAY and EVENT_LOG_DAILY_MB (megabytes, 1 MB = 2^20
 * bytes); unset keeps the default.
 *
 * @throws {Error} naming the variable when a value is not a whole number from 1 to 1,000,000,000.
 */
export function readEventLogSettings(env: Record<string, string | undefined>): EventLogSettings {
  const read = (name: string, fallback: number) => {
    const text = (env[name] ?? '').trim();
    if (text === '') return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > 1_000_000_000) throw new Error(`invalid ${name} "${text}": expected a whole number from 1 to 1000000000`);
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
  return { quotas, dailyCeilingBytes: megabytes * MB };
}

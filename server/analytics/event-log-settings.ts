import { DEFAULT_DAILY_CEILING } from './event-writer';
import { DEFAULT_UPLOAD_QUOTAS, type UploadQuotaSettings } from './upload-quotas';

/** The event log's defences against filling the disk, as configured. */
export interface EventLogSettings {
  quotas: UploadQuotaSettings;
  dailyCeiling: number;
}

export const DEFAULT_EVENT_LOG_SETTINGS: EventLogSettings = { quotas: DEFAULT_UPLOAD_QUOTAS, dailyCeiling: DEFAULT_DAILY_CEILING };

/**
 * Reads EVENT_QUOTA_DEVICE_PER_SECOND, EVENT_QUOTA_DEVICE_PER_DAY, EVENT_QUOTA_ADDRESS_PER_SECOND,
 * EVENT_QUOTA_ADDRESS_PER_DAY and EVENT_LOG_DAILY_CEILING (unset keeps the default).
 *
 * @throws {Error} naming the variable when a value is not a whole number from 1 to 1,000,000,000.
 */
export function readEventLogSettings(env: Record<string, string | undefined>): EventLogSettings {
  const read = (name: string, fallback: number) => {
    const text = (env[name] ?? '').trim();
    if (text === '') return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > 1_000_000_000) throw new Error(`invalid ${name} "${text}": expected a number of events, a whole number from 1 to 1000000000`);
    return value;
  };
  const quotas: UploadQuotaSettings = {
    devicePerSecond: read('EVENT_QUOTA_DEVICE_PER_SECOND', DEFAULT_UPLOAD_QUOTAS.devicePerSecond),
    devicePerDay: read('EVENT_QUOTA_DEVICE_PER_DAY', DEFAULT_UPLOAD_QUOTAS.devicePerDay),
    addressPerSecond: read('EVENT_QUOTA_ADDRESS_PER_SECOND', DEFAULT_UPLOAD_QUOTAS.addressPerSecond),
    addressPerDay: read('EVENT_QUOTA_ADDRESS_PER_DAY', DEFAULT_UPLOAD_QUOTAS.addressPerDay),
  };
  return { quotas, dailyCeiling: read('EVENT_LOG_DAILY_CEILING', DEFAULT_DAILY_CEILING) };
}

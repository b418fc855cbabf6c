import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_LOG_SETTINGS, readEventLogSettings } from './event-log-settings';

describe('EVENT_RETENTION_DAYS', () => {
  it('keeps 400 days when unset or empty, as the defaults say', () => {
    expect(readEventLogSettings({}).retentionDays).toBe(400);
    expect(readEventLogSettings({ EVENT_RETENTION_DAYS: ' ' }).retentionDays).toBe(400);
    expect(DEFAULT_EVENT_LOG_SETTINGS.retentionDays).toBe(400);
  });

  it('reads a whole number of days from 7 to 36500', () => {
    expect(readEventLogSettings({ EVENT_RETENTION_DAYS: '7' }).retentionDays).toBe(7);
    expect(readEventLogSettings({ EVENT_RETENTION_DAYS: '90' }).retentionDays).toBe(90);
    expect(readEventLogSettings({ EVENT_RETENTION_DAYS: '36500' }).retentionDays).toBe(36_500);
  });

  it('refuses, naming the variable, anything else: fewer days than the 7-day deduplication needs, too many, not a whole number', () => {
    for (const value of ['6', '0', '36501', '-30', '30.5', '1e3', 'ninety', '400d']) {
      expect(() => readEventLogSettings({ EVENT_RETENTION_DAYS: value }), value).toThrow(
        `invalid EVENT_RETENTION_DAYS "${value}": expected a whole number from 7 to 36500`,
      );
    }
  });

  it('leaves the other settings as they were', () => {
    const settings = readEventLogSettings({ EVENT_RETENTION_DAYS: '30', EVENT_LOG_DAILY_MB: '64' });
    expect(settings).toEqual({ ...DEFAULT_EVENT_LOG_SETTINGS, dailyCeilingBytes: 64 * 1024 * 1024, retentionDays: 30 });
  });
});

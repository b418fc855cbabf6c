import { ERRORS, type EventIndexes, type UploadError, type UploadSuccess } from './amplitude-wire';
import type { KeptEvent } from './declared-only';
import type { AppendResult } from './event-log';
import type { Admission } from './upload-quotas';

/** An answer to an upload: its status, body and, on a 429, when to try again. */
export interface UploadAnswer {
  status: 200 | 429;
  body: UploadSuccess | UploadError;
  retryAfterSeconds?: number;
}

/** What became of a checked upload, for its answer. */
export interface UploadOutcome {
  sizeBytes: number;
  receivedAt: Date;
  /** The events kept once everything undeclared was dropped. */
  kept: readonly KeptEvent[];
  invalid: EventIndexes;
  admission: Admission;
  /** What the writer stored of the admitted events. */
  written: AppendResult;
  dailyCeilingBytes: number;
  epsThreshold: number;
}

/**
 * Amplitude's answer to an upload: 200 when every event the log keeps was taken; else 429 naming the events refused
 * as Amplitude's ingestion names them (`throttled_events` for the rate, `exceeded_daily_quota_devices` / `_users` for a
 * day's quota or the log's daily ceiling), the others taken all the same (`events_ingested`). Either lists the events
 * dropped for what nobody declared in `events_with_invalid_fields`.
 */
export function uploadAnswer(outcome: UploadOutcome): UploadAnswer {
  const { admission, written, invalid, receivedAt } = outcome;
  const ingested = admission.admitted.length - written.overCeiling.length;
  const invalidFields = Object.keys(invalid).length > 0 ? { events_with_invalid_fields: invalid } : {};
  const refused = admission.throttledEvents.length > 0 || admission.exceededDailyQuotaDevices.size + admission.exceededDailyQuotaUsers.size > 0;
  if (!refused && written.overCeiling.length === 0) {
    return {
      status: 200,
      body: { code: 200, events_ingested: ingested, payload_size_bytes: outcome.sizeBytes, server_upload_time: receivedAt.getTime(), ...invalidFields },
    };
  }
  const exceededDevices = new Map(admission.exceededDailyQuotaDevices);
  const exceededUsers = new Map(admission.exceededDailyQuotaUsers);
  let retryAfterSeconds = admission.retryAfterSeconds;
  if (written.overCeiling.length > 0) {
    const over = new Set(written.overCeiling);
    for (const { index, event } of outcome.kept) {
      if (!over.has(index)) continue;
      // Amplitude's maps give each id a count: here, how many of its events the ceiling refused.
      if (event.deviceId !== null) exceededDevices.set(event.deviceId, (exceededDevices.get(event.deviceId) ?? 0) + 1);
      else if (event.userId !== null) exceededUsers.set(event.userId, (exceededUsers.get(event.userId) ?? 0) + 1);
    }
    retryAfterSeconds = Math.max(retryAfterSeconds, secondsToNextUtcDay(receivedAt));
  }
  const body: UploadError = {
    code: 429,
    error: written.overCeiling.length > 0 ? ceilingMessage(outcome.dailyCeilingBytes) : ERRORS.tooManyForSome,
    eps_threshold: outcome.epsThreshold,
    events_ingested: ingested,
    ...(admission.throttledEvents.length > 0
      ? { throttled_events: admission.throttledEvents, throttled_devices: idMap(admission.throttledDevices), throttled_users: idMap(admission.throttledUsers) }
      : {}),
    ...(exceededDevices.size > 0 ? { exceeded_daily_quota_devices: idMap(exceededDevices) } : {}),
    ...(exceededUsers.size > 0 ? { exceeded_daily_quota_users: idMap(exceededUsers) } : {}),
    ...invalidFields,
  };
  return { status: 429, body, retryAfterSeconds };
}

/**
 * Amplitude's id → count map. Object.fromEntries defines each key as the object's own, so an id such as "__proto__"
 * is a key like any other.
 */
function idMap(counts: ReadonlyMap<string, number>): Record<string, number> {
  return Object.fromEntries(counts);
}

/** Why an upload on a day whose ceiling was reached is refused. */
export function ceilingMessage(dailyCeilingBytes: number): string {
  return `The event log has stored its ceiling of ${formatMegabytes(dailyCeilingBytes)} for today (UTC); it takes events again from 00:00 UTC.`;
}

/** Bytes as megabytes (2^20), as EVENT_LOG_DAILY_MB takes them: "256 MB", "0.01 MB". */
export function formatMegabytes(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toPrecision(3))} MB`;
}

export function secondsToNextUtcDay(at: Date): number {
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}

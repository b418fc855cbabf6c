// Amplitude's HTTP V2 and Batch Event Upload APIs as the event log speaks them: the limits and the answers.
// Sources: Amplitude's HTTP V2 API page (amplitude/amplitude-docs, "HTTP V2 API": upload limit, string limit,
// time, deduplication, minimum id length, invalid ids, response formats), the Batch Event Upload API page
// (20 MB), and what the Browser SDK reads of an answer (@amplitude/analytics-core's transports/base.js: the status
// is the body's `code`). Both endpoints take and answer the same bodies; only the limits differ.

/** The two endpoints, under the server's /analytics prefix. */
export type Endpoint = 'httpapi' | 'batch';

/** What one endpoint accepts. */
export interface EndpointLimits {
  /** Request body, in bytes; over it: 413. Amplitude: "1 MB" (HTTP V2), "20MB" (batch); read as MiB. */
  bodyBytes: number;
  /** Events in one request; over it: 413. HTTP V2: no more than 2000; the batch API documents none. */
  events: number;
}

const MIB = 1024 * 1024;

export const ENDPOINT_LIMITS: Record<Endpoint, EndpointLimits> = {
  httpapi: { bodyBytes: MIB, events: 2000 },
  batch: { bodyBytes: 20 * MIB, events: Number.POSITIVE_INFINITY },
};

/** "All string values have a character limit of 1024 characters" (user_id, event_type, ...). */
export const MAX_STRING_LENGTH = 1024;
/** Event and user properties: "Object depth may not exceed 40 layers". */
export const MAX_PROPERTY_DEPTH = 40;
/**
 * Ours, tighter than Amplitude's 1,024 for what every stored row repeats: a device, user or insert id, and the
 * platform, os, app version, language and library fields (the app's are UUIDs and short names) may have 128 characters;
 * an api key (Amplitude's are 32 hex digits) 64 letters, digits, - and _. So no row can be made large but by its
 * declared properties, which MAX_PROPERTY_VALUE_LENGTH bounds.
 */
export const MAX_FIELD_LENGTH = 128;
export const API_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Keys in one property map (event or user properties, and each object nested in them): the SDK refuses more. */
export const MAX_PROPERTY_KEYS = 1000;
/** Device and user ids shorter than this are refused unless `options.min_id_length` says otherwise. */
export const DEFAULT_MIN_ID_LENGTH = 5;
/** Amplitude ignores an event whose insert_id it saw for the same device within this window. */
export const DEDUPE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Event types Amplitude keeps for itself: an event with one is refused. */
export const RESERVED_EVENT_TYPES: ReadonlySet<string> = new Set([
  '[Amplitude] Start Session',
  '[Amplitude] End Session',
  '[Amplitude] Revenue',
  '[Amplitude] Revenue (Verified)',
  '[Amplitude] Revenue (Unverified)',
  '[Amplitude] Merged User',
]);

/** Ids Amplitude refuses as a device or user id (compared in lower case). */
export const INVALID_IDS: ReadonlySet<string> = new Set([
  'anonymous',
  'nil',
  'none',
  'null',
  'n/a',
  'na',
  'undefined',
  'unknown',
  '""',
  '00000000-0000-0000-0000-000000000000',
  '{}',
  'lmy47d',
  '0',
  '-1',
]);

/** The 200 answer (Amplitude's SuccessSummary). */
export interface UploadSuccess {
  code: 200;
  /** Events accepted from the request, duplicates included (Amplitude deduplicates after ingestion). */
  events_ingested: number;
  payload_size_bytes: number;
  /** Milliseconds since the epoch when the server accepted the upload. */
  server_upload_time: number;
  /** Ours: events dropped whole (`event_type`: a type nobody declared) or kept without some undeclared properties. */
  events_with_invalid_fields?: EventIndexes;
}

/** Field name → indexes into the request's `events`. */
export type EventIndexes = Record<string, number[]>;

/** Amplitude's error answers (InvalidRequestError, PayloadTooLargeError, and the other statuses). */
export interface UploadError {
  code: number;
  error: string;
  /**
   * The request-level field at fault. Amplitude's only request-level slot: it also names one present with an
   * unusable value, since the Browser SDK drops a batch answered with `missing_field` rather than retrying it.
   */
  missing_field?: string;
  events_with_invalid_fields?: EventIndexes;
  events_with_missing_fields?: EventIndexes;
  events_with_invalid_id_lengths?: EventIndexes;
  /** 429: events per second a device (or user) may send. */
  eps_threshold?: number;
  /** 429: events refused for their rate, to be sent again later. */
  throttled_events?: number[];
  throttled_devices?: Record<string, number>;
  throttled_users?: Record<string, number>;
  /** 429: devices and users whose events are refused until the day (UTC) ends: the SDK drops their events. */
  exceeded_daily_quota_devices?: Record<string, number>;
  exceeded_daily_quota_users?: Record<string, number>;
  /** Ours, on a 429: the events of the upload that were taken all the same. */
  events_ingested?: number;
}

/** Amplitude's `error` texts, kept exact: the Browser SDK matches some of them. */
export const ERRORS = {
  missingBody: 'Missing request body',
  invalidJson: 'Invalid JSON request body',
  missingField: 'Request missing required field',
  /** The SDK drops a batch answered with this prefix. */
  invalidApiKey: 'Invalid API key',
  /** Ours, with `missing_field`: a request-level field present with an unusable value (events, options). */
  invalidRequestField: 'Invalid request field value',
  invalidFieldValues: 'Invalid field values on some events',
  invalidIdLength: 'Invalid id length for user_id or device_id',
  payloadTooLarge: 'Payload too large',
  /** Amplitude's text for a 429 that names throttled or over-quota devices and users. */
  tooManyForSome: 'Too many requests for some devices and users',
} as const;

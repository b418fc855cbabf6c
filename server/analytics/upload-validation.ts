import {
  DEFAULT_MIN_ID_LENGTH,
  ERRORS,
  INVALID_IDS,
  MAX_PROPERTY_DEPTH,
  MAX_PROPERTY_KEYS,
  MAX_STRING_LENGTH,
  MAX_FIELD_LENGTH,
  API_KEY_PATTERN,
  RESERVED_EVENT_TYPES,
  type EndpointLimits,
  type EventIndexes,
  type UploadError,
} from './amplitude-wire';
import { isPersonalString, isPlainObject, withoutPersonalData } from './personal-data';

/** One event as the log keeps it: the allow-listed fields, checked, with personal data left out. */
export interface LoggedEvent {
  eventType: string;
  deviceId: string | null;
  userId: string | null;
  /** The event's `time` (ms since the epoch), null when it had none. */
  time: number | null;
  sessionId: number | null;
  insertId: string | null;
  platform: string | null;
  osName: string | null;
  osVersion: string | null;
  appVersion: string | null;
  language: string | null;
  library: string | null;
  eventProperties: Record<string, unknown>;
  userProperties: Record<string, unknown>;
}

/** An upload that passed every check. */
export interface Upload {
  apiKey: string;
  events: LoggedEvent[];
}

/** The checked upload, or Amplitude's answer refusing it (400, or 413 for too many events). */
export type UploadCheck = { ok: true; upload: Upload } | { ok: false; status: 400 | 413; body: UploadError };

// The optional text fields the log keeps, by wire name. Every other field of an event is ignored.
const TEXT_FIELDS = {
  platform: 'platform',
  osName: 'os_name',
  osVersion: 'os_version',
  appVersion: 'app_version',
  language: 'language',
  library: 'library',
} as const;

// The largest time an ISO string can show (+275760-09-13): beyond it, Date cannot print it.
const MAX_TIME_MS = 8.64e15;
// With the `u` flag a well-formed surrogate pair is one code point, so only an unpaired half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Checks a parsed upload body (`{ api_key, events, options? }`) as Amplitude's HTTP V2 API does and turns
 * each event into what the log keeps. Request-level faults are answered with `missing_field`; event-level
 * ones with the indexes of every faulty event, per field, and then nothing of the request is stored (as with
 * Amplitude, whose SDK drops the listed events and sends the rest again).
 */
export function checkUpload(body: unknown, limits: EndpointLimits): UploadCheck {
  if (!isPlainObject(body)) return refuse(400, { error: ERRORS.invalidJson });

  const apiKey = body.api_key;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') return refuse(400, { error: ERRORS.missingField, missing_field: 'api_key' });
  // Stored with every row: a short key of plain characters (which also keeps anything personal out).
  if (!API_KEY_PATTERN.test(apiKey)) return refuse(400, { error: ERRORS.invalidApiKey, missing_field: 'api_key' });

  const events = body.events;
  if (events === undefined || events === null || (Array.isArray(events) && events.length === 0)) {
    return refuse(400, { error: ERRORS.missingField, missing_field: 'events' });
  }
  if (!Array.isArray(events)) return refuse(400, { error: ERRORS.invalidRequestField, missing_field: 'events' });

  const minIdLength = readMinIdLength(body.options);
  if (typeof minIdLength === 'string') return refuse(400, { error: ERRORS.invalidRequestField, missing_field: minIdLength });

  if (events.length > limits.events) return refuse(413, { error: ERRORS.payloadTooLarge });

  const faults = new EventFaults();
  const logged: LoggedEvent[] = [];
  events.forEach((event: unknown, index) => {
    const checked = checkEvent(event, index, minIdLength, faults);
    if (checked) logged.push(checked);
  });
  const refusal = faults.answer();
  if (refusal) return refuse(400, refusal);
  return { ok: true, upload: { apiKey, events: logged } };
}

/** `options.min_id_length` (default 5), or the name of the field at fault. */
function readMinIdLength(options: unknown): number | string {
  if (options === undefined || options === null) return DEFAULT_MIN_ID_LENGTH;
  if (!isPlainObject(options)) return 'options';
  const value = options.min_id_length;
  if (value === undefined || value === null) return DEFAULT_MIN_ID_LENGTH;
  return isWholeNumber(value, 1, MAX_STRING_LENGTH) ? value : 'options.min_id_length';
}

function checkEvent(event: unknown, index: number, minIdLength: number, faults: EventFaults): LoggedEvent | undefined {
  // Not an object: it has no event_type, the first thing every event needs.
  if (!isPlainObject(event)) {
    faults.add('missing', 'event_type', index);
    return undefined;
  }
  const before = faults.count;
  const field = (name: string) => (isAbsent(event[name]) ? undefined : event[name]);
  const invalid = (name: string) => faults.add('invalid', name, index);

  const eventType = field('event_type');
  let type: string | undefined;
  if (eventType === undefined) faults.add('missing', 'event_type', index);
  else if (isLoggableText(eventType) && eventType.trim() !== '' && !RESERVED_EVENT_TYPES.has(eventType)) type = eventType;
  else invalid('event_type');

  const ids = { user_id: field('user_id'), device_id: field('device_id') };
  if (ids.user_id === undefined && ids.device_id === undefined) {
    faults.add('missing', 'user_id', index);
    faults.add('missing', 'device_id', index);
  }
  for (const [name, id] of Object.entries(ids)) {
    if (id === undefined) continue;
    // Amplitude's page says a short id is removed from the event; its API answers this 400 (seen by SDKs and
    // RudderStack), which the Browser SDK reads to drop just those events. Refusing is also what tells a client.
    if (typeof id === 'string' && id.length < minIdLength) faults.add('idLength', name, index);
    else if (!isLoggableText(id) || id.length > MAX_FIELD_LENGTH || INVALID_IDS.has(id.toLowerCase())) invalid(name);
  }

  const time = field('time');
  if (time !== undefined && !isWholeNumber(time, 0, MAX_TIME_MS)) invalid('time');
  // A session_id of -1 is "no session" (Amplitude); any other is the session's start in ms.
  const sessionId = field('session_id');
  if (sessionId !== undefined && !isWholeNumber(sessionId, -1, MAX_TIME_MS)) invalid('session_id');

  const insertId = field('insert_id');
  if (insertId !== undefined && (!isLoggableText(insertId) || insertId === '' || insertId.length > MAX_FIELD_LENGTH)) invalid('insert_id');
  for (const name of Object.values(TEXT_FIELDS)) {
    const value = field(name);
    if (value !== undefined && (!isLoggableText(value) || value.length > MAX_FIELD_LENGTH)) invalid(name);
  }

  const eventProperties = field('event_properties');
  const userProperties = field('user_properties');
  if (eventProperties !== undefined && !isPropertyObject(eventProperties)) invalid('event_properties');
  if (userProperties !== undefined && !isPropertyObject(userProperties)) invalid('user_properties');

  if (faults.count > before || type === undefined) return undefined;
  const text = (name: string) => {
    const value = event[name];
    return typeof value === 'string' ? value : null;
  };
  return {
    eventType: type,
    deviceId: text('device_id'),
    userId: text('user_id'),
    time: typeof time === 'number' ? time : null,
    sessionId: typeof sessionId === 'number' && sessionId !== -1 ? sessionId : null,
    insertId: text('insert_id'),
    platform: text(TEXT_FIELDS.platform),
    osName: text(TEXT_FIELDS.osName),
    osVersion: text(TEXT_FIELDS.osVersion),
    appVersion: text(TEXT_FIELDS.appVersion),
    language: text(TEXT_FIELDS.language),
    library: text(TEXT_FIELDS.library),
    eventProperties: isPlainObject(eventProperties) ? withoutPersonalData(eventProperties) : {},
    userProperties: isPlainObject(userProperties) ? withoutPersonalData(userProperties) : {},
  };
}

/** Indexes of faulty events by kind and field, in Amplitude's three maps. */
class EventFaults {
  readonly #maps: Record<'missing' | 'invalid' | 'idLength', EventIndexes> = { missing: {}, invalid: {}, idLength: {} };
  count = 0;

  add(kind: 'missing' | 'invalid' | 'idLength', field: string, index: number): void {
    (this.#maps[kind][field] ??= []).push(index);
    this.count += 1;
  }

  /** The 400 body naming every fault, its `error` after the first kind found; undefined when there is none. */
  answer(): Omit<UploadError, 'code'> | undefined {
    const { missing, invalid, idLength } = this.#maps;
    const has = (map: EventIndexes) => Object.keys(map).length > 0;
    if (this.count === 0) return undefined;
    const error = has(missing) ? ERRORS.missingField : has(invalid) ? ERRORS.invalidFieldValues : ERRORS.invalidIdLength;
    return {
      error,
      ...(has(invalid) ? { events_with_invalid_fields: invalid } : {}),
      ...(has(missing) ? { events_with_missing_fields: missing } : {}),
      ...(has(idLength) ? { events_with_invalid_id_lengths: idLength } : {}),
    };
  }
}

function refuse(status: 400 | 413, body: Omit<UploadError, 'code'>): UploadCheck {
  return { ok: false, status, body: { code: status, ...body } };
}

// JSON null counts as not sent, as an SDK that serialises an unset field as null means.
function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

function isWholeNumber(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/** A string both databases store unchanged: within Amplitude's length limit, no NUL (PostgreSQL text refuses it), no lone surrogate. */
function isStorableText(value: string): boolean {
  return value.length <= MAX_STRING_LENGTH && !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A string field the log may keep: storable and not personal (personal-data.ts). */
function isLoggableText(value: unknown): value is string {
  return typeof value === 'string' && isStorableText(value) && !isPersonalString(value);
}

/**
 * A properties object no deeper than Amplitude's 40 layers (the object itself is the first), none of whose maps has
 * more than 1,000 keys (the spec's property map cap).
 */
function isPropertyObject(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && !exceedsLimits(value, MAX_PROPERTY_DEPTH);
}

// Stops descending at the limit, so a hostile nesting costs no more than 41 frames.
function exceedsLimits(value: unknown, layers: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (layers === 0) return true;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  if (!Array.isArray(value) && children.length > MAX_PROPERTY_KEYS) return true;
  return children.some((child) => exceedsLimits(child, layers - 1));
}

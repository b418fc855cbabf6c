import type { EventIndexes } from './amplitude-wire';
import type { EventCatalogue } from './event-catalogue';
import { isPlainObject } from './personal-data';
import type { LoggedEvent } from './upload-validation';

/**
 * A property value is cut to this many characters (UTF-16 code units, never splitting a character). Every value the
 * app and the SDK send fits: option values, ids, prices, and a landing page's address with its campaign parameters.
 * With the declared properties alone, it bounds what one event can store.
 */
export const MAX_PROPERTY_VALUE_LENGTH = 512;

/** An event of the upload kept, at its index in the upload. */
export interface KeptEvent {
  index: number;
  event: LoggedEvent;
}

/** What is left of an upload once everything undeclared is dropped, and which events lost what. */
export interface DeclaredOnly {
  kept: KeptEvent[];
  /**
   * Amplitude's `events_with_invalid_fields`: `event_type` lists the events dropped whole (a type nobody declared);
   * `event_properties` and `user_properties` list the events kept without some of theirs.
   */
  invalid: EventIndexes;
}

/**
 * Keeps of each event only what the catalogue declares: an event of an undeclared type is dropped; of the others,
 * the declared properties with a string, number or boolean value (strings cut to MAX_PROPERTY_VALUE_LENGTH), and
 * user properties on the identify event only, under the operations and names declared.
 */
export function keepDeclared(events: readonly LoggedEvent[], catalogue: EventCatalogue): DeclaredOnly {
  const kept: KeptEvent[] = [];
  const invalid: EventIndexes = {};
  const mark = (field: string, index: number) => (invalid[field] ??= []).push(index);
  events.forEach((event, index) => {
    const declared = catalogue.propertiesOf(event.eventType);
    if (declared === undefined) {
      mark('event_type', index);
      return;
    }
    const eventProperties = declaredValues(event.eventProperties, declared);
    if (eventProperties.dropped) mark('event_properties', index);
    const userProperties = event.eventType === catalogue.identifyEvent ? declaredOperations(event.userProperties, catalogue) : { values: {}, dropped: Object.keys(event.userProperties).length > 0 };
    if (userProperties.dropped) mark('user_properties', index);
    kept.push({ index, event: { ...event, eventProperties: eventProperties.values, userProperties: userProperties.values } });
  });
  return { kept, invalid };
}

interface Filtered {
  values: Record<string, unknown>;
  dropped: boolean;
}

function declaredOperations(userProperties: Record<string, unknown>, catalogue: EventCatalogue): Filtered {
  const values: Record<string, unknown> = {};
  let dropped = false;
  for (const [operation, map] of Object.entries(userProperties)) {
    if (!catalogue.identifyOperations.has(operation) || !isPlainObject(map)) {
      dropped = true;
      continue;
    }
    const filtered = declaredValues(map, catalogue.userProperties);
    dropped ||= filtered.dropped;
    if (Object.keys(filtered.values).length > 0) values[operation] = filtered.values;
  }
  return { values, dropped };
}

function declaredValues(properties: Record<string, unknown>, declared: ReadonlySet<string>): Filtered {
  // Built key by key into a fresh object: a `__proto__` property is an ordinary key here (and never declared).
  const values: Record<string, unknown> = {};
  let dropped = false;
  for (const [name, value] of Object.entries(properties)) {
    const kept = declared.has(name) ? scalar(value) : undefined;
    if (kept === undefined) dropped = true;
    else Object.defineProperty(values, name, { value: kept, enumerable: true, writable: true, configurable: true });
  }
  return { values, dropped };
}

function scalar(value: unknown): string | number | boolean | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  if (value.length <= MAX_PROPERTY_VALUE_LENGTH) return value;
  const cut = value.slice(0, MAX_PROPERTY_VALUE_LENGTH);
  // Never half a surrogate pair: the character that would be split is left out whole.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

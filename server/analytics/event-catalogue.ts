import type { Flow } from '../../src/engine/generated/flow-types';
import { appEvents, declaredEventProperties, identifiedUserProperties } from '../../src/engine/analytics-events';
import { ATTRIBUTION_USER_PROPERTIES, IDENTIFY_EVENT, IDENTIFY_OPERATIONS, SDK_EVENTS } from './sdk-events';
import { productKinds } from '../../src/engine/kinds/product-kinds';

/**
 * What the event log stores: the events the served flows declare (each screen's shown, answered and skipped events,
 * with their implicit and declared properties), the app's own events, and the events the Amplitude SDK sends by itself
 * with the app's options (sdk-events.ts). Anything else an upload holds is dropped: an event type nobody declared,
 * a property its event does not carry, a user property the app and the SDK never set.
 */
export interface EventCatalogue {
  /** The properties an event of this type may carry; undefined for a type nobody declared. */
  propertiesOf(eventType: string): ReadonlySet<string> | undefined;
  /** The identify event's type: the one event whose user properties are kept. */
  readonly identifyEvent: string;
  /** The identify operations kept ($set, ...). */
  readonly identifyOperations: ReadonlySet<string>;
  /** The user properties an identify operation may set. */
  readonly userProperties: ReadonlySet<string>;
}

/** The catalogue of the flows the server serves, their versions together (a visitor may still send an older one's events). */
export function eventCatalogueOf(flows: readonly Flow[]): EventCatalogue {
  const events = new Map<string, Set<string>>();
  const add = (type: string, properties: Iterable<string>) => {
    const known = events.get(type) ?? new Set<string>();
    events.set(type, known);
    for (const property of properties) known.add(property);
  };
  for (const [type, properties] of SDK_EVENTS) add(type, properties);
  for (const event of Object.values(appEvents)) add(event.name, event.properties);
  add(IDENTIFY_EVENT, []);
  const userProperties = new Set<string>(ATTRIBUTION_USER_PROPERTIES);
  for (const flow of flows) {
    for (const [type, properties] of declaredEventProperties(productKinds, flow)) add(type, properties);
    for (const property of identifiedUserProperties(flow)) userProperties.add(property);
  }
  return {
    propertiesOf: (eventType) => events.get(eventType),
    identifyEvent: IDENTIFY_EVENT,
    identifyOperations: new Set(IDENTIFY_OPERATIONS),
    userProperties,
  };
}

import { readFileSync } from 'node:fs';
import { eventCatalogueOf, type EventCatalogue } from '../analytics/event-catalogue';
import { validateFlow } from '../../src/engine/validate-flow';
import { productKinds } from '../../src/engine/kinds/product-kinds';

/**
 * What the event log of a server serving the product's flow (flows/astrology.json) stores: its declared events, the
 * app's and the SDK's. A server built without a catalogue stores only the app's and the SDK's own events.
 */
export function productEventCatalogue(): EventCatalogue {
  const validation = validateFlow(JSON.parse(readFileSync('flows/astrology.json', 'utf8')), { kinds: productKinds });
  if (!validation.ok) throw new Error('flows/astrology.json does not validate: npm run flow:check -- flows/astrology.json');
  return eventCatalogueOf([validation.flow]);
}

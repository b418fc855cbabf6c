import ky from 'ky';
import type { PlaceSuggestion } from '../shared/place-suggestion';
import { isZoneHistory, type ZoneHistory } from '../engine/zone-history';
import type { AppConfig } from './config';

interface SearchResponse {
  results: Array<{ id: string; label: string; latitude: number; longitude: number; timeZone: string }>;
}

function isSearchResponse(value: unknown): value is SearchResponse {
  if (typeof value !== 'object' || value === null || !('results' in value) || !Array.isArray(value.results)) return false;
  return value.results.every(
    (r: unknown) =>
      typeof r === 'object' && r !== null &&
      'id' in r && typeof r.id === 'string' &&
      'label' in r && typeof r.label === 'string' &&
      'latitude' in r && typeof r.latitude === 'number' &&
      'longitude' in r && typeof r.longitude === 'number' &&
      'timeZone' in r && typeof r.timeZone === 'string',
  );
}

/**
 * The place search client: `GET /places/search?q=` on the project's own server. ky is imported with the module, as the
 * other API clients import it (src/services/api-call.ts): the app's chunks hold it already, where an `import('ky')`
 * here made a chunk of its own, one more request and a round trip before the first letter's search went out.
 */
export function createPlaceSearch(config: AppConfig) {
  const base = config.placesApiUrl || window.location.origin;
  return async function searchPlaces(query: string, signal: AbortSignal): Promise<PlaceSuggestion[]> {
    const body: unknown = await ky
      .get(`${base}/places/search`, { searchParams: { q: query, limit: 8 }, signal, timeout: config.requestTimeoutMs, retry: 1 })
      .json();
    if (!isSearchResponse(body)) throw new Error('place search: unexpected response');
    return body.results.map(({ id, label, latitude, longitude, timeZone }) => ({ id, label, latitude, longitude, timeZone }));
  };
}

/**
 * The zone histories client: `GET /places/zone?id=` on the project's own server, one request per zone for the page's
 * life (the place screen asks for the zones of the suggestions as they arrive, so the one picked is usually there
 * before the tap). A failed request is forgotten, so the next pick asks again.
 */
export function createZoneHistories(config: AppConfig) {
  const base = config.placesApiUrl || window.location.origin;
  const known = new Map<string, Promise<ZoneHistory>>();
  return function zoneHistory(zone: string): Promise<ZoneHistory> {
    let history = known.get(zone);
    if (!history) {
      history = (async () => {
        const body: unknown = await ky.get(`${base}/places/zone`, { searchParams: { id: zone }, timeout: config.requestTimeoutMs, retry: 1 }).json();
        if (!isZoneHistory(body)) throw new Error('zone history: unexpected response');
        return body;
      })();
      known.set(zone, history);
      history.catch(() => known.delete(zone));
    }
    return history;
  };
}

import { createContext, useContext } from 'react';
import type { PlaceSuggestion } from '../shared/place-suggestion';
import type { ZoneHistory } from '../engine/zone-history';

/** What screens need from the outside world; the app provides the implementations. */
export interface ScreenServices {
  /** Resolves suggestions, or rejects when the search cannot be reached. */
  searchPlaces(query: string, signal: AbortSignal): Promise<PlaceSuggestion[]>;
  /** Resolves a zone's whole history from the tz database (by its IANA name), or rejects when it cannot be had. */
  zoneHistory(zone: string): Promise<ZoneHistory>;
}

export const ScreenServicesContext = createContext<ScreenServices | null>(null);

export function useScreenServices(): ScreenServices {
  const services = useContext(ScreenServicesContext);
  if (!services) throw new Error('ScreenServicesContext is not provided');
  return services;
}

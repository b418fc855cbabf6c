import { createContext, useContext } from 'react';

/** A place suggestion from the place search (the server's gazetteer). */
export interface PlaceSuggestion {
  id: string;
  label: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** What screens need from the outside world; the app provides the implementations. */
export interface ScreenServices {
  /** Resolves suggestions, or rejects when the search cannot be reached. */
  searchPlaces(query: string, signal: AbortSignal): Promise<PlaceSuggestion[]>;
}

export const ScreenServicesContext = createContext<ScreenServices | null>(null);

export function useScreenServices(): ScreenServices {
  const services = useContext(ScreenServicesContext);
  if (!services) throw new Error('ScreenServicesContext is not provided');
  return services;
}

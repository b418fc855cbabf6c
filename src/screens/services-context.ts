import { createContext, useContext } from 'react';
import type { PlaceSuggestion } from '../shared/place-suggestion';

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

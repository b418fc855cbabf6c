/**
 * A place suggestion from the place search (`GET /places/search`, the server's gazetteer): what the place search
 * client gives (src/services/place-search.ts) and the place screen offers (src/screens/services-context.ts).
 */
export interface PlaceSuggestion {
  id: string;
  label: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

import { createAstroApi } from '../services/astro-api';
import type { AppConfig } from '../services/config';
import type { HttpOptions } from '../services/api-call';
import { createIpLookup } from '../services/ip-lookup';
import { createPlaceSearch, createZoneHistories } from '../services/place-search';
import { createSubscriptionApi } from '../services/subscription-api';

/** The backend clients, made from the configuration (the composition root makes one set per page load). */
export function createApiClients(config: AppConfig & Pick<HttpOptions, 'startRequests'>) {
  return {
    astro: createAstroApi(config),
    subscriptions: createSubscriptionApi(config),
    lookUpIp: createIpLookup(config),
    searchPlaces: createPlaceSearch(config),
    zoneHistory: createZoneHistories(config),
  };
}

export type ApiClients = ReturnType<typeof createApiClients>;

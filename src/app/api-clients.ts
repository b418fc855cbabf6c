import { createAstroApi } from '../services/astro-api';
import { config } from '../services/config';
import { createIpLookup } from '../services/ip-lookup';
import { createSubscriptionApi } from '../services/subscription-api';

let clients: ReturnType<typeof create> | null = null;

function create() {
  return { astro: createAstroApi(config), subscriptions: createSubscriptionApi(config), lookUpIp: createIpLookup(config) };
}

/** The app's one set of backend clients (the visitor session and the funnel's effects share them). */
export function apiClients() {
  clients ??= create();
  return clients;
}

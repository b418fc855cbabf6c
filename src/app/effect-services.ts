import { config } from '../services/config';
import { apiClients } from './api-clients';
import type { EffectServices } from './effects';
import { absoluteUrl } from '../services/api-call';
import { getVisitorSession } from './session/visitor-session';
import { randomId } from './session/random-id';

/** The effects' services in the browser: the real servers, the visitor session, the browser itself. */
export function browserEffectServices(project: string): EffectServices {
  return {
    astro: apiClients().astro,
    subscriptions: apiClients().subscriptions,
    project,
    visitor: () => {
      const { id, session } = getVisitorSession().getSnapshot().context;
      return { usid: id ?? '', flowOuter: session?.record.flowOuter ?? false, ipInfo: session?.record.ipInfo ?? null, email: session?.user?.email ?? null };
    },
    newOrderId: () => `ord_${randomId().replace(/-/g, '')}`,
    origin: new URL(absoluteUrl(config.subscriptionApiUrl)).origin,
    openPaymentPage: (url) => window.location.assign(url),
    browser: () => ({
      userAgent: navigator.userAgent,
      cookies: document.cookie,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
  };
}

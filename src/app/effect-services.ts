import { config } from '../services/config';
import { apiClients } from './api-clients';
import type { EffectServices } from './effects';
import type { Profile } from '../engine/generated/flow-types';
import { absoluteUrl } from '../services/api-call';
import { getVisitorSession, visitorIdKey } from './session/visitor-session';
import { randomId } from './session/random-id';
import { reportsOrderedStore } from './effects/reports-ordered';
import { linkedEmail, visitorIdFrom } from './effects/visitor-email';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedVisitorId(): string | null {
  try {
    return storage()?.getItem(visitorIdKey) ?? null;
  } catch {
    return null;
  }
}

/**
 * The effects' services in the browser: the real servers, the visitor session, the browser itself, and the
 * flow's project id and `profile` roles (which answers the payloads read).
 */
export function browserEffectServices(project: string, profile: Profile): EffectServices {
  const session = () => getVisitorSession().getSnapshot().context;
  // Payment return pages skip loading the session: the id then comes from storage or the return URL.
  const visitorId = () => visitorIdFrom(session().id, storedVisitorId(), window.location.search);
  let linked: Promise<string | null> | null = null;
  return {
    astro: apiClients().astro,
    subscriptions: apiClients().subscriptions,
    project,
    profile,
    testOffers: config.testOffers,
    visitor: () => {
      const { session: loaded } = session();
      return { usid: visitorId() ?? '', flowOuter: loaded?.record.flowOuter ?? false, ipInfo: loaded?.record.ipInfo ?? null, email: loaded?.user?.email ?? null };
    },
    visitorEmail: () => {
      // A payment return page runs checkPayment and orderReports at once, and both ask: one session read serves
      // the page load (a failed one is not kept, so the next effect asks again).
      const known = session().session?.user?.email;
      if (known) return Promise.resolve(known);
      linked ??= linkedEmail(null, visitorId(), apiClients().subscriptions.getSession).then((email) => {
        if (!email) linked = null;
        return email;
      });
      return linked;
    },
    reportsOrdered: reportsOrderedStore(storage()),
    newOrderId: () => `ord_${randomId().replace(/-/g, '')}`,
    origin: new URL(absoluteUrl(config.subscriptionApiUrl)).origin,
    openPaymentPage: (url) => window.location.assign(url),
    // The hosted payment's way back (`/payment-success?…&payment=true&order=…`): the order is only a claim to check.
    paymentReturn: () => ({ order: new URLSearchParams(window.location.search).get('order') }),
    browser: () => ({
      userAgent: navigator.userAgent,
      cookies: document.cookie,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
  };
}

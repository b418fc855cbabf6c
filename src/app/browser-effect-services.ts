import type { AppConfig } from '../services/config';
import type { ApiClients } from './api-clients';
import type { EffectServices } from './effect-registry';
import type { Profile } from '../engine/generated/flow-types';
import { readStoredVisitorId, type VisitorSessionActor } from './session/visitor-session';
import { reportsOrderedStore } from './effects/reports-ordered';
import { linkedEmail, visitorIdFrom } from './effects/visitor-email';
import type { BrowserPort } from './browser-port';

/** What the effects' services are made of: the composition root hands each part in. */
export interface EffectServiceParts {
  project: string;
  profile: Profile;
  config: AppConfig;
  clients: ApiClients;
  session: VisitorSessionActor;
  browser: BrowserPort;
}

/**
 * The effects' services: the real servers, the visitor session, the browser itself, and the flow's project id and
 * `profile` roles (which answers the payloads read).
 */
export function effectServices({ project, profile, config, clients, session: actor, browser }: EffectServiceParts): EffectServices {
  const session = () => actor.getSnapshot().context;
  // Payment return pages skip loading the session: the id then comes from storage or the return URL.
  const visitorId = () => visitorIdFrom(session().id, readStoredVisitorId(browser.localStorage), browser.address().search);
  let linked: Promise<string | null> | null = null;
  return {
    astro: clients.astro,
    subscriptions: clients.subscriptions,
    project,
    profile,
    testOffers: config.testOffers,
    visitor: () => {
      const { session: loaded } = session();
      return { usid: visitorId() ?? '', flowOuter: loaded?.record.flowOuter ?? false, ipInfo: loaded?.record.ipInfo ?? null };
    },
    visitorEmail: () => {
      // A payment return page runs checkPayment and orderReports at once, and both ask: one session read serves
      // the page load (a failed one is not kept, so the next effect asks again).
      const known = session().session?.user?.email;
      if (known) return Promise.resolve(known);
      linked ??= linkedEmail(null, visitorId(), clients.subscriptions.getSession).then((email) => {
        if (!email) linked = null;
        return email;
      });
      return linked;
    },
    reportsOrdered: reportsOrderedStore(browser.localStorage),
    newOrderId: () => `ord_${browser.newId().replace(/-/g, '')}`,
    origin: new URL(config.subscriptionApiUrl, browser.origin).origin,
    openPaymentPage: (url) => browser.openPaymentPage(url),
    // The hosted payment's way back (`/payment-success?…&payment=true&order=…`): the order is only a claim to check.
    paymentReturn: () => ({ order: new URLSearchParams(browser.address().search).get('order') }),
    // The way back to the payment error page (`?payment=true&reason=declined`, `?payment=cancelled`): which text it shows.
    paymentErrorReturn: () => {
      const query = new URLSearchParams(browser.address().search);
      return { payment: query.get('payment'), reason: query.get('reason') };
    },
    browser: () => browser.details(),
  };
}

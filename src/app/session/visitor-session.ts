import { createActor } from 'xstate';
import { sessionRules } from '../../engine/session-rules';
import type { IpInfo } from '../../shared/contract/subscription';
import { apiClients } from '../api-clients';
import { loadFlow } from '../load-flow';
import { appSessionPages } from '../../shared/public-paths';
import { randomId } from './random-id';
import { createVisitorSessionMachine, type SessionServices } from './visitor-session-machine';

/** localStorage key of the visitor's id, so a returning visitor keeps their session. */
export const visitorIdKey = 'astrelle:usid';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The real services: the subscription and astro servers, the IP lookup (once per page load), localStorage. */
function browserServices(): SessionServices {
  const { subscriptions, astro, lookUpIp: lookUp } = apiClients();
  let ipInfo: Promise<IpInfo | undefined> | null = null;
  return {
    createSession: subscriptions.createSession,
    getSession: subscriptions.getSession,
    writeSession: subscriptions.writeSession,
    lookUpIp: () => {
      // One lookup per page load; a failed one is tried again on the next save.
      ipInfo ??= lookUp().then((info) => {
        if (!info) ipInfo = null;
        return info;
      });
      return ipInfo;
    },
    confirmEmail: astro.confirmEmail,
    // A/B assignments arrive with remote config; until then the session records none.
    abTestData: () => ({}),
    readStoredId: () => {
      try {
        return storage()?.getItem(visitorIdKey) ?? null;
      } catch {
        return null;
      }
    },
    storeId: (id) => {
      try {
        storage()?.setItem(visitorIdKey, id);
      } catch {
        // Without storage the id lives in the URL only; the visit still works.
      }
    },
    newId: randomId,
  };
}

let actor: ReturnType<typeof start> | null = null;

function start() {
  const loaded = loadFlow();
  // A broken flow shows its own error page; the session then has nothing to guard.
  const rules = loaded.ok ? sessionRules(loaded.flow, appSessionPages) : () => 'skip' as const;
  const session = createActor(createVisitorSessionMachine(rules, browserServices())).start();
  // The address the page opened with is the first visit, even if the funnel moves on (a tap made
  // on the landing before the code arrived) before the view that reports addresses has mounted.
  const { pathname, search, hash } = window.location;
  session.send({ type: 'VISIT', pathname, search, hash });
  return session;
}

/** The visitor's session actor, one per page load, created by whichever part of the app asks first. */
export function getVisitorSession() {
  actor ??= start();
  return actor;
}

export type VisitorSessionActor = ReturnType<typeof getVisitorSession>;

import { createActor } from 'xstate';
import type { Flow } from '../../engine/generated/flow-types';
import { sessionRules } from '../../engine/session-rules';
import type { IpInfo } from '../../shared/contract/subscription';
import { appSessionPages } from '../../shared/public-paths';
import { visitorIdKey } from '../../shared/visitor-id-key';
import type { ApiClients } from '../api-clients';
import { createVisitorSessionMachine, type SessionServices, type VisitorSessionMachine } from './visitor-session-machine';

/** The session machine's implementations by name (its server calls are actors), as `.provide()` takes them. */
export type SessionImplementations = Parameters<VisitorSessionMachine['provide']>[0];


/** The id kept for this visitor across visits, or null (no storage, nothing stored). */
export function readStoredVisitorId(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(visitorIdKey) ?? null;
  } catch {
    return null;
  }
}

/** The session's services: the subscription and astro servers, the IP lookup (once per page load), the id store. */
export function sessionServices(clients: ApiClients, storage: Pick<Storage, 'getItem' | 'setItem'> | null, newId: () => string): SessionServices {
  let ipInfo: Promise<IpInfo | undefined> | null = null;
  return {
    createSession: clients.subscriptions.createSession,
    getSession: clients.subscriptions.getSession,
    writeSession: clients.subscriptions.writeSession,
    lookUpIp: () => {
      // One lookup per page load; a failed one is tried again on the next save.
      ipInfo ??= clients.lookUpIp().then((info) => {
        if (!info) ipInfo = null;
        return info;
      });
      return ipInfo;
    },
    confirmEmail: clients.astro.confirmEmail,
    // A/B assignments arrive with remote config; until then the session records none.
    abTestData: () => ({}),
    readStoredId: () => readStoredVisitorId(storage),
    storeId: (id) => {
      try {
        storage?.setItem(visitorIdKey, id);
      } catch {
        // Without storage the id lives in the URL only; the visit still works.
      }
    },
    newId,
  };
}

/**
 * The visitor's session actor, started and waiting for its first visit: the address the page opened with
 * (`firstVisit`), handed to it before any other (even if the funnel moves on, a tap made on the landing before the
 * code arrived, before the address bar's writer mounts). With a broken flow (`null`) the session has nothing to guard.
 */
export function createVisitorSession(flow: Flow | null, services: SessionServices, implementations?: SessionImplementations) {
  const rules = flow ? sessionRules(flow, appSessionPages) : () => 'skip' as const;
  const machine = createVisitorSessionMachine(rules, services);
  return createActor(implementations ? machine.provide(implementations) : machine).start();
}

/** Hands the session the address the page opened with, as its first visit. */
export function firstVisit(session: VisitorSessionActor, opened: { pathname: string; search: string; hash: string }): void {
  session.send({ type: 'VISIT', ...opened });
}

export type VisitorSessionActor = ReturnType<typeof createVisitorSession>;

import { assign, enqueueActions, fromPromise, setup, spawnChild } from 'xstate';
import type { IpInfo, Session, SessionWrite } from '../../shared/contract/subscription';
import type { CallResult } from '../../services/api-call';
import type { SessionRule, SessionRuleOf } from '../../engine/session-rules';
import { buildSessionWrite } from './build-session-write';
import { isVisitorId } from '../../shared/contract/visitor-id';
import { readVisitParams, withParam, withoutParams, type VisitParams } from './visit-params';

/** What the session machine needs from the outside world (HTTP clients, storage, randomness). */
export interface SessionServices {
  /** POST /sessions/create, as a result: 403 means "another visitor's session" (take a new id). */
  createSession(id: string): Promise<CallResult<Session>>;
  /** GET /sessions/{id}, as a result: 404 means "no such session" (401: none this browser may read). */
  getSession(id: string): Promise<CallResult<Session>>;
  /** POST /sessions/write/{id}; null when it failed. */
  writeSession(body: SessionWrite): Promise<Session | null>;
  /** The visitor's IP info, or undefined when the lookup failed. */
  lookUpIp(): Promise<IpInfo | undefined>;
  /** PUT /api/v2/user/confirm-email?usid= (for visitors who arrive from our email). */
  confirmEmail(usid: string): Promise<unknown>;
  /** The A/B test data to save with the visit (remote config's assignments). */
  abTestData(): Record<string, unknown>;
  /** The id kept for this visitor across visits. */
  readStoredId(): string | null;
  storeId(id: string): void;
  newId(): string;
}

export interface Visit {
  pathname: string;
  search: string;
  params: VisitParams;
  rule: SessionRule;
  /** The address without usid: a visit that only gains its usid is the same visit. */
  key: string;
}

export interface SessionContext {
  /** The visitor's id (the session id, `usid` in the URL). */
  id: string | null;
  /** The latest address opened. */
  visit: Visit | null;
  /** Whether `visit` has been acted on (visits that arrive while a call runs wait their turn). */
  routed: boolean;
  /** The public-page visit whose parameters the current refresh saves. */
  publicVisit: Visit | null;
  session: Session | null;
  /** Ids whose session exists, as far as this page load knows (created, or loaded). */
  known: string[];
  /** The visits saved in this page load (id + address), so each is saved once. */
  saved: string[];
  /** The id whose email was confirmed in this page load. */
  confirmedFor: string | null;
  /** The latest address change the machine asks for (see UrlRequest). */
  urlRequest: UrlRequest | null;
  /** How many times this page load replaced an id the server said was another visitor's. */
  renewals: number;
}

/**
 * An address the app should replace the current one with (usid put in, or / without a session).
 * Kept in context rather than emitted, so a view that subscribes late still sees it; `from` is the
 * address it was meant for, so it is dropped once the visitor has moved on.
 */
export interface UrlRequest {
  pathname: string;
  search: string;
  from: string;
  seq: number;
}

export type SessionEvent = { type: 'VISIT'; pathname: string; search: string; hash: string };

const validId = (value: string | undefined | null): string | null => (value && isVisitorId(value) ? value : null);
/** A fresh random id never collides; one retry covers a server that refused one anyway, two end the loop. */
const MAX_RENEWALS = 2;
/** An address without its usid: a visit that only gains its usid is the same visit. */
export const addressKey = (pathname: string, search: string, hash: string) => `${pathname}${withoutParams(search, ['usid'])}#${hash.replace(/^#!?/, '')}`;
const savedKey = (id: string, visit: Visit) => `${id} ${visit.key}`;

/**
 * The anonymous visitor session as a state machine. Each address the visitor opens is a
 * VISIT, handled one at a time (a visit that arrives while a call runs waits, so leaving the
 * landing quickly never cancels the landing's session work). The page's rule, from the flow's
 * `session` lists and the app's own pages, decides:
 * - refresh (public pages): take the id (the URL's usid, the stored one, or a new one), put it in
 *   the URL as usid, create or refresh the session, save the visit's parameters, reload the session;
 * - require (the other screens): without a session the visitor is sent to / without `quiz`;
 * - skip: nothing to do.
 * A server that cannot be reached never blocks the visitor: the machine goes on to `ready`.
 */
export function createVisitorSessionMachine(rules: SessionRuleOf, services: SessionServices) {
  return setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
    },
    actors: {
      ensureSession: fromPromise(({ input }: { input: { id: string } }) => services.createSession(input.id)),
      loadSession: fromPromise(({ input }: { input: { id: string } }) => services.getSession(input.id)),
      saveVisit: fromPromise(async ({ input }: { input: { id: string; visit: Visit | null; session: Session | null } }) => {
        if (!input.visit) return { session: null, saved: '' };
        const ipInfo = await services.lookUpIp();
        const session = await services.writeSession(buildSessionWrite(input.id, input.visit.params, input.session, ipInfo, services.abTestData()));
        return { session, saved: savedKey(input.id, input.visit) };
      }),
      confirmEmail: fromPromise(({ input }: { input: { usid: string } }) => services.confirmEmail(input.usid)),
    },
    guards: {
      // The same address again (a re-render, the usid just added) is not a new visit.
      isNewAddress: ({ context, event }) => context.visit?.key !== addressKey(event.pathname, event.search, event.hash),
      isRouted: ({ context }) => context.routed,
      isSkipped: ({ context }) => context.visit?.rule === 'skip',
      isPublicPage: ({ context }) => context.visit?.rule === 'refresh',
      hasSessionId: ({ context }) => validId(context.visit?.params.usid) !== null || context.id !== null || validId(services.readStoredId()) !== null,
      isKnownHere: ({ context }) => context.id !== null && context.known.includes(context.id),
      isVisitUnsaved: ({ context }) => context.id !== null && context.publicVisit !== null && !context.saved.includes(savedKey(context.id, context.publicVisit)),
      isFound: (_, params: { result: CallResult<Session> }) => params.result.ok,
      // Only while the visitor is still on the page that was checked. 401: this browser holds no credential
      // for it (another browser's session, or cookies cleared), which is no session for this visitor.
      isMissingHere: ({ context }, params: { result: CallResult<Session> }) =>
        !params.result.ok && (params.result.status === 404 || params.result.status === 401) && context.routed,
      // The id (from a shared link, say) is another visitor's session: this visitor gets one of their own.
      isOthersSession: ({ context }, params: { result: CallResult<Session> }) => !params.result.ok && params.result.status === 403 && context.renewals < MAX_RENEWALS,
    },
    actions: {
      recordVisit: assign(({ event }) => {
        const params = readVisitParams(event.search, event.hash);
        const visit: Visit = {
          pathname: event.pathname,
          search: event.search,
          params,
          rule: rules(event.pathname, params.payment === 'true'),
          key: addressKey(event.pathname, event.search, event.hash),
        };
        return { visit, routed: false };
      }),
      markRouted: assign({ routed: true }),
      // The URL's usid wins (a visitor arriving from our email continues that session), then the
      // id already in use, then the stored one; a public page assigns a new one when there is none.
      takeId: assign(({ context }, params: { assign: boolean }) => {
        const id = validId(context.visit?.params.usid) ?? context.id ?? validId(services.readStoredId()) ?? (params.assign ? services.newId() : null);
        if (id) services.storeId(id);
        return { id };
      }),
      takeNewId: assign(({ context }) => {
        const id = services.newId();
        services.storeId(id);
        return { id, renewals: context.renewals + 1 };
      }),
      keepPublicVisit: assign(({ context }) => ({ publicVisit: context.visit })),
      keepSession: assign(({ context }, params: { session: Session | null }) =>
        params.session ? { session: params.session, known: context.known.includes(params.session.id) ? context.known : [...context.known, params.session.id] } : {},
      ),
      markSaved: assign(({ context }, params: { saved: string }) => ({ saved: [...context.saved, params.saved] })),
      putUsidInUrl: enqueueActions(({ context, enqueue }) => {
        const visit = context.visit;
        if (!visit || !context.id || visit.params.usid === context.id) return;
        enqueue.assign({ urlRequest: { pathname: visit.pathname, search: withParam(visit.search, 'usid', context.id), from: visit.key, seq: (context.urlRequest?.seq ?? 0) + 1 } });
      }),
      sendToStart: assign(({ context }) => ({
        urlRequest: { pathname: '/', search: withoutParams(context.visit?.search ?? '', ['quiz']), from: context.visit?.key ?? '', seq: (context.urlRequest?.seq ?? 0) + 1 },
      })),
      // utm_email_id=1: the visitor came from our email, which proves the address (once per page load).
      confirmEmailIfAsked: enqueueActions(({ context, enqueue }) => {
        const id = context.id;
        if (context.visit?.params.utmEmailId !== '1' || !id || context.confirmedFor === id) return;
        enqueue(spawnChild('confirmEmail', { input: { usid: id } }));
        enqueue.assign({ confirmedFor: id });
      }),
    },
  }).createMachine({
    id: 'visitorSession',
    initial: 'idle',
    context: { id: null, visit: null, routed: true, publicVisit: null, session: null, known: [], saved: [], confirmedFor: null, urlRequest: null, renewals: 0 },
    // While a call runs, a new address only waits its turn (see `settling`).
    on: { VISIT: { guard: 'isNewAddress', actions: 'recordVisit' } },
    states: {
      idle: { on: { VISIT: { guard: 'isNewAddress', target: 'routing', actions: 'recordVisit' } } },
      ready: { on: { VISIT: { guard: 'isNewAddress', target: 'routing', actions: 'recordVisit' } } },
      sentToStart: { on: { VISIT: { guard: 'isNewAddress', target: 'routing', actions: 'recordVisit' } } },
      routing: {
        always: [
          { guard: 'isSkipped', target: 'ready', actions: 'markRouted' },
          {
            guard: 'isPublicPage',
            target: 'refreshing',
            actions: ['markRouted', { type: 'takeId', params: { assign: true } }, 'keepPublicVisit', 'putUsidInUrl', 'confirmEmailIfAsked'],
          },
          { guard: 'hasSessionId', target: 'checking', actions: ['markRouted', { type: 'takeId', params: { assign: false } }, 'putUsidInUrl', 'confirmEmailIfAsked'] },
          { target: 'sentToStart', actions: ['markRouted', 'sendToStart'] },
        ],
      },
      refreshing: {
        invoke: {
          src: 'ensureSession',
          input: ({ context }) => ({ id: context.id ?? '' }),
          onDone: [
            {
              guard: { type: 'isOthersSession', params: ({ event }) => ({ result: event.output }) },
              target: 'refreshing',
              reenter: true,
              actions: ['takeNewId', 'putUsidInUrl'],
            },
            { target: 'saving', actions: { type: 'keepSession', params: ({ event }) => ({ session: event.output.ok ? event.output.data : null }) } },
          ],
          onError: 'settling',
        },
      },
      saving: {
        initial: 'deciding',
        states: {
          deciding: { always: [{ guard: 'isVisitUnsaved', target: 'writing' }, { target: '#visitorSession.settling' }] },
          writing: {
            invoke: {
              src: 'saveVisit',
              input: ({ context }) => ({ id: context.id ?? '', visit: context.publicVisit, session: context.session }),
              onDone: {
                target: 'reloading',
                actions: [
                  { type: 'markSaved', params: ({ event }) => ({ saved: event.output.saved }) },
                  { type: 'keepSession', params: ({ event }) => ({ session: event.output.session }) },
                ],
              },
              onError: '#visitorSession.settling',
            },
          },
          reloading: {
            invoke: {
              src: 'loadSession',
              input: ({ context }) => ({ id: context.id ?? '' }),
              onDone: {
                target: '#visitorSession.settling',
                actions: { type: 'keepSession', params: ({ event }) => ({ session: event.output.ok ? event.output.data : null }) },
              },
              onError: '#visitorSession.settling',
            },
          },
        },
      },
      checking: {
        always: { guard: 'isKnownHere', target: 'settling' },
        invoke: {
          src: 'loadSession',
          input: ({ context }) => ({ id: context.id ?? '' }),
          onDone: [
            {
              guard: { type: 'isFound', params: ({ event }) => ({ result: event.output }) },
              target: 'settling',
              actions: { type: 'keepSession', params: ({ event }) => ({ session: event.output.ok ? event.output.data : null }) },
            },
            { guard: { type: 'isMissingHere', params: ({ event }) => ({ result: event.output }) }, target: 'sentToStart', actions: 'sendToStart' },
            // Unreachable server (or the visitor moved on): carry on rather than lose the visitor's place.
            { target: 'settling' },
          ],
          onError: 'settling',
        },
      },
      settling: {
        always: [{ guard: 'isRouted', target: 'ready' }, { target: 'routing' }],
      },
    },
  });
}

export type VisitorSessionMachine = ReturnType<typeof createVisitorSessionMachine>;

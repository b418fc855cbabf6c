import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { screenIdOf } from '../../engine/compile-flow';
import { indexFlow } from '../../engine/flow-graph';
import { publicPaths } from '../../shared/public-paths';
import { useAppRoot } from '../app-root-context';
import { addressKey } from '../session/visitor-session-machine';
import { withoutParams } from '../session/visit-params';
import type { AddressIntent } from './address-intents';
import { historyIndex, isEntryState, type EntryState } from './history-entry';

/** The address the browser shows now (a render may be of one it has already left). */
function shown() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** What the writer kept in the entry the browser shows now. */
function shownEntry(): EntryState | null {
  const state: unknown = window.history.state;
  const entry: unknown = typeof state === 'object' && state !== null && 'usr' in state ? state.usr : null;
  return isEntryState(entry) ? entry : null;
}

/** A replace keeps the entry's own state: what is behind it has not changed. */
const replacing = () => ({ replace: true, state: shownEntry() });
/** A new entry knows the one behind it. */
const pushing = () => ({ state: { behind: window.location.pathname } satisfies EntryState });

/** Carries out one of the funnel's moves. */
function write(navigate: NavigateFunction, intent: AddressIntent) {
  if (intent.kind === 'leave') {
    navigate(intent.path, pushing());
    return;
  }
  const { route, move } = intent;
  if (route === window.location.pathname) return;
  const idx = historyIndex(window.history.state);
  if ((move === 'back' && shownEntry()?.behind === route) || (move === 'history-back' && idx > 0)) {
    navigate(-1);
  } else if (move === 'back' || move === 'history-back') {
    navigate({ pathname: route, search: window.location.search }, replacing());
  } else {
    navigate({ pathname: route, search: window.location.search }, pushing());
  }
}

/**
 * The one writer of the address bar: a projection of the machines. Every `navigate` of the app is here.
 * - The funnel's screen is the address: a forward move pushes the screen's route; a back move steps back in history
 *   when the entry behind is that screen and replaces the entry otherwise; a `browser` back target steps back when
 *   there is an entry of ours behind; a back target outside the flow (the machine's `leaving`) pushes that page.
 * - An address the visitor opens (back/forward, a typed URL, a link) is read, never fought: on a flow route it is a
 *   NAVIGATE (or a RETURN from the hosted payment) the machine accepts or refuses, and a refused one is put back;
 *   every address is a VISIT for the visitor session.
 * - The session's requests (usid into the URL, or / without a session) are carried out while the visitor is still on
 *   the address they were meant for.
 * - /quiz/1-1/ is /quiz/1-1, and a path that is no page is /404 (unless the flow is broken: its error page shows).
 * Renders nothing.
 */
export default function AddressBar() {
  const root = useAppRoot();
  const location = useLocation();
  const navigate = useNavigate();
  const index = useMemo(() => (root.flow.ok ? indexFlow(root.flow.flow) : null), [root.flow]);
  const onFlowRoute = index?.byRoute.has(location.pathname) ?? false;
  // The funnel starts when a flow route is first opened (FunnelRoute asks for it too, on the same render).
  const funnel = onFlowRoute ? root.funnel() : null;
  const request = useSelector(root.session, (s) => s.context.urlRequest);
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  // An address that is no page of the app.
  useLayoutEffect(() => {
    if (!index || onFlowRoute || publicPaths.includes(location.pathname)) return;
    const trimmed = location.pathname.replace(/\/+$/, '') || '/';
    const known = index.byRoute.has(trimmed) || publicPaths.includes(trimmed);
    // A visitor moved on from a version that had this screen resumes where the funnel carried them, never on 404.
    const resumed = !known && root.movedOn ? root.funnel() : null;
    const route = resumed ? index.byId.get(screenIdOf(resumed.getSnapshot()))?.route : undefined;
    if (route) navigate({ pathname: route, search: location.search }, { replace: true });
    else navigate(known ? { pathname: trimmed, search: location.search } : '/404', { replace: true });
  }, [index, onFlowRoute, location.pathname, location.search, navigate, root]);

  // An address opened on a flow route: the machine's to accept or refuse.
  useLayoutEffect(() => {
    // A render of an address the browser has already left (the session put the usid in at the moment a tap
    // moved the funnel on) is not the visitor going there: taking it for one sent a fast tapper back to /.
    const now = shown();
    if (!funnel || !index || location.pathname !== now.pathname || location.search !== now.search) return;
    // A tap on the landing's "start" made before the funnel ran puts the first question's address in the bar (the
    // landing's inline script): that address is the tap's, which moves the funnel on first.
    root.startIfRequested();
    // The funnel has moved and its moves are not in the address bar yet (this view mounted after the move: its chunk
    // arrived late, after a fast visitor's tap): the address is the app's own, left behind, not one the visitor
    // opened. Taking it for one sent the visitor back a screen while the address went on (the effect below writes
    // the moves, and this runs again for the new address).
    if (root.addressIntents.pending()) return;
    const target = index.byRoute.get(location.pathname);
    if (!target) return;
    if (target.id !== screenIdOf(funnel.getSnapshot())) funnel.send({ type: 'NAVIGATE', screen: target.id });
    // Back from the hosted payment (payment=…): a return route of the price screen the visitor left from.
    if (target.id !== screenIdOf(funnel.getSnapshot()) && new URLSearchParams(location.search).has('payment')) {
      funnel.send({ type: 'RETURN', screen: target.id });
    }
    // The moves the visitor's own address just made are in the address bar already: they are not the app's to write.
    // Written after the next paint as the app's are, one would undo an address the visitor opened meanwhile (back,
    // then at once forward: the back's move, written late, took the visitor back again). A move the machine made
    // instead (a refusal, or another screen than the address's) is written just below.
    root.addressIntents.take();
    const current = index.byId.get(screenIdOf(funnel.getSnapshot()));
    // Refused: back to where the visitor is, without `quiz`, as the session does.
    if (current && current.route !== location.pathname) navigate({ pathname: current.route, search: withoutParams(location.search, ['quiz']) }, replacing());
    // The screen on screen is now the machine's: its events may go out.
    root.onScreen();
  }, [funnel, index, location.pathname, location.search, navigate, root]);

  // The funnel's moves, in order, including any made before this view mounted. A move made by a tap is written once
  // the next screen is painted: a history entry costs the browser a few milliseconds, and the analytics
  // SDK's page-view tracking, which wraps history.pushState, does its work inside it; the visitor waits for neither.
  // Until then the moves are pending, which the effect above reads (the address is behind the funnel, not opened).
  useEffect(() => {
    const intents = root.addressIntents;
    const later = root.afterPaint ?? ((task: () => void) => task());
    let waiting = false;
    const apply = () => {
      waiting = false;
      for (const intent of intents.take()) write(navigateRef.current, intent);
    };
    apply();
    return intents.subscribe(() => {
      if (waiting) return;
      waiting = true;
      later(apply);
    });
  }, [root.addressIntents, root.afterPaint]);

  // Every address is a visit for the session.
  const { pathname, search, hash } = location;
  useEffect(() => {
    root.session.send({ type: 'VISIT', pathname, search, hash });
  }, [root.session, pathname, search, hash]);

  // The session's requests, while the visitor is still on the address they were meant for.
  useEffect(() => {
    // Compared with the address the browser shows now, not the one of this render: the funnel may
    // have moved on in an effect of the same commit, and replacing its new entry would undo that.
    const now = shown();
    if (!request || request.from !== addressKey(now.pathname, now.search, now.hash)) return;
    if (request.pathname === now.pathname && request.search === now.search) return;
    navigate({ pathname: request.pathname, search: request.search, hash: now.hash }, replacing());
  }, [request, pathname, search, hash, navigate]);

  return null;
}

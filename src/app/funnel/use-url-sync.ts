import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { screenIdOf } from '../../engine/compile-flow';
import type { Flow } from '../../engine/generated/flow-types';
import { indexFlow } from '../../engine/flow-graph';
import type { FunnelActor } from './create-funnel';
import { withoutParams } from '../session/visit-params';

/** react-router keeps the history position in history.state.idx; 0 means nothing of ours behind. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
}

/**
 * The path of each history entry of this tab, by react-router's index, so a back move can tell
 * whether the entry behind is where the machine went. Kept in sessionStorage to survive a reload.
 */
const entriesKey = 'astrelle:history';

function readEntries(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(entriesKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

function recordEntry(pathname: string, push: boolean): void {
  const entries = readEntries();
  const idx = historyIndex();
  entries[idx] = pathname;
  // A new entry drops the forward ones, as the browser does.
  if (push) entries.length = idx + 1;
  try {
    window.sessionStorage.setItem(entriesKey, JSON.stringify(entries));
  } catch {
    // Without it, back moves replace instead of stepping back: still correct, only longer history.
  }
}

/**
 * Keeps the address bar a projection of the machine. A forward move pushes the screen's route; a
 * back move steps back in history when the entry behind is that screen (so the in-app Back and the
 * browser's back agree) and replaces the entry otherwise; a `browser` back target always steps
 * back. A changed address (back/forward, a typed URL) becomes a NAVIGATE event, and if the machine
 * refuses it the address is put back.
 */
export function useUrlSync(flow: Flow, actor: FunnelActor) {
  const { byId, byRoute } = useMemo(() => indexFlow(flow), [flow]);
  const location = useLocation();
  const navigate = useNavigate();

  useLayoutEffect(() => {
    // A render of an address the browser has already left (the session put the usid in at the moment a tap
    // moved the funnel on) is not the visitor going there: taking it for one sent a fast tapper back to /.
    if (location.pathname !== window.location.pathname || location.search !== window.location.search) return;
    const target = byRoute.get(location.pathname);
    if (!target) return;
    if (target.id !== screenIdOf(actor.getSnapshot())) actor.send({ type: 'NAVIGATE', screen: target.id });
    // Back from the hosted payment (payment=…): a return route of the price screen the visitor left from.
    if (target.id !== screenIdOf(actor.getSnapshot()) && new URLSearchParams(location.search).has('payment')) {
      actor.send({ type: 'RETURN', screen: target.id });
    }
    const current = byId.get(screenIdOf(actor.getSnapshot()));
    if (current && current.route !== location.pathname) {
      // Refused: back to where the visitor is, without `quiz`, as the session does (spec §4).
      navigate({ pathname: current.route, search: withoutParams(location.search, ['quiz']) }, { replace: true });
    } else {
      recordEntry(location.pathname, false);
    }
  }, [location.pathname, location.search, actor, byId, byRoute, navigate]);

  useEffect(() => {
    let last = screenIdOf(actor.getSnapshot());
    const subscription = actor.subscribe((snapshot) => {
      const value = screenIdOf(snapshot);
      if (value === last) return;
      last = value;
      const route = byId.get(value)?.route;
      if (!route || route === window.location.pathname) return;
      const { move } = snapshot.context;
      const idx = historyIndex();
      const behind = idx > 0 ? readEntries()[idx - 1] : undefined;
      if ((move === 'back' || move === 'history-back') && (behind === route || (move === 'history-back' && idx > 0))) {
        navigate(-1);
      } else if (move === 'back') {
        navigate({ pathname: route, search: window.location.search }, { replace: true });
      } else {
        navigate({ pathname: route, search: window.location.search });
        recordEntry(route, true);
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, byId, navigate]);
}

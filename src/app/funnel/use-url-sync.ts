import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Flow } from '../../engine/generated/flow-types';
import { indexFlow } from '../../engine/flow-graph';
import type { FunnelActor } from './create-funnel';

/** react-router keeps the history position in history.state.idx; 0 means nothing of ours behind. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
}

/**
 * Keeps the address bar a projection of the machine. A moved machine pushes its screen's route
 * (or steps back in history for a `browser` back target); a changed address (back/forward, a typed
 * URL) becomes a NAVIGATE event, and if the machine refuses it the address is put back.
 */
export function useUrlSync(flow: Flow, actor: FunnelActor) {
  const { byId, byRoute } = useMemo(() => indexFlow(flow), [flow]);
  const location = useLocation();
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const target = byRoute.get(location.pathname);
    if (!target) return;
    if (target.id !== actor.getSnapshot().value) actor.send({ type: 'NAVIGATE', screen: target.id });
    const current = byId.get(String(actor.getSnapshot().value));
    if (current && current.route !== location.pathname) {
      navigate({ pathname: current.route, search: location.search }, { replace: true });
    }
  }, [location.pathname, location.search, actor, byId, byRoute, navigate]);

  useEffect(() => {
    let last = String(actor.getSnapshot().value);
    const subscription = actor.subscribe((snapshot) => {
      const value = String(snapshot.value);
      if (value === last) return;
      last = value;
      const route = byId.get(value)?.route;
      if (!route || route === window.location.pathname) return;
      if (snapshot.context.move === 'history-back' && historyIndex() > 0) navigate(-1);
      else navigate({ pathname: route, search: window.location.search });
    });
    return () => subscription.unsubscribe();
  }, [actor, byId, navigate]);
}

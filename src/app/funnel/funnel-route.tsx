import { screenIdOf } from '../../engine/compile-flow';
import { useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { indexFlow } from '../../engine/flow-graph';
import { ScreenServicesContext, type ScreenServices } from '../../screens/services-context';
import { config } from '../../services/config';
import { createPlaceSearch } from '../../services/place-search';
import { createEffects } from '../effects';
import { browserEffectServices } from '../effect-services';
import { FunnelView } from './funnel-view';
import { createFunnel, type FunnelActor } from './create-funnel';
import { loadFlow, type LoadedFlow } from '../load-flow';
import { getVisitorSession } from '../session/visitor-session';

const Broken = styled.div`
  max-width: 480px;
  margin: 48px auto;
  padding: 24px;
  border-radius: 16px;
  background: ${({ theme }) => theme.colors.surfaceSolid};
`;

// One flow and one funnel actor per page load, shared by every flow route (and kept while the
// visitor reads a public page).
let funnel: { loaded: LoadedFlow; actor: FunnelActor | null } | null = null;
function getFunnel() {
  if (!funnel) {
    const loaded = loadFlow();
    const actor = loaded.ok
      ? createFunnel(loaded.flow, undefined, createEffects(browserEffectServices(loaded.flow.product.id, loaded.flow.profile)))
      : null;
    if (loaded.ok && actor) {
      // Take the address the visitor opened before the first render (what useUrlSync would do a
      // moment later), so a restored visitor opening / sees / at once and hydration matches.
      const opened = indexFlow(loaded.flow).byRoute.get(window.location.pathname);
      if (opened && opened.id !== screenIdOf(actor.getSnapshot())) actor.send({ type: 'NAVIGATE', screen: opened.id });
    }
    funnel = { loaded, actor };
  }
  return funnel;
}

/**
 * The funnel part of the app, in its own chunk (engine, XState, validator, screens) that main.tsx
 * starts loading at once. Flow routes render the funnel; other unknown paths go to /404.
 */
export default function FunnelRoute() {
  const { pathname, search } = useLocation();
  const [{ loaded, actor }] = useState(getFunnel);
  const services = useMemo<ScreenServices>(() => ({ searchPlaces: createPlaceSearch(config) }), []);
  const byRoute = useMemo(() => (loaded.ok ? indexFlow(loaded.flow).byRoute : null), [loaded]);
  // Back buttons wait for the visitor's session (spec §2); a server that cannot be reached ends the wait too.
  const sessionReady = useSelector(getVisitorSession(), (s) => s.matches('ready'));
  if (!loaded.ok || !actor) {
    return (
      <Broken role="alert">
        <h1>We'll be right back</h1>
        <p>Something is wrong with this quiz. Please try again in a few minutes.</p>
      </Broken>
    );
  }
  // The server accepts /quiz/1-1/ as /quiz/1-1; so does the app.
  if (pathname.length > 1 && pathname.endsWith('/')) return <Navigate to={{ pathname: pathname.replace(/\/+$/, '') || '/', search }} replace />;
  if (!byRoute?.has(pathname)) return <Navigate to="/404" replace />;
  return (
    <ScreenServicesContext.Provider value={services}>
      <FunnelView flow={loaded.flow} actor={actor} sessionReady={sessionReady} />
    </ScreenServicesContext.Provider>
  );
}

import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { indexFlow } from '../../engine/flow-graph';
import { ScreenServicesContext } from '../../screens/services-context';
import { FunnelView } from './funnel-view';
import { useAppRoot } from '../app-root-context';

const Broken = styled.div`
  max-width: 480px;
  margin: 48px auto;
  padding: 24px;
  border-radius: 16px;
  background: ${({ theme }) => theme.colors.surfaceSolid};
`;

/**
 * The funnel part of the app, in its own chunk (screens and their views) that main.tsx starts loading at once.
 * Flow routes render the composed app's funnel (one per page load, kept while the visitor reads a public page);
 * other unknown paths go to /404.
 */
export default function FunnelRoute() {
  const { pathname, search } = useLocation();
  const root = useAppRoot();
  const actor = root.funnel();
  const { flow: loaded } = root;
  const byRoute = useMemo(() => (loaded.ok ? indexFlow(loaded.flow).byRoute : null), [loaded]);
  // Back buttons wait for the visitor's session (spec §2); a server that cannot be reached ends the wait too.
  const sessionReady = useSelector(root.session, (s) => s.matches('ready'));
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
    <ScreenServicesContext.Provider value={root.screenServices}>
      <FunnelView flow={loaded.flow} actor={actor} sessionReady={sessionReady} />
    </ScreenServicesContext.Provider>
  );
}

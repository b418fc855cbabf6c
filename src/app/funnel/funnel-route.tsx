import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
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
 * other paths render nothing (the address bar's writer sends them on).
 */
export default function FunnelRoute() {
  const { pathname } = useLocation();
  const root = useAppRoot();
  const actor = root.funnel();
  const { flow: loaded } = root;
  const byRoute = useMemo(() => (loaded.ok ? indexFlow(loaded.flow).byRoute : null), [loaded]);
  // Back buttons wait for the visitor's session; a server that cannot be reached ends the wait too.
  const sessionReady = useSelector(root.session, (s) => s.matches('ready'));
  if (!loaded.ok || !actor) {
    return (
      <Broken role="alert">
        <h1>We'll be right back</h1>
        <p>Something is wrong with this quiz. Please try again in a few minutes.</p>
      </Broken>
    );
  }
  // Not a screen's route (/quiz/1-1/, or no page at all): the address bar's writer puts the right address in.
  if (!byRoute?.has(pathname)) return null;
  return (
    <ScreenServicesContext.Provider value={root.screenServices}>
      <FunnelView flow={loaded.flow} kinds={root.kinds} actor={actor} sessionReady={sessionReady} startIfRequested={root.startIfRequested} />
    </ScreenServicesContext.Provider>
  );
}

import { useLocation } from 'react-router-dom';
import { WelcomeScreen } from '../screens/welcome/welcome-screen';
import { FunnelFrame } from './funnel/funnel-frame';
import { ScreenSlot } from './funnel/screen-slot';
import { requestStart } from './landing-intent';
import type { Landing } from '../shared/page-flow';

/**
 * Shown while the funnel chunk loads: on the landing route it is the real welcome screen of the flow version the
 * server served the page (its inline JSON), so the landing paints without the engine. A tap is kept until the funnel
 * runs.
 */
export function LandingFallback({ landing }: { landing: Landing | null }) {
  const { pathname } = useLocation();
  if (!landing || pathname !== landing.screen.route) return null;
  return (
    <FunnelFrame group={landing.group} groupId={landing.screen.group}>
      {/* As the funnel shows a screen (FunnelView), so the client hydrates this markup. */}
      <ScreenSlot screenId={landing.screen.id} shown>
        <WelcomeScreen
          screen={landing.screen}
          answers={{}}
          answer={undefined}
          email={null}
          // The tap is kept until the funnel runs; its code is already on the way (the tap was an input:
          // load-funnel-route.ts).
          send={requestStart}
        />
      </ScreenSlot>
    </FunnelFrame>
  );
}

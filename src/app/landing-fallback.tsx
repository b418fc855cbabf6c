import { useLocation } from 'react-router-dom';
import { landing } from 'virtual:landing-screen';
import { WelcomeScreen } from '../screens/welcome/welcome-screen';
import { FunnelFrame } from './funnel/funnel-frame';
import { ScreenSlot } from './funnel/screen-slot';
import { requestStart } from './landing-intent';

/**
 * Shown while the funnel chunk loads: on the landing route it is the real welcome screen, built
 * from the flow at build time, so the landing paints without the engine. A tap is kept until the
 * funnel runs.
 */
export function LandingFallback() {
  const { pathname } = useLocation();
  if (!landing || pathname !== landing.screen.route) return null;
  return (
    <FunnelFrame group={landing.group} groupId={landing.screen.group}>
      {/* As the funnel shows a screen (FunnelView), so the client hydrates this markup. */}
      <ScreenSlot shown>
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

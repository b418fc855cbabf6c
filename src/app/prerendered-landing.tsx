import { useLocation } from 'react-router-dom';
import { FunnelScreens } from './funnel/funnel-screens';
import { productKinds } from '../engine/kinds/product-kinds';
import type { Landing } from '../shared/page-flow';
import { resultsByKind } from '../screens/results-by-kind';

const goNowhere = () => {};
const noResults = resultsByKind({});

/**
 * The landing as the prerender draws it, from the page's flow alone (no engine runs on the server): the welcome
 * screen, and after it, hidden, the first question a tap on "start" leads to with its top bar (src/engine/
 * landing-question.ts), which the landing's inline script shows at the tap before any of the app's code has arrived.
 * FunnelView draws the same while it hydrates this HTML, through the same components.
 */
export function PrerenderedLanding({ landing }: { landing: Landing | null }) {
  const { pathname } = useLocation();
  if (!landing || pathname !== landing.screen.route) return null;
  const question = landing.question;
  return (
    <FunnelScreens
      group={landing.group}
      groupId={landing.screen.group}
      kinds={productKinds}
      topBar={{ screen: question?.screen ?? landing.screen, path: question?.path ?? [], progressUntil: question?.progressUntil, hidden: question !== undefined, sessionReady: false, onBack: goNowhere }}
      hydrated={false}
      screens={question ? [landing.screen, question.screen] : [landing.screen]}
      shown={landing.screen}
      props={{ answers: {}, send: goNowhere, email: null, results: noResults, busy: false, ...(question ? { profile: question.profile } : {}), flags: {} }}
    />
  );
}

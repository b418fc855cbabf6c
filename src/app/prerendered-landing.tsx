import { useLocation } from 'react-router-dom';
import { FunnelScreens, landingDrawing } from './funnel/funnel-screens';
import { productKinds } from '../engine/kinds/product-kinds';
import type { Landing } from '../shared/page-flow';

/**
 * The landing as the prerender draws it on its route (no engine runs on the server): landingDrawing, from the page's
 * flow. FunnelView draws the same while it hydrates this HTML.
 */
export function PrerenderedLanding({ landing }: { landing: Landing | null }) {
  const { pathname } = useLocation();
  if (!landing || pathname !== landing.screen.route) return null;
  return <FunnelScreens {...landingDrawing(landing, productKinds)} />;
}

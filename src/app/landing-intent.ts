import { funnelRunningAttribute, startRequestedAttribute } from '../shared/early-tap';

/**
 * A tap on the landing page's call to action made before the funnel chunk has arrived (the landing is
 * prerendered HTML until then, and React does not replay clicks on content it has not hydrated). It is
 * recorded from the first paint by the inline script of src/shared/early-tap.ts, or by the landing's own button once
 * hydrated (requestStart), and the funnel consumes it once it is running, so an early tap is not lost.
 */

export function requestStart(): void {
  document.documentElement.setAttribute(startRequestedAttribute, '');
}

/** The funnel runs: later taps are its own, not early ones. */
export function stopEarlyTaps(): void {
  document.documentElement.setAttribute(funnelRunningAttribute, '');
}

export function consumeStartIntent(): boolean {
  const root = document.documentElement;
  const requested = root.hasAttribute(startRequestedAttribute);
  root.removeAttribute(startRequestedAttribute);
  return requested;
}

import { earlyTapAttribute, funnelRunningAttribute, landingQuestionAttribute, startRequestedAttribute } from '../shared/early-tap';

/**
 * The visitor's taps on the prerendered landing made before the funnel ran: React does not replay clicks on content
 * it has not hydrated, so the landing's inline script (src/shared/early-tap.ts) records them in the page, and the
 * funnel takes them over once it runs, so none is lost.
 * - A tap on the call to action: recorded as an attribute of <html> (by the inline script, or by the landing's own
 *   button where the landing was drawn in the browser: requestStart), taken once by the composed app, which moves the
 *   funnel on (takeStartRequest).
 * - Taps on the landing's first question, which the inline script shows at once: each control tapped is marked with
 *   its order, and clicked again, in order, once the funnel shows that question (replayEarlyTaps).
 */

export function requestStart(): void {
  document.documentElement.setAttribute(startRequestedAttribute, '');
}

/** Whether a tap on the call to action waits to be taken. */
export function startRequested(): boolean {
  return document.documentElement.hasAttribute(startRequestedAttribute);
}

/** Takes the tap on the call to action, once: true when there was one. */
export function takeStartRequest(): boolean {
  const root = document.documentElement;
  const requested = root.hasAttribute(startRequestedAttribute);
  root.removeAttribute(startRequestedAttribute);
  return requested;
}

/**
 * The funnel runs and shows its own screens: later taps are its own, and the landing's stylesheet no longer shows the
 * first question in the landing's place (the funnel shows it, in the same elements, if that is where the visitor is).
 */
export function handOverFromLanding(): void {
  const root = document.documentElement;
  root.setAttribute(funnelRunningAttribute, '');
  root.removeAttribute(landingQuestionAttribute);
}

/**
 * Clicks again, in the order the visitor made them, the taps on the landing's first question made before the funnel
 * ran, while `stillThere` holds (a tap that answered the question has moved the funnel on: the ones after it were
 * made on a question already answered). Each mark is removed, so nothing is replayed twice.
 */
export function replayEarlyTaps(stillThere: () => boolean): void {
  const marked = [...document.querySelectorAll<HTMLElement>(`[${earlyTapAttribute}]`)];
  const order = (element: HTMLElement) => Number(element.getAttribute(earlyTapAttribute));
  marked.sort((a, b) => order(a) - order(b));
  for (const element of marked) element.removeAttribute(earlyTapAttribute);
  for (const element of marked) {
    if (!stillThere() || !element.isConnected) return;
    element.click();
  }
}

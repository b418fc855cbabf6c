/**
 * A tap on the landing page's call to action made before the funnel chunk has arrived (the landing
 * is prerendered HTML until then, and React does not replay clicks on content it has not hydrated).
 * The funnel consumes it once it is running, so an early tap is not lost.
 */
let startRequested = false;

/** Marks the landing's call to action, so an early tap can be recognised. */
export const startCtaAttribute = 'data-start-cta';

function onEarlyTap(event: Event) {
  if (event.target instanceof Element && event.target.closest(`[${startCtaAttribute}]`)) requestStart();
}

/** Listens for early taps until the funnel runs (stopEarlyTaps). */
export function listenForEarlyTaps(): void {
  document.addEventListener('click', onEarlyTap, true);
}

export function stopEarlyTaps(): void {
  document.removeEventListener('click', onEarlyTap, true);
}

export function requestStart(): void {
  startRequested = true;
}

export function consumeStartIntent(): boolean {
  const requested = startRequested;
  startRequested = false;
  return requested;
}

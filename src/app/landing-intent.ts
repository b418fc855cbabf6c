/**
 * A tap on the landing page's call to action made before the funnel chunk has arrived. The funnel
 * consumes it once it is running, so an early tap is never lost.
 */
let startRequested = false;

export function requestStart(): void {
  startRequested = true;
}

export function consumeStartIntent(): boolean {
  const requested = startRequested;
  startRequested = false;
  return requested;
}

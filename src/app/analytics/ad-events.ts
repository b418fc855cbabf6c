/** The ad pixel's four events as the funnel raises them, with product data only. */
export interface AdEvents {
  pageView(): void;
  lead(eventId: string): void;
  viewContent(params: { content_ids: string[]; currency: string }): void;
  initiateCheckout(params: { value: number; currency: string; content_ids: string[] }, eventId: string): void;
}

/** Ad events held until the pixel is there (it loads on the first input, with consent), then passed on in order. */
export interface QueuedAdEvents extends AdEvents {
  /** The pixel has loaded: what was held is replayed into it, and later events go straight to it. */
  attach(target: AdEvents): void;
  /**
   * Advertising consent withdrawn (or never given): what is held is dropped, the pixel is let go, and what the funnel
   * raises from now on is dropped too (never held for a later grant: it happened without consent), until `attach`.
   */
  clear(): void;
}

/** At most this many events wait for the pixel (a visitor who never taps sends none, and none pile up). */
const MAX_HELD = 50;

export function queuedAdEvents(): QueuedAdEvents {
  let target: AdEvents | null = null;
  let refused = false;
  let held: Array<(to: AdEvents) => void> = [];
  const call = (event: (to: AdEvents) => void) => {
    if (target) event(target);
    else if (!refused) held = [...held, event].slice(-MAX_HELD);
  };
  return {
    pageView: () => call((to) => to.pageView()),
    lead: (eventId) => call((to) => to.lead(eventId)),
    viewContent: (params) => call((to) => to.viewContent(params)),
    initiateCheckout: (params, eventId) => call((to) => to.initiateCheckout(params, eventId)),
    attach: (to) => {
      target = to;
      refused = false;
      const replay = held;
      held = [];
      for (const event of replay) event(to);
    },
    clear: () => {
      target = null;
      refused = true;
      held = [];
    },
  };
}

import type { Flow, Screen } from '../../engine/generated/flow-types';
import { screenIdOf } from '../../engine/compile-flow';
import { indexFlow } from '../../engine/flow-graph';
import type { AnswerValue } from '../../engine/answers';
import type { Analytics } from '../../services/analytics/analytics';
import type { PlansByProvider } from '../../services/subscription-api';
import type { FunnelActor } from '../funnel/create-funnel';
import { screenEvents } from './screen-events';
import type { AdEvents } from './ad-events';
import { randomId } from '../session/random-id';
import { abTestData } from '../../engine/ab-test-data';
import { awaitsFlags } from '../../engine/awaits-flags';
import { appEvents } from '../../engine/analytics-events';
import { resultReads } from '../../engine/kinds/kind-registry';
import type { KindRegistry } from '../../engine/kinds/screen-kind';


type Snapshot = ReturnType<FunnelActor['getSnapshot']>;
const answering = new Set(['ANSWER', 'NEXT', 'SUBMIT_EMAIL']);

/** The plan a price screen's answer names, from the plans the funnel loaded: what was chosen and what it costs now. */
function planOf(plans: PlansByProvider | undefined, productId: AnswerValue | undefined) {
  if (!plans || typeof productId !== 'string') return undefined;
  const plan = [...(plans.maxpay ?? []), ...(plans.paypal ?? [])].find((p) => p.productId === productId);
  if (!plan) return undefined;
  return { id: plan.productId, price: 'trialPrice' in plan && plan.type === 'TRIAL' ? plan.trialPrice : plan.price, currency: plan.currency };
}

/** Whether the machine took the event: the visitor moved, answered, or a submit started. */
function accepted(before: Snapshot, after: Snapshot): boolean {
  return (
    screenIdOf(before) !== screenIdOf(after) ||
    before.context.answers !== after.context.answers ||
    before.context.email !== after.context.email ||
    JSON.stringify(before.value) !== JSON.stringify(after.value)
  );
}

/**
 * Sends the flow's analytics events for the funnel: a screen's `shown` when it opens (from `open()` on: the one open then
 * first), its
 * `answered` when the machine takes the visitor's answer, submit or button; and the app's own critical events,
 * checkout started and the payment result. Every event carries the A/B flags in force. No personal data: the
 * flow checker refuses such properties and screenEvents drops any value holding an email address.
 */
export function trackFunnel(funnel: FunnelActor, flow: Flow, kinds: KindRegistry, analytics: Analytics, ads: AdEvents | null = null): { open(): void; stop(): void } {
  const { byId } = indexFlow(flow);
  const screen = (id: string): Screen | undefined => byId.get(id);
  const send = (events: Array<{ event_type: string; event_properties: Record<string, string | number | boolean> }>) => {
    for (const event of events) analytics.track(event.event_type, event.event_properties, { critical: true });
  };
  // The A/B assignments the visitor has seen (what the session's abTestData holds), on every event.
  const assignments = (snapshot: Snapshot) => abTestData(flow, snapshot.context.assigned);
  // A screen is shown once it is on screen: one waiting for its flags is shown when the wait ends.
  let lastShown: string | null = null;
  // Nothing is shown before the address bar has settled the address the page opened with: a payment return
  // restores the price screen for a moment before the page it returns to opens, and that was never on screen.
  let opened = false;
  const shown = (snapshot: Snapshot) => {
    const id = screenIdOf(snapshot);
    const open = screen(id);
    if (!opened || !open || id === lastShown || awaitsFlags(kinds, flow, snapshot)) return;
    lastShown = id;
    send(screenEvents(kinds, flow, open, 'shown', { assignments: assignments(snapshot) }));
    // The pixel: a PageView on every screen, ViewContent when a paywall shows its plans.
    ads?.pageView();
    if (resultReads(kinds, open).some((read) => read.kind === 'plans')) {
      const plans = loadedPlans(snapshot);
      const ids = [...(plans?.maxpay ?? []), ...(plans?.paypal ?? [])].map((p) => p.productId);
      ads?.viewContent({ content_ids: ids, currency: 'USD' });
    }
  };
  const loadedPlans = (snapshot: Snapshot): PlansByProvider | undefined => {
    const result = snapshot.context.results.loadPlans;
    return result && !('outcome' in result) ? result : undefined;
  };

  let last = funnel.getSnapshot();
  const inspection = funnel.system.inspect((inspected) => {
    if (inspected.type !== '@xstate.snapshot' || inspected.actorRef !== funnel) return;
    const before = last;
    const after = funnel.getSnapshot();
    if (after === before) return;
    last = after;
    const event = inspected.event;
    if (answering.has(event.type) && accepted(before, after)) {
      const from = screen(screenIdOf(before));
      // The answer as the machine took it (never what was typed and refused).
      const answer = from && 'answerKey' in from && event.type === 'ANSWER' ? after.context.answers[from.answerKey] : undefined;
      if (from) send(screenEvents(kinds, flow, from, 'answered', { answer, plan: planOf(loadedPlans(after), answer), assignments: assignments(after) }));
      // The pixel's Lead: an email given (never the email itself).
      if (event.type === 'SUBMIT_EMAIL' && after.context.email !== null) ads?.lead(`lead_${randomId()}`);
    }
    if (screenIdOf(before) !== screenIdOf(after)) lastShown = null;
    shown(after);
    const checkout = after.context.results.startCheckout;
    if (checkout !== before.context.results.startCheckout && checkout?.outcome === 'redirected') {
      const chosen = screen(screenIdOf(after));
      const plan = chosen && 'answerKey' in chosen ? planOf(loadedPlans(after), after.context.answers[chosen.answerKey]) : undefined;
      send([
        {
          event_type: appEvents.checkoutStarted.name,
          event_properties: { screen_id: screenIdOf(after), flow_id: flow.id, flow_version: flow.version, ...(plan ? { plan_id: plan.id, price: plan.price, currency: plan.currency } : {}) },
        },
      ]);
      // The checkout's id deduplicates the pixel's event against a server-side one.
      if (plan) ads?.initiateCheckout({ value: plan.price, currency: plan.currency, content_ids: [plan.id] }, checkout.checkoutId);
    }
    const payment = after.context.results.checkPayment;
    if (payment !== before.context.results.checkPayment && payment) {
      send([{ event_type: appEvents.paymentResult.name, event_properties: { status: payment.outcome, screen_id: screenIdOf(after), flow_id: flow.id, flow_version: flow.version } }]);
    }
  });
  return {
    open: () => {
      if (opened) return;
      opened = true;
      shown(funnel.getSnapshot());
    },
    stop: () => inspection.unsubscribe(),
  };
}

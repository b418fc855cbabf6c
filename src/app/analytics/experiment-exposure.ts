import { appEvents } from '../../engine/analytics-events';
import type { Analytics } from '../../services/analytics/analytics';
import type { VisitorSessionActor } from '../session/visitor-session';

const exposedKey = (experimentId: string) => `astrelle:exposed:${experimentId}`;

/**
 * Tells analytics that the visitor was exposed to the experiment whose arm this page is, once their session exists
 * (the server recorded the exposure when it made it): once per visitor and experiment, remembered in this browser
 * (an experiment id, nothing about the person). Where storage fails, once per page load.
 */
export function reportExposure(
  session: VisitorSessionActor,
  experiment: { id: string },
  flow: { id: string; version: number },
  analytics: Analytics,
  storage: Storage | null,
): void {
  const seen = () => {
    try {
      return storage?.getItem(exposedKey(experiment.id)) === '1';
    } catch {
      return false;
    }
  };
  if (seen()) return;
  let sent = false;
  const subscription = session.subscribe((snapshot) => {
    if (sent || !snapshot.context.session) return;
    sent = true;
    analytics.track(
      appEvents.experimentExposure.name,
      { flag_key: experiment.id, experiment_key: experiment.id, variant: `v${flow.version}`, flow_id: flow.id, flow_version: flow.version },
      { critical: true },
    );
    try {
      storage?.setItem(exposedKey(experiment.id), '1');
    } catch {
      // Storage is a convenience: without it, the next page load tells analytics again (it deduplicates nothing).
    }
    queueMicrotask(() => subscription.unsubscribe());
  });
}

import { abTestData } from '../engine/ab-test-data';
import { awaitsFlags } from '../engine/awaits-flags';
import { flagDeclarations } from '../engine/flags';
import type { Flow } from '../engine/generated/flow-types';
import { parseRemoteFlags } from '../engine/remote-flags';
import type { FunnelActor } from './funnel/create-funnel';
import type { KindRegistry } from '../engine/kinds/screen-kind';

/** Remote Config as the funnel needs it: asked for when a screen waits for a flag (or earlier), answering once. */
export interface RemoteFlagsSource {
  /** Starts the fetch if it has not started (idempotent). */
  request(): void;
  /** Called once with the parameters Remote Config sent ({} when it failed: the defaults stand). */
  subscribe(listener: (entries: Record<string, string>) => void): void;
}

/**
 * Feeds Remote Config's parameters to the funnel as typed flags (SET_FLAGS, settled), asking for them as soon as a
 * screen waits for one; without Remote Config the flags settle at once on their defaults. `onAssigned` hears each
 * change of what the visitor has been assigned (the session's abTestData).
 */
export function followFlags(funnel: FunnelActor, flow: Flow, kinds: KindRegistry, remote: RemoteFlagsSource | null, onAssigned: (assigned: Record<string, unknown>) => void) {
  if (!remote) {
    funnel.send({ type: 'FLAGS_SETTLED' });
  } else {
    remote.subscribe((entries) => {
      const flags = parseRemoteFlags(flagDeclarations(flow), entries, (ignored) => console.warn(`Remote Config parameter "${ignored.name}" ignored: ${ignored.reason}`));
      funnel.send({ type: 'SET_FLAGS', flags, settled: true });
    });
  }
  let assigned = funnel.getSnapshot().context.assigned;
  if (Object.keys(assigned).length > 0) onAssigned(abTestData(flow, assigned));
  funnel.subscribe((snapshot) => {
    if (remote && awaitsFlags(kinds, flow, snapshot)) remote.request();
    if (snapshot.context.assigned === assigned) return;
    assigned = snapshot.context.assigned;
    onAssigned(abTestData(flow, assigned));
  });
  if (remote && awaitsFlags(kinds, flow, funnel.getSnapshot())) remote.request();
}

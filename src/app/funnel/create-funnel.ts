import { createActor } from 'xstate';
import type { Flow } from '../../engine/generated/flow-types';
import { restoreSnapshot, screenIdOf, type FunnelMachine } from '../../engine/compile-flow';
import type { EffectResults } from '../effect-output-map';
import { loadProgress, saveProgress, type ProgressStorage } from '../../engine/persistence';
import { defaultFlags } from '../../engine/flow-graph';
import type { KindRegistry } from '../../engine/kinds/screen-kind';

/**
 * Starts the visitor's funnel actor on `machine` (the flow compiled with its effects): restored from saved
 * progress when it fits this flow, saved again after every change (answers, position and the flag values the
 * visitor has been shown, which a reload must not change; the email is never written). With `afterPaint`, the
 * write waits until the next screen is painted (changes meanwhile are written once, the last), and runs at once if
 * the page is hidden or goes away first (src/app/browser-port.ts).
 */
export function createFunnel(flow: Flow, kinds: KindRegistry, machine: FunnelMachine<EffectResults>, storage: ProgressStorage | null, afterPaint?: (task: () => void) => void) {
  const progress = storage ? loadProgress(storage, flow, kinds, new Date()) : null;
  const actor = createActor(machine, progress ? { snapshot: restoreSnapshot(machine, progress, defaultFlags(flow)) } : {});
  if (storage) {
    let latest: ReturnType<typeof actor.getSnapshot> | null = null;
    const write = () => {
      if (!latest) return;
      const { answers, trail, assigned, seen } = latest.context;
      saveProgress(storage, flow, { screen: screenIdOf(latest), answers, trail, assigned, seen });
      latest = null;
    };
    actor.subscribe((snapshot) => {
      const waiting = latest !== null;
      latest = snapshot;
      if (!afterPaint) write();
      else if (!waiting) afterPaint(write);
    });
  }
  actor.start();
  // A restored state starts no effects: open the screen again so the ones it names run (plans on a price page).
  if (progress) actor.send({ type: 'RESUME' });
  return actor;
}

export type FunnelActor = ReturnType<typeof createFunnel>;

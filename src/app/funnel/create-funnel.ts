import { createActor } from 'xstate';
import type { Flow } from '../../engine/generated/flow-types';
import { restoreSnapshot, screenIdOf, type FunnelMachine } from '../../engine/compile-flow';
import type { EffectResults } from '../effect-results';
import { loadProgress, saveProgress, type ProgressStorage } from '../../engine/persistence';
import { defaultFlags } from '../../engine/flow-graph';
import { progressMigrations } from '../progress-migrations';

/**
 * Starts the visitor's funnel actor on `machine` (the flow compiled with its effects): restored from saved
 * progress when it fits this flow, saved again after every change (answers, position and the flag values the
 * visitor has been shown, which a reload must not change; the email is never written).
 */
export function createFunnel(flow: Flow, machine: FunnelMachine<EffectResults>, storage: ProgressStorage | null) {
  const progress = storage ? loadProgress(storage, flow, new Date(), progressMigrations[flow.id]) : null;
  const actor = createActor(machine, progress ? { snapshot: restoreSnapshot(machine, progress, defaultFlags(flow)) } : {});
  if (storage) {
    actor.subscribe((snapshot) => {
      const { answers, trail, assigned, seen } = snapshot.context;
      saveProgress(storage, flow, { screen: screenIdOf(snapshot), answers, trail, assigned, seen });
    });
  }
  actor.start();
  // A restored state starts no effects: open the screen again so the ones it names run (plans on a price page).
  if (progress) actor.send({ type: 'RESUME' });
  return actor;
}

export type FunnelActor = ReturnType<typeof createFunnel>;

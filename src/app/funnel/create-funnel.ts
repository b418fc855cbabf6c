import { createActor } from 'xstate';
import type { Flow } from '../../engine/generated/flow-types';
import { compileFlow, restoreSnapshot, screenIdOf, type EffectLogics } from '../../engine/compile-flow';
import type { EffectResults } from '../effect-results';
import { loadProgress, saveProgress, type ProgressStorage } from '../../engine/persistence';
import { defaultFlags } from '../../engine/flow-graph';
import { progressMigrations } from '../progress-migrations';

function browserStorage(): ProgressStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Creates the visitor's funnel actor: restored from saved progress when it fits this flow, saved
 * again after every change (answers and position only; the email is never written). `effects`
 * are the named effects the flow's screens run.
 */
export function createFunnel(flow: Flow, storage: ProgressStorage | null = browserStorage(), effects: EffectLogics<EffectResults> = {}) {
  const machine = compileFlow<EffectResults>(flow, { effects });
  const progress = storage ? loadProgress(storage, flow, new Date(), progressMigrations[flow.id]) : null;
  const actor = createActor(machine, progress ? { snapshot: restoreSnapshot(machine, progress, defaultFlags(flow)) } : {});
  if (storage) {
    actor.subscribe((snapshot) => {
      saveProgress(storage, flow, { screen: screenIdOf(snapshot), answers: snapshot.context.answers, trail: snapshot.context.trail });
    });
  }
  actor.start();
  // A restored state starts no effects: open the screen again so the ones it names run (plans on a price page).
  if (progress) actor.send({ type: 'RESUME' });
  return actor;
}

export type FunnelActor = ReturnType<typeof createFunnel>;

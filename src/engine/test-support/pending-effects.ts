import { fromPromise } from 'xstate';
import type { Flow } from '../generated/flow-types';
import type { AnyEffectOutputs, EffectLogics } from '../compile-flow';
import { effectReferences } from '../effect-references';

/** An effect that never answers: its screen stays where the effect leaves it (checking, submitting). */
export const neverAnswers = fromPromise<never>(() => new Promise<never>(() => undefined));

/**
 * Every effect the flow names, as one that never answers: what a test compiles with when it drives the machine
 * without the effects, and then swaps the ones it cares about in with `.provide({ actors })`.
 */
export function pendingEffects(flow: Flow): EffectLogics<AnyEffectOutputs> {
  return Object.fromEntries(effectReferences(flow).map(({ name }) => [name, neverAnswers]));
}

import { fromPromise } from 'xstate';
import type { Flow } from '../generated/flow-types';
import type { AnyEffectOutputs, EffectLogics } from '../compile-flow';
import { effectReferences } from '../effect-references';
import { productKinds } from '../kinds/product-kinds';
import type { KindRegistry } from '../kinds/screen-kind';

/** An effect that never answers: its screen stays where the effect leaves it (checking, submitting). */
export const neverAnswers = fromPromise<never>(() => new Promise<never>(() => undefined));

/**
 * Every effect the flow names, as one that never answers: what a test compiles with when it drives the machine
 * without the effects, and then swaps the ones it cares about in with `.provide({ actors })`.
 */
export function pendingEffects(flow: Flow, kinds: KindRegistry = productKinds): EffectLogics<AnyEffectOutputs> {
  return Object.fromEntries(effectReferences(flow, kinds).map(({ name }) => [name, neverAnswers]));
}

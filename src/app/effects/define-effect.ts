import { fromPromise } from 'xstate';
import type { EffectInputReading } from './effect-input';

/**
 * One effect of the app: `input` takes what the effect needs from the funnel as its screen runs it (its narrow,
 * typed input: an email, the chosen offers, a checkout's routing), and `run` does the effect's work with that alone.
 * The machine gives every effect the same funnel data; each reads it in one place, and its work sees nothing else.
 * The output type is inferred from `run` (the app's map of outputs is inferred from the registry in turn).
 */
export interface EffectDescriptor<Reads, Input, Output> {
  input(funnel: EffectInputReading<Reads>): Input;
  run(input: Input): Promise<Output>;
}

/** The actor logic the machine invokes for an effect's descriptor. */
export function effectLogic<Reads, Input, Output>(descriptor: EffectDescriptor<Reads, Input, Output>) {
  return fromPromise<Output, EffectInputReading<Reads>>(({ input }) => descriptor.run(descriptor.input(input)));
}

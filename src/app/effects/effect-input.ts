import type { EffectInput } from '../../engine/compile-flow';

/**
 * What an effect is given when its screen opens: the screen, the answers, the email in memory, the flags and the
 * screens offered once, and the results of the earlier effects it reads. `Reads` names those (effect name → output),
 * each effect declaring its own from its siblings' output types: no effect depends on the app's map of every effect's
 * output (src/app/effect-output-map.ts), which is inferred from the registry that lists them.
 */
export type EffectInputReading<Reads = Record<never, never>> = EffectInput<Reads>;

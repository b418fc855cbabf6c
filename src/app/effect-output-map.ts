import type { PromiseActorLogic } from 'xstate';
import type { EffectInput } from '../engine/compile-flow';
import type { OutputKind, StoredResults } from '../engine/effect-results';
import type { OutputKinds } from '../screens/results-by-kind';
import type { effectKinds, EffectName } from '../shared/effect-names';
import type { effectsOf } from './effect-registry';

type Kinds = typeof effectKinds;

/** What each effect of an output kind must give: the screens' reading of that kind (src/screens/results-by-kind.ts). */
type KindOutputs = { [Name in EffectName as Kinds[Name] extends OutputKind ? Name : never]: OutputKinds[Kinds[Name] & OutputKind] };

/** The output an effect's logic resolves to. */
type OutputOf<Logic> = Logic extends PromiseActorLogic<infer Output, infer _Input> ? Output : never;

/** Compiles only when every effect of an output kind gives what screens read of that kind. */
type FittingKinds<Results extends KindOutputs> = Results;

/**
 * The output type of each effect the app registers, by name, inferred from the registry (src/app/effect-registry.ts)
 * and each effect's own logic: the one map the machine's context and (through the output kinds) the screens are typed
 * with. An output that does not fit its effect's kind is a compile error here.
 */
export type EffectResults = FittingKinds<{ [Name in keyof ReturnType<typeof effectsOf>]: OutputOf<ReturnType<typeof effectsOf>[Name]> }>;

/** The results the funnel holds: each effect's latest output (or failure), by name, in memory only. */
export type AppResults = StoredResults<EffectResults>;

/** What the machine gives an effect of the app (each effect reads only the results it names: effects/effect-input.ts). */
export type AppEffectInput = EffectInput<EffectResults>;

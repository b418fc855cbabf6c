import type { Flow } from './generated/flow-types';
import type { FlowProblem } from './flow-problem';
import { kindOf, statusEffectOf, submitEffectOf } from './kinds/kind-registry';
import type { KindRegistry } from './kinds/screen-kind';

/** One place a flow names an effect to run: a screen's `effects`, `submit` or status effect (`statusFrom`). */
export interface EffectReference {
  /** JSON pointer of the name in the flow file. */
  pointer: string;
  name: string;
}

/**
 * Every place a flow names an effect the machine runs, with its JSON pointer: the checker refuses names the app
 * does not register and the compiler refuses names it is given no implementation for, both located.
 */
export function effectReferences(flow: Flow, kinds: KindRegistry): EffectReference[] {
  return flow.screens.flatMap((screen, i) => {
    const at = `/screens/${i}`;
    const submit = submitEffectOf(kinds, screen);
    const status = statusEffectOf(kinds, screen);
    const statusField = kindOf(kinds, screen).status?.field ?? 'statusFrom';
    return [
      ...(submit !== undefined ? [{ pointer: `${at}/submit`, name: submit }] : []),
      ...(status !== undefined ? [{ pointer: `${at}/${statusField}`, name: status }] : []),
      ...(screen.effects ?? []).map((name, e) => ({ pointer: `${at}/effects/${e}`, name })),
    ];
  });
}

/** Who is missing an effect: the app's list of names (the checker) or the implementations given (the compiler). */
export type EffectSource = 'registered' | 'implemented';

/** One located problem per reference to an effect that is not among `known`. */
export function unknownEffects(flow: Flow, kinds: KindRegistry, known: readonly string[], source: EffectSource): FlowProblem[] {
  return effectReferences(flow, kinds)
    .filter(({ name }) => !known.includes(name))
    .map(({ pointer, name }) =>
      source === 'registered'
        ? { pointer, message: `unknown effect "${name}"`, hint: known.length > 0 ? `use one of ${known.join(', ')}` : 'this app registers no effects yet' }
        : {
            pointer,
            message: `effect "${name}" has no implementation`,
            hint: `provide "${name}" in the effects the funnel is compiled with (src/app/effect-registry.ts)${known.length > 0 ? `; given: ${known.join(', ')}` : ''}`,
          },
    );
}

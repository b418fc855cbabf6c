import type { Flow } from './generated/flow-types';
import type { FlowProblem } from './flow-problem';
import { outputKindNames, type OutputKind } from './effect-results';
import { resultReads } from './kinds/kind-registry';
import type { KindRegistry } from './kinds/screen-kind';
import { article } from './wording';

/** The output kind of each effect the app registers; null for an effect no screen reads by kind. */
export type EffectKinds = Readonly<Record<string, OutputKind | null>>;

/**
 * A screen field that names an effect whose result the screen reads (a price screen's `plansFrom`, an offers
 * screen's `offersFrom` and `submit`, a payment result screen's `statusFrom`) must name an effect of the kind the
 * field reads: a screen then reads the result typed by that kind. Names the app does not register are left to
 * the other checks.
 */
export function checkEffectKinds(flow: Flow, screenKinds: KindRegistry, kinds: EffectKinds): FlowProblem[] {
  const names = Object.keys(kinds);
  return flow.screens.flatMap((screen, i) =>
    resultReads(screenKinds, screen).flatMap(({ field, effect, kind }) => {
      if (!Object.hasOwn(kinds, effect)) return [];
      const actual = kinds[effect] ?? null;
      if (actual === kind) return [];
      const fitting = names.filter((name) => kinds[name] === kind);
      return [
        {
          pointer: `/screens/${i}/${field}`,
          message: `"${effect}" gives ${actual === null ? 'nothing a screen reads' : outputKindNames[actual]}, but "${field}" of ${article(screen.kind)} ${screen.kind} screen reads ${outputKindNames[kind]}`,
          hint: fitting.length > 0 ? `use ${fitting.join(' or ')}` : `this app registers no effect that gives ${outputKindNames[kind]}`,
        },
      ];
    }),
  );
}

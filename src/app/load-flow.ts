import flowJson from 'virtual:flow';
import type { Flow } from '../engine/generated/flow-types';
import type { FlowProblem } from '../engine/flow-problem';
import { validateFlow } from '../engine/validate-flow';
import { effectKinds, effectNames } from '../shared/effect-names';
import { publicPaths } from '../shared/public-paths';
import { textPlaceholders } from '../shared/text-placeholders';

export type LoadedFlow = { ok: true; flow: Flow } | { ok: false; problems: FlowProblem[] };

let loaded: LoadedFlow | null = null;

/**
 * Validates the bundled flow at load with the same validator as flow:check and the build, once per
 * page load (the funnel and the visitor session share the result).
 */
export function loadFlow(): LoadedFlow {
  loaded ??= validateBundledFlow();
  return loaded;
}

function validateBundledFlow(): LoadedFlow {
  const result = validateFlow(flowJson, { effects: effectNames, effectKinds, publicPaths, placeholders: textPlaceholders });
  if (!result.ok) {
    for (const p of result.problems) console.error(`flow ${p.pointer} ${p.message}; ${p.hint}`);
  }
  return result;
}

import flowJson from 'virtual:flow';
import type { Flow } from '../engine/generated/flow-types';
import type { FlowProblem } from '../engine/flow-problem';
import { validateFlow } from '../engine/validate-flow';
import { effectKinds, effectNames } from '../shared/effect-names';
import { publicPaths } from '../shared/public-paths';
import { textPlaceholders } from '../shared/text-placeholders';

export type LoadedFlow = { ok: true; flow: Flow } | { ok: false; problems: FlowProblem[] };

/** Validates the bundled flow with the same validator as flow:check and the build (the composition root calls it once). */
export function loadBundledFlow(): LoadedFlow {
  return validateFlow(flowJson, { effects: effectNames, effectKinds, publicPaths, placeholders: textPlaceholders });
}

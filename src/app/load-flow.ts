import flowJson from 'virtual:flow';
import type { Flow } from '../engine/generated/flow-types';
import type { FlowProblem } from '../engine/flow-problem';

export type LoadedFlow = { ok: true; flow: Flow } | { ok: false; problems: FlowProblem[] };

/**
 * The bundled flow. The build has validated it with the validator and options of flow:check (vite.config.ts's flow
 * plugin, through scripts/check-flow-file.ts: a build of an invalid flow fails with the located messages, and
 * `npm run dev` keeps the last valid flow and shows the messages in its overlay), so the browser neither carries the
 * validator (380 KB before compression, a third of the app's code) nor runs it again on a visitor's phone.
 */
export function loadBundledFlow(): LoadedFlow {
  return { ok: true, flow: flowJson as Flow };
}

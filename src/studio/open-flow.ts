import validateSchema from '../engine/generated/validate-flow-schema.js';
import type { Flow } from '../engine/generated/flow-types';
import type { FlowProblem } from '../engine/flow-problem';
import { validateFlow } from '../engine/validate-flow';
import { productKinds } from '../engine/kinds/product-kinds';
import { effectKinds, effectNames } from '../shared/effect-names';
import { publicPaths } from '../shared/public-paths';
import { textPlaceholders } from '../shared/text-placeholders';

export interface OpenedFlow {
  /**
   * The flow when it has the schema's shape, so it can be drawn, compared and simulated, even if the checker
   * reports problems (an unreachable screen, a dead end): those are in `problems`, to be shown on the graph.
   */
  flow: Flow | null;
  /** Everything `npm run flow:check` would report, with the same checks the app runs at load. */
  problems: FlowProblem[];
}

/** Checks flow data as the app and `flow:check` do, keeping a flow whose only problems are the checker's own rules. */
export function openFlow(data: unknown): OpenedFlow {
  const checked = validateFlow(data, { kinds: productKinds, effects: effectNames, effectKinds, publicPaths, placeholders: textPlaceholders });
  if (checked.ok) return { flow: checked.flow, problems: [] };
  return { flow: validateSchema(data) ? (data as Flow) : null, problems: checked.problems };
}

/** A flow file's text, parsed and checked; a file that is not JSON is one problem at its root. */
export function readFlowText(text: string): OpenedFlow {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { flow: null, problems: [{ pointer: '/', message: `JSON syntax error: ${error instanceof Error ? error.message : String(error)}`, hint: 'fix the JSON syntax' }] };
  }
  return openFlow(data);
}

/** The screen each problem is about (its pointer starts `/screens/N`), with a short word for the graph. */
export function problemsByScreen(flow: Flow, problems: readonly FlowProblem[]): { words: Map<string, string[]>; all: Map<string, FlowProblem[]> } {
  const words = new Map<string, string[]>();
  const all = new Map<string, FlowProblem[]>();
  for (const problem of problems) {
    const index = /^\/screens\/(\d+)(?:\/|$)/.exec(problem.pointer)?.[1];
    const screen = index === undefined ? undefined : flow.screens[Number(index)];
    if (!screen) continue;
    const word = problem.message.includes('cannot be reached') ? 'unreachable' : problem.message.includes('no way forward') ? 'dead end' : 'problem';
    const list = words.get(screen.id) ?? [];
    if (!list.includes(word)) list.push(word);
    words.set(screen.id, list);
    all.set(screen.id, [...(all.get(screen.id) ?? []), problem]);
  }
  return { words, all };
}

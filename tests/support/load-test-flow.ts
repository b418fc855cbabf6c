import { readFileSync } from 'node:fs';
import { validateFlow } from '../../src/engine/validate-flow';
import type { Flow, Screen } from '../../src/engine/generated/flow-types';
import { productKinds } from '../../src/engine/kinds/product-kinds';

/** The flow under test: flows/astrology.json, or FLOW_FILE (to try an edited flow). Validated, never cast. */
export function loadTestFlow(file = process.env.FLOW_FILE ?? 'flows/astrology.json'): Flow {
  const result = validateFlow(JSON.parse(readFileSync(file, 'utf8')), { kinds: productKinds });
  if (!result.ok) throw new Error(`${file} is invalid: ${result.problems.map((p) => `${p.pointer} ${p.message}`).join('; ')}`);
  return result.flow;
}

export function screenById(flow: Flow, id: string): Screen {
  const screen = flow.screens.find((s) => s.id === id);
  if (!screen) throw new Error(`no screen ${id}`);
  return screen;
}

/** The answer key a question screen saves its answer under (a flow may rename keys; tests never spell them). */
export function keyOf(flow: Flow, id: string): string {
  const screen = screenById(flow, id);
  if (!('answerKey' in screen)) throw new Error(`screen ${id} asks no question`);
  return screen.answerKey;
}

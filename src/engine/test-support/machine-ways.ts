import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { compileFlow } from '../compile-flow';
import type { Flow } from '../generated/flow-types';
import { pendingEffects } from './pending-effects';
import { productKinds } from '../kinds/product-kinds';
import type { KindRegistry } from '../kinds/screen-kind';

/**
 * The compiled machine's ways between screens, as `from>to>kind`: every transition of the directed graph whose
 * source and target lie in different screens (a screen's sub-states are part of it). The root's own transitions are
 * the payment returns (RETURN, to the screen the return opens) and the browser's history (NAVIGATE), left out.
 */
export function machineWays(flow: Flow, kinds: KindRegistry = productKinds): { ways: Set<string>; returns: Set<string>; screens: number } {
  const graph = toDirectedGraph(compileFlow(flow, { kinds, effects: pendingEffects(flow, kinds) }));
  const screenOf = (id: string) => id.split('.')[1] ?? null;
  const ways = new Set<string>();
  const returns = new Set<string>();
  const walk = (node: DirectedGraphNode) => {
    for (const edge of node.edges) {
      const event = edge.label.text;
      const from = screenOf(edge.source.id);
      const to = screenOf(edge.target.id);
      if (!to) continue;
      if (!from) {
        if (event === 'RETURN') returns.add(to);
        continue;
      }
      if (from !== to) ways.add(`${from}>${to}>${event === 'BACK' ? 'back' : 'next'}`);
    }
    // Eventless transitions (a submit's decided outcome, say) are not among the directed graph's edges.
    const from = screenOf(node.stateNode.id);
    for (const transition of node.stateNode.always ?? []) {
      for (const target of transition.target ?? []) {
        const to = screenOf(target.id);
        if (from && to && from !== to) ways.add(`${from}>${to}>next`);
      }
    }
    node.children.forEach(walk);
  };
  walk(graph);
  return { ways, returns, screens: graph.children.length };
}


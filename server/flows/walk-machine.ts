import { fromPromise } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { compileFlow } from '../../src/engine/compile-flow';
import { effectReferences } from '../../src/engine/effect-references';
import { FlowProblemsError, type FlowProblem } from '../../src/engine/flow-problem';
import type { Flow } from '../../src/engine/generated/flow-types';
import type { KindRegistry } from '../../src/engine/kinds/screen-kind';

/** An effect that never answers: the walk follows the machine's transitions, not what the servers would say. */
const neverAnswers = fromPromise<never>(() => new Promise<never>(() => undefined));

/**
 * Compiles the flow into the funnel's machine and walks every transition of it (xstate/graph's directed graph):
 * a version goes out only if the machine the visitors run has every screen of the flow, reaches each of them from the
 * start (or from a payment's return), and leads from each of them to an end screen. The checker says the same of the
 * flow's JSON; this says it of the compiled machine, so a compiler that disagreed with the checker could not publish
 * a funnel with a dead end.
 */
export function walkMachine(flow: Flow, kinds: KindRegistry): FlowProblem[] {
  let graph: DirectedGraphNode;
  try {
    const effects = Object.fromEntries(effectReferences(flow, kinds).map(({ name }) => [name, neverAnswers]));
    graph = toDirectedGraph(compileFlow(flow, { kinds, effects }));
  } catch (error) {
    if (error instanceof FlowProblemsError) return error.problems;
    return [{ pointer: '', message: `the flow does not compile: ${(error as Error).message}`, hint: 'run npm run flow:check and npm run flow:graph on it' }];
  }
  const screenOf = (id: string) => id.split('.')[1] ?? null;
  const forward = new Map<string, Set<string>>();
  const backward = new Map<string, Set<string>>();
  const roots = new Set<string>([flow.start]);
  const link = (from: string, to: string) => {
    if (!forward.has(from)) forward.set(from, new Set());
    forward.get(from)!.add(to);
    if (!backward.has(to)) backward.set(to, new Set());
    backward.get(to)!.add(from);
  };
  const walk = (node: DirectedGraphNode) => {
    const from = screenOf(node.stateNode.id);
    for (const edge of node.edges) {
      const to = screenOf(edge.target.id);
      const source = screenOf(edge.source.id);
      if (!to) continue;
      // The root's own transitions: a payment's return opens its screen from the hosted page (a root of the walk);
      // the browser's history is not a way through the funnel.
      if (!source) {
        if (edge.label.text === 'RETURN') roots.add(to);
        continue;
      }
      if (source !== to && edge.label.text !== 'BACK') link(source, to);
    }
    // Eventless transitions (a submit's decided outcome) are not among the graph's edges.
    for (const transition of node.stateNode.always ?? []) {
      for (const target of transition.target ?? []) {
        const to = screenOf(target.id);
        if (from && to && from !== to) link(from, to);
      }
    }
    node.children.forEach(walk);
  };
  walk(graph);

  const spread = (start: Iterable<string>, edges: Map<string, Set<string>>) => {
    const seen = new Set(start);
    const queue = [...seen];
    while (queue.length > 0) {
      for (const next of edges.get(queue.shift()!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return seen;
  };
  const reached = spread(roots, forward);
  const leadsToAnEnd = spread(flow.screens.filter((s) => s.end === true).map((s) => s.id), backward);
  const inMachine = new Set(graph.children.map((child) => screenOf(child.stateNode.id)));
  const problems: FlowProblem[] = [];
  flow.screens.forEach((screen, i) => {
    const pointer = `/screens/${i}`;
    if (!inMachine.has(screen.id)) problems.push({ pointer, message: `screen "${screen.id}" is not in the compiled machine`, hint: 'run npm run flow:graph to see the machine' });
    else if (!reached.has(screen.id)) problems.push({ pointer, message: `no path of the compiled machine reaches screen "${screen.id}"`, hint: 'lead a screen\'s next or branch to it, or remove it' });
    else if (!leadsToAnEnd.has(screen.id)) problems.push({ pointer, message: `no path of the compiled machine leads from screen "${screen.id}" to an end screen`, hint: 'give it a next, or mark the screen where the funnel ends with "end": true' });
  });
  return problems;
}

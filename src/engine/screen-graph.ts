import type { Condition, Flow, Screen } from './generated/flow-types';
import { branchesOf, indexFlow, predecessors } from './flow-graph';
import { submitEffectOf } from './kinds/kind-registry';
import type { KindRegistry } from './kinds/screen-kind';

/** How a visitor gets from one screen to another. */
export type ScreenEdgeKind = 'next' | 'back' | 'return';

export interface ScreenNode {
  id: string;
  route: string;
  kind: Screen['kind'];
  group: string;
  /** The effects the screen runs while open, and its submit effect. */
  effects: string[];
  submit: string | null;
  /** Marked `end` in the flow: the funnel stops here. */
  end: boolean;
}

export interface ScreenEdge {
  from: string;
  /** A screen id, or a page outside the flow (its path, e.g. `/understanding-astrology`). */
  to: string;
  kind: ScreenEdgeKind;
  /**
   * What decides it, as a person reads it: a branch's condition (`2-3 = dont_know`, `flag discounts = true`),
   * `otherwise` for a default after conditions, the payment's result (`paid`, `error`, `cancel`) for a return, the
   * back button's kind (`previous`, `browser`) for a back edge; empty for a plain next.
   */
  label: string;
}

export interface ScreenGraph {
  start: string;
  nodes: ScreenNode[];
  edges: ScreenEdge[];
  /** Back targets and return routes outside the flow (public pages), by path. */
  outside: string[];
}

/** A condition as one line of text: `1-1 = in_relationships`, `flag discounts = true`, `not seen sale`, `all(…)`. */
export function describeCondition(condition: Condition): string {
  if ('all' in condition) return condition.all.map(describeCondition).join(' and ');
  if ('any' in condition) return `(${condition.any.map(describeCondition).join(' or ')})`;
  if ('not' in condition) return `not (${describeCondition(condition.not)})`;
  if ('outcome' in condition) return `${condition.outcome} → ${condition.is}`;
  if ('flag' in condition) return `flag ${condition.flag} = ${String(condition.is)}`;
  if ('seen' in condition) return condition.is ? `seen ${condition.seen}` : `not seen ${condition.seen}`;
  if ('is' in condition) return `${condition.answer} = ${condition.is}`;
  if ('isNot' in condition) return `${condition.answer} ≠ ${condition.isNot}`;
  return `${condition.answer} in ${condition.in.join(', ')}`;
}

function nodeOf(kinds: KindRegistry, screen: Screen): ScreenNode {
  return {
    id: screen.id,
    route: screen.route,
    kind: screen.kind,
    group: screen.group,
    effects: [...(screen.effects ?? [])],
    submit: submitEffectOf(kinds, screen) ?? null,
    end: screen.end === true,
  };
}

/**
 * The flow as a graph of screens, for people (the studio, `npm run flow:graph`, reviews): one node per screen, one
 * edge per way from a screen to another that the compiled machine takes: each branch of `next` (with its
 * condition), the back button's targets, and a price screen's payment returns. The browser's own back and forward
 * between visited screens (the machine's NAVIGATE) are left out: they can join any two visited screens.
 */
export function screenGraph(flow: Flow, kinds: KindRegistry): ScreenGraph {
  const { byRoute } = indexFlow(flow);
  const preds = predecessors(flow);
  const edges: ScreenEdge[] = [];
  const outside = new Set<string>();
  const target = (route: string) => {
    const inFlow = byRoute.get(route);
    if (inFlow) return inFlow.id;
    outside.add(route);
    return route;
  };

  for (const screen of flow.screens) {
    const branches = branchesOf(screen);
    branches.forEach((branch, i) => {
      const label = branch.when ? describeCondition(branch.when) : i > 0 ? 'otherwise' : '';
      edges.push({ from: screen.id, to: branch.to, kind: 'next', label });
    });
    const back = screen.back;
    if (back?.to === 'screen' && back.screen) edges.push({ from: screen.id, to: back.screen, kind: 'back', label: '' });
    else if (back?.to === 'path' && back.path) edges.push({ from: screen.id, to: target(back.path), kind: 'back', label: '' });
    else if (back) for (const previous of preds.get(screen.id) ?? []) edges.push({ from: screen.id, to: previous, kind: 'back', label: back.to });
    if ('returnTo' in screen && screen.returnTo) {
      for (const [result, value] of Object.entries(screen.returnTo)) {
        if (typeof value === 'string') edges.push({ from: screen.id, to: target(value), kind: 'return', label: result });
        else
          value.forEach((branch, i) =>
            edges.push({ from: screen.id, to: target(branch.to), kind: 'return', label: `${result}${branch.when ? `: ${describeCondition(branch.when)}` : i > 0 ? ': otherwise' : ''}` }),
          );
      }
    }
  }
  return { start: flow.start, nodes: flow.screens.map((screen) => nodeOf(kinds, screen)), edges, outside: [...outside] };
}

/** A Mermaid id for a screen id or path (letters, digits and underscores only). */
function mermaidId(id: string): string {
  return id.startsWith('/') ? `page_${id.slice(1).replace(/[^A-Za-z0-9]/g, '_') || 'start'}` : `s_${id.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/** Text Mermaid reads as a label: no colon, semicolon, hash, quote or brace, which end or break one. */
function mermaidText(text: string): string {
  return text.replace(/[:;#"{}]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The graph as a Mermaid `stateDiagram-v2`: one state per screen (its id, route and page group), one arrow per edge;
 * back edges and payment returns are labelled as such.
 */
export function toMermaid(graph: ScreenGraph): string {
  // Flat states, each with its page group in its label: Mermaid does not draw arrows between states of different
  // composite states, and most of the funnel's arrows cross groups.
  const lines = ['stateDiagram-v2'];
  for (const node of graph.nodes) lines.push(`  state "${mermaidText(`${node.id} ${node.route} (${node.group})`)}" as ${mermaidId(node.id)}`);
  for (const page of graph.outside) lines.push(`  state "${mermaidText(page)}" as ${mermaidId(page)}`);
  lines.push(`  [*] --> ${mermaidId(graph.start)}`);
  for (const edge of graph.edges) {
    const label = edge.kind === 'next' ? edge.label : `${edge.kind}${edge.label ? ` ${edge.label}` : ''}`;
    lines.push(`  ${mermaidId(edge.from)} --> ${mermaidId(edge.to)}${label ? ` : ${mermaidText(label)}` : ''}`);
  }
  for (const node of graph.nodes) if (node.end) lines.push(`  ${mermaidId(node.id)} --> [*]`);
  return `${lines.join('\n')}\n`;
}

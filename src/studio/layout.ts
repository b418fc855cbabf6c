import { Graph, layout } from '@dagrejs/dagre';
import type { ScreenEdge, ScreenGraph } from '../engine/screen-graph';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedNode extends Box {
  id: string;
  /** A page outside the flow (a back target or a return route such as `/understanding-astrology`). */
  outside: boolean;
}

export interface PlacedEdge {
  edge: ScreenEdge;
  /** The line's points, from the source to the target. */
  points: Array<{ x: number; y: number }>;
  /** Where its label goes (edges with a label only). */
  labelAt: { x: number; y: number } | null;
}

export interface PlacedGroup extends Box {
  name: string;
}

export interface GraphLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  groups: PlacedGroup[];
}

export const NODE_WIDTH = 268;
export const NODE_HEIGHT = 58;
const OUTSIDE_WIDTH = 190;
const OUTSIDE_HEIGHT = 34;
/** Rough width of a label's characters at the studio's edge-label size. */
const CHAR_WIDTH = 6.2;
/** The room kept between the drawing and the edges of its box. */
const EDGE_MARGIN = 8;

const groupKey = (name: string) => `group:${name}`;
const edgeName = (i: number) => `e${i}`;

/**
 * Lays the screen graph out with dagre (layered, top to bottom), each page group a cluster. The forward ways (next
 * and payment returns) decide the layers; the back button's ways inside the flow would only fight them, so they
 * are drawn afterwards as curves along the left of the nodes they join. Edges to a screen the flow does not have
 * (a flow the checker refuses) are left out: the checker's problem names them.
 */
export function layoutGraph(graph: ScreenGraph): GraphLayout {
  const g = new Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 46, edgesep: 12, marginx: 24, marginy: 24 });
  const inFlow = new Set(graph.nodes.map((n) => n.id));
  const outside = new Set(graph.outside);
  for (const node of graph.nodes) {
    if (!g.hasNode(groupKey(node.group))) g.setNode(groupKey(node.group), { width: 0, height: 0, label: node.group, paddingTop: 26 } as never);
    g.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
    g.setParent(node.id, groupKey(node.group));
  }
  for (const page of graph.outside) g.setNode(page, { width: OUTSIDE_WIDTH, height: OUTSIDE_HEIGHT });
  const laidOut = (edge: ScreenEdge) => (edge.kind !== 'back' || outside.has(edge.to)) && inFlow.has(edge.from) && (inFlow.has(edge.to) || outside.has(edge.to));
  graph.edges.forEach((edge, i) => {
    if (!laidOut(edge) || edge.from === edge.to) return;
    const label = edgeText(edge);
    g.setEdge(edge.from, edge.to, { width: label ? Math.min(label.length, 40) * CHAR_WIDTH + 8 : 0, height: label ? 16 : 0, labelpos: 'c', weight: edge.kind === 'next' ? 2 : 1 }, edgeName(i));
  });
  layout(g);

  const nodes: PlacedNode[] = [];
  const centre = new Map<string, { x: number; y: number; width: number; height: number }>();
  for (const id of [...graph.nodes.map((n) => n.id), ...graph.outside]) {
    const n = g.node(id);
    const box = { x: (n.x ?? 0) - n.width / 2, y: (n.y ?? 0) - n.height / 2, width: n.width, height: n.height };
    centre.set(id, { x: n.x ?? 0, y: n.y ?? 0, width: n.width, height: n.height });
    nodes.push({ id, outside: !inFlow.has(id), ...box });
  }
  const groups: PlacedGroup[] = [];
  for (const name of new Set(graph.nodes.map((n) => n.group))) {
    const n = g.node(groupKey(name));
    groups.push({ name, x: (n.x ?? 0) - n.width / 2, y: (n.y ?? 0) - n.height / 2, width: n.width, height: n.height });
  }

  const edges: PlacedEdge[] = [];
  graph.edges.forEach((edge, i) => {
    const from = centre.get(edge.from);
    const to = centre.get(edge.to);
    if (!from || !to) return;
    const placed = laidOut(edge) && edge.from !== edge.to ? g.edge({ v: edge.from, w: edge.to, name: edgeName(i) }) : undefined;
    if (placed?.points) {
      edges.push({ edge, points: placed.points, labelAt: edgeText(edge) && placed.x !== undefined && placed.y !== undefined ? { x: placed.x, y: placed.y } : null });
      return;
    }
    // A back edge: out of the source's left side, round to the left of both, into the target's left side.
    const start = { x: from.x - from.width / 2, y: from.y };
    const end = { x: to.x - to.width / 2, y: to.y };
    const bulge = Math.min(120, 18 + Math.abs(start.y - end.y) / 8);
    const left = Math.min(start.x, end.x) - bulge;
    edges.push({ edge, points: [start, { x: left, y: start.y }, { x: left, y: end.y }, end], labelAt: null });
  });

  // Everything drawn must be in view: the nodes, the group boxes around them, the curves of back edges that bulge to
  // the left, and the labels centred on their edges. Dagre's own size counts only some of them, so the drawing is
  // measured and shifted right (and sized) to hold all of it.
  const labelHalf = (e: PlacedEdge) => (Math.min(edgeText(e.edge).length, 40) * CHAR_WIDTH + 8) / 2;
  const lefts = [
    ...nodes.map((n) => n.x),
    ...groups.map((b) => b.x),
    ...edges.flatMap((e) => e.points.map((p) => p.x)),
    ...edges.flatMap((e) => (e.labelAt ? [e.labelAt.x - labelHalf(e)] : [])),
  ];
  const rights = [
    ...nodes.map((n) => n.x + n.width),
    ...groups.map((b) => b.x + b.width),
    ...edges.flatMap((e) => e.points.map((p) => p.x)),
    ...edges.flatMap((e) => (e.labelAt ? [e.labelAt.x + labelHalf(e)] : [])),
  ];
  const shift = Math.max(0, EDGE_MARGIN - Math.min(...lefts));
  if (shift > 0) {
    for (const box of [...nodes, ...groups]) box.x += shift;
    for (const e of edges) {
      e.points = e.points.map((p) => ({ x: p.x + shift, y: p.y }));
      if (e.labelAt) e.labelAt = { x: e.labelAt.x + shift, y: e.labelAt.y };
    }
  }
  const graphLabel = g.graph();
  const width = Math.max((graphLabel.width ?? 0) + shift, Math.max(...rights) + shift + EDGE_MARGIN);
  return { width, height: graphLabel.height ?? 0, nodes, edges, groups };
}

/** An edge's label as the graph shows it: the condition of a branch, `back …` or `return …`, or nothing. */
export function edgeText(edge: ScreenEdge): string {
  if (edge.kind === 'next') return edge.label;
  if (edge.kind === 'return') return `payment ${edge.label}`;
  return '';
}

import type { ScreenEdge } from '../engine/screen-graph';

/** How the details panel words a way between screens: `next`, `next if 2-3 = dont_know`, `back (previous)`, `payment cancel`. */
export function edgeWording(edge: ScreenEdge): string {
  if (edge.kind === 'next') return edge.label === '' ? 'next' : edge.label === 'otherwise' ? 'next otherwise' : `next if ${edge.label}`;
  if (edge.kind === 'return') return `payment ${edge.label}`;
  return edge.label ? `back (${edge.label})` : 'back';
}

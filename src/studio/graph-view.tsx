import { useMemo } from 'react';
import type { ScreenGraph, ScreenNode } from '../engine/screen-graph';
import type { DropOffRow } from '../engine/drop-off';
import { edgeText, layoutGraph } from './layout';

export interface NodeMarks {
  /** What the checker says makes the screen unusable: `unreachable`, `dead end`, or another problem count. */
  problems: Map<string, string[]>;
  /** The live visitor's screen and the trail that led there. */
  current: string | null;
  trail: ReadonlySet<string>;
  dropOff: Map<string, DropOffRow>;
}

interface Props {
  graph: ScreenGraph;
  selected: string | null;
  onSelect: (id: string) => void;
  marks: NodeMarks;
  showBack: boolean;
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

function nodeClass(node: ScreenNode, selected: string | null, marks: NodeMarks): string {
  return [
    'node',
    `kind-${node.kind}`,
    node.id === selected ? 'selected' : '',
    marks.problems.has(node.id) ? 'has-problem' : '',
    node.id === marks.current ? 'live-current' : marks.trail.has(node.id) ? 'live-trail' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The compiled flow as a graph: each screen a button (its accessible name starts with the screen id), laid out by
 * page group, with one line per way between screens. Lines are drawing only (hidden from assistive technology):
 * the selected screen's details list the same ways in words.
 */
export function GraphView({ graph, selected, onSelect, marks, showBack }: Props) {
  const placed = useMemo(() => layoutGraph(graph), [graph]);
  const byId = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph]);
  const path = (points: Array<{ x: number; y: number }>) => points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return (
    <div className="graph" style={{ width: placed.width, height: placed.height }}>
      <svg width={placed.width} height={placed.height} aria-hidden="true" className="graph-lines">
        <defs>
          {['next', 'back', 'return'].map((kind) => (
            <marker key={kind} id={`arrow-${kind}`} viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className={`arrow arrow-${kind}`} />
            </marker>
          ))}
        </defs>
        {placed.groups.map((g) => (
          <g key={g.name} className="group-box">
            <rect x={g.x} y={g.y} width={g.width} height={g.height} rx={10} />
            <text x={g.x + 10} y={g.y + 18}>
              {g.name}
            </text>
          </g>
        ))}
        {placed.edges.map((e, i) => (
          <path
            key={i}
            d={path(e.points)}
            className={`edge edge-${e.edge.kind}${e.edge.kind === 'back' && !showBack ? ' hidden' : ''}${e.edge.from === selected || e.edge.to === selected ? ' edge-selected' : ''}${marks.trail.has(e.edge.from) && (marks.trail.has(e.edge.to) || e.edge.to === marks.current) && e.edge.kind === 'next' ? ' edge-live' : ''}`}
            data-edge={`${e.edge.from}>${e.edge.to}>${e.edge.kind}`}
            markerEnd={`url(#arrow-${e.edge.kind})`}
          />
        ))}
        {placed.edges.map((e, i) =>
          e.labelAt ? (
            <text key={i} x={e.labelAt.x} y={e.labelAt.y + 4} textAnchor="middle" className={`edge-label edge-label-${e.edge.kind}`}>
              {edgeText(e.edge)}
            </text>
          ) : null,
        )}
      </svg>
      <ol className="nodes" aria-label="Screens">
        {placed.nodes.map((p) => {
          const style = { left: p.x, top: p.y, width: p.width, height: p.height };
          const node = byId.get(p.id);
          if (!node) {
            return (
              <li key={p.id} className="outside" style={style}>
                page <code>{p.id}</code>
              </li>
            );
          }
          const problems = marks.problems.get(node.id);
          const row = marks.dropOff.get(node.id);
          return (
            <li key={p.id} style={style}>
              <button type="button" className={nodeClass(node, selected, marks)} aria-pressed={node.id === selected} data-screen={node.id} onClick={() => onSelect(node.id)}>
                <span className="node-id">{node.id}</span>
                <span className="visually-hidden">, </span>
                <span className="node-meta">
                  {node.kind} {node.route}
                  {node.effects.length > 0 || node.submit ? <span className="node-effects"> · ⚙ {[...node.effects, ...(node.submit ? [node.submit] : [])].join(', ')}</span> : null}
                </span>
                {problems ? <span className="node-problem"> ⚠ {problems.join(', ')}</span> : null}
                {node.id === marks.current ? <span className="node-live"> ● visitor here</span> : marks.trail.has(node.id) ? <span className="visually-hidden">, on the visitor&apos;s trail</span> : null}
                {row ? (
                  <span className="node-drop">
                    {' '}
                    · shown {row.shown}
                    {row.dropOff !== null ? `, drop ${percent(row.dropOff)}` : ''}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

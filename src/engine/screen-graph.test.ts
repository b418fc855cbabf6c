import { describe, expect, it } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { machineWays } from './test-support/machine-ways';
import { describeCondition, screenGraph, toMermaid } from './screen-graph';
import type { Flow } from './generated/flow-types';
import { productKinds } from './kinds/product-kinds';

const loaded = validateFlow(flowJson, { kinds: productKinds });
if (!loaded.ok) throw new Error('flows/astrology.json is invalid');
const flow = loaded.flow;

function graphWays(flow: Flow) {
  const graph = screenGraph(flow, productKinds);
  const inFlow = new Set(flow.screens.map((s) => s.id));
  const ways = new Set(graph.edges.filter((e) => e.kind !== 'return' && inFlow.has(e.to)).map((e) => `${e.from}>${e.to}>${e.kind}`));
  const returns = new Set(graph.edges.filter((e) => e.kind === 'return' && inFlow.has(e.to)).map((e) => e.to));
  return { graph, ways, returns };
}

describe('the screen graph', () => {
  it('has one node per screen and the same ways between screens as the compiled machine', () => {
    const machine = machineWays(flow);
    const { graph, ways, returns } = graphWays(flow);
    expect(graph.nodes.map((n) => n.id)).toEqual(flow.screens.map((s) => s.id));
    expect(graph.nodes).toHaveLength(machine.screens);
    expect([...ways].sort()).toEqual([...machine.ways].sort());
    expect([...returns].sort()).toEqual([...machine.returns].sort());
  });

  it('labels branches with their conditions, defaults as otherwise, returns with the payment result', () => {
    const { edges } = screenGraph(flow, productKinds);
    expect(edges).toContainEqual({ from: 'profile-time-of-birth', to: 'profile-no-problem', kind: 'next', label: '2-3 = dont_know' });
    expect(edges).toContainEqual({ from: 'profile-time-of-birth', to: 'profile-place-of-birth', kind: 'next', label: 'otherwise' });
    expect(edges).toContainEqual({ from: 'select-price', to: 'payment-success', kind: 'return', label: 'success' });
    expect(edges).toContainEqual({ from: 'select-price', to: 'sale', kind: 'return', label: 'cancel: flag discounts = true and not seen sale' });
    expect(edges).toContainEqual({ from: 'profile-lets-learn', to: '/understanding-astrology', kind: 'back', label: '' });
    expect(edges).toContainEqual({ from: 'profile-birthday', to: 'profile-name', kind: 'back', label: 'previous' });
  });

  it('describes every kind of condition in one line', () => {
    expect(describeCondition({ answer: '1-1', in: ['single', 'dating'] })).toBe('1-1 in single, dating');
    expect(describeCondition({ any: [{ answer: '1-1', isNot: 'single' }, { seen: 'sale', is: true }] })).toBe('(1-1 ≠ single or seen sale)');
    expect(describeCondition({ not: { outcome: 'submitEmail', is: 'premium' } })).toBe('not (submitEmail → premium)');
  });
});

describe('the Mermaid graph', () => {
  it('is a stateDiagram-v2 with one state per screen (and per page outside the flow) and one arrow per edge', () => {
    const graph = screenGraph(flow, productKinds);
    const text = toMermaid(graph);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(lines.filter((l) => /^ {2}state "/.test(l))).toHaveLength(flow.screens.length + graph.outside.length);
    const arrows = lines.filter((l) => l.includes(' --> ') && !l.includes('[*]'));
    expect(arrows).toHaveLength(graph.edges.length);
    expect(lines).toContain('  s_profile_time_of_birth --> s_profile_no_problem : 2-3 = dont_know');
    expect(lines).toContain('  s_select_price --> s_sale : return cancel flag discounts = true and not seen sale');
    expect(lines).toContain(`  [*] --> s_${flow.start}`);
    // Nothing in a label that would end it early.
    for (const arrow of arrows) expect(arrow.split(' : ')[1] ?? '').not.toMatch(/[:;#"{}]/);
  });
});

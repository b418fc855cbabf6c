import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ScreenGraph } from '../src/engine/screen-graph';

const run = promisify(execFile);
const graph = (...args: string[]) => run('npx', ['tsx', 'scripts/flow-graph.ts', ...args], { encoding: 'utf8' });

describe('npm run flow:graph', () => {
  it('prints the flow as a Mermaid state diagram by default, and as JSON on request', async () => {
    const mermaid = await graph('flows/astrology.json');
    expect(mermaid.stdout.split('\n')[0]).toBe('stateDiagram-v2');
    expect(mermaid.stdout).toContain('s_relationship_next_step --> s_relationship_partner_gender : 1-1 = in_relationships');
    const json = await graph('flows/astrology.json', '--format', 'json');
    const parsed = JSON.parse(json.stdout) as ScreenGraph;
    expect(parsed.start).toBe('welcome');
    expect(parsed.nodes.find((n) => n.id === 'select-price')).toMatchObject({ route: '/select-price', kind: 'price', effects: ['loadPlans', 'loadRecentPurchases'], submit: 'startCheckout' });
  });

  it('prints the checker\'s located lines for an invalid flow, and exits 1', async () => {
    const failed = await graph('tests/fixtures/flows/unknown-target.json').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('tests/fixtures/flows/unknown-target.json:126:7 /screens/2/next transition to unknown screen');
  });
});

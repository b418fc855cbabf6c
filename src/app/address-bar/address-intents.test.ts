import { describe, expect, it } from 'vitest';
import flowJson from '../../../flows/astrology.json';
import { validateFlow } from '../../engine/validate-flow';
import { compileFlow } from '../../engine/compile-flow';
import { indexFlow } from '../../engine/flow-graph';
import { pendingEffects } from '../../engine/test-support/pending-effects';
import { createFunnel } from '../funnel/create-funnel';
import { addressIntents } from './address-intents';
import { productKinds } from '../../engine/kinds/product-kinds';

const loaded = validateFlow(flowJson, { kinds: productKinds });
if (!loaded.ok) throw new Error('flows/astrology.json is invalid');
const flow = loaded.flow;
const { byId } = indexFlow(flow);
const routeOf = (screen: string) => byId.get(screen)?.route;

function followed() {
  const funnel = createFunnel(flow, productKinds, compileFlow(flow, { kinds: productKinds, effects: pendingEffects(flow) }), null);
  const intents = addressIntents();
  intents.follow(funnel, routeOf);
  return { funnel, intents };
}

describe('the funnel’s moves for the address bar', () => {
  it('queues every move from the start, in order, for a writer that subscribes later, and hands each out once', () => {
    const { funnel, intents } = followed();
    funnel.send({ type: 'NEXT' });
    funnel.send({ type: 'ANSWER', value: 'single' });
    funnel.send({ type: 'BACK' });
    expect(intents.take()).toEqual([
      { kind: 'screen', route: routeOf('relationship-status'), move: 'forward' },
      { kind: 'screen', route: routeOf('relationship-goal'), move: 'forward' },
      { kind: 'screen', route: routeOf('relationship-status'), move: 'back' },
    ]);
    expect(intents.take()).toEqual([]);
  });

  it('says when the funnel has moved since the writer last took its moves', () => {
    const { funnel, intents } = followed();
    expect(intents.pending()).toBe(false);
    funnel.send({ type: 'NEXT' });
    expect(intents.pending()).toBe(true);
    intents.take();
    expect(intents.pending()).toBe(false);
  });

  it('tells a subscriber of each new move, and says when a back target leaves the flow', () => {
    const { funnel, intents } = followed();
    let calls = 0;
    const unsubscribe = intents.subscribe(() => (calls += 1));
    funnel.send({ type: 'NEXT' });
    expect(calls).toBe(1);
    unsubscribe();
    funnel.send({ type: 'ANSWER', value: 'single' });
    expect(calls).toBe(1);
    intents.take();
    funnel.send({ type: 'NAVIGATE', screen: 'welcome' });
    funnel.send({ type: 'NEXT' });
    expect(intents.take().map((i) => i.kind)).toEqual(['screen', 'screen']);
  });

  it('asks to leave for a back target outside the flow, each time Back is pressed', () => {
    const { funnel, intents } = followed();
    const firstOption = (id: string) => {
      const screen = byId.get(id);
      return screen && 'options' in screen ? (screen.options[0]?.value ?? '') : '';
    };
    funnel.send({ type: 'NEXT' });
    for (const id of ['relationship-status', 'relationship-goal', 'knowledge-of-astrology']) funnel.send({ type: 'ANSWER', value: firstOption(id) });
    expect(intents.take().at(-1)).toEqual({ kind: 'screen', route: routeOf('profile-lets-learn'), move: 'forward' });
    funnel.send({ type: 'BACK' });
    funnel.send({ type: 'BACK' });
    expect(intents.take()).toEqual([
      { kind: 'leave', path: '/understanding-astrology' },
      { kind: 'leave', path: '/understanding-astrology' },
    ]);
  });

  it('follows one funnel once, however often it is asked', () => {
    const { funnel, intents } = followed();
    intents.follow(funnel, routeOf);
    funnel.send({ type: 'NEXT' });
    expect(intents.take()).toHaveLength(1);
  });
});

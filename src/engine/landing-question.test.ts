import { describe, expect, it } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { landingQuestionOf } from './landing-question';
import { productKinds } from './kinds/product-kinds';
import type { Flow, Screen } from './generated/flow-types';

function loadFlow(): Flow {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

/** The product's flow with the landing's `next` and its first question changed. */
function withLanding(change: (landing: Screen & { next: unknown }, screens: Screen[]) => void): Flow {
  const flow = loadFlow();
  const landing = flow.screens.find((s) => s.id === flow.start) as Screen & { next: unknown };
  change(landing, flow.screens);
  return flow;
}

describe('the screen the landing draws ahead of a tap on "start"', () => {
  it('is the landing\'s next screen, the very object of the flow', () => {
    const flow = loadFlow();
    const question = landingQuestionOf(flow, productKinds);
    expect(question?.id).toBe('relationship-status');
    expect(question).toBe(flow.screens.find((s) => s.id === 'relationship-status'));
  });

  it('is none when a flag decides where the landing leads: the visitor\'s flag is not known before the funnel runs', () => {
    const flow = withLanding((landing) => {
      landing.next = [{ when: { flag: 'discounts', is: true }, to: 'relationship-goal' }, { to: 'relationship-status' }];
    });
    expect(landingQuestionOf(flow, productKinds)).toBeNull();
  });

  it('is the branch every visitor takes when the landing\'s branches are decided by answers, which nobody has yet', () => {
    const flow = withLanding((landing) => {
      landing.next = [{ when: { answer: '1-1', is: 'single' }, to: 'relationship-goal' }, { to: 'relationship-status' }];
    });
    expect(landingQuestionOf(flow, productKinds)?.id).toBe('relationship-status');
  });

  it('is none for a screen that moves on by itself, or that reads a flag or an effect\'s result', () => {
    const toScreen = (id: string) => withLanding((landing) => {
      landing.next = id;
    });
    const screens = loadFlow().screens;
    // The price screen reads the plans fetched and a flag; a payment's result screen reads the payment's status.
    const readsResult = screens.find((s) => productKinds[s.kind]?.resultReads && !productKinds[s.kind]?.movesOnByItself && (productKinds[s.kind]?.resultReads?.(s as never) ?? []).length > 0 && s.kind !== 'price');
    const movesOn = screens.find((s) => productKinds[s.kind]?.movesOnByItself === true);
    expect(readsResult).toBeDefined();
    expect(movesOn).toBeDefined();
    for (const id of ['select-price', readsResult!.id, movesOn!.id]) expect(landingQuestionOf(toScreen(id), productKinds), id).toBeNull();
    // A screen that reads only answers (the sun sign's interstitial) is drawn as every visitor sees it there: with none.
    expect(landingQuestionOf(toScreen('profile-zodiac-sun'), productKinds)?.id).toBe('profile-zodiac-sun');
  });

  it('is none when the flow does not start on a landing', () => {
    const flow = loadFlow();
    flow.start = 'relationship-status';
    expect(landingQuestionOf(flow, productKinds)).toBeNull();
  });
});

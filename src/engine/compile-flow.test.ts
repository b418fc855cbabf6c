import { describe, it, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { consistentTrail, pathFor } from './flow-graph';
import { compileFlow, screenIdOf, type EffectInput } from './compile-flow';
import type { Flow } from './generated/flow-types';
import type { AnyActorLogic } from 'xstate';
import { FlowProblemsError } from './flow-problem';
import { pendingEffects } from './test-support/pending-effects';
import { productKinds } from './kinds/product-kinds';
import { answerProblem, completeAnswer } from './kinds/kind-registry';

/** The effects the product flow names (the app registers them; src/shared/effect-names.ts). */
const productEffects = ['loadPlans', 'submitEmail', 'startCheckout', 'loadOffers', 'purchaseOffers', 'orderReports', 'checkPayment', 'loadRecentPurchases', 'readPaymentError', 'loadOrderSummary'];

/** The machine with every effect pending and the given ones swapped in with `.provide()`, as the app's tests do. */
function machineWith(flow: Flow, actors: Record<string, AnyActorLogic> = {}, now?: () => Date) {
  return compileFlow(flow, { kinds: productKinds, effects: pendingEffects(flow), ...(now ? { now } : {}) }).provide({ actors });
}

function loadFlow(): Flow {
  const result = validateFlow(flowJson, { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

const place = { latitude: 51.5, longitude: -0.12, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' };

function walk(relationship: string, time: string) {
  const actor = createActor(machineWith(loadFlow(), {}, () => new Date('2026-01-01T00:00:00Z'))).start();
  const visited: string[] = [screenIdOf(actor.getSnapshot())];
  const step = (event: Parameters<typeof actor.send>[0]) => {
    actor.send(event);
    visited.push(screenIdOf(actor.getSnapshot()));
  };
  const answerFor = (id: string): Parameters<typeof actor.send>[0] => {
    const screen = loadFlow().screens.find((s) => s.id === id);
    if (!screen) throw new Error(id);
    switch (screen.kind) {
      case 'welcome': case 'interstitial': case 'loading': case 'payment-result': case 'order-summary': return { type: 'NEXT' };
      case 'single-choice': return { type: 'ANSWER', value: id === 'relationship-status' ? relationship : screen.options[0]!.value };
      case 'payment-error': return { type: 'ANSWER', value: screen.primary.value };
      case 'multiple-choice': return { type: 'ANSWER', value: [screen.options[0]!.value] };
      case 'text': return { type: 'ANSWER', value: 'Maya' };
      case 'date': return { type: 'ANSWER', value: '1990-05-17' };
      case 'time': return { type: 'ANSWER', value: id === 'profile-time-of-birth' ? time : '08:15' };
      case 'place': return { type: 'ANSWER', value: place };
      case 'email': return { type: 'SUBMIT_EMAIL', email: 'maya@example.com' };
      case 'price': return { type: 'ANSWER', value: 'mxp_astrelle_trial_1_2900_live' };
      case 'offers': return { type: 'ANSWER', value: [] };
    }
  };
  while (screenIdOf(actor.getSnapshot()) !== 'email') step(answerFor(screenIdOf(actor.getSnapshot())));
  return { actor, visited };
}

describe('compileFlow on flows/astrology.json', () => {
  it('asks the partner steps when the visitor is in a relationship', () => {
    const { visited } = walk('in_relationships', '10:30');
    expect(visited).toContain('relationship-partner-gender');
    expect(visited).toContain('relationship-partner-place-of-birth');
    expect(visited).not.toContain('profile-no-problem');
    expect(visited.at(-1)).toBe('email');
  });

  it('skips the partner steps when the visitor is single and shows no-problem for an unknown birth time', () => {
    const { visited } = walk('single', 'dont_know');
    expect(visited).not.toContain('relationship-partner-gender');
    expect(visited).toContain('profile-no-problem');
  });

  it('drops the partner answers when the visitor switches to single', () => {
    const { actor } = walk('in_relationships', '10:30');
    expect(actor.getSnapshot().context.answers['4-0-2']).toBe('1990-05-17');
    for (const screen of ['relationship-status']) actor.send({ type: 'NAVIGATE', screen });
    expect(screenIdOf(actor.getSnapshot())).toBe('relationship-status');
    actor.send({ type: 'ANSWER', value: 'single' });
    const answers = actor.getSnapshot().context.answers;
    expect(answers['1-1']).toBe('single');
    expect(answers['4-0-2']).toBeUndefined();
    expect(answers['4-2']).toBeUndefined();
    expect(answers['2-1']).toBe('Maya');
    // The partner screens left the trail with the change: typing one of them is refused at once.
    expect(actor.getSnapshot().context.trail).not.toContain('relationship-partner-gender');
    actor.send({ type: 'NAVIGATE', screen: 'relationship-partner-birthday' });
    expect(screenIdOf(actor.getSnapshot())).toBe('relationship-goal');
    // Screens before the change stay reachable by browser forward.
    actor.send({ type: 'NAVIGATE', screen: 'profile-name' });
    expect(screenIdOf(actor.getSnapshot())).toBe('profile-name');
  });

  it('refuses an invalid answer and stays on the screen', () => {
    const { actor } = walk('single', '10:30');
    actor.send({ type: 'NAVIGATE', screen: 'profile-birthday' });
    actor.send({ type: 'ANSWER', value: '2999-01-01' });
    expect(screenIdOf(actor.getSnapshot())).toBe('profile-birthday');
    actor.send({ type: 'ANSWER', value: '1899-12-31' });
    expect(screenIdOf(actor.getSnapshot())).toBe('profile-birthday');
  });

  it('refuses navigation to a screen the visitor has not reached', () => {
    const actor = createActor(machineWith(loadFlow())).start();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NAVIGATE', screen: 'profile-time-of-birth' });
    expect(screenIdOf(actor.getSnapshot())).toBe('relationship-status');
  });

  it('goes back to the previous screen on the trail, and to the fixed targets', () => {
    const { actor } = walk('single', 'dont_know');
    actor.send({ type: 'NAVIGATE', screen: 'profile-no-problem' });
    actor.send({ type: 'BACK' });
    expect(screenIdOf(actor.getSnapshot())).toBe('profile-time-of-birth');
    actor.send({ type: 'BACK' });
    expect(screenIdOf(actor.getSnapshot())).toBe('profile-zodiac-sun');
    actor.send({ type: 'BACK' });
    expect(screenIdOf(actor.getSnapshot())).toBe('profile-birthday');
  });
});

describe('a back target outside the flow', () => {
  it('stays on the screen and says where to go (the address bar leaves for it), once per Back', () => {
    const machine = machineWith(loadFlow());
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'profile-lets-learn', context: { answers: {}, trail: ['profile-lets-learn'], email: null, move: 'start', results: {}, flags: {}, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    expect(actor.getSnapshot().context.leaving).toBeNull();
    actor.send({ type: 'BACK' });
    expect(screenIdOf(actor.getSnapshot())).toBe('profile-lets-learn');
    expect(actor.getSnapshot().context.leaving).toEqual({ path: '/understanding-astrology', seq: 1 });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.leaving).toEqual({ path: '/understanding-astrology', seq: 2 });
  });
});

describe('named effects', () => {
  it('refuses, located, a flow naming an effect it is given no implementation for, and swaps one in with .provide()', async () => {
    const { fromPromise } = await import('xstate');
    const flow = loadFlow();
    const { loadPlans: _given, ...withoutPlans } = pendingEffects(flow);
    let thrown: unknown = null;
    try {
      compileFlow(flow, { kinds: productKinds, effects: withoutPlans });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FlowProblemsError);
    const pointers = thrown instanceof FlowProblemsError ? thrown.problems.map((p) => p.pointer) : [];
    const expected = flow.screens.flatMap((screen, i) => ((screen.effects ?? []).includes('loadPlans') ? [`/screens/${i}/effects/${screen.effects?.indexOf('loadPlans')}`] : []));
    expect(expected.length).toBeGreaterThan(0);
    expect(pointers).toEqual(expected);
    expect(thrown instanceof FlowProblemsError ? thrown.problems[0]?.message : '').toBe('effect "loadPlans" has no implementation');

    // Every named effect is in the machine, so a test swaps one with .provide() and the screen runs it.
    const runs: string[] = [];
    const machine = machineWith(flow, { loadPlans: fromPromise(async ({ input }: { input: EffectInput }) => (runs.push(input.screen.id), { plans: [] })) });
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'profile-loading', context: { answers: {}, trail: ['profile-loading'], email: null, move: 'start', results: {}, flags: {}, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    actor.send({ type: 'RESUME' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toEqual(['profile-loading']);
    expect(actor.getSnapshot().context.results).toEqual({ loadPlans: { plans: [] } });
  });

  it('invokes the effect a screen names when the screen opens, and refuses unknown names', async () => {
    const { fromPromise } = await import('xstate');
    const edited = structuredClone(flowJson) as unknown as { screens: Array<{ id: string; effects?: string[] }> };
    const loading = edited.screens.find((s) => s.id === 'profile-loading');
    if (!loading) throw new Error('no profile-loading');
    loading.effects = ['prepareProfile'];

    expect(validateFlow(edited, { kinds: productKinds, effects: productEffects }).ok).toBe(false);
    const result = validateFlow(edited, { kinds: productKinds, effects: [...productEffects, 'prepareProfile'] });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));

    const calls: string[] = [];
    const machine = machineWith(result.flow, {
      prepareProfile: fromPromise(async ({ input }: { input: EffectInput }) => {
        calls.push('prepareProfile');
        return { preparedFor: input.answers['4-7'] };
      }),
    });
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'relationship-love-language', context: { answers: {}, trail: ['relationship-love-language'], email: null, move: 'start', results: {}, flags: {}, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    expect(calls).toEqual([]);
    actor.send({ type: 'ANSWER', value: 'words' });
    expect(screenIdOf(actor.getSnapshot())).toBe('profile-loading');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['prepareProfile']);
    // Its output is kept for the screens and effects after it.
    expect(actor.getSnapshot().context.results).toEqual({ prepareProfile: { preparedFor: 'words' } });
  });
});

describe('place answers follow the birth date', () => {
  it('recomputes the saved place offset when the birth date or time changes', () => {
    const { actor } = walk('in_relationships', '10:30');
    // London on 1990-05-17 at 10:30: British Summer Time.
    expect(actor.getSnapshot().context.answers['2-4']).toMatchObject({ utcOffsetMinutes: 60 });
    actor.send({ type: 'NAVIGATE', screen: 'profile-birthday' });
    actor.send({ type: 'ANSWER', value: '1990-01-17' });
    expect(actor.getSnapshot().context.answers['2-4']).toMatchObject({ utcOffsetMinutes: 0, timeZone: 'Europe/London' });
    // The partner's place follows the partner's date.
    actor.send({ type: 'NAVIGATE', screen: 'relationship-partner-birthday' });
    actor.send({ type: 'ANSWER', value: '1990-12-01' });
    expect(actor.getSnapshot().context.answers['4-2']).toMatchObject({ utcOffsetMinutes: 0 });
  });

  it('computes the offset of a picked place itself, and refuses a pick whose zone this runtime cannot read', () => {
    const { actor } = walk('single', '10:30');
    actor.send({ type: 'NAVIGATE', screen: 'profile-place-of-birth' });
    // The screen sends the pick and its zone only: the offset is the machine's, at 1990-05-17 10:30 in Madrid.
    const madrid = { latitude: 40.4165, longitude: -3.70256, place: 'Madrid, Spain', timeZone: 'Europe/Madrid' };
    actor.send({ type: 'ANSWER', value: madrid });
    expect(actor.getSnapshot().context.answers['2-4']).toEqual({ ...madrid, utcOffsetMinutes: 120 });
    const before = actor.getSnapshot().context.answers;
    actor.send({ type: 'NAVIGATE', screen: 'profile-place-of-birth' });
    const nowhere = { ...madrid, place: 'Nowhere', timeZone: 'Nowhere/Unknown' };
    // Refused as a place whose offset cannot be had, not as no place at all.
    const screen = loadFlow().screens.find((s) => s.id === 'profile-place-of-birth')!;
    expect(answerProblem(productKinds, screen, completeAnswer(productKinds, screen, nowhere, actor.getSnapshot().context.answers))).toBe('unavailable');
    actor.send({ type: 'ANSWER', value: nowhere });
    expect(screenIdOf(actor.getSnapshot())).toBe('profile-place-of-birth');
    expect(actor.getSnapshot().context.answers).toEqual(before);
  });
});

describe('a screen that submits to an effect', () => {
  type Editable = { screens: Array<Record<string, unknown> & { id: string }> };
  // The product flow: /email submits to submitEmail, a subscriber goes to /already-subscribed.
  const submittingFlow = productFlow;

  async function submitAs(outcome: string | Error) {
    const { fromPromise } = await import('xstate');
    const runs: EffectInput[] = [];
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const machine = machineWith(submittingFlow(), {
      submitEmail: fromPromise(async ({ input }: { input: EffectInput }) => {
        runs.push(input);
        await gate;
        if (outcome instanceof Error) throw outcome;
        return { outcome };
      }),
    });
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'email', context: { answers: { '2-1': 'Maya' }, trail: ['email'], email: null, move: 'start', results: {}, flags: {}, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    return { actor, runs, finish };
  }

  it('waits for the effect with the address, runs it once on a double submit, then follows its outcome', async () => {
    const { actor, runs, finish } = await submitAs('premium');
    actor.send({ type: 'SUBMIT_EMAIL', email: ' maya@example.com ' });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'maya@example.com' });
    expect(actor.getSnapshot().value).toEqual({ email: 'submitting' });
    expect(screenIdOf(actor.getSnapshot())).toBe('email');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toEqual([{ screen: expect.objectContaining({ id: 'email' }), answers: { '2-1': 'Maya' }, email: 'maya@example.com', results: {}, flags: {}, seen: [] }]);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screenIdOf(actor.getSnapshot())).toBe('already-subscribed');
    expect(actor.getSnapshot().context.trail).toEqual(['email', 'already-subscribed']);
  });

  it('takes the default branch for another outcome, and for a failed effect', async () => {
    for (const outcome of ['new', new Error('server down')]) {
      const { actor, finish } = await submitAs(outcome);
      actor.send({ type: 'SUBMIT_EMAIL', email: 'sam@example.com' });
      finish();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screenIdOf(actor.getSnapshot())).toBe('get-access');
    }
  });

  it('refuses an outcome condition on an effect the screen does not submit to', () => {
    const edited = structuredClone(flowJson) as unknown as Editable;
    const goal = edited.screens.find((s) => s.id === 'relationship-goal')!;
    goal.next = [{ when: { outcome: 'loadPlans', is: 'x' }, to: 'knowledge-of-astrology' }, { to: 'knowledge-of-astrology' }];
    const result = validateFlow(edited, { kinds: productKinds, effects: productEffects });
    expect(result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/screens/2/next/0/when condition on the outcome of "loadPlans", which this screen does not submit to',
    ]);
  });
});

/** The product flow, checked with the app's effect names: /select-price, its payment returns, /payment-error, the discounts. */
function productFlow() {
  const result = validateFlow(flowJson, { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}
const flowWithPayment = productFlow;

/** A payment error page's reason effect that answers at once with `reason`. */
const reasonIs = (reason: string) => fromPromise(() => Promise.resolve({ outcome: reason, secondaryTo: null }));

describe('a price screen that submits the chosen plan', () => {
  it('stores the plan, runs the effect once, and branches on its outcome', async () => {
    const { fromPromise } = await import('xstate');
    const runs: EffectInput[] = [];
    const machine = machineWith(flowWithPayment(), {
      startCheckout: fromPromise(async ({ input }: { input: EffectInput }) => {
        runs.push(input);
        if (runs.length === 1) throw new Error('server down');
        return { outcome: 'redirected' };
      }),
    });
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'select-price', context: { answers: {}, trail: ['select-price'], email: 'maya@example.com', move: 'start', results: {}, flags: {}, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    actor.send({ type: 'ANSWER', value: 'mxp_plan_1' });
    actor.send({ type: 'ANSWER', value: 'mxp_plan_1' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toHaveLength(1);
    expect(runs[0]?.answers).toEqual({ '5-1': 'mxp_plan_1' });
    expect(screenIdOf(actor.getSnapshot())).toBe('payment-error');
  });
});

describe('the way back from the hosted payment', () => {


  it('lets a visitor who reached the price screen return to its success, error and cancel pages, and no one else', () => {
    const machine = machineWith(flowWithPayment());
    const at = (screen: string, trail: string[]) =>
      createActor(machine, { snapshot: machine.resolveState({ value: screen, context: { answers: {}, trail, email: null, move: 'start', results: {}, flags: {}, leaving: null, seen: [], assigned: {}, flagsSettled: false } }) }).start();
    for (const target of ['payment-success', 'payment-error', 'sale']) {
      const actor = at('select-price', ['welcome', 'email', 'select-price']);
      actor.send({ type: 'NAVIGATE', screen: target });
      expect(screenIdOf(actor.getSnapshot())).toBe('select-price');
      actor.send({ type: 'RETURN', screen: target });
      expect(screenIdOf(actor.getSnapshot())).toBe(target);
      expect(actor.getSnapshot().context.trail).toEqual(['welcome', 'email', 'select-price', target]);
    }
    const early = at('email', ['welcome', 'email']);
    early.send({ type: 'RETURN', screen: 'payment-success' });
    expect(screenIdOf(early.getSnapshot())).toBe('email');
    // Not a way around the quiz: a visitor who has answered anything cannot return to a page of a price
    // screen they never reached, even from the start.
    const answered = createActor(machine, { snapshot: machine.resolveState({ value: 'welcome', context: { answers: { '1-1': 'single' }, trail: ['welcome'], email: null, move: 'start', results: {}, flags: {}, leaving: null, seen: [], assigned: {}, flagsSettled: false } }) }).start();
    answered.send({ type: 'RETURN', screen: 'payment-success' });
    expect(screenIdOf(answered.getSnapshot())).toBe('welcome');
    // Nor is a return anything but one of the price screens' return routes.
    const fresh = createActor(machine).start();
    fresh.send({ type: 'RETURN', screen: 'email' });
    expect(screenIdOf(fresh.getSnapshot())).toBe('welcome');
  });

  it('shows a visitor new to this browser (the hosted page handed back to another one) the page they return to, the start behind it', () => {
    const machine = machineWith(flowWithPayment());
    for (const target of ['payment-success', 'payment-error', 'sale']) {
      const actor = createActor(machine).start();
      actor.send({ type: 'NAVIGATE', screen: target });
      expect(screenIdOf(actor.getSnapshot())).toBe('welcome');
      actor.send({ type: 'RETURN', screen: target });
      expect(screenIdOf(actor.getSnapshot())).toBe(target);
      expect(actor.getSnapshot().context.trail).toEqual(['welcome', target]);
    }
  });

  it('lets a visitor new to this browser answer the pages after their return, and keeps that trail on a reload', async () => {
    const flow = flowWithPayment();
    const paid = fromPromise(async () => ({ outcome: 'paid' }));
    const machine = machineWith(flow, { checkPayment: paid, orderReports: fromPromise(async () => ({ outcome: 'ordered' })), loadOffers: fromPromise(async () => ({ outcome: 'ready', offers: [], bought: [] })), purchaseOffers: fromPromise(async () => ({ outcome: 'skipped' })) });
    const actor = createActor(machine).start();
    actor.send({ type: 'RETURN', screen: 'payment-success' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'NEXT' });
    expect(screenIdOf(actor.getSnapshot())).toBe('signup-offer');
    actor.send({ type: 'ANSWER', value: ['ultra_pack'] });
    // The upsell's answer is the visitor's even though no `next` of the start leads to the return page.
    const upsell = flow.screens.find((screen) => screen.id === 'signup-offer');
    expect(upsell && 'answerKey' in upsell ? actor.getSnapshot().context.answers[upsell.answerKey] : undefined).toEqual(['ultra_pack']);
    const trail = actor.getSnapshot().context.trail;
    expect(trail.slice(0, 3)).toEqual(['welcome', 'payment-success', 'signup-offer']);
    expect(consistentTrail(flow, trail, actor.getSnapshot().context.answers)).toEqual(trail);
    // Only right behind the start: a jump to a return page later in a trail is no way the visitor went.
    expect(consistentTrail(flow, ['welcome', 'relationship-status', 'payment-success'], {})).toEqual(['welcome', 'relationship-status']);
  });

  it('keeps the answers given after a payment return, which no `next` leads to', async () => {
    const flow = flowWithPayment();
    const machine = machineWith(flow, { readPaymentError: reasonIs('declined') });
    // The visitor's whole way to the price screen (the conditions take their default branches).
    const trail = pathFor(flow, {});
    expect(trail.at(-1)).toBe('select-price');
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'select-price', context: { answers: { '5-1': 'mxp_plan_1' }, trail, email: null, move: 'start', results: {}, flags: { discounts: true }, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    actor.send({ type: 'RETURN', screen: 'payment-error' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'ANSWER', value: 'continue' });
    expect(screenIdOf(actor.getSnapshot())).toBe('sale');
    expect(actor.getSnapshot().context.answers).toEqual({ '5-1': 'mxp_plan_1', '5-4': 'continue' });
  });

  it('skips the discount pages when remote config switches the discounts off', async () => {
    const flow = flowWithPayment();
    const machine = machineWith(flow, { readPaymentError: reasonIs('declined') });
    expect(createActor(machine).getSnapshot().context.flags).toEqual({ discounts: true, priceSet: 'default', accessHeadline: 'a' });
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'select-price', context: { answers: { '5-1': 'mxp_plan_1' }, trail: pathFor(flow, {}), email: null, move: 'start', results: {}, flags: { discounts: true }, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    actor.send({ type: 'SET_FLAGS', flags: { discounts: false } });
    actor.send({ type: 'RETURN', screen: 'payment-error' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'ANSWER', value: 'continue' });
    expect(screenIdOf(actor.getSnapshot())).toBe('select-price');
  });

  it('stays on the price screen when the payment page opened (no branch matches), ready for another try', async () => {
    const { fromPromise } = await import('xstate');
    const machine = machineWith(flowWithPayment(), { startCheckout: fromPromise(async () => ({ outcome: 'redirected' })) });
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'select-price', context: { answers: {}, trail: ['select-price'], email: 'a@example.com', move: 'start', results: {}, flags: {}, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    actor.send({ type: 'ANSWER', value: 'mxp_plan_1' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toEqual({ 'select-price': 'decided' });
    expect(actor.getSnapshot().context.results).toEqual({ startCheckout: { outcome: 'redirected' } });
  });
});

describe('a payment result screen (/payment-success)', () => {
  /** The machine at /select-price, the visitor sent to the hosted payment; checkPayment answers when `answer` is called. */
  async function returning(context: { results?: Record<string, unknown> } = {}) {
    const { fromPromise } = await import('xstate');
    const runs: EffectInput[] = [];
    const reportRuns: string[] = [];
    let answer: (outcome: string | Error) => void = () => {};
    const machine = machineWith(flowWithPayment(), {
      checkPayment: fromPromise(({ input }: { input: EffectInput }) => {
        runs.push(input);
        return new Promise<{ outcome: string }>((resolve, reject) => (answer = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve({ outcome }))));
      }),
      orderReports: fromPromise(async ({ input }: { input: EffectInput }) => {
        reportRuns.push(input.screen.id);
        return { outcome: 'nothing' };
      }),
      purchaseOffers: fromPromise(async () => ({ outcome: 'purchased' })),
    });
    const trail = [...pathFor(flowWithPayment(), {})];
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'select-price', context: { answers: { '5-1': 'mxp_plan_1' }, trail, email: null, move: 'start', results: context.results ?? {}, flags: { discounts: true }, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, runs, reportRuns, answer: async (outcome: string | Error) => (answer(outcome), settle()), settle };
  }

  it('stays checking, with no way on, until checkPayment answers; then NEXT follows a paid order to the upsell', async () => {
    const { actor, runs, reportRuns, answer, settle } = await returning();
    actor.send({ type: 'RETURN', screen: 'payment-success' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ 'payment-success': 'checking' });
    expect(runs).toHaveLength(1);
    expect(reportRuns).toEqual(['payment-success']);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toEqual({ 'payment-success': 'checking' });
    await answer('paid');
    expect(actor.getSnapshot().value).toEqual({ 'payment-success': 'checked' });
    expect(actor.getSnapshot().context.results.checkPayment).toEqual({ outcome: 'paid' });
    actor.send({ type: 'NEXT' });
    expect(screenIdOf(actor.getSnapshot())).toBe('signup-offer');
  });

  it('leads back to the plans for a pending, declined or unknown order, and when the check itself failed', async () => {
    for (const outcome of ['pending', 'declined', 'unknown', new Error('bug')]) {
      const { actor, answer } = await returning();
      actor.send({ type: 'RETURN', screen: 'payment-success' });
      await answer(outcome);
      expect(actor.getSnapshot().value).toEqual({ 'payment-success': 'checked' });
      if (outcome instanceof Error) expect(actor.getSnapshot().context.results.checkPayment).toEqual({ outcome: 'failed' });
      actor.send({ type: 'NEXT' });
      expect(screenIdOf(actor.getSnapshot())).toBe('select-price');
    }
  });

  it('forgets an earlier "paid" when the page opens again, so it never shows while another order is checked', async () => {
    const { actor, answer } = await returning({ results: { checkPayment: { outcome: 'paid' } } });
    actor.send({ type: 'RETURN', screen: 'payment-success' });
    expect(actor.getSnapshot().context.results).not.toHaveProperty('checkPayment');
    actor.send({ type: 'NEXT' });
    expect(screenIdOf(actor.getSnapshot())).toBe('payment-success');
    await answer('unknown');
    actor.send({ type: 'NEXT' });
    expect(screenIdOf(actor.getSnapshot())).toBe('select-price');
  });

  it('asks again when the page is restored from saved progress (a reload)', async () => {
    const { actor, runs, answer } = await returning();
    actor.send({ type: 'RETURN', screen: 'payment-success' });
    await answer('paid');
    actor.send({ type: 'RESUME' });
    expect(actor.getSnapshot().value).toEqual({ 'payment-success': 'checking' });
    expect(actor.getSnapshot().context.results).not.toHaveProperty('checkPayment');
    expect(runs).toHaveLength(2);
  });

  it('keeps the trail through the paid return consistent, so the upsell keeps its answer', async () => {
    const { actor, answer, settle } = await returning();
    actor.send({ type: 'RETURN', screen: 'payment-success' });
    await answer('paid');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ANSWER', value: ['birth_chart'] });
    await settle();
    expect(screenIdOf(actor.getSnapshot())).toBe('signup-offer-success');
    expect(actor.getSnapshot().context.answers).toMatchObject({ '5-1': 'mxp_plan_1', '6-1': ['birth_chart'] });
    expect(actor.getSnapshot().context.trail.slice(-4)).toEqual(['select-price', 'payment-success', 'signup-offer', 'signup-offer-success']);
  });

  it('keeps checking while checkPayment has not answered: without the server\'s word the page claims nothing', () => {
    const machine = machineWith(flowWithPayment());
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: 'select-price', context: { answers: {}, trail: ['select-price'], email: null, move: 'start', results: {}, flags: {}, leaving: null, seen: [], assigned: {}, flagsSettled: false } }),
    }).start();
    actor.send({ type: 'RETURN', screen: 'payment-success' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toEqual({ 'payment-success': 'checking' });
  });
});

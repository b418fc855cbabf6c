import { describe, it, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { compileFlow, restoreSnapshot, screenIdOf, type EffectInput } from './compile-flow';
import { defaultFlags, pathFor } from './flow-graph';
import { flagsReadBy } from './flag-reads';
import { awaitsFlags, pendingFlags } from './awaits-flags';
import { pendingEffects } from './test-support/pending-effects';
import type { Flow } from './generated/flow-types';
import type { FlagValues } from './flags';
import { productKinds } from './kinds/product-kinds';

function loadFlow(): Flow {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

const flow = loadFlow();
const machine = compileFlow(flow, { kinds: productKinds, effects: pendingEffects(flow) });
/** The way to /select-price, through /get-access (the screen whose heading has variants). */
const trail = pathFor(flow, {});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An actor on /select-price that has not heard from remote config; `assigned` as saved. */
function onPricePage(assigned: FlagValues = {}, settled = false, on = machine) {
  const snapshot = on.resolveState({
    value: 'select-price',
    context: { answers: {}, trail, email: null, move: 'start', results: {}, flags: { ...defaultFlags(flow), ...assigned }, assigned, flagsSettled: settled, leaving: null, seen: [] },
  });
  return createActor(on, { snapshot }).start();
}

/** An actor that has just opened /get-access, which reads accessHeadline. */
function onAccessPage(settled = false) {
  const actor = onPricePage({}, settled);
  actor.send({ type: 'BACK' });
  expect(screenIdOf(actor.getSnapshot())).toBe('get-access');
  return actor;
}

describe('flagsReadBy', () => {
  it('derives the flags a screen reads from its conditions, its plansBy and its text variants', () => {
    expect(trail.slice(-2)).toEqual(['get-access', 'select-price']);
    expect(flagsReadBy(productKinds, flow, 'get-access')).toEqual(['accessHeadline']);
    expect(flagsReadBy(productKinds, flow, 'select-price')).toEqual(['discounts', 'priceSet']);
    expect(flagsReadBy(productKinds, flow, 'payment-error')).toEqual(['discounts']);
    expect(flagsReadBy(productKinds, flow, 'sale')).toEqual(['discounts']);
    expect(flagsReadBy(productKinds, flow, 'welcome')).toEqual([]);
    expect(flagsReadBy(productKinds, flow, 'no-such-screen')).toEqual([]);
  });
});

describe('flag assignment in the machine', () => {
  it('starts with the defaults in force and nothing assigned', () => {
    const { context } = createActor(machine).getSnapshot();
    expect(context.flags).toEqual({ discounts: true, priceSet: 'default', accessHeadline: 'a' });
    expect(context.assigned).toEqual({});
    expect(context.flagsSettled).toBe(false);
  });

  it('holds a screen that reads an unassigned flag until remote config settles, then assigns the value it sent', () => {
    const actor = onAccessPage();
    expect(awaitsFlags(productKinds, flow, actor.getSnapshot())).toBe(true);
    expect(pendingFlags(productKinds, flow, actor.getSnapshot())).toEqual(['accessHeadline']);
    actor.send({ type: 'SET_FLAGS', flags: { accessHeadline: 'b' } });
    expect(actor.getSnapshot().context.flags.accessHeadline).toBe('b');
    expect(awaitsFlags(productKinds, flow, actor.getSnapshot())).toBe(true);
    actor.send({ type: 'FLAGS_SETTLED' });
    expect(actor.getSnapshot().context.assigned).toEqual({ accessHeadline: 'b' });
    expect(awaitsFlags(productKinds, flow, actor.getSnapshot())).toBe(false);
  });

  it('takes the default when the wait runs out without remote config', () => {
    const actor = onAccessPage();
    actor.send({ type: 'FLAGS_SETTLED' });
    expect(actor.getSnapshot().context.assigned).toEqual({ accessHeadline: 'a' });
  });

  it('ends the wait with SET_FLAGS settled: true, assigning its values', () => {
    const actor = onAccessPage();
    actor.send({ type: 'SET_FLAGS', flags: { accessHeadline: 'b', priceSet: 'trial_price_test' }, settled: true });
    expect(actor.getSnapshot().context.assigned).toEqual({ accessHeadline: 'b' });
    expect(actor.getSnapshot().context.flagsSettled).toBe(true);
  });

  it('never changes a value the visitor has seen: later remote config changes only the flags not yet assigned', () => {
    const actor = onAccessPage();
    actor.send({ type: 'SET_FLAGS', flags: { accessHeadline: 'b' }, settled: true });
    actor.send({ type: 'SET_FLAGS', flags: { accessHeadline: 'a', priceSet: 'trial_price_test', discounts: false }, settled: true });
    const { context } = actor.getSnapshot();
    expect(context.flags).toEqual({ accessHeadline: 'b', priceSet: 'trial_price_test', discounts: false });
    expect(context.assigned).toEqual({ accessHeadline: 'b' });
  });

  it('assigns a screen\'s flags as it opens once remote config has settled: no wait', () => {
    const actor = onAccessPage();
    actor.send({ type: 'SET_FLAGS', flags: { priceSet: 'trial_price_test' }, settled: true });
    actor.send({ type: 'NEXT' });
    expect(screenIdOf(actor.getSnapshot())).toBe('select-price');
    expect(actor.getSnapshot().context.assigned).toEqual({ accessHeadline: 'a', priceSet: 'trial_price_test', discounts: true });
    expect(awaitsFlags(productKinds, flow, actor.getSnapshot())).toBe(false);
    // Remote config's cache changes on a later fetch: nothing the visitor saw moves.
    actor.send({ type: 'SET_FLAGS', flags: { priceSet: 'default', discounts: false }, settled: true });
    expect(actor.getSnapshot().context.flags).toMatchObject({ priceSet: 'trial_price_test', discounts: true });
  });

  it('assigns what a visitor acted on when the app moved on without waiting', () => {
    const actor = onAccessPage();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.assigned).toEqual({ accessHeadline: 'a' });
    // The price page now waits for the flags it reads; the heading's value is fixed.
    expect(pendingFlags(productKinds, flow, actor.getSnapshot())).toEqual(['discounts', 'priceSet']);
    actor.send({ type: 'SET_FLAGS', flags: { accessHeadline: 'b' }, settled: true });
    expect(actor.getSnapshot().context.flags.accessHeadline).toBe('a');
  });

  it('assigns a price screen\'s flags when the visitor chooses a plan, before the payment starts', () => {
    const actor = onPricePage();
    actor.send({ type: 'SET_FLAGS', flags: { discounts: false } });
    actor.send({ type: 'ANSWER', value: 'mxp_astrelle_trial_1_2900_live' });
    expect(actor.getSnapshot().context.assigned).toEqual({ discounts: false, priceSet: 'default' });
  });

  it('ignores values the declarations do not allow', () => {
    const actor = onAccessPage();
    // Typed loosely, as a careless caller might send them.
    const flags: Record<string, string | boolean> = { priceSet: 'cheap', discounts: 'false', accessHeadline: true, unknown: true };
    actor.send({ type: 'SET_FLAGS', flags, settled: true });
    expect(actor.getSnapshot().context.flags).toEqual(defaultFlags(flow));
    expect(actor.getSnapshot().context.assigned).toEqual({ accessHeadline: 'a' });
  });

  it('restores saved assignments over the defaults, and remote config cannot change them', () => {
    const saved = { screen: 'select-price', answers: {}, trail, assigned: { priceSet: 'trial_price_test' } };
    const actor = createActor(machine, { snapshot: restoreSnapshot(machine, saved, defaultFlags(flow)) }).start();
    expect(actor.getSnapshot().context.flags.priceSet).toBe('trial_price_test');
    expect(pendingFlags(productKinds, flow, actor.getSnapshot())).toEqual(['discounts']);
    actor.send({ type: 'SET_FLAGS', flags: { priceSet: 'default', discounts: false }, settled: true });
    expect(actor.getSnapshot().context.assigned).toEqual({ priceSet: 'trial_price_test', discounts: false });
    expect(actor.getSnapshot().context.flags).toMatchObject({ priceSet: 'trial_price_test', discounts: false });
  });

  it('branches on the assigned value: a visitor shown the discounts off never reaches /sale', async () => {
    // The payment error page takes its answer once its reason effect has answered (payment-error.test.ts): here it
    // answers "cancelled", and keeps the flags it was given to show where they lead.
    const flagsSeen: FlagValues[] = [];
    const reason = fromPromise(({ input }: { input: EffectInput }) => {
      flagsSeen.push(input.flags);
      return Promise.resolve({ outcome: 'cancelled', secondaryTo: null });
    });
    const onPaymentError = (assigned: FlagValues) => {
      const actor = onPricePage(assigned, false, machine.provide({ actors: { readPaymentError: reason } }));
      actor.send({ type: 'SET_FLAGS', flags: { discounts: !assigned.discounts }, settled: true });
      actor.send({ type: 'RETURN', screen: 'payment-error' });
      return actor;
    };

    const off = onPaymentError({ discounts: false });
    await tick();
    expect(off.getSnapshot().value).toEqual({ 'payment-error': 'checked' });
    expect(flagsSeen.at(-1)?.discounts).toBe(false);
    off.send({ type: 'ANSWER', value: 'continue' });
    expect(screenIdOf(off.getSnapshot())).toBe('select-price');

    // The same way with the discounts shown on leads to /sale: the value assigned decides, not remote config's later one.
    const on = onPaymentError({ discounts: true });
    await tick();
    expect(flagsSeen.at(-1)?.discounts).toBe(true);
    on.send({ type: 'ANSWER', value: 'continue' });
    expect(screenIdOf(on.getSnapshot())).toBe('sale');
  });
});

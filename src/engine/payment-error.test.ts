import { describe, it, expect } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import flowJson from '../../flows/astrology.json';
import type { Flow, PaymentErrorScreen } from './generated/flow-types';
import { validateFlow } from './validate-flow';
import { compileFlow, screenIdOf, type FunnelContext } from './compile-flow';
import { pendingEffects } from './test-support/pending-effects';
import { paymentErrorReasonOf, possibleTargetsOfAnswer, targetOfAnswer } from './payment-error';
import { productKinds } from './kinds/product-kinds';

function productFlow(): Flow {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

function paymentError(flow: Flow): PaymentErrorScreen {
  const screen = flow.screens.find((s) => s.id === 'payment-error');
  if (screen?.kind !== 'payment-error') throw new Error('no payment error screen');
  return screen;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(flow: Flow, value: string, context: Partial<FunnelContext>, actors: Record<string, AnyActorLogic> = {}) {
  const machine = compileFlow(flow, { kinds: productKinds, effects: pendingEffects(flow) }).provide({ actors });
  const snapshot = machine.resolveState({
    value,
    context: { answers: {}, trail: ['welcome', value], email: null, move: 'start', results: {}, flags: {}, assigned: {}, flagsSettled: false, leaving: null, seen: [], ...context },
  });
  const actor = createActor(machine, { snapshot }).start();
  // A restored state starts no effects: the screen opens as after a reload.
  actor.send({ type: 'RESUME' });
  return actor;
}

describe('the reason a payment error page shows', () => {
  it('is "checking" until its effect answers, and "unknown" for a failed effect or an outcome that is no reason', () => {
    expect(paymentErrorReasonOf(undefined)).toBe('checking');
    expect(paymentErrorReasonOf({ outcome: 'already_purchased' })).toBe('already_purchased');
    expect(paymentErrorReasonOf({ outcome: 'failed' })).toBe('unknown');
    expect(paymentErrorReasonOf({ outcome: 'paid' })).toBe('unknown');
  });
});

describe("where the payment error page's secondary action leads", () => {
  it('is the discounted prices while discounts are on, the prices when they are off', () => {
    const screen = paymentError(productFlow());
    expect(targetOfAnswer(screen, 'continue', {}, {}, { discounts: true })).toBe('sale');
    expect(targetOfAnswer(screen, 'continue', {}, {}, { discounts: false })).toBe('select-price');
    expect(targetOfAnswer(screen, 'try_again', {}, {}, { discounts: true })).toBe('select-price');
  });

  it('may be any screen a branch not decided by its own answer leads to, never the primary action\'s own branch', () => {
    const screen = paymentError(productFlow());
    expect(possibleTargetsOfAnswer(screen, 'continue').sort()).toEqual(['sale', 'select-price']);
    expect(possibleTargetsOfAnswer({ ...screen, next: [{ when: { answer: '5-4', is: 'try_again' }, to: 'select-price' }, { to: 'sale' }] }, 'continue')).toEqual(['sale']);
  });
});

describe('a payment error page in the machine', () => {
  it('takes no answer until the reason is known, then leads each action where it says', async () => {
    const flow = productFlow();
    const actors = { readPaymentError: fromPromise(() => Promise.resolve({ outcome: 'declined', secondaryTo: 'sale' })) };
    const early = start(flow, 'payment-error', { flags: { discounts: true } }, { readPaymentError: pendingEffects(flow).readPaymentError ?? fromPromise(() => new Promise(() => undefined)) });
    early.send({ type: 'ANSWER', value: 'continue' });
    expect(screenIdOf(early.getSnapshot())).toBe('payment-error');

    const onSale = start(flow, 'payment-error', { flags: { discounts: true } }, actors);
    await tick();
    expect(onSale.getSnapshot().value).toEqual({ 'payment-error': 'checked' });
    onSale.send({ type: 'ANSWER', value: 'nonsense' });
    expect(screenIdOf(onSale.getSnapshot())).toBe('payment-error');
    onSale.send({ type: 'ANSWER', value: 'continue' });
    expect(screenIdOf(onSale.getSnapshot())).toBe('sale');

    const retry = start(flow, 'payment-error', { flags: { discounts: true } }, actors);
    await tick();
    retry.send({ type: 'ANSWER', value: 'try_again' });
    expect(screenIdOf(retry.getSnapshot())).toBe('select-price');
  });

  it('forgets the reason of an earlier visit as it opens again', () => {
    const flow = productFlow();
    const actor = start(flow, 'payment-error', { results: { readPaymentError: { outcome: 'declined', secondaryTo: 'sale' } } });
    expect(actor.getSnapshot().context.results).toEqual({});
  });
});

describe('RETRY, a screen running its effects again (plans that failed to load)', () => {
  it('forgets the failed plans, so the screen shows them loading, and loads them again in place', async () => {
    const flow = productFlow();
    let calls = 0;
    const loadPlans = fromPromise(() => {
      calls += 1;
      return Promise.resolve(calls === 1 ? { maxpay: null, paypal: null } : { maxpay: [], paypal: [] });
    });
    const actor = start(flow, 'select-price', { email: 'maya@example.com' }, { loadPlans });
    await tick();
    expect(actor.getSnapshot().context.results).toEqual({ loadPlans: { maxpay: null, paypal: null } });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.results).toEqual({});
    expect(screenIdOf(actor.getSnapshot())).toBe('select-price');
    await tick();
    expect(calls).toBe(2);
    expect(actor.getSnapshot().context.results).toEqual({ loadPlans: { maxpay: [], paypal: [] } });
  });

  it('does not stop a payment that is starting', async () => {
    const flow = productFlow();
    let loads = 0;
    const loadPlans = fromPromise(() => {
      loads += 1;
      return Promise.resolve({ maxpay: null, paypal: null });
    });
    const startCheckout = fromPromise(() => new Promise(() => undefined));
    const actor = start(flow, 'select-price', { email: 'maya@example.com' }, { loadPlans, startCheckout });
    await tick();
    actor.send({ type: 'ANSWER', value: 'mxp_plan_1' });
    expect(actor.getSnapshot().value).toEqual({ 'select-price': 'submitting' });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toEqual({ 'select-price': 'submitting' });
    expect(loads).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { compileFlow, restoreSnapshot, screenIdOf } from './compile-flow';
import { evaluateCondition, requiresUnseen } from './conditions';
import { defaultFlags, pathFor, resolveReturnRoute } from './flow-graph';
import type { Flow, Screen } from './generated/flow-types';
import { loadProgress, saveProgress } from './persistence';
import { pendingEffects } from './test-support/pending-effects';
import { MemoryStorage } from './test-support/memory-storage';
import { productKinds } from './kinds/product-kinds';

// The discount pages say they are one-time, so they are offered once per visitor: each is a screen offered once
// (`once: true`), the visitor's `seen` remembers it from the moment it opens, and every way there holds only while
// it has not been seen.

function productFlow(): Flow {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

const flow = productFlow();
const machine = compileFlow(flow, { kinds: productKinds, effects: pendingEffects(flow) });
const toPrices = pathFor(flow, {});

function screen(id: string): Screen {
  const found = flow.screens.find((s) => s.id === id);
  if (!found) throw new Error(`no screen ${id}`);
  return found;
}

/** A visitor on `at` (the quiz behind them), who has seen `seen`. */
function visitorOn(at: string, seen: string[] = [], trail: string[] = [...toPrices]) {
  const progress = { screen: at, answers: {}, trail: trail.includes(at) ? trail : [...trail, at], assigned: {}, seen };
  return createActor(machine, { snapshot: restoreSnapshot(machine, progress, defaultFlags(flow)) }).start();
}

/** Where leaving the checkout started on `id` sends the visitor back, for what they have seen. */
function cancelRoute(id: string, seen: string[], flags = defaultFlags(flow)) {
  const s = screen(id);
  if (s.kind !== 'price' || !s.returnTo) throw new Error(`${id} has no returns`);
  return resolveReturnRoute(s.returnTo.cancel, {}, {}, flags, seen);
}

describe('the seen condition', () => {
  it('holds for a screen in `seen` (is: true) or not in it (is: false), inside all, any and not too', () => {
    expect(evaluateCondition({ seen: 'sale', is: true }, {}, {}, {}, ['sale'])).toBe(true);
    expect(evaluateCondition({ seen: 'sale', is: false }, {}, {}, {}, ['sale'])).toBe(false);
    expect(evaluateCondition({ seen: 'sale', is: false }, {}, {}, {})).toBe(true);
    const offer = { all: [{ flag: 'discounts', is: true }, { seen: 'sale', is: false }] };
    expect(evaluateCondition(offer, {}, {}, { discounts: true }, [])).toBe(true);
    expect(evaluateCondition(offer, {}, {}, { discounts: true }, ['sale'])).toBe(false);
    expect(evaluateCondition({ not: { seen: 'sale', is: true } }, {}, {}, {}, [])).toBe(true);
    expect(requiresUnseen(offer, 'sale')).toBe(true);
    expect(requiresUnseen({ not: { seen: 'sale', is: true } }, 'sale')).toBe(true);
    expect(requiresUnseen({ any: [{ seen: 'sale', is: false }, { flag: 'discounts', is: true }] }, 'sale')).toBe(false);
    expect(requiresUnseen({ seen: 'secret-discount', is: false }, 'sale')).toBe(false);
  });
});

describe('leaving checkout offers each discount page once', () => {
  it('returns from the full price to /sale, from /sale to /secret-discount, and once both were seen, to the prices', () => {
    expect(cancelRoute('select-price', [])).toBe('/sale');
    expect(cancelRoute('sale', ['sale'])).toBe('/secret-discount');
    expect(cancelRoute('secret-discount', ['sale', 'secret-discount'])).toBe('/select-price');
    expect(cancelRoute('select-price', ['sale'])).toBe('/select-price');
    expect(cancelRoute('select-price', ['sale', 'secret-discount'])).toBe('/select-price');
    expect(cancelRoute('sale', ['sale', 'secret-discount'])).toBe('/select-price');
  });

  it('returns to the prices when remote config switches the discounts off', () => {
    const off = { ...defaultFlags(flow), discounts: false };
    expect(cancelRoute('select-price', [], off)).toBe('/select-price');
    expect(cancelRoute('sale', ['sale'], off)).toBe('/select-price');
  });

  it('remembers a discount page as seen the moment it opens, and keeps it through saved progress', () => {
    const actor = visitorOn('select-price');
    expect(actor.getSnapshot().context.seen).toEqual([]);
    actor.send({ type: 'RETURN', screen: 'sale' });
    expect(screenIdOf(actor.getSnapshot())).toBe('sale');
    expect(actor.getSnapshot().context.seen).toEqual(['sale']);
    actor.send({ type: 'RETURN', screen: 'secret-discount' });
    expect(actor.getSnapshot().context.seen).toEqual(['sale', 'secret-discount']);
    const storage = new MemoryStorage();
    const { answers, trail, assigned, seen } = actor.getSnapshot().context;
    saveProgress(storage, flow, { screen: screenIdOf(actor.getSnapshot()), answers, trail, assigned, seen });
    expect(loadProgress(storage, flow, productKinds)?.seen).toEqual(['sale', 'secret-discount']);
  });

  it('takes what the session remembers from another tab (SEEN), screens offered once only', () => {
    const actor = visitorOn('select-price');
    actor.send({ type: 'SEEN', screens: ['sale', 'welcome', 'no-such-screen', 'sale'] });
    expect(actor.getSnapshot().context.seen).toEqual(['sale']);
    // The other tab saw /sale: leaving checkout here now skips it.
    expect(cancelRoute('select-price', actor.getSnapshot().context.seen, actor.getSnapshot().context.flags)).toBe('/select-price');
  });

  it('does not open a discount page seen before, by payment return, address or history, but does by its next page\'s Back', () => {
    // A checkout opened before another tab showed /sale still names it: the return is refused.
    const stale = visitorOn('select-price', ['sale']);
    stale.send({ type: 'RETURN', screen: 'sale' });
    expect(screenIdOf(stale.getSnapshot())).toBe('select-price');
    // The trail holds both discount pages (the browser's history too): neither opens again by address.
    const after = visitorOn('select-price', ['sale', 'secret-discount'], [...toPrices, 'sale', 'secret-discount', 'select-price']);
    after.send({ type: 'NAVIGATE', screen: 'secret-discount' });
    after.send({ type: 'NAVIGATE', screen: 'sale' });
    expect(screenIdOf(after.getSnapshot())).toBe('select-price');
    // On /secret-discount, Back goes to /sale as the spec says: the page the visitor came from, not a new offer.
    const onSecret = visitorOn('secret-discount', ['sale', 'secret-discount'], [...toPrices, 'sale', 'secret-discount']);
    onSecret.send({ type: 'BACK' });
    expect(screenIdOf(onSecret.getSnapshot())).toBe('sale');
    // A screen not offered once still opens from the trail.
    after.send({ type: 'NAVIGATE', screen: 'get-access' });
    expect(screenIdOf(after.getSnapshot())).toBe('get-access');
  });

  it("leads from /payment-error's Continue to /sale only while it has not been seen", () => {
    const fresh = visitorOn('select-price');
    fresh.send({ type: 'RETURN', screen: 'payment-error' });
    const seenBefore = visitorOn('select-price', ['sale']);
    seenBefore.send({ type: 'RETURN', screen: 'payment-error' });
    const branch = (actor: typeof fresh) => {
      const payment = screen('payment-error');
      const next = Array.isArray(payment.next) ? payment.next : [];
      const { answers, results, flags, seen } = actor.getSnapshot().context;
      return next.find((b) => !b.when || evaluateCondition(b.when, { ...answers, '5-4': 'continue' }, results, flags, seen))?.to;
    };
    expect(branch(fresh)).toBe('sale');
    expect(branch(seenBefore)).toBe('select-price');
  });
});

describe('saved progress keeps the screens seen', () => {
  it('drops an id that is no screen offered once (an edited flow, or tampering)', () => {
    const storage = new MemoryStorage();
    saveProgress(storage, flow, { screen: 'select-price', answers: {}, trail: [...toPrices], seen: ['sale', 'welcome', 'gone'] });
    expect(loadProgress(storage, flow, productKinds)?.seen).toEqual(['sale']);
  });
});

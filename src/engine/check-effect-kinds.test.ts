import { describe, expect, it } from 'vitest';
import flowJson from '../../flows/astrology.json';
import type { Screen } from './generated/flow-types';
import { validateFlow } from './validate-flow';
import { checkEffectKinds, type EffectKinds } from './check-effect-kinds';
import { productKinds } from './kinds/product-kinds';

// The app's effects and their output kinds (src/shared/effect-names.ts; the engine imports nothing outside itself).
const kinds: EffectKinds = {
  loadPlans: 'plans',
  submitEmail: null,
  startCheckout: null,
  loadOffers: 'offers',
  purchaseOffers: 'purchase',
  orderReports: null,
  checkPayment: 'paymentStatus',
  loadOrderSummary: 'orderSummary',
  loadRecentPurchases: 'recentPurchases',
  readPaymentError: 'paymentError',
};

function productFlow() {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

const at = (id: string) => `/screens/${flowJson.screens.findIndex((s) => s.id === id)}`;

/** The kind problems of the product flow after `edit`, as `pointer message; hint` lines. */
function problemsAfter(edit: (screen: (id: string) => Screen) => void, with_: EffectKinds = kinds): string[] {
  const flow = productFlow();
  edit((id) => flow.screens.find((s) => s.id === id)!);
  return checkEffectKinds(flow, productKinds, with_).map((p) => `${p.pointer} ${p.message}; ${p.hint}`);
}

describe('the output kind of the effects screens read', () => {
  it('accepts the product flow with the app\'s effects', () => {
    expect(problemsAfter(() => {})).toEqual([]);
    expect(validateFlow(structuredClone(flowJson), { kinds: productKinds, effects: Object.keys(kinds), effectKinds: kinds }).ok).toBe(true);
  });

  it('refuses a price screen whose plansFrom names an effect that gives no plans', () => {
    expect(
      problemsAfter((screen) => {
        const price = screen('select-price');
        if (price.kind === 'price') price.plansFrom = 'loadOffers';
      }),
    ).toEqual([`${at('select-price')}/plansFrom "loadOffers" gives offers, but "plansFrom" of a price screen reads plans; use loadPlans`]);
  });

  it('refuses a "Recently joined" list from an effect that gives no recent purchases', () => {
    expect(
      problemsAfter((screen) => {
        const price = screen('select-price');
        if (price.kind === 'price') price.transactionsFrom = 'loadPlans';
      }),
    ).toEqual([`${at('select-price')}/transactionsFrom "loadPlans" gives plans, but "transactionsFrom" of a price screen reads recent purchases; use loadRecentPurchases`]);
  });

  it('refuses an offers screen that loads or submits to an effect of another kind', () => {
    expect(
      problemsAfter((screen) => {
        const offers = screen('signup-offer');
        if (offers.kind !== 'offers') return;
        offers.offersFrom = 'loadPlans';
        offers.submit = 'startCheckout';
      }),
    ).toEqual([
      `${at('signup-offer')}/offersFrom "loadPlans" gives plans, but "offersFrom" of an offers screen reads offers; use loadOffers`,
      `${at('signup-offer')}/submit "startCheckout" gives nothing a screen reads, but "submit" of an offers screen reads a purchase outcome; use purchaseOffers`,
    ]);
  });

  it('refuses a payment result screen whose status comes from an effect that reports no payment status', () => {
    expect(
      problemsAfter((screen) => {
        const success = screen('payment-success');
        if (success.kind === 'payment-result') success.statusFrom = 'orderReports';
      }),
    ).toEqual([`${at('payment-success')}/statusFrom "orderReports" gives nothing a screen reads, but "statusFrom" of a payment-result screen reads a payment status; use checkPayment`]);
  });

  it('says so when the app registers no effect of the kind, and leaves names it does not register to the other checks', () => {
    const { checkPayment: _, ...withoutStatus } = kinds;
    expect(problemsAfter(() => {}, { ...withoutStatus, checkPayment: null })).toEqual([
      `${at('payment-success')}/statusFrom "checkPayment" gives nothing a screen reads, but "statusFrom" of a payment-result screen reads a payment status; this app registers no effect that gives a payment status`,
    ]);
    expect(problemsAfter(() => {}, withoutStatus)).toEqual([]);
  });

  it('is one of the validator\'s checks when the app gives the kinds', () => {
    const edited = structuredClone(flowJson);
    const success = edited.screens.find((s) => s.id === 'payment-success')!;
    success.statusFrom = 'orderReports';
    const problems = (effectKinds?: EffectKinds) => {
      const result = validateFlow(edited, { kinds: productKinds, effects: Object.keys(kinds), ...(effectKinds ? { effectKinds } : {}) });
      return result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}`);
    };
    const line = `${at('payment-success')}/statusFrom "orderReports" gives nothing a screen reads, but "statusFrom" of a payment-result screen reads a payment status`;
    expect(problems(kinds)).toContain(line);
    expect(problems()).not.toContain(line);
  });
});

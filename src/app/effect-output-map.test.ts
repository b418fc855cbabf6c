import { describe, expect, expectTypeOf, it } from 'vitest';
import { fromPromise } from 'xstate';
import flowJson from '../../flows/astrology.json';
import type { EffectLogics } from '../engine/compile-flow';
import type { EffectFailure } from '../engine/effect-results';
import type { PriceScreen } from '../engine/generated/flow-types';
import type { PaymentStatusReport } from '../engine/payment-status';
import { validateFlow } from '../engine/validate-flow';
import type { OutputKinds, ScreenResults } from '../screens/results-by-kind';
import type { ScreenProps } from '../screens/screen-props';
import type { PlansByProvider } from '../services/subscription-api';
import { effectKinds, effectNames } from '../shared/effect-names';
import type { AppEffectInput, AppResults, EffectResults } from './effect-output-map';
import { resultsByKind } from '../screens/results-by-kind';
import type { effectsOf } from './effect-registry';
import type { CheckPaymentResult } from './effects/check-payment';
import type { LoadOffersResult } from './effects/load-offers';
import type { PurchaseOffersResult } from './effects/purchase-offers';
import type { FunnelActor } from './funnel/create-funnel';
import { publicPaths } from '../shared/public-paths';
import { productKinds } from '../engine/kinds/product-kinds';

describe('effect results, typed by one map', () => {
  it('types a price screen\'s result as the plans its plansFrom effect gives, a failure, or none yet', () => {
    expectTypeOf<ScreenProps<PriceScreen>['results']>().toEqualTypeOf<ScreenResults | undefined>();
    expectTypeOf<ScreenResults['plans'][string]>().toEqualTypeOf<PlansByProvider | EffectFailure | undefined>();
    expectTypeOf<ScreenResults['paymentStatus'][string]>().toEqualTypeOf<PaymentStatusReport | EffectFailure | undefined>();
    expectTypeOf(resultsByKind({}).plans.loadPlans).toEqualTypeOf<PlansByProvider | EffectFailure | undefined>();
  });

  it('types the machine\'s results and the effects\' input with the map, each effect by the output declared beside it', () => {
    expectTypeOf<ReturnType<FunnelActor['getSnapshot']>['context']['results']>().toEqualTypeOf<AppResults>();
    expectTypeOf<AppEffectInput['results']['loadOffers']>().toEqualTypeOf<LoadOffersResult | EffectFailure | undefined>();
    expectTypeOf<AppResults['checkPayment']>().toEqualTypeOf<CheckPaymentResult | EffectFailure | undefined>();
    expectTypeOf<keyof EffectResults>().toEqualTypeOf<(typeof effectNames)[number]>();
    expectTypeOf<keyof ReturnType<typeof effectsOf>>().toEqualTypeOf<keyof EffectResults>();
  });

  it('makes each effect\'s output fit what screens read of its kind', () => {
    expectTypeOf<EffectResults['loadPlans']>().toExtend<OutputKinds['plans']>();
    expectTypeOf<EffectResults['loadOffers']>().toExtend<OutputKinds['offers']>();
    expectTypeOf<EffectResults['purchaseOffers']>().toExtend<OutputKinds['purchase']>();
    expectTypeOf<EffectResults['checkPayment']>().toExtend<OutputKinds['paymentStatus']>();
    expectTypeOf<PurchaseOffersResult>().not.toExtend<OutputKinds['offers']>();
  });

  it('refuses an implementation whose output or input is not what the map says', () => {
    const plans: PlansByProvider = { maxpay: [], paypal: null };
    const right: EffectLogics<EffectResults> = { loadPlans: fromPromise(async ({ input }: { input: AppEffectInput }) => (input.email ? plans : plans)) };
    // @ts-expect-error loadPlans gives the plans of each provider, not an outcome
    const wrongOutput: EffectLogics<EffectResults> = { loadPlans: fromPromise(async () => ({ outcome: 'ready' as const })) };
    // @ts-expect-error an effect is given the EffectInput
    const wrongInput: EffectLogics<EffectResults> = { loadPlans: fromPromise(async ({ input }: { input: { usid: string } }) => (input.usid ? plans : plans)) };
    expect([right, wrongOutput, wrongInput]).toHaveLength(3);
  });

  it('gives each output kind only the results of effects of that kind', () => {
    const plans: PlansByProvider = { maxpay: [], paypal: null };
    const byKind = resultsByKind({ loadPlans: plans, loadOffers: { outcome: 'failed' }, submitEmail: { outcome: 'new', astroUser: true, subscriptionUser: true } });
    expect(byKind).toEqual({ plans: { loadPlans: plans }, offers: { loadOffers: { outcome: 'failed' } }, purchase: {}, paymentStatus: {}, paymentError: {}, orderSummary: {}, recentPurchases: {} });
    // A field naming an effect of another kind reads nothing, whatever that effect gave.
    expect(byKind.plans.loadOffers).toBeUndefined();
    expect(byKind.offers.loadPlans).toBeUndefined();
  });

  it('checks the product flow with the app\'s effect kinds', () => {
    expect(validateFlow(structuredClone(flowJson), { kinds: productKinds, effects: effectNames, effectKinds, publicPaths })).toMatchObject({ ok: true });
  });
});

import { describe, it, expect } from 'vitest';
import type { PriceScreen } from './generated/flow-types';
import { planSetOf } from './plan-set';

const base: PriceScreen = {
  id: 'select-price', route: '/select-price', kind: 'price', group: 'results', answerKey: '5-1', title: 'Choose', cta: 'Go',
  plansFrom: 'loadPlans', messages: { required: 'Choose.', unavailable: 'None.', retry: 'Again' }, end: true,
  planTerms: '{trialPrice} for {trialLength}, then {price}', payTerms: '{trialPrice} for {trialLength}, then {price}',
};

const highLow: PriceScreen['planGroups'] = ['high', 'low'];
const abTest: PriceScreen['planGroups'] = ['ab_test'];

describe('planSetOf', () => {
  it('offers the high, medium and low groups by default', () => {
    expect(planSetOf(base)).toEqual({ groups: ['high', 'medium', 'low'], abTestId: undefined });
  });

  it('keeps the screen\'s own groups and set while its plansBy flag is "default"', () => {
    const screen = { ...base, plansBy: 'priceSet', planGroups: highLow };
    expect(planSetOf(screen, { priceSet: 'default' })).toEqual({ groups: ['high', 'low'], abTestId: undefined });
  });

  it('offers the ab_test plans of the set the flag names otherwise (spec: abTestId gives ab_test)', () => {
    expect(planSetOf({ ...base, plansBy: 'priceSet' }, { priceSet: 'trial_price_test' })).toEqual({ groups: ['ab_test'], abTestId: 'trial_price_test' });
  });

  it('keeps the screen\'s own set when the flag is not given, or the screen chooses by no flag', () => {
    const sale = { ...base, planGroups: abTest, abTestId: 'sale' };
    expect(planSetOf({ ...sale, plansBy: 'priceSet' }, {})).toEqual({ groups: ['ab_test'], abTestId: 'sale' });
    expect(planSetOf(sale, { priceSet: 'trial_price_test' })).toEqual({ groups: ['ab_test'], abTestId: 'sale' });
  });
});

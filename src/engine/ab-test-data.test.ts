import { describe, it, expect } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { abTestData } from './ab-test-data';
import { productKinds } from './kinds/product-kinds';

function loadFlow() {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

describe('abTestData', () => {
  const flow = loadFlow();

  it('holds each flag the visitor was shown, with the value they saw, typed', () => {
    expect(abTestData(flow, { accessHeadline: 'b', priceSet: 'trial_price_test', discounts: false })).toEqual({ accessHeadline: 'b', priceSet: 'trial_price_test', discounts: false });
  });

  it('leaves out the flags no screen has shown them: they are in no group of that test yet', () => {
    expect(abTestData(flow, {})).toEqual({});
    expect(abTestData(flow, { priceSet: 'default' })).toEqual({ priceSet: 'default' });
  });

  it('leaves out what the flow does not declare or allow', () => {
    expect(abTestData(flow, { oldTest: 'b', priceSet: 'cheap' })).toEqual({});
  });
});

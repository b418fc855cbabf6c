import { describe, it, expect } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import type { TextPlaceholders } from './text-placeholders';
import { productKinds } from './kinds/product-kinds';

// The placeholders the screens fill, as src/shared/text-placeholders.ts registers them (the engine, its tests too,
// imports nothing outside itself; src/app/load-flow.ts and scripts/check-flow-file.ts check with the real one).
const fromInsight = { needs: 'insight', hint: 'add "insight" with the birth answers, or remove the placeholder' };
const fromOffers = { needs: 'offersFrom', hint: 'use it on an offers screen only, or remove the placeholder' };
const fromSummary = { needs: 'summaryFrom', hint: 'use it on an order summary screen only, or remove the placeholder' };
const placeholders: TextPlaceholders = {
  filledOn: ['interstitial', 'offers', 'order-summary'],
  named: { sunSign: fromInsight, moonSign: fromInsight, total: fromOffers, last4: fromOffers, maskedEmail: fromSummary },
};

type Editable = { flags: Record<string, unknown>; screens: Array<Record<string, unknown> & { id: string }> };

function problemsAfter(edit: (flow: Editable) => void): string[] {
  const flow = structuredClone(flowJson) as unknown as Editable;
  edit(flow);
  const result = validateFlow(flow, { kinds: productKinds, placeholders });
  return result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}`);
}

const index = (id: string) => flowJson.screens.findIndex((s) => s.id === id);
const screen = (flow: Editable, id: string) => flow.screens[index(id)]!;
const access = `/screens/${index('get-access')}`;
const price = `/screens/${index('select-price')}`;
/**
 * /select-price's return routes, the first cancel route on `when` (the flow's tests the discounts flag), with the
 * guard every route to /sale needs (it is offered once: `{ "seen": "sale", "is": false }`), as in the flow.
 */
const cancelWhen = (flow: Editable, when: unknown) => {
  const unseen = { seen: 'sale', is: false };
  screen(flow, 'select-price').returnTo = { success: '/payment-success', error: '/payment-error', cancel: [{ when: { all: [when, unseen] }, to: '/sale' }, { to: '/select-price' }] };
};

describe('flag declarations (schema)', () => {
  it('refuses the old shorthand, a bare default, at the flag', () => {
    expect(problemsAfter((f) => (f.flags.discounts = true))).toEqual(['/flags/discounts must be an object']);
  });

  it('refuses a name Remote Config cannot carry', () => {
    expect(problemsAfter((f) => (f.flags['price-set'] = { type: 'boolean', default: true }))).toEqual([
      '/flags does not have the expected form (^[A-Za-z_][A-Za-z0-9_]*$)',
    ]);
  });

  it('refuses an unknown type, and a string flag without its values', () => {
    expect(problemsAfter((f) => (f.flags.discounts = { type: 'bool', default: true }))).toEqual(['/flags/discounts/type is not a flag type']);
    expect(problemsAfter((f) => (f.flags.accessHeadline = { type: 'string', default: 'a' }))).toEqual(['/flags/accessHeadline missing required property "values"']);
  });

  it('refuses a default of the wrong type', () => {
    expect(problemsAfter((f) => (f.flags.discounts = { type: 'boolean', default: 'true' }))).toEqual(['/flags/discounts/default must be a boolean']);
  });
});

describe('flag rules the schema cannot say', () => {
  it('refuses a string flag whose default is not one of its values', () => {
    expect(problemsAfter((f) => (f.flags.accessHeadline = { type: 'string', default: 'c', values: ['a', 'b'] }))).toEqual([
      '/flags/accessHeadline/default default "c" is not one of the values of flag "accessHeadline"',
    ]);
  });

  it('refuses a condition on a flag the flow does not declare', () => {
    expect(problemsAfter((f) => cancelWhen(f, { flag: 'discount', is: true }))).toEqual([`${price}/returnTo/cancel/0/when unknown flag "discount"`]);
  });

  it('refuses a condition comparing a boolean flag with a string, and a string flag with a boolean', () => {
    expect(problemsAfter((f) => cancelWhen(f, { flag: 'discounts', is: 'true' }))).toEqual([
      `${price}/returnTo/cancel/0/when flag "discounts" is a boolean, but the condition compares it with "true"`,
    ]);
    expect(problemsAfter((f) => cancelWhen(f, { all: [{ flag: 'priceSet', is: true }] }))).toEqual([
      `${price}/returnTo/cancel/0/when flag "priceSet" is a string flag, but the condition compares it with true`,
    ]);
  });

  it('refuses a condition on a value the string flag never takes, in `next` too', () => {
    expect(problemsAfter((f) => (screen(f, 'get-access').next = [{ when: { flag: 'priceSet', is: 'trial_price' }, to: 'select-price' }, { to: 'select-price' }]))).toEqual([
      `${access}/next/0/when flag "priceSet" can never be "trial_price"`,
    ]);
  });

  it('accepts a condition on one of a string flag\'s values', () => {
    expect(problemsAfter((f) => (screen(f, 'get-access').next = [{ when: { flag: 'priceSet', is: 'trial_price_test' }, to: 'select-price' }, { to: 'select-price' }]))).toEqual([]);
  });

  it('refuses plansBy naming an unknown or a boolean flag', () => {
    expect(problemsAfter((f) => (screen(f, 'select-price').plansBy = 'priceTest'))).toEqual([`${price}/plansBy unknown flag "priceTest"`]);
    expect(problemsAfter((f) => (screen(f, 'select-price').plansBy = 'discounts'))).toEqual([
      `${price}/plansBy flag "discounts" is a boolean; a price screen chooses its plans by a string flag's values`,
    ]);
  });

  it('refuses text variants that miss a value of their flag, or add one it does not have', () => {
    expect(problemsAfter((f) => (screen(f, 'get-access').title = { flag: 'accessHeadline', variants: { a: 'One', c: 'Two' } }))).toEqual([
      `${access}/title/variants no variant for value "b" of flag "accessHeadline"`,
      `${access}/title/variants/c "c" is not a value of flag "accessHeadline"`,
    ]);
  });

  it('refuses text variants by an unknown or a boolean flag', () => {
    expect(problemsAfter((f) => (screen(f, 'get-access').title = { flag: 'headline', variants: { a: 'One', b: 'Two' } }))).toEqual([`${access}/title/flag unknown flag "headline"`]);
    expect(problemsAfter((f) => (screen(f, 'get-access').body = [{ flag: 'discounts', variants: { a: 'One', b: 'Two' } }]))).toEqual([
      `${access}/body/0/flag flag "discounts" is a boolean; a text has variants by a string flag's values`,
    ]);
  });

  it('checks the placeholders of every variant, and points at the variant', () => {
    expect(problemsAfter((f) => (screen(f, 'get-access').title = { flag: 'accessHeadline', variants: { a: 'One', b: 'Hi {answer:2-9}' } }))).toEqual([
      `${access}/title/variants/b unknown placeholder {answer:2-9}`,
    ]);
  });

  it('points at the blank variant, not at the text as a whole', () => {
    expect(problemsAfter((f) => (screen(f, 'get-access').title = { flag: 'accessHeadline', variants: { a: 'One', b: '  ' } }))).toEqual([
      `${access}/title/variants/b has only spaces`,
    ]);
  });
});

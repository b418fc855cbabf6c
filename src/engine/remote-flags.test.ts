import { describe, it, expect } from 'vitest';
import { parseRemoteFlags, type IgnoredRemoteFlag } from './remote-flags';
import type { FlagDeclarations } from './flags';

const declarations: FlagDeclarations = {
  discounts: { type: 'boolean', default: true },
  priceSet: { type: 'string', default: 'default', values: ['default', 'trial_price_test'] },
};

function parse(entries: Record<string, string>) {
  const ignored: IgnoredRemoteFlag[] = [];
  const values = parseRemoteFlags(declarations, entries, (entry) => ignored.push(entry));
  return { values, ignored };
}

describe('parseRemoteFlags', () => {
  it('reads as true every string Firebase\'s asBoolean reads as true, in any case', () => {
    for (const raw of ['1', 'true', 't', 'yes', 'y', 'on', 'TRUE', 'Yes', 'ON']) expect(parse({ discounts: raw }).values, raw).toEqual({ discounts: true });
  });

  it('reads their opposites as false', () => {
    for (const raw of ['0', 'false', 'f', 'no', 'n', 'off', 'False', 'OFF']) expect(parse({ discounts: raw }).values, raw).toEqual({ discounts: false });
  });

  it('ignores any other string for a boolean flag, so the default stands, and reports it once', () => {
    const { values, ignored } = parse({ discounts: 'maybe' });
    expect(values).toEqual({});
    expect(ignored).toEqual([{ name: 'discounts', value: 'maybe', reason: expect.stringContaining('not a boolean') }]);
    expect(parse({ discounts: '' }).values).toEqual({});
  });

  it('takes a string flag\'s value only when it is one of its values, exactly', () => {
    expect(parse({ priceSet: 'trial_price_test' }).values).toEqual({ priceSet: 'trial_price_test' });
    const { values, ignored } = parse({ priceSet: 'Trial_Price_Test' });
    expect(values).toEqual({});
    expect(ignored).toEqual([{ name: 'priceSet', value: 'Trial_Price_Test', reason: expect.stringContaining('default, trial_price_test') }]);
  });

  it('skips parameters the flow does not declare, silently', () => {
    const { values, ignored } = parse({ paywall_variant: 'B', show_timer: 'true', discounts: 'false' });
    expect(values).toEqual({ discounts: false });
    expect(ignored).toEqual([]);
  });

  it('does not take a parameter named like an Object property for a flag', () => {
    expect(parse({ constructor: 'true', toString: 'x' }).values).toEqual({});
  });
});

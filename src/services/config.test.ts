import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('the test-offers switch (VITE_TEST_OFFERS)', () => {
  it('offers the live variants unless the build says "true"', () => {
    expect(readConfig({}).testOffers).toBe(false);
    expect(readConfig({ VITE_TEST_OFFERS: '' }).testOffers).toBe(false);
    expect(readConfig({ VITE_TEST_OFFERS: 'false' }).testOffers).toBe(false);
    expect(readConfig({ VITE_TEST_OFFERS: 'true' }).testOffers).toBe(true);
  });

  it.each(['TRUE', '1', 'yes', ' true', 'false '])('fails loudly at start on "%s", naming the variable and the allowed values', (value) => {
    expect(() => readConfig({ VITE_TEST_OFFERS: value })).toThrow(`Configuration: VITE_TEST_OFFERS must be "true" or "false", got "${value}"`);
  });
});

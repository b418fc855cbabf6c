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

describe('the Meta pixel id (VITE_META_PIXEL_ID)', () => {
  it('is off unless set, and kept as given', () => {
    expect(readConfig({}).metaPixelId).toBe('');
    expect(readConfig({ VITE_META_PIXEL_ID: '' }).metaPixelId).toBe('');
    expect(readConfig({ VITE_META_PIXEL_ID: '1234567890123456' }).metaPixelId).toBe('1234567890123456');
  });

  it.each(['abc', ' 123', '12 34', '123456789012345678901234567890123'])('fails loudly at start on "%s"', (value) => {
    expect(() => readConfig({ VITE_META_PIXEL_ID: value })).toThrow(`Configuration: VITE_META_PIXEL_ID must be the pixel's id (digits only), got "${value}"`);
  });
});

describe('the default consent (VITE_CONSENT_DEFAULT)', () => {
  it('is granted unless the build says "denied"', () => {
    expect(readConfig({}).consentDefault).toBe('granted');
    expect(readConfig({ VITE_CONSENT_DEFAULT: '' }).consentDefault).toBe('granted');
    expect(readConfig({ VITE_CONSENT_DEFAULT: 'granted' }).consentDefault).toBe('granted');
    expect(readConfig({ VITE_CONSENT_DEFAULT: 'denied' }).consentDefault).toBe('denied');
  });

  it.each(['Denied', 'deny', 'true', ' granted'])('fails loudly at start on "%s", naming the allowed values', (value) => {
    expect(() => readConfig({ VITE_CONSENT_DEFAULT: value })).toThrow(`Configuration: VITE_CONSENT_DEFAULT must be one of "granted", "denied", got "${value}"`);
  });
});

describe('the regions that need opt-in (VITE_CONSENT_OPT_IN_REGIONS)', () => {
  it('defaults to the EU, the EEA, the UK and Switzerland', () => {
    const regions = readConfig({}).consentRegions;
    for (const code of ['DE', 'FR', 'IE', 'GR', 'HU', 'NO', 'IS', 'LI', 'GB', 'CH', 'RE']) expect(regions).toContain(code);
    for (const code of ['US', 'CA', 'BR', 'EL', 'UK']) expect(regions).not.toContain(code);
    expect(new Set(regions).size).toBe(regions.length);
  });

  it('reads a comma-separated list, any case, spaces allowed', () => {
    expect(readConfig({ VITE_CONSENT_OPT_IN_REGIONS: 'de, fr,BR' }).consentRegions).toEqual(['DE', 'FR', 'BR']);
  });

  it.each(['DEU', 'DE;FR', 'DE,,FR', 'D1'])('fails loudly at start on "%s"', (value) => {
    expect(() => readConfig({ VITE_CONSENT_OPT_IN_REGIONS: value })).toThrow(`Configuration: VITE_CONSENT_OPT_IN_REGIONS must be comma-separated two-letter country codes, got "${value}"`);
  });
});

describe('the debug host (VITE_DEBUG_HOST)', () => {
  it('is none unless set; a host name, with a port if given', () => {
    expect(readConfig({}).debugHost).toBe('');
    expect(readConfig({ VITE_DEBUG_HOST: 'App.Example.com' }).debugHost).toBe('app.example.com');
    expect(readConfig({ VITE_DEBUG_HOST: 'localhost:4173' }).debugHost).toBe('localhost:4173');
  });

  it.each(['https://app.example.com', 'app.example.com/', 'a b', '-x.example.com'])('fails loudly at start on "%s"', (value) => {
    expect(() => readConfig({ VITE_DEBUG_HOST: value })).toThrow(`Configuration: VITE_DEBUG_HOST must be a host name such as "app.example.com", got "${value}"`);
  });
});

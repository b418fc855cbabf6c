import { describe, it, expect } from 'vitest';
import { textFor, textVariantFlags } from './text-variants';
import { flowTextsOf } from './kinds/kind-registry';
import type { InterstitialScreen } from './generated/flow-types';
import { productKinds } from './kinds/product-kinds';

const headline = { flag: 'accessHeadline', variants: { a: 'Unlock your reading', b: 'See your stars' } };

describe('text variants', () => {
  it('shows a plain text as it is, whatever the flags', () => {
    expect(textFor('Unlock your reading', { accessHeadline: 'b' })).toBe('Unlock your reading');
  });

  it('shows the variant for the visitor\'s value of the flag', () => {
    expect(textFor(headline, { accessHeadline: 'a' })).toBe('Unlock your reading');
    expect(textFor(headline, { accessHeadline: 'b' })).toBe('See your stars');
  });

  it('shows the first variant when the flag\'s value is unknown, never nothing', () => {
    expect(textFor(headline)).toBe('Unlock your reading');
    expect(textFor(headline, { accessHeadline: 'z' })).toBe('Unlock your reading');
    expect(textFor(headline, { accessHeadline: true })).toBe('Unlock your reading');
  });

  it('finds the variants of an interstitial\'s title and body, and the flags they read', () => {
    const screen: InterstitialScreen = { id: 'get-access', route: '/get-access', kind: 'interstitial', group: 'results', title: headline, body: ['Plain', { ...headline, flag: 'bodyTest' }], end: true };
    expect(flowTextsOf(productKinds, screen).map(([pointer]) => pointer)).toEqual(['/title', '/body/0', '/body/1']);
    expect(textVariantFlags(productKinds, screen)).toEqual(['accessHeadline', 'bodyTest']);
  });
});

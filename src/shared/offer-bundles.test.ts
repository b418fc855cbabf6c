import { describe, expect, it } from 'vitest';
import { basketOf, chargeCents, coveredOffers, type BundleOffer } from './offer-bundles';

// The catalogue's offers (server/subs/catalogue.ts): the ultra pack contains the birth chart and love paths.
const birth: BundleOffer = { id: 'birth_chart', includes: [], priceCents: 1999 };
const love: BundleOffer = { id: 'love_paths', includes: [], priceCents: 2499 };
const ultra: BundleOffer = { id: 'ultra_pack', includes: ['birth_chart', 'love_paths'], priceCents: 4999 };
const offers = [birth, love, ultra];

describe('offer bundles', () => {
  it('counts what a bought bundle contains as owned', () => {
    expect([...coveredOffers(offers, ['ultra_pack'])].sort()).toEqual(['birth_chart', 'love_paths', 'ultra_pack']);
    expect([...coveredOffers(offers, ['birth_chart'])]).toEqual(['birth_chart']);
  });

  it('charges an offer its price, and nothing (null) once it is owned alone or inside a bundle', () => {
    expect(chargeCents(birth, offers, [])).toBe(1999);
    expect(chargeCents(birth, offers, ['birth_chart'])).toBeNull();
    expect(chargeCents(birth, offers, ['ultra_pack'])).toBeNull();
    expect(chargeCents(ultra, offers, ['ultra_pack'])).toBeNull();
  });

  it('charges a bundle less the offers in it already owned', () => {
    expect(chargeCents(ultra, offers, [])).toBe(4999);
    expect(chargeCents(ultra, offers, ['birth_chart'])).toBe(3000);
    expect(chargeCents(ultra, offers, ['birth_chart', 'love_paths'])).toBe(501);
  });

  it('credits a part inside another owned part once', () => {
    const inner: BundleOffer = { id: 'birth_chart', includes: [], priceCents: 1000 };
    const middle: BundleOffer = { id: 'love_paths', includes: ['birth_chart'], priceCents: 2500 };
    const outer: BundleOffer = { id: 'ultra_pack', includes: ['love_paths'], priceCents: 4000 };
    expect(chargeCents(outer, [inner, middle, outer], ['love_paths'])).toBe(1500);
    expect(chargeCents(outer, [inner, middle, outer], ['birth_chart'])).toBe(3000);
  });

  it('leaves out of the basket what a chosen bundle contains, and what is owned, so nothing is bought twice', () => {
    const both = basketOf(offers, [], ['birth_chart', 'ultra_pack']);
    expect(both.items).toEqual([{ id: 'ultra_pack', chargeCents: 4999 }]);
    expect(both.totalCents).toBe(4999);
    expect([...both.includedByChoice].sort()).toEqual(['birth_chart', 'love_paths']);

    const singles = basketOf(offers, [], ['love_paths', 'birth_chart']);
    expect(singles.items).toEqual([{ id: 'birth_chart', chargeCents: 1999 }, { id: 'love_paths', chargeCents: 2499 }]);
    expect(singles.totalCents).toBe(4498);

    const upgrade = basketOf(offers, ['love_paths'], ['ultra_pack', 'love_paths']);
    expect(upgrade.items).toEqual([{ id: 'ultra_pack', chargeCents: 2500 }]);
    expect(basketOf(offers, ['ultra_pack'], ['birth_chart']).items).toEqual([]);
  });
});

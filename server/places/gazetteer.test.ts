import { describe, it, expect, beforeAll } from 'vitest';
import { loadGazetteer, type Gazetteer } from './gazetteer';

let gazetteer: Gazetteer;

beforeAll(() => {
  gazetteer = loadGazetteer();
});

function firstLabel(query: string): string | undefined {
  return gazetteer.search(query)[0]?.label;
}

describe('gazetteer', () => {
  it('holds more than 100,000 places', () => {
    expect(gazetteer.size).toBeGreaterThan(100_000);
    expect(gazetteer.stats.keys).toBeGreaterThanOrEqual(gazetteer.size);
  });

  it('ranks Paris, France first for "paris"', () => {
    const [paris] = gazetteer.search('paris');
    expect(paris).toMatchObject({
      name: 'Paris',
      country: 'France',
      countryCode: 'FR',
      label: 'Paris, France',
      timeZone: 'Europe/Paris',
    });
    expect(paris).not.toHaveProperty('region');
  });

  it('ranks exact name matches before longer names with more people', () => {
    // "París, Panama" is an exact match too once accents are folded.
    const exact = gazetteer.search('paris', 20).map((place) => /^par[ií]s$/i.test(place.name));
    const firstPrefixOnly = exact.indexOf(false);
    const lastExact = exact.lastIndexOf(true);
    expect(lastExact).toBeGreaterThan(0);
    expect(firstPrefixOnly).toBeGreaterThan(lastExact);
  });

  it('orders equally good matches by population, largest first', () => {
    const populations = gazetteer.search('springfield', 20).map((place) => place.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('finds New York City in America/New_York for "new york"', () => {
    const [first] = gazetteer.search('new york');
    expect(first).toMatchObject({ name: 'New York City', region: 'NY', timeZone: 'America/New_York' });
    expect(first?.label).toBe('New York City, NY, United States');
  });

  it('ignores diacritics and case in the query and the names', () => {
    expect(gazetteer.search('sao paulo')[0]?.name).toBe('São Paulo');
    expect(gazetteer.search('SÃO PAULO')[0]?.name).toBe('São Paulo');
    expect(gazetteer.search('zurich')[0]).toMatchObject({ name: 'Zürich', countryCode: 'CH' });
    expect(gazetteer.search('düsseldorf')[0]?.name).toBe('Düsseldorf');
  });

  it('matches a prefix of the name while typing', () => {
    expect(gazetteer.search('zur').map((place) => place.name)).toContain('Zürich');
    expect(gazetteer.search('new y')[0]?.name).toBe('New York City');
  });

  it('treats punctuation, hyphens and apostrophes as spaces', () => {
    expect(firstLabel('saint etienne')).toBe('Saint-Étienne, France');
    expect(firstLabel("st. john's")).toBe("St. John's, NL, Canada");
    expect(firstLabel('st johns')).toBe("St. John's, NL, Canada");
  });

  it('finds "St." places when "saint" is typed, and the reverse', () => {
    expect(firstLabel('saint louis')).toBe('St. Louis, MO, United States');
    expect(gazetteer.search('st paul', 3).map((place) => place.label)).toContain('Saint Paul, MN, United States');
  });

  it('narrows "springfield, il" to Illinois', () => {
    const results = gazetteer.search('springfield, il');
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]).toMatchObject({ name: 'Springfield', region: 'IL', label: 'Springfield, IL, United States' });
    for (const place of results) expect(place.region === 'IL' || place.countryCode === 'IL').toBe(true);
  });

  it('narrows by a country or region written without a comma', () => {
    expect(firstLabel('springfield il')).toBe('Springfield, IL, United States');
    expect(firstLabel('paris tx')).toBe('Paris, TX, United States');
    expect(firstLabel('london ontario')).toBe('London, ON, Canada');
    expect(firstLabel('london england')).toBe('London, United Kingdom');
  });

  it('narrows by country code, English name, or a partly typed name', () => {
    for (const query of ['paris, fr', 'paris france', 'paris, fra', 'paris f']) {
      expect(firstLabel(query), query).toBe('Paris, France');
    }
    expect(firstLabel('paris, us')).toBe('Paris, TX, United States');
    expect(firstLabel('paris usa')).toBe('Paris, TX, United States');
    expect(firstLabel('paris, canada')).toBe('Paris, ON, Canada');
  });

  it('finds a place again from its own label', () => {
    for (const label of ['Springfield, IL, United States', 'Paris, France', 'Washington, D.C., DC, United States']) {
      expect(firstLabel(label), label).toBe(label);
    }
  });

  it('returns nothing when no name or qualifier matches', () => {
    expect(gazetteer.search('xqzzvk')).toEqual([]);
    expect(gazetteer.search('paris, atlantis')).toEqual([]);
    expect(gazetteer.search('   ')).toEqual([]);
    expect(gazetteer.search('!!!')).toEqual([]);
  });

  it('returns 8 results by default and at most 20', () => {
    expect(gazetteer.search('san')).toHaveLength(8);
    expect(gazetteer.search('san', 3)).toHaveLength(3);
    expect(gazetteer.search('san', 500)).toHaveLength(20);
    expect(gazetteer.search('san', 0)).toHaveLength(1);
  });

  it('never returns the same place twice', () => {
    for (const query of ['st', 'saint', 'st johns', 'san', 's']) {
      const ids = gazetteer.search(query, 20).map((place) => place.id);
      expect(new Set(ids).size, query).toBe(ids.length);
    }
  });

  it('labels places as "Name, Region, Country" only where the region code is readable', () => {
    expect(firstLabel('toronto')).toBe('Toronto, ON, Canada');
    expect(firstLabel('sydney')).toBe('Sydney, NSW, Australia');
    expect(firstLabel('chicago')).toBe('Chicago, IL, United States');
    expect(firstLabel('berlin')).toBe('Berlin, Germany');
    expect(firstLabel('tokyo')).toBe('Tokyo, Japan');
  });

  it('gives every result the documented fields with a GeoNames id', () => {
    const [place] = gazetteer.search('tokyo');
    expect(place).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'Tokyo',
      country: 'Japan',
      countryCode: 'JP',
      label: 'Tokyo, Japan',
      latitude: expect.closeTo(35.69, 1),
      longitude: expect.closeTo(139.69, 1),
      timeZone: 'Asia/Tokyo',
      population: expect.any(Number),
    });
    expect(Object.isFrozen(place)).toBe(true);
  });

  it('gives every place a time zone the runtime accepts as IANA', () => {
    const zones = new Set<string>();
    for (const query of 'abcdefghijklmnopqrstuvwxyz'.split('')) {
      for (const place of gazetteer.search(query, 20)) zones.add(place.timeZone);
    }
    for (const query of ['honolulu', 'anchorage', 'reykjavik', 'kathmandu', 'adelaide', 'auckland', 'lima']) {
      for (const place of gazetteer.search(query, 20)) zones.add(place.timeZone);
    }
    expect(zones.size).toBeGreaterThan(20);
    for (const zone of zones) {
      expect(zone).toMatch(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }), zone).not.toThrow();
    }
  });
});

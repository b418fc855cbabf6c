import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

// A throwaway Redis (or Valkey) from the machine's own server binary, on a loopback port, keeping nothing on disk:
// the topology's shared rate-limit counters (cluster/topology.ts), for the tests and `npm run start:cluster`.

export interface LocalRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  /** Stops it the way an outage would (SIGKILL); start() brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good. */
  close(): Promise<void>;
}

/** The server binary: REDIS_SERVER, else redis-server or valkey-server on the PATH. */
export function findRedisServer(): string | undefined {
  if (process.env.REDIS_SERVER) return process.env.REDIS_SERVER;
  for (const name of ['redis-server', 'valkey-server']) {
    const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  }
  return undefined;
}

export async function startLocalRedis(): Promise<LocalRedis> {
  const binary = findRedisServer();
  if (!binary) throw new Error('no Redis server (apt-get install -y redis-server, or set REDIS_SERVER)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'astrelle-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'], {
      stdio: 'ignore',
    });
    await waitForPort(port, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  const onExit = () => child?.kill('SIGKILL');
  process.once('exit', onExit);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    close: async () => {
      process.off('exit', onExit);
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once something accepts connections on the loopback port. */
export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

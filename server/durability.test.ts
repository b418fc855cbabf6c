import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Session } from '../src/services/api-contract';
import { inCi } from './test-support/databases';
import { postgresAvailability, startPostgres, type TestPostgres } from './test-support/postgres';

// Acknowledged writes survive kill -9: the real server process (server/main.ts) takes 1,000 concurrent
// session creates + writes over HTTP, is killed with SIGKILL mid-way, restarts on the same data, and every
// write that was answered 2xx must be there.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const VISITORS = 1000;
const KILL_AFTER_ACKS = 250;

interface RunningServer {
  process: ChildProcess;
  baseUrl: string;
}

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: join(repoRoot, 'no-dist-for-this-test'), NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ process: child, baseUrl: `http://127.0.0.1:${match[1]}` });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it started:\n${output}`));
    });
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function postJson(url: string, body: unknown): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Sends every visitor's create + write at once, kills the server with SIGKILL after KILL_AFTER_ACKS writes
 * were acknowledged, and returns the acknowledged visitor numbers.
 */
async function writeUntilKilled(server: RunningServer, runId: string, afterKill: () => void = () => undefined): Promise<{ acked: number[]; failed: number }> {
  const acked: number[] = [];
  let failed = 0;
  let killed = false;
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, n) => {
      const id = `${runId}_${n}`;
      try {
        const created = await postJson(`${server.baseUrl}/subs/sessions/create`, { id });
        if (created !== 201 && created !== 200) throw new Error(`create answered ${created}`);
        const written = await postJson(`${server.baseUrl}/subs/sessions/write/${id}`, {
          id,
          flowOuter: true,
          abTestData: { n, run: runId },
          gclid: n % 2 === 0,
          testEventCode: `T${n}`,
          ipInfo: null,
        });
        if (written !== 200) throw new Error(`write answered ${written}`);
        acked.push(n);
        if (!killed && acked.length >= KILL_AFTER_ACKS) {
          killed = true;
          server.process.kill('SIGKILL');
          afterKill();
        }
      } catch {
        failed += 1;
      }
    }),
  );
  await waitForExit(server.process);
  return { acked, failed };
}

async function expectAllThere(server: RunningServer, runId: string, acked: number[], failed: number): Promise<void> {
  const missing: number[] = [];
  for (let i = 0; i < acked.length; i += 50) {
    await Promise.all(
      acked.slice(i, i + 50).map(async (n) => {
        const response = await fetch(`${server.baseUrl}/subs/sessions/${runId}_${n}`);
        const session = response.status === 200 ? ((await response.json()) as Session) : undefined;
        const ok =
          session?.record.flowOuter === true &&
          session.record.abTestData.n === n &&
          session.record.gclid === (n % 2 === 0) &&
          session.record.testEventCode === `T${n}`;
        if (!ok) missing.push(n);
      }),
    );
  }
  expect(missing, `acknowledged writes lost after kill -9: ${missing.slice(0, 20).join(', ')}`).toEqual([]);
  console.log(`kill -9 (${runId}): ${acked.length} writes acknowledged, ${failed} visitors cut off; all ${acked.length} found after restart`);
}

describe('durability under kill -9 (SQLite)', () => {
  it('keeps every acknowledged session write through kill -9 in the middle of 1,000 concurrent writers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'astrelle-durability-'));
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      const { acked, failed } = await writeUntilKilled(first, 'kill9');
      // The kill really happened mid-way: some writes were acknowledged and some were not.
      expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(failed).toBeGreaterThan(0);
      const second = await startServer({ DATA_DIR: dataDir });
      try {
        await expectAllThere(second, 'kill9', acked, failed);
      } finally {
        second.process.kill('SIGKILL');
        await waitForExit(second.process);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

const { available, reason } = postgresAvailability();
const postgresLeg = available && !process.env.TEST_DATABASE_URL;
if (!available && !inCi) console.warn(`\n⚠⚠⚠ SKIPPING the PostgreSQL durability test: ${reason} ⚠⚠⚠\n`);

describe.skipIf(!postgresLeg && !inCi)('durability under kill -9 (PostgreSQL)', () => {
  it('keeps every acknowledged session write when the server and PostgreSQL are both killed mid-way', async () => {
    if (!available) throw new Error(`The PostgreSQL leg cannot run under CI: ${reason}`);
    if (process.env.TEST_DATABASE_URL) return; // an external server cannot be crashed from here
    let postgres: TestPostgres | undefined;
    try {
      postgres = await startPostgres({ durable: true });
      const first = await startServer({ DATABASE_URL: postgres.url });
      // PostgreSQL goes down the way a power cut would (immediate shutdown: no checkpoint) right after
      // the server is killed, then recovers from its WAL on restart.
      const { acked, failed } = await writeUntilKilled(first, 'pgkill9', () => postgres!.crash());
      expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(failed).toBeGreaterThan(0);
      postgres.restart();
      const second = await startServer({ DATABASE_URL: postgres.url });
      try {
        await expectAllThere(second, 'pgkill9', acked, failed);
      } finally {
        second.process.kill('SIGKILL');
        await waitForExit(second.process);
      }
    } finally {
      await postgres?.stop();
    }
  }, 180_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { prepareStore, type Store } from './db/open';
import { startPostgres } from './test-support/postgres';

// Several server processes started together on one new database (a deployment's workers, or a restart of all of
// them), on SQLite and on PostgreSQL: every one starts, the schema is migrated once, the flow store holds exactly one
// version 1, published, and the sandbox's sample purchases are seeded once (ten, not ten per process).

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'astrelle-concurrent-start-'));
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(database: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...database, DIST_DIR: join(repoRoot, 'no-dist-for-this-test'), NODE_ENV: 'test', SANDBOX_PURCHASES: 'on' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`a server exited (${code}) before it started:\n${output}`)));
  });
}

async function expectSeededOnce(store: Store): Promise<void> {
  const versions = await store.db.selectFrom('flow_versions').select(['flow_id', 'version', 'author']).execute();
  expect(versions).toEqual([{ flow_id: 'astrology', version: 1, author: 'seed' }]);
  expect(await store.db.selectFrom('flows').select(['flow_id', 'published_version']).execute()).toEqual([{ flow_id: 'astrology', published_version: 1 }]);
  const samples = await store.db.selectFrom('sandbox_purchases').select('first_name').execute();
  expect(samples).toHaveLength(10);
  expect(new Set(samples.map((s) => s.first_name)).size).toBe(10);
}

it('starts three processes together on one new SQLite file: each migrates or finds it migrated, and seeds once', async () => {
  const urls = await Promise.all([0, 1, 2].map(() => start({ DATA_DIR: dataDir })));
  for (const url of urls) expect((await fetch(`${url}/healthz`)).ok).toBe(true);
  const store = await prepareStore({ dataDir });
  try {
    await expectSeededOnce(store);
  } finally {
    await store.close();
  }
}, 90_000);

it('starts three processes together on one new PostgreSQL database: migrations under their lock, the seed under its own', async () => {
  const postgres = await startPostgres({ durable: false });
  try {
    const urls = await Promise.all([0, 1, 2].map(() => start({ DATABASE_URL: postgres.url, SESSION_SECRET: 'one-secret-for-all-three-processes-0123456789' })));
    for (const url of urls) expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const store = await prepareStore({ databaseUrl: postgres.url });
    try {
      await expectSeededOnce(store);
    } finally {
      await store.close();
    }
  } finally {
    for (const child of running) child.kill('SIGKILL');
    await postgres.stop();
  }
}, 90_000);

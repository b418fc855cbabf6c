import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { prepareStore } from './db/open';

// Several server processes started together on one new SQLite file (a deployment's workers, or a restart of all of
// them): every one starts, the schema is migrated once, and the flow store holds exactly one version 1, published.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'astrelle-concurrent-start-'));
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: join(repoRoot, 'no-dist-for-this-test'), NODE_ENV: 'test' },
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

it('starts three processes together on one new SQLite file: each migrates or finds it migrated, and the flow is seeded once', async () => {
  const urls = await Promise.all([start(), start(), start()]);
  for (const url of urls) expect((await fetch(`${url}/healthz`)).ok).toBe(true);
  const store = await prepareStore({ dataDir });
  try {
    const versions = await store.db.selectFrom('flow_versions').select(['flow_id', 'version', 'author']).execute();
    expect(versions).toEqual([{ flow_id: 'astrology', version: 1, author: 'seed' }]);
    expect(await store.db.selectFrom('flows').select(['flow_id', 'published_version']).execute()).toEqual([{ flow_id: 'astrology', published_version: 1 }]);
  } finally {
    await store.close();
  }
}, 90_000);

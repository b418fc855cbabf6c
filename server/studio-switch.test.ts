import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real server (server/main.ts) serves the flow studio only with STUDIO=on; off is the default, and a
// value that is neither is refused at start with one line.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const running = new Set<ChildProcess>();
let dir = '';
let studioDir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'astrelle-studio-switch-'));
  studioDir = join(dir, 'dist-studio');
  await mkdir(join(studioDir, 'assets'), { recursive: true });
  await writeFile(join(studioDir, 'index.html'), '<!doctype html><title>Flow studio</title>');
  await writeFile(join(studioDir, 'assets', 'studio.js'), 'console.log(1)');
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** Starts the server from source with `env`; resolves with its URL, or rejects with what it printed when it exits. */
function start(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, `data-${running.size}`), DIST_DIR: join(dir, 'no-dist'), STUDIO_DIST_DIR: studioDir, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, child });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exit ${code}: ${output.trim()}`)));
  });
}

describe('STUDIO in the server\'s environment', () => {
  it('unset: neither the studio\'s page, files nor API are served, even with a studio build on disk', async () => {
    const { url, child } = await start({});
    try {
      for (const path of ['/studio', '/studio/', '/studio/index.html', '/studio/assets/studio.js', '/studio/api/funnel-report?flow=astrology']) {
        expect((await fetch(`${url}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' })).status, path).toBe(404);
      }
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('on: the page, its files and the report of the flows in flows/', async () => {
    const { url, child } = await start({ STUDIO: 'on', EDITOR_TOKENS: 'ed:switch-token' });
    try {
      expect((await fetch(`${url}/studio`, { redirect: 'manual' })).status).toBe(302);
      expect(await (await fetch(`${url}/studio/`)).text()).toContain('Flow studio');
      expect((await fetch(`${url}/studio/assets/studio.js`)).status).toBe(200);
      // The report is the business's numbers: an editor's token only.
      expect((await fetch(`${url}/studio/api/funnel-report?flow=astrology&since=1h&by=priceSet`)).status).toBe(401);
      const report = await fetch(`${url}/studio/api/funnel-report?flow=astrology&since=1h&by=priceSet`, { headers: { authorization: 'Bearer switch-token' } });
      expect(report.status).toBe(200);
      expect(((await report.json()) as { flow: string }).flow).toBe('astrology');
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('on and open (npm run dev on a laptop): the report needs no token; never with NODE_ENV=production', async () => {
    const { url, child } = await start({ STUDIO: 'on', STUDIO_OPEN: 'on' });
    try {
      expect((await fetch(`${url}/studio/api/funnel-report?flow=astrology&since=1h`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    await expect(start({ STUDIO: 'on', STUDIO_OPEN: 'on', NODE_ENV: 'production' })).rejects.toThrow(
      'Astrelle failed to start: STUDIO_OPEN=on serves the studio\'s numbers to anyone: it is for npm run dev on a laptop, never with NODE_ENV=production',
    );
  }, 60_000);

  it('neither on nor off: refused at start, in one line', async () => {
    await expect(start({ STUDIO: 'yes' })).rejects.toThrow('Astrelle failed to start: invalid STUDIO "yes": expected on or off');
  }, 60_000);
});

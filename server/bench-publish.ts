import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Publish-to-visible time (`npm run bench`): two server processes of the production build on one SQLite database, as a
 * deployment of several would run; an editor publishes a reworded headline through one; a new visitor (no cookie) asks
 * each process for the landing every 20 ms until its HTML carries the headline. Measured from the publish's answer.
 */
export interface PublishTimes {
  /** Milliseconds until the publishing process served it, one per publish. */
  here: number[];
  /** Milliseconds until the other process served it. */
  elsewhere: number[];
}

const TOKEN = 'bench-editor-token';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(root: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist-server', 'main.js')], {
    cwd: root,
    env: { ...process.env, ROOT_DIR: root, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, EDITOR_TOKENS: `bench:${TOKEN}`, NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 30_000; waited += 100) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`the bench server at ${url} did not start`);
}

async function visibleAfter(url: string, headline: string, since: number): Promise<number> {
  for (;;) {
    const html = await (await fetch(`${url}/`, { headers: { accept: 'text/html' } })).text();
    if (html.includes(headline)) return performance.now() - since;
    if (performance.now() - since > 30_000) throw new Error(`${url} did not serve the published headline within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function benchPublish(root: string, publishes = 5): Promise<PublishTimes> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astrelle-bench-publish-'));
  const servers = await Promise.all([startServer(root, dataDir), startServer(root, dataDir)]);
  const [publisher, other] = servers as [{ url: string; child: ChildProcess }, { url: string; child: ChildProcess }];
  const flow = JSON.parse(readFileSync(path.join(root, 'flows', 'astrology.json'), 'utf8')) as { start: string; screens: Array<{ id: string; title?: unknown }> };
  const times: PublishTimes = { here: [], elsewhere: [] };
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  try {
    for (let i = 1; i <= publishes; i += 1) {
      const headline = `A headline published live, take ${i}`;
      flow.screens.find((s) => s.id === flow.start)!.title = headline;
      const stored = await fetch(`${publisher.url}/editor/flows/astrology/versions?note=bench`, { method: 'POST', headers, body: JSON.stringify(flow) });
      if (stored.status !== 201) throw new Error(`storing a version answered ${stored.status}: ${await stored.text()}`);
      const { version } = (await stored.json()) as { version: number };
      const published = await fetch(`${publisher.url}/editor/flows/astrology/publish`, { method: 'POST', headers, body: JSON.stringify({ version }) });
      if (published.status !== 200) throw new Error(`publishing answered ${published.status}`);
      const at = performance.now();
      const [here, elsewhere] = await Promise.all([visibleAfter(publisher.url, headline, at), visibleAfter(other.url, headline, at)]);
      times.here.push(here);
      times.elsewhere.push(elsewhere);
    }
  } finally {
    for (const server of servers) server.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return times;
}

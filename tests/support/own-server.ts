import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/test-support/free-port';

const root = fileURLToPath(new URL('../..', import.meta.url));
// What production runs, as the shared server does: Playwright's webServer (scripts/start.mjs) has just
// rebuilt this bundle if server/ or src/ were newer.
const serverEntry = join(root, 'dist-server', 'main.js');

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} did not start within ${timeoutMs} ms`);
}

/**
 * A reference server of the test's own (the built app and the APIs, SQLite in a temp folder, `env` added to its
 * environment), for tests that stop and restart it or configure it otherwise. The shared Playwright server must never
 * be stopped.
 */
export async function startOwnServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'astrelle-own-server-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  if (!existsSync(serverEntry)) throw new Error(`no server build at ${serverEntry}: run npm run build (or node scripts/build-server.mjs)`);
  const start = async () => {
    child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: { ...process.env, ROOT_DIR: root, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
      stdio: 'ignore',
    });
    await waitForHealth(url, 30_000);
  };
  /** Stops it the hard way, as a crash or a pulled plug would. */
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url, dataDir, restart: start, kill };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` as production runs it: scripts/start.mjs, in a checkout of its own whose server was never
// built, must build the server bundle (dist-server/main.js) and run it with plain Node, no TypeScript loader
// (tsx is a dev dependency), and that bundle must serve: the app build and the flows of the checkout it was
// started in (ROOT_DIR), the bundled GeoLite2 data and the gazetteer (found in node_modules), the database
// in the checkout's data/. The checkout: scripts/ copied (start.mjs finds its checkout from its own place),
// the sources and node_modules linked, and a stand-in app build newer than every source, so that only the
// server is built (well under a second) and the test takes a few seconds.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const checkout = mkdtempSync(join(tmpdir(), 'astrelle-start-'));
const standInApp = '<!doctype html><title>stand-in app build</title><div id="root"></div>';
let starter: ChildProcess | undefined;

afterAll(() => {
  // start.mjs leads a process group of its own: a failed test leaves neither it nor its server running.
  try {
    if (starter?.pid) process.kill(-starter.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  rmSync(checkout, { recursive: true, force: true });
});

function makeCheckout(): void {
  mkdirSync(join(checkout, 'scripts'));
  for (const script of ['start.mjs', 'ensure-build.mjs', 'build-server.mjs']) copyFileSync(join(repoRoot, 'scripts', script), join(checkout, 'scripts', script));
  // package.json also makes dist-server/main.js an ES module ("type": "module").
  for (const path of ['server', 'src', 'flows', 'package.json', 'node_modules']) symlinkSync(join(repoRoot, path), join(checkout, path));
  mkdirSync(join(checkout, 'dist'));
  const tomorrow = new Date(Date.now() + 86_400_000);
  for (const page of ['app.html', 'index.html']) {
    writeFileSync(join(checkout, 'dist', page), standInApp);
    utimesSync(join(checkout, 'dist', page), tomorrow, tomorrow);
  }
}

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

/** The bare imports of an ES module bundle: `import … from "x"`, `import "x"`, `import("x")`. */
function importsOf(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/^\s*(?:import|export)\s(?:[^'"]*?\sfrom\s*)?["']([^"']+)["']/gm)) found.add(match[1]!);
  for (const match of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.add(match[1]!);
  return [...found];
}

const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The processes whose parent is `pid` (Linux /proc; the parent pid is the 2nd field after the command's ")"). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** argv and environment of a running process (Linux /proc). */
function processInfo(pid: number): { argv: string[]; env: Record<string, string> } {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const env = Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  return { argv, env };
}

describe('npm start (scripts/start.mjs)', () => {
  it('builds the server to JavaScript and runs it with plain Node: it serves, and no tsx is in the process', { timeout: 60_000 }, async () => {
    makeCheckout();
    const port = await freePort();
    // A shell's environment, without what the test runner or a developer may have set.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_ENV$|NODE_OPTIONS$|ROOT_DIR$|DIST_DIR$|DATA_DIR$|DATABASE_URL$|PORT$|HOST$)/.test(name)),
    );
    const child = spawn(process.execPath, [join(checkout, 'scripts', 'start.mjs')], {
      cwd: checkout,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    starter = child;
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 45_000;
    while (!/Astrelle is running at/.test(output)) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not start within 45 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain('Building the server');
    expect(output).not.toContain('Building the app');

    // The bundle: one file holding all of server/ and src/ (no relative import left), importing only Node
    // built-ins and the packages production installs (dependencies, never devDependencies such as tsx).
    const entry = join(checkout, 'dist-server', 'main.js');
    const { dependencies } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const imports = importsOf(readFileSync(entry, 'utf8'));
    expect(imports).toContain('fastify');
    expect(imports).toContain('better-sqlite3');
    expect(imports.filter((specifier) => !isBuiltin(specifier) && !(packageName(specifier) in dependencies))).toEqual([]);

    // The server process: start.mjs's child, running the bundle with no loader flag and no NODE_OPTIONS
    // bringing one in, told its checkout explicitly.
    if (process.platform === 'linux') {
      const [serverPid, ...others] = childrenOf(child.pid!);
      expect(others).toEqual([]);
      const server = processInfo(serverPid!);
      expect(server.argv.slice(1)).toEqual([entry]);
      expect(`${server.argv.join(' ')} ${server.env.NODE_OPTIONS ?? ''}`).not.toMatch(/tsx|--import|--loader|--require|--experimental-strip-types/);
      expect(server.env.ROOT_DIR?.replace(/\/$/, '')).toBe(checkout);
      expect(processInfo(child.pid!).argv.join(' ')).not.toMatch(/tsx/);
    }

    // And it serves, with every path it computes resolved from the checkout, not from dist-server/.
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ ok: true });
    const flow = JSON.parse(readFileSync(join(repoRoot, 'flows', 'astrology.json'), 'utf8')) as { screens: Array<{ route: string }> };
    const flowRoute = flow.screens.find((screen) => screen.route !== '/')!.route;
    const page = await fetch(`${base}${flowRoute}`, { headers: { accept: 'text/html' } });
    expect([page.status, await page.text()]).toEqual([200, standInApp]);
    expect((await fetch(`${base}/no-such-page`, { headers: { accept: 'text/html' } })).status).toBe(404);
    const ip = (await (await fetch(`${base}/ip/json/8.8.8.8`)).json()) as { status: string; countryCode: string };
    expect([ip.status, ip.countryCode]).toEqual(['success', 'US']);
    const places = (await (await fetch(`${base}/places/search?q=London`)).json()) as { results: Array<{ name: string }> };
    expect(places.results[0]?.name).toBe('London');
    expect(existsSync(join(checkout, 'data', 'astrelle.sqlite'))).toBe(true);

    // Ctrl-C reaches the server through start.mjs, which closes and exits cleanly.
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});

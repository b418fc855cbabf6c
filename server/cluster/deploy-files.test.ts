import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NGINX_TEMPLATE, templateVariables } from './nginx-proxy';

// The container files (Dockerfile, compose.yaml) against what they describe: no image can be built where the tests
// run, so they are read here and held to the native topology (topology.ts), the nginx template and the server's build.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

// ---- Dockerfile ----

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's stages, each a list of instructions (continuation lines joined, comments dropped). */
function dockerStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    pending += line.replace(/\\\s*$/, ' ');
    if (/\\\s*$/.test(line)) continue;
    const match = /^\s*([A-Za-z]+)\s+([\s\S]*)$/.exec(pending);
    pending = '';
    if (!match) continue;
    const instruction = { keyword: match[1]!.toUpperCase(), args: match[2]!.trim() };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

/** ENV's settings, in its `A=1 B=2` form or the older `A 1`. */
function envOf(stage: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.filter((i) => i.keyword === 'ENV')) {
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(args)) {
      for (const [, name, value] of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) env[name!] = value!.replace(/^"|"$/g, '');
    } else {
      const [name, ...value] = args.split(/\s+/);
      env[name!] = value.join(' ');
    }
  }
  return env;
}

const stages = dockerStages(read('Dockerfile'));
const runtime = stages.at(-1) ?? [];
const runtimeEnv = envOf(runtime);
const only = (keyword: string) => runtime.filter((i) => i.keyword === keyword);
const workdir = only('WORKDIR').at(-1)?.args ?? '/';
/** Where the final stage's COPYs put things, as absolute paths. */
const copied = only('COPY').map(({ args }) => posix.resolve(workdir, args.split(/\s+/).filter((a) => !a.startsWith('--')).at(-1)!));
const exposed = only('EXPOSE').flatMap(({ args }) => args.split(/\s+/).map((port) => Number(port.replace(/\/tcp$/, ''))));

// ---- the native topology (server/cluster/topology.ts), read from its source ----

const topologySource = ts.createSourceFile('topology.ts', read('server/cluster/topology.ts'), ts.ScriptTarget.ES2022, true);
/** Every UPPER_CASE property set in an object literal: the environment the launcher gives its processes. */
const topologyEnv = new Set<string>();
/** ENTRIES.build's path under the repository, from `join(repoRoot, 'dist-server', 'main.js')`. */
let topologyBuildEntry: string | undefined;
const visit = (node: ts.Node): void => {
  if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
    if (/^[A-Z][A-Z0-9_]*$/.test(node.name.text)) topologyEnv.add(node.name.text);
    const first = node.name.text === 'build' && ts.isArrayLiteralExpression(node.initializer) ? node.initializer.elements[0] : undefined;
    if (first && ts.isCallExpression(first)) topologyBuildEntry = first.arguments.filter(ts.isStringLiteral).map((a) => a.text).join('/');
  }
  ts.forEachChild(node, visit);
};
visit(topologySource);

// ---- compose.yaml ----

interface ComposeService {
  build?: string | { context?: string; dockerfile?: string };
  environment?: Record<string, string | number | null> | string[];
  volumes?: Array<string | { type?: string; source?: string; target?: string }>;
  ports?: Array<string | number | { target?: number }>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: unknown };
}
// Merge keys (<<) on: the app services share their settings through anchors.
const compose = parse(read('compose.yaml'), { merge: true }) as { services?: Record<string, ComposeService> };
const services = compose.services ?? {};

function environmentOf(service: ComposeService | undefined): Record<string, string> {
  const env = service?.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((entry) => [entry.split('=')[0]!, entry.slice(entry.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value === null ? '' : String(value)]));
}

const dockerfile = resolve(repoRoot, 'Dockerfile');
const builtFromDockerfile = (service: ComposeService) => {
  if (service.build === undefined) return false;
  const context = resolve(repoRoot, typeof service.build === 'string' ? service.build : (service.build.context ?? '.'));
  return resolve(context, typeof service.build === 'string' ? 'Dockerfile' : (service.build.dockerfile ?? 'Dockerfile')) === dockerfile;
};
const appNames = Object.keys(services).filter((name) => builtFromDockerfile(services[name]!));
const proxy = services.proxy;
const proxyEnv = environmentOf(proxy);

// ---- the builds the server runs, made afresh from the sources ----

let buildDir: string;
let serverBundle: string;
/** The landing's renderer (dist-ssr/), every .js file of it. */
let rendererFiles: string[];

beforeAll(() => {
  buildDir = mkdtempSync(join(tmpdir(), 'astrelle-deploy-files-'));
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-server.mjs'), '--quiet', '--out-dir', join(buildDir, 'server')], { cwd: repoRoot, stdio: 'pipe' });
  serverBundle = readFileSync(join(buildDir, 'server', 'main.js'), 'utf8');
  // As scripts/build.mjs compiles it.
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const ssrArgs = ['--ssr', 'src/app/prerender.tsx', '--outDir', join(buildDir, 'ssr'), '--emptyOutDir', '--sourcemap', 'false', '--manifest', 'false'];
  execFileSync(process.execPath, [vite, 'build', '--configLoader', 'runner', '--logLevel', 'error', ...ssrArgs], { cwd: repoRoot, stdio: 'pipe' });
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : name.endsWith('.js') ? [join(dir, name)] : []));
  rendererFiles = walk(join(buildDir, 'ssr'));
}, 120_000);

afterAll(() => {
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

/** The npm packages a built module loads at run time: its imports, import()s, require()s and require.resolve()s. */
function packagesImportedBy(code: string): Set<string> {
  const specifiers = ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
  // require.resolve("pkg/file") and require(`pkg/${name}`) locate a package's files: the preprocessor sees neither.
  for (const match of code.matchAll(/\brequire\.resolve\(\s*["']([^"']+)["']\s*\)|\brequire\(\s*`([^`$]+)\$\{/g)) specifiers.push((match[1] ?? match[2])!);
  const packages = new Set<string>();
  for (const specifier of specifiers) {
    if (isBuiltin(specifier) || /^(\.|\/)/.test(specifier)) continue;
    const parts = specifier.split('/');
    packages.add(specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
  }
  return packages;
}

/** The environment variables the server reads: process.env.X, env.X (readers given process.env) and read("X", …). */
function variablesReadBy(code: string): Set<string> {
  const names = new Set<string>();
  for (const pattern of [/\bprocess\.env\.([A-Z][A-Z0-9_]*)/g, /\benv\.([A-Z][A-Z0-9_]*)/g, /\bread[\w$]*\(\s*["']([A-Z][A-Z0-9_]*)["']/g]) {
    for (const match of code.matchAll(pattern)) names.add(match[1]!);
  }
  return names;
}

describe('the Dockerfile', () => {
  it('runs the entry the native topology runs, the build of the server', () => {
    expect(topologyBuildEntry).toBe('dist-server/main.js');
    expect(JSON.parse(only('CMD').at(-1)?.args ?? 'null')).toEqual(['node', topologyBuildEntry]);
  });

  it('listens on the port it exposes, the one the proxy sends to', () => {
    const port = Number(runtimeEnv.PORT);
    expect(exposed).toContain(port);
    const upstreamPorts = ['ASTRELLE_APP_1', 'ASTRELLE_APP_2'].map((name) => Number(proxyEnv[name]?.split(':').at(-1)));
    expect(upstreamPorts).toEqual([port, port]);
    // A compose PORT would move the process away from the proxy's upstreams.
    for (const name of appNames) expect(environmentOf(services[name]).PORT ?? runtimeEnv.PORT).toBe(runtimeEnv.PORT);
  });

  it('runs as a user who is not root', () => {
    const user = only('USER').at(-1)?.args.split(':')[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('checks /healthz with Node (no curl in the slim image)', () => {
    expect(only('HEALTHCHECK').at(-1)?.args).toMatch(/CMD \["node", "-e", ".*\/healthz/);
  });

  it('ships what the server reads at run time, and the place index the build stage made', () => {
    const root = runtimeEnv.ROOT_DIR!;
    expect(workdir).toBe(root);
    // package.json: "type": "module" for the bundles; node_modules: their packages, the IP database, the places' data.
    for (const path of ['package.json', 'node_modules', 'dist-server', 'dist', 'dist-ssr', 'flows']) expect(copied).toContain(posix.join(root, path));
    const cache = runtimeEnv.GAZETTEER_CACHE_DIR;
    expect(copied).toContain(cache);
    const indexed = stages.slice(0, -1).flat().some((i) => i.keyword === 'RUN' && i.args.includes(`GAZETTEER_CACHE_DIR=${cache} `) && i.args.includes('scripts/place-index.ts'));
    expect(indexed, `a build stage should write the place index into ${cache}`).toBe(true);
  });
});

describe('compose.yaml', () => {
  it('runs two app processes built from the Dockerfile', () => {
    expect(appNames).toHaveLength(2);
    const instances = appNames.map((name) => environmentOf(services[name]).INSTANCE_NAME);
    expect(new Set(instances).size, 'each process needs a name of its own in /readyz').toBe(2);
    for (const name of appNames) {
      const dependsOn = services[name]!.depends_on;
      for (const needed of ['postgres', 'redis']) {
        expect(Array.isArray(dependsOn) ? undefined : dependsOn?.[needed]?.condition, `${name} waits for ${needed}`).toBe('service_healthy');
        expect(services[needed]?.healthcheck?.test, `${needed} needs a healthcheck to be waited for`).toBeDefined();
      }
    }
  });

  it('mounts the template the native launcher uses, over the nginx image default server', () => {
    const mounts = (proxy?.volumes ?? []).map((volume) => {
      if (typeof volume !== 'string') return { source: volume.source, target: volume.target };
      const [source, target] = volume.split(':');
      return { source, target };
    });
    const template = mounts.find((m) => m.source !== undefined && resolve(repoRoot, m.source) === fileURLToPath(NGINX_TEMPLATE));
    expect(template?.target).toBe('/etc/nginx/templates/default.conf.template');
  });

  it('gives the proxy every variable the template names, its upstreams the two app services', () => {
    const variables = templateVariables(readFileSync(NGINX_TEMPLATE, 'utf8'));
    expect(variables.length).toBeGreaterThan(0);
    for (const name of variables) expect(proxyEnv[name], `the proxy's environment should set ${name}`).toBeTruthy();
    const upstreamHosts = ['ASTRELLE_APP_1', 'ASTRELLE_APP_2'].map((name) => proxyEnv[name]?.split(':')[0]);
    expect(upstreamHosts.sort()).toEqual([...appNames].sort());
    // The proxy listens on the container port that is published.
    const published = (proxy?.ports ?? []).map((port) => (typeof port === 'object' ? String(port.target) : String(port).split(':').at(-1)));
    expect(published).toContain(proxyEnv.ASTRELLE_PROXY_LISTEN);
  });

  it('requires SESSION_SECRET: a default written in this file would be everyone\'s secret', () => {
    for (const name of appNames) expect(environmentOf(services[name]).SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?[^}]+\}$/);
  });
});

describe('the environment and packages of a container', () => {
  it('sets only variables the server reads, and every one the native topology sets', () => {
    const readByServer = variablesReadBy(serverBundle);
    // Each kind of reader is seen: main.ts's own, storeLocationFromEnv's and readRateLimitSettings's.
    for (const name of ['SESSION_SECRET', 'DATABASE_URL', 'RATE_LIMIT_LOOKUPS']) expect(readByServer).toContain(name);
    for (const name of appNames) {
      const given = { ...runtimeEnv, ...environmentOf(services[name]) };
      for (const variable of Object.keys(given)) expect(readByServer, `${name} sets ${variable}`).toContain(variable);
      expect(topologyEnv).toContain('DATABASE_URL');
      for (const variable of topologyEnv) expect(Object.keys(given), `the native topology sets ${variable}; ${name} does not`).toContain(variable);
    }
  });

  it('finds every package the server bundle imports among the production dependencies', () => {
    const { dependencies = {} } = JSON.parse(read('package.json')) as { dependencies?: Record<string, string> };
    const imported = packagesImportedBy(serverBundle);
    expect(imported).toContain('fastify');
    expect([...imported].filter((name) => !(name in dependencies)), 'imported by dist-server/main.js but not in dependencies').toEqual([]);
  });

  it('finds every package the landing renderer imports in a production install', () => {
    // The renderer has styled-components compiled in (vite.config.ts: ssr.noExternal): its own dependencies (stylis…)
    // are imported by name, found where a production install hoists them. The lock says which those are.
    const { dependencies = {} } = JSON.parse(read('package.json')) as { dependencies?: Record<string, string> };
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean }> };
    const imported = new Set(rendererFiles.flatMap((file) => [...packagesImportedBy(readFileSync(file, 'utf8'))]));
    expect(imported).toContain('react');
    const missing = [...imported].filter((name) => !(name in dependencies) && (lock.packages[`node_modules/${name}`] ?? { dev: true }).dev);
    expect(missing, 'imported by dist-ssr/ but not installed by npm ci --omit=dev').toEqual([]);
  });
});

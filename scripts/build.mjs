#!/usr/bin/env node
// The production build: the client bundle; the page templates the server fills with the flow version it serves
// (dist/landing.html for the landing, dist/app.html, the empty shell, for every other route); the landing's server
// renderer, compiled into dist-ssr/prerender.js, which the server loads to prerender each version's landing (and which
// prerenders the built flow's landing into dist/index.html here, the page as a visitor gets it, for the bench's static
// floor); then the server compiled to JavaScript in dist-server/ (scripts/build-server.mjs), which `npm start` runs,
// and the flow studio into dist-studio/ (served at /studio/ with STUDIO=on).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

// The attribute the landing's inline script reads (src/shared/early-tap.ts: appEntryAttribute).
const appEntryAttribute = 'data-app-entry';

const root = new URL('..', import.meta.url).pathname;
// --out DIR builds the app (only) into DIR: the SDK tests build one with test keys into dist-sdk/ beside dist/.
const outAt = process.argv.indexOf('--out');
const dist = outAt > 0 ? resolve(root, process.argv[outAt + 1] ?? '') : join(root, 'dist');
// Beside the app's build, never inside it: nothing in it is the visitor's to fetch.
const ssrOut = `${dist}-ssr`;
const quiet = process.argv.includes('--quiet') ? ['--logLevel', 'warn'] : [];

function vite(args, env = {}) {
  const result = spawnSync('npx', ['vite', 'build', '--configLoader', 'runner', ...quiet, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

vite(outAt > 0 ? ['--outDir', dist, '--emptyOutDir'] : []);
vite(['--ssr', 'src/app/prerender.tsx', '--outDir', ssrOut, '--emptyOutDir', '--sourcemap', 'false', '--manifest', 'false']);

const { prerender, pageFlowOf, pageFlowElement, productKinds } = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href);
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root to prerender into');
// The marks the server fills (server/flows/flow-pages.ts; the flow plugin of vite.config.ts leaves the first three).
const marks = { pageFlow: '<!--astrelle-page-flow-->', title: '%FLOW_TITLE%', description: '%FLOW_DESCRIPTION%', landing: '<!--astrelle-landing-->', styles: '<!--astrelle-landing-styles-->' };
for (const mark of [marks.pageFlow, marks.title, marks.description]) if (!shell.includes(mark)) throw new Error(`dist/index.html has no ${mark} for the server to fill`);

// Other routes (app.html) import the funnel chunk at once: let the browser fetch it with the entry, not after it.
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const funnelKey = (entry?.dynamicImports ?? []).find((key) => key.includes('funnel-route'));
const preloads = new Set();
const collect = (key) => {
  const chunk = manifest[key];
  if (!chunk || preloads.has(chunk.file) || chunk.file === entry.file) return;
  preloads.add(chunk.file);
  (chunk.imports ?? []).forEach(collect);
};
if (funnelKey) collect(funnelKey);
const preloadTags = [...preloads].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');

writeFileSync(join(dist, 'app.html'), shell.replace('</head>', `${preloadTags}</head>`));
// The landing paints from its HTML and inline styles alone, with no script to fetch or run first: no entry
// script and no preloads in it. Its inline script (src/shared/early-tap.ts) fetches the modules named on <html> at
// low priority once the page is idle after load (or on the visitor's first input), and imports the entry.
const entryTag = `<script type="module" crossorigin src="/${entry.file}"></script>`;
if (!shell.includes(entryTag) || !shell.includes('<html lang=')) throw new Error('dist/index.html has no entry script or <html lang> to move');
// What the entry imports first (main.tsx: React, styled-components, then boot.tsx and what it imports statically),
// fetched together with it.
const firstModules = new Set();
const collectFirst = (key) => {
  const chunk = manifest[key];
  if (!chunk || firstModules.has(chunk.file)) return;
  firstModules.add(chunk.file);
  (chunk.imports ?? []).forEach(collectFirst);
};
[...(entry.imports ?? []), ...(entry.dynamicImports ?? [])].forEach(collectFirst);
// Then what the first taps need (src/app/load-funnel-route.ts, the header's menu): the funnel, the address bar's
// writer, the composed app and the menu drawer, fetched after the shell's modules, at low priority too, so a tap never
// waits on the network for code.
const shellKeys = Object.keys(manifest).filter((key) => firstModules.has(manifest[key].file));
const firstTaps = [...new Set(shellKeys.flatMap((key) => manifest[key].dynamicImports ?? []))].filter((key) => /(funnel-route|address-bar|compose-browser-app|menu-drawer)\.tsx?$/.test(key));
if (firstTaps.length !== 4) throw new Error(`the shell should import the funnel, the address bar, the composed app and the menu drawer: ${firstTaps.join(', ')}`);
firstTaps.forEach(collectFirst);
firstModules.delete(entry.file);
const landing = shell
  .replace(entryTag, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace('<html lang=', `<html ${appEntryAttribute}="${[entry.file, ...firstModules].map((file) => `/${file}`).join(' ')}" lang=`)
  .replace('</head>', `${marks.styles}</head>`)
  .replace('<div id="root"></div>', `<div id="root">${marks.landing}</div>`);
writeFileSync(join(dist, 'landing.html'), landing);
// The built flow's landing as the server would serve its version 1: what the bench measures the served landing against.
const flowFile = resolve(root, process.env.FLOW_FILE ?? 'flows/astrology.json');
const builtFlow = JSON.parse(readFileSync(flowFile, 'utf8'));
const builtPageFlow = pageFlowOf(builtFlow, `/flows/${builtFlow.id}/versions/${builtFlow.version}.json`, productKinds);
const { html, styles } = prerender('/', builtPageFlow);
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
writeFileSync(
  join(dist, 'index.html'),
  landing
    .replace(marks.title, escapeHtml(builtFlow.page.title))
    .replace(marks.description, escapeHtml(builtFlow.page.description))
    .replace(marks.pageFlow, pageFlowElement(builtPageFlow))
    .replace(marks.styles, styles)
    .replace(marks.landing, html),
);

// Brotli and gzip copies next to each text file: the server sends them as they are (no work per
// request), and a phone downloads a third of the bytes.
const compressible = /\.(js|css|html|svg|json|txt)$/;
let compressed = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '.vite') walk(path);
    } else if (compressible.test(name)) {
      const data = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      compressed += 1;
    }
  }
};
walk(dist);
// The flow studio, built on its own into dist-studio/: the server serves it at /studio/ only with
// STUDIO=on. Not with --out (the SDK tests' second build of the app needs none).
const distStudio = join(root, 'dist-studio');
if (outAt < 0) {
  vite([], { STUDIO_BUILD: '1' });
  walk(distStudio);
}
console.log(`compressed ${compressed} files (brotli and gzip)`);
console.log(`prerendered / into ${join(dist, 'index.html')} (${Buffer.byteLength(html)} bytes of HTML)`);

if (outAt < 0) {
  await buildServer({ quiet: quiet.length > 0 });
  console.log('built the server into dist-server/main.js');
}

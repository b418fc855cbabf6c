import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatProblem, readFlowFileSync } from './scripts/check-flow-file';
import { blurArt } from './scripts/blurred-art';
import { earlyTapScript } from './src/shared/early-tap';
import { BLUR_PX, blurredArtOf, parseBlurredArtPath } from './src/shared/blurred-art';
import type { Group } from './src/engine/generated/flow-types';
import { thirdPartySources } from './src/shared/third-party-sources';
import { escapeHtml, pageFlowElement, pageFlowOf } from './src/shared/page-flow';
import { productKinds } from './src/engine/kinds/product-kinds';

// FLOW_FILE builds the app with another flow (to try an edited copy); the default is the product's.
const flowFile = process.env.FLOW_FILE ?? 'flows/astrology.json';
// STUDIO_BUILD=1 builds the flow studio (src/studio, issue 13) on its own into dist-studio/, served at /studio/ only
// when the server runs with STUDIO=on: nothing of it is in the visitor's build, whose chunks it shares none of.
const studioBuild = process.env.STUDIO_BUILD === '1';
const studioDir = '/src/studio/';


/** The file's text, or null when it cannot be read (gone for a moment while an editor replaces it). */
function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints), atop every chunk of the app and the
 * libraries it runs: the browser compiles all of a chunk's functions as it streams the chunk in, on a background
 * thread, instead of each on the main thread the first time it is called. Measured at 4x CPU on slow 4G: the main
 * thread's compiling over the landing's load and the funnel's start went from 263-343 ms to 8-9 ms (traced), and the
 * first tap on "Start the quiz" compiled 7-10 ms within the tap and the first answer 6-7 ms, with the hint 1-3 and 0.
 * The analytics and Remote Config SDKs are left out: loaded seconds later, most of their functions never run.
 */
const lazilyCompiled = /node_modules[\\/](@amplitude|firebase|@firebase)[\\/]/;
/**
 * The landing's renderer (scripts/build.mjs builds it with `vite build --ssr`) runs in the server, where all of
 * React's server renderer compiled at start-up would be start-up work for no visitor: it keeps V8's lazy compiling.
 */
const ssrBuild = process.argv.includes('--ssr');
function compileHint(chunk: { modules: Record<string, unknown> }): string {
  return Object.keys(chunk.modules).some((id) => lazilyCompiled.test(id)) ? '' : '//# allFunctionsCalledOnLoad';
}

/**
 * Waits until the file reads the same twice SETTLE_MS apart (at most a second). An editor's save (and Node's
 * writeFileSync) truncates the file and then writes it: the watcher's event can come between the two, and the second
 * event can be merged into the first and never come. Checking the file then would report the half-written file's
 * syntax error (line 1, column 1) and keep it until the next save.
 */
const SETTLE_MS = 40;
async function settled(file: string): Promise<void> {
  let before = readText(file);
  for (let waited = 0; waited < 1000; waited += SETTLE_MS) {
    await sleep(SETTLE_MS);
    const now = readText(file);
    if (now === before && now !== '') return;
    before = now;
  }
}

/** Where `npm run dev` serves the working copy's flow JSON (a built app fetches the served version's from the server). */
const DEV_FLOW_URL = '/@astrelle/flow.json';
/** Where a build leaves the served version's page flow, title and description for the server to write in. */
export const PAGE_FLOW_MARK = '<!--astrelle-page-flow-->';

/**
 * Validates the flow with the app's own validator (a build with an invalid flow fails with the located messages) and
 * puts the early-tap script inline into index.html. The flow itself is not in the app's build: the server serves the
 * published version (or a visitor's own) and writes its title, description and page flow (src/shared/page-flow.ts)
 * where the build leaves their marks. `npm run dev` writes the working copy's instead and serves its JSON.
 */
function flowPlugin(): Plugin {
  // Read and validated once per build, and again on every edit under `npm run dev`; every hook below uses the typed,
  // validated flow.
  let { flow, problems } = readFlowFileSync(flowFile);
  const validFlow = () => {
    if (!flow) throw new Error(`invalid flow ${flowFile}`);
    return flow;
  };
  const flowPath = resolve(flowFile);
  let mode = 'production';
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'astrelle-flow',
    config(_, env) {
      mode = env.mode;
      command = env.command;
      return { define: { __FLOW_FILE__: JSON.stringify(flowFile) } };
    },
    buildStart() {
      this.addWatchFile(flowFile);
      if (problems.length > 0) this.error(`invalid flow:\n${problems.map(formatProblem).join('\n')}`);
    },
    // `npm run dev`: an edit of the flow is checked as flow:check would; a valid one reloads the page, an invalid one
    // shows the checker's located lines in Vite's overlay over the page as it was.
    async hotUpdate({ file }) {
      if (this.environment.name !== 'client' || resolve(file) !== flowPath) return undefined;
      await settled(flowPath);
      ({ flow, problems } = readFlowFileSync(flowFile));
      if (problems.length > 0) {
        this.environment.hot.send({
          type: 'error',
          err: { message: `invalid flow:\n${problems.map(formatProblem).join('\n')}`, stack: '', id: flowPath, plugin: 'astrelle-flow' },
        });
        return [];
      }
      this.environment.hot.send({ type: 'full-reload' });
      return [];
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if ((request.url ?? '').split('?', 1)[0] !== DEV_FLOW_URL) return next();
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-store');
        response.end(JSON.stringify(validFlow()));
      });
    },
    async generateBundle() {
      if (studioBuild) return;
      // The blurred copy of each group's art that its cards show (src/shared/blurred-art.ts), beside the art.
      const copies = new Map<string, Group>();
      for (const group of Object.values(validFlow().groups)) {
        const path = blurredArtOf(group);
        if (path) copies.set(path, group);
      }
      for (const [path, group] of copies) this.emitFile({ type: 'asset', fileName: path.slice(1), source: await blurGroupArt(group) });
      // The origins the configured SDKs use, from the same VITE_* variables the app is built with: the server adds
      // exactly these to its Content-Security-Policy (server/main.ts reads dist/third-party.json).
      const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
      this.emitFile({ type: 'asset', fileName: 'third-party.json', source: `${JSON.stringify(thirdPartySources(env), null, 2)}\n` });
    },
    transformIndexHtml(html, context) {
      // The studio's page is a tool's: neither the product's title nor the early-tap script.
      if (context.path.startsWith('/src/studio/') || studioBuild) return html;
      // Records a tap on the landing made before any module has run (src/shared/early-tap.ts).
      const tags = [{ tag: 'script', children: earlyTapScript, injectTo: 'head' as const }];
      if (command === 'build') return { html: html.replace('</head>', `${PAGE_FLOW_MARK}</head>`), tags };
      const { page } = validFlow();
      const pageFlow = pageFlowElement({ ...pageFlowOf(validFlow(), DEV_FLOW_URL, productKinds) });
      return {
        html: html.replace('%FLOW_TITLE%', escapeHtml(page.title)).replace('%FLOW_DESCRIPTION%', escapeHtml(page.description)).replace('</head>', `${pageFlow}</head>`),
        tags,
      };
    },
  };
}

/**
 * `npm run dev`: the studio at /studio/ (/studio sends there), its files under /studio/ from src/studio/, as the
 * build serves them; its API (/studio/api) goes to the server.
 */
function studioDevPlugin(): Plugin {
  return {
    name: 'astrelle-studio-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const [path = '', query] = (request.url ?? '').split('?', 2);
        if (path === '/studio') {
          response.statusCode = 302;
          response.setHeader('location', '/studio/');
          response.end();
          return;
        }
        if (path.startsWith('/studio/') && !path.startsWith('/studio/api/')) {
          const rest = path.slice('/studio/'.length) || 'index.html';
          request.url = `${studioDir}${rest}${query ? `?${query}` : ''}`;
        }
        next();
      });
    },
  };
}

/** The blurred copy of a group's art under public/ (the build writes it, `npm run dev` makes it on request). */
function blurGroupArt({ background, blur }: Pick<Group, 'background' | 'blur'>): Promise<Buffer> {
  return blurArt(resolve('public', `.${background}`), BLUR_PX[blur]);
}

/** `npm run dev`: the blurred copy of a group's art (src/shared/blurred-art.ts), made on request as the build makes it. */
function blurredArtDevPlugin(): Plugin {
  return {
    name: 'astrelle-blurred-art-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const copy = parseBlurredArtPath((request.url ?? '').split('?', 1)[0]!);
        if (!copy) return next();
        blurGroupArt(copy).then(
          (image) => {
            response.setHeader('content-type', 'image/webp');
            response.setHeader('cache-control', 'no-cache');
            response.end(image);
          },
          () => next(),
        );
      });
    },
  };
}

/**
 * React Router 7's package exports name only its development build, for every build (remix-run/react-router#14102).
 * Its production build differs by one constant, `ENABLE_DEV_WARNINGS = false`, which lets the minifier drop the
 * development warnings and their checks from the shell the landing loads. A production build takes it; `npm run dev`
 * keeps the warnings. Both entries the app reaches (`react-router`, and `react-router/dom` through react-router-dom)
 * point at the same build, or the router would run twice with two contexts.
 */
function reactRouterProductionBuild(): Plugin {
  const dir = resolve('node_modules/react-router/dist/production');
  return {
    name: 'astrelle-react-router-production',
    config(_, { command }) {
      if (command !== 'build') return;
      const entries = { 'react-router': `${dir}/index.mjs`, 'react-router/dom': `${dir}/dom-export.mjs` };
      for (const file of Object.values(entries)) if (!existsSync(file)) throw new Error(`React Router's production build is not at ${file}: check its package layout`);
      return { resolve: { alias: Object.entries(entries).map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: file })) } };
    },
  };
}

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [
    react(),
    // styled-components names each component's class after a counter of the components created so far in the page:
    // the prerender (one bundle) and the browser (chunks evaluated as they arrive, the menu drawer whenever the page is
    // idle) counted differently, so the client's classes were not the server's, and hydrating the landing inserted
    // every rule again. Its Babel plugin gives each component an id of its file and place instead (`ssr`), the same in
    // both builds; only the app's own source files go through Babel.
    babel({ include: [/[\\/]src[\\/].*\.tsx?$/], plugins: [['babel-plugin-styled-components', { ssr: true, displayName: false, fileName: false, pure: true, minify: false, transpileTemplateLiterals: false }]] }),
    flowPlugin(),
    studioDevPlugin(),
    blurredArtDevPlugin(),
    reactRouterProductionBuild(),
  ],
  ...(studioBuild ? { root: resolve('src/studio'), base: '/studio/', publicDir: false as const } : {}),
  resolve: { alias: { 'virtual:flow': resolve(flowFile) } },
  // The prerender (scripts/build.mjs) runs in Node, where styled-components' CommonJS build has no
  // usable default export: bundle it instead.
  ssr: { noExternal: ['styled-components'] },
  build: studioBuild
    ? // A tool on a developer's machine, one chunk (the flow, its checker, React and the graph layout): ~640 KB, 145 KB gzip.
      { target: 'es2022', sourcemap: true, outDir: resolve('dist-studio'), emptyOutDir: true, chunkSizeWarningLimit: 1024 }
    : {
        target: 'es2022',
        sourcemap: true,
        manifest: true,
        rolldownOptions: {
          output: {
            // The landing's shell fetches React, styled-components and the router with the app's first modules at
            // once (scripts/build.mjs lists them for its inline script): each library in one chunk of its own rather
            // than in the fragments the automatic splitting makes of what the shell and the funnel share.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'styled', test: /node_modules[\\/](styled-components|stylis|@emotion[\\/][^\\/]+)[\\/]/ },
                { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
              ],
            },
            ...(ssrBuild ? {} : { postBanner: compileHint }),
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/places': `http://127.0.0.1:${serverPort}`,
      '/astro': `http://127.0.0.1:${serverPort}`,
      '/subs': `http://127.0.0.1:${serverPort}`,
      '/ip': `http://127.0.0.1:${serverPort}`,
      '/analytics': `http://127.0.0.1:${serverPort}`,
      '/studio/api': `http://127.0.0.1:${serverPort}`,
      '/editor': `http://127.0.0.1:${serverPort}`,
    },
  },
});

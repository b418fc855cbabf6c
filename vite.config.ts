import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkFlowFile, formatProblem } from './scripts/check-flow-file';

// FLOW_FILE builds the app with another flow (to try an edited copy); the default is the product's.
const flowFile = process.env.FLOW_FILE ?? 'flows/astrology.json';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Validates the flow with the app's own validator (a build with an invalid flow fails with the
 * located messages) and writes the flow's page title and meta description into index.html.
 */
function readFlowPage(): { title: string; description: string; productName: string } {
  const flow: unknown = JSON.parse(readFileSync(flowFile, 'utf8'));
  if (typeof flow !== 'object' || flow === null || !('page' in flow) || !('product' in flow)) throw new Error(`${flowFile}: no page or product`);
  const { page, product } = flow as { page: { title: string; description: string }; product: { name: string } };
  return { title: page.title, description: page.description, productName: product.name };
}

const landingModule = 'virtual:landing-screen';

/** The start screen (when it is a welcome screen) and its group, for the engine-free landing. */
function landingSource(): string {
  const flow = JSON.parse(readFileSync(flowFile, 'utf8')) as { start: string; screens: Array<{ id: string; kind: string; group: string }>; groups: Record<string, unknown> };
  const screen = flow.screens.find((s) => s.id === flow.start);
  const landing = screen && screen.kind === 'welcome' ? { screen, group: flow.groups[screen.group] } : null;
  return `export const landing = ${JSON.stringify(landing)};`;
}

function flowPlugin(): Plugin {
  return {
    name: 'astrelle-flow',
    resolveId(id) {
      return id === landingModule ? `\0${landingModule}` : undefined;
    },
    load(id) {
      if (id !== `\0${landingModule}`) return undefined;
      this.addWatchFile(flowFile);
      return landingSource();
    },
    config() {
      return { define: { __PRODUCT_NAME__: JSON.stringify(readFlowPage().productName) } };
    },
    async buildStart() {
      this.addWatchFile(flowFile);
      const problems = await checkFlowFile(flowFile);
      if (problems.length > 0) this.error(`invalid flow:\n${problems.map(formatProblem).join('\n')}`);
    },
    transformIndexHtml(html) {
      const page = readFlowPage();
      return html.replace('%FLOW_TITLE%', escapeHtml(page.title)).replace('%FLOW_DESCRIPTION%', escapeHtml(page.description));
    },
  };
}

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react(), flowPlugin()],
  resolve: { alias: { 'virtual:flow': resolve(flowFile) } },
  // The prerender (scripts/build.mjs) runs in Node, where styled-components' CommonJS build has no
  // usable default export: bundle it instead.
  ssr: { noExternal: ['styled-components'] },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/places': `http://localhost:${serverPort}`,
    },
  },
});

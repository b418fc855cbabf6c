import { describe, it, expect } from 'vitest';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// The layer rules of eslint.config.js, run through ESLint's Node API on small snippets placed at virtual paths
// (the imports resolve to the real files they name), then on the real tree.
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js' });
const layerRules = new Set(['import-x/no-restricted-paths', 'import-x/no-cycle', 'import-x/no-unresolved', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);

/** What the layer rules say of `code` at `filePath` (and any fatal parse error), as "rule: message". */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.fatal || layerRules.has(m.ruleId ?? '')).map((m) => `${m.ruleId}: ${m.message}`);
}

const zone = (importPath: string, why: string) => `import-x/no-restricted-paths: Unexpected path "${importPath}" imported in restricted zone. ${why}`;
const engineWhy = 'The engine is framework- and product-free: it imports nothing from the other layers.';
const serverWhy = 'The server, the scripts and the build configs import only src/shared and src/engine.';

describe('the address bar has one writer', () => {
  const why = 'The address bar has one writer (src/app/address-bar): send the machine an event, or render a <Link> the visitor follows.';
  it('refuses navigate() and <Navigate> anywhere else in src/', async () => {
    expect(await problems('src/screens/x.tsx', "import { useNavigate } from 'react-router-dom';\nexport const useIt = () => useNavigate();\n")).toEqual([
      `@typescript-eslint/no-restricted-imports: 'useNavigate' import from 'react-router-dom' is restricted. ${why}`,
    ]);
    expect(await problems('src/app/funnel/x.tsx', "import { Navigate, Link } from 'react-router-dom';\nexport { Navigate, Link };\n")).toEqual([
      `@typescript-eslint/no-restricted-imports: 'Navigate' import from 'react-router-dom' is restricted. ${why}`,
    ]);
    expect(await problems('src/app/x.ts', 'export const go = () => window.history.pushState(null, "", "/email");\n')).toEqual([
      'no-restricted-syntax: The address bar has one writer (src/app/address-bar): send the machine an event instead.',
    ]);
  });

  it('lets the writer itself navigate', async () => {
    expect(await problems('src/app/address-bar/address-bar.tsx', "import { useNavigate } from 'react-router-dom';\nexport const useIt = () => useNavigate();\n")).toEqual([]);
  });
});

describe('the layer rules', () => {
  it('refuses the engine an import of the app, a screen, the domain or src/shared', async () => {
    expect(await problems('src/engine/x.ts', "import { loadFlow } from '../app/load-flow';\nexport { loadFlow };\n")).toEqual([zone('../app/load-flow', engineWhy)]);
    expect(await problems('src/engine/x.ts', "import type { ScreenProps } from '../screens/screen-props';\nexport type { ScreenProps };\n")).toEqual([
      zone('../screens/screen-props', engineWhy),
    ]);
    expect(await problems('src/engine/x.ts', "import { birthFrom } from '../domain/visitor-profile';\nexport { birthFrom };\n")).toEqual([
      zone('../domain/visitor-profile', engineWhy),
    ]);
    expect(await problems('src/engine/x.ts', "import { publicPaths } from '../shared/public-paths';\nexport { publicPaths };\n")).toEqual([
      zone('../shared/public-paths', engineWhy),
    ]);
  });

  it('refuses src/shared, the domain and the UI an import of a feature or the app', async () => {
    expect(await problems('src/shared/x.ts', "import { groupPlans } from '../domain/group-plans';\nexport { groupPlans };\n")).toEqual([
      zone('../domain/group-plans', 'src/shared is what both sides of the wire share: it imports only the engine.'),
    ]);
    expect(await problems('src/domain/x.ts', "import type { AstroApi } from '../services/astro-api';\nexport type { AstroApi };\n")).toEqual([
      zone('../services/astro-api', 'The domain imports only the engine and src/shared.'),
    ]);
    expect(await problems('src/ui/x.ts', "import { fillText } from '../screens/fill-text';\nexport { fillText };\n")).toEqual([
      zone('../screens/fill-text', 'The UI primitives import no screen, service, page or app code.'),
    ]);
  });

  it('refuses a screen or a service an import of the app, and a service one of a screen, types included', async () => {
    expect(await problems('src/screens/x.ts', "import { effects } from '../app/effect-registry';\nexport { effects };\n")).toEqual([
      zone('../app/effect-registry', 'Screens, services and pages never import the app: the app composes them.'),
    ]);
    expect(await problems('src/services/x.ts', "import type { ScreenServices } from '../screens/services-context';\nexport type { ScreenServices };\n")).toEqual([
      zone('../screens/services-context', 'A service (one client per external system) imports no screen or page; put what both need in src/shared.'),
    ]);
  });

  it('lets the server and the scripts import src/shared and the engine, and nothing else of src/', async () => {
    const allowed = "import { publicPaths } from '../src/shared/public-paths';\nimport { validateFlow } from '../src/engine/validate-flow';\nexport { publicPaths, validateFlow };\n";
    expect(await problems('server/x.ts', allowed)).toEqual([]);
    expect(await problems('scripts/x.ts', allowed)).toEqual([]);
    expect(await problems('server/x.ts', "import { effects } from '../src/app/effect-registry';\nexport { effects };\n")).toEqual([zone('../src/app/effect-registry', serverWhy)]);
    expect(await problems('server/x.ts', "import { groupPlans } from '../src/domain/group-plans';\nexport { groupPlans };\n")).toEqual([
      zone('../src/domain/group-plans', serverWhy),
    ]);
    expect(await problems('scripts/x.ts', "import { fillText } from '../src/screens/fill-text';\nexport { fillText };\n")).toEqual([zone('../src/screens/fill-text', serverWhy)]);
  });

  it('keeps the app from the server, and lets only tests use the server through its test support', async () => {
    const referenceServer = "import { withReferenceServer } from '../../server/test-support/reference-server';\nexport { withReferenceServer };\n";
    expect(await problems('src/app/x.ts', referenceServer)).toEqual([
      zone('../../server/test-support/reference-server', 'The app imports neither the server nor the scripts nor the tests.'),
    ]);
    expect(await problems('src/app/x.test.ts', referenceServer)).toEqual([]);
    expect(await problems('src/app/x.test.ts', "import { DatabaseBusyError } from '../../server/db/busy';\nexport { DatabaseBusyError };\n")).toEqual([
      zone('../../server/db/busy', 'A test in src/ may use the server only through server/test-support.'),
    ]);
    // A test follows the layers like the code it tests.
    expect(await problems('src/engine/x.test.ts', "import { loadFlow } from '../app/load-flow';\nexport { loadFlow };\n")).toEqual([zone('../app/load-flow', engineWhy)]);
  });

  it('lets browser code import only the types of the API contract', async () => {
    expect(await problems('src/screens/x.ts', "import type { Plan } from '../shared/contract/subscription';\nexport type { Plan };\n")).toEqual([]);
    expect(await problems('src/screens/x.ts', "import { Plan } from '../shared/contract/subscription';\nexport { Plan };\n")).toEqual([
      "@typescript-eslint/no-restricted-imports: '../shared/contract/subscription' import is restricted from being used by a pattern. Browser code imports the contract's types only (import type): TypeBox stays out of the bundle.",
    ]);
    expect(await problems('src/app/x.ts', "import { isVisitorId } from '../shared/contract/visitor-id';\nexport { isVisitorId };\n")).toEqual([]);
  });

  it('refuses a relative import that names no file, which the zones could not place', async () => {
    expect(await problems('src/engine/x.ts', "import { loadFlow } from '../app/load-flw';\nexport { loadFlow };\n")).toEqual([
      "import-x/no-unresolved: Unable to resolve path to module '../app/load-flw'.",
    ]);
  });

  it('refuses an import cycle, and not a type-only import back', async () => {
    // funnel-setup.ts (the compiler's guards and actions) imports refreshPlaceOffsets from place-offsets.ts:
    // place-offsets.ts may not import it back.
    expect(await problems('src/engine/place-offsets.ts', "import { funnelSetup } from './funnel-setup';\nexport { funnelSetup };\n")).toEqual([
      'import-x/no-cycle: Dependency cycle detected',
    ]);
    // validate-flow.ts → check-semantics.ts → conditions.ts: conditions.ts may not import validate-flow.ts.
    expect(await problems('src/engine/conditions.ts', "import { validateFlow } from './validate-flow';\nexport { validateFlow };\n")).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle via "\.\/check-semantics:\d+"$/),
    ]);
    expect(await problems('src/engine/place-offsets.ts', "import type { FlowModel } from './funnel-setup';\nexport type { FlowModel };\n")).toEqual([]);
  });

  it('finds neither a wrong-way import nor a cycle in the tree', async () => {
    const layersOnly = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js', ruleFilter: ({ ruleId }) => layerRules.has(ruleId) });
    const results = await layersOnly.lintFiles(['src', 'server', 'scripts', 'tests', '*.config.ts']);
    const found = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(root.length)}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(found).toEqual([]);
    expect(results.length).toBeGreaterThan(200);
  }, 120_000);
});

import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test code: it may reach across layers where it must (see the test zones below); everything else follows the
 * layers strictly.
 */
const testFiles = [
  '**/*.test.{ts,tsx}',
  '**/*.spec.ts',
  'tests/**',
  'server/test-support/**',
  'src/app/effects/effect-test-support.ts',
  'src/screens/test-utils.tsx',
];

// The layers (README "Architecture"). Imports flow one way:
//   src/engine ← src/shared ← src/domain ← src/screens, src/services, src/public-pages ← src/app
//   (src/ui beside them: primitives any screen or page may use)
// The server, the scripts and the build configs import only src/shared and src/engine.
const app = 'src/app';
const buildConfigs = ['vite.config.ts', 'vitest.config.ts', 'playwright.config.ts'];
const serverOnlySharedAndEngine = 'The server, the scripts and the build configs import only src/shared and src/engine.';
const features = ['src/screens', 'src/services', 'src/public-pages'];
const layerZones = [
  {
    target: 'src/engine',
    from: ['src/shared', 'src/domain', 'src/ui', ...features, app],
    message: 'The engine is framework- and product-free: it imports nothing from the other layers.',
  },
  {
    target: 'src/shared',
    from: ['src/domain', 'src/ui', ...features, app],
    message: 'src/shared is what both sides of the wire share: it imports only the engine.',
  },
  {
    target: 'src/domain',
    from: ['src/ui', ...features, app],
    message: 'The domain imports only the engine and src/shared.',
  },
  {
    target: 'src/ui',
    from: [...features, app],
    message: 'The UI primitives import no screen, service, page or app code.',
  },
  {
    target: features,
    from: app,
    message: 'Screens, services and pages never import the app: the app composes them.',
  },
  {
    target: 'src/services',
    from: ['src/screens', 'src/public-pages'],
    message: 'A service (one client per external system) imports no screen or page; put what both need in src/shared.',
  },
  {
    target: 'src/screens',
    from: 'src/public-pages',
    message: 'Screens import no public page.',
  },
  {
    target: 'src/public-pages',
    from: ['src/screens', 'src/services'],
    message: 'Public pages import no screen or service.',
  },
  {
    target: ['server', 'scripts', ...buildConfigs],
    from: ['src/ui', ...features, app, 'src/studio'],
    message: serverOnlySharedAndEngine,
  },
  {
    // The flow studio (issue 13) is a tool of its own build: nothing a visitor loads may pull it in.
    target: ['src/engine', 'src/shared', 'src/domain', 'src/ui', ...features, app],
    from: 'src/studio',
    message: 'Nothing the visitor loads imports the studio: it is built on its own (dist-studio/).',
  },
  {
    target: 'src/studio',
    from: ['src/ui', ...features, app],
    message: 'The studio reads the flow through the engine and src/shared (and the domain), never the app or its screens.',
  },
  {
    target: 'server',
    from: ['scripts', 'tests'],
    message: 'The server imports no script or test.',
  },
];

/** Code outside tests never imports test code, nor (in src/) the server or the scripts. */
const productionZones = [
  // flow:simulate walks a persona with the app's own payload builders (src/domain/simulate-persona.ts).
  { target: ['server', 'scripts', ...buildConfigs], from: 'src/domain', except: ['./simulate-persona.ts'], message: serverOnlySharedAndEngine },
  { target: 'src', from: ['server', 'scripts', 'tests'], message: 'The app imports neither the server nor the scripts nor the tests.' },
  { target: ['server', 'scripts'], from: 'tests', message: 'Only tests import test code.' },
  { target: ['server', 'scripts'], from: 'server/test-support', message: 'Only tests import test code.' },
];

/**
 * The exceptions tests need: a test of the app's effects or clients runs them against the reference server
 * (server/test-support) and forges its credential cookie by name; tests load the product flow through
 * tests/support and walk its paths with tests/model; a test of located messages runs the flow checker
 * (scripts/check-flow-file.ts); the server's contract test groups the catalogue it serves as the browser does
 * (src/domain/group-plans.ts); the spec-fidelity test checks the theme and the signs against the spec.
 */
const testZones = [
  { target: 'src', from: 'server', except: ['./test-support', './auth/visitor-credential.ts'], message: 'A test in src/ may use the server only through server/test-support.' },
  { target: 'src', from: 'scripts', except: ['./check-flow-file.ts', './rename-answer-key.ts'], message: 'A test in src/ may run only the flow checker and the key renamer of scripts/.' },
  { target: 'src', from: 'tests', except: ['./support', './model', './fixtures'], message: 'A test in src/ may use only tests/support, tests/model and tests/fixtures.' },
  { target: ['server', 'scripts'], from: 'src/domain', except: ['./group-plans.ts'], message: 'A server test may use the domain only to group plans as the browser does.' },
  {
    target: ['tests/*.{ts,tsx}', 'tests/!(kinds|fixtures)/**', 'tests/fixtures/!(rating-kind)/**'],
    from: [...features, app],
    message: 'End-to-end and model tests drive the funnel through the engine and the browser, never the app\'s own modules.',
  },
  // The screen kind that lives in the tests (tests/fixtures/rating-kind, proven by tests/kinds) is a kind folder as
  // src/screens/<kind> is: its component uses the screens' props and layout, and its registry line extends theirs.
  { target: ['tests/kinds', 'tests/fixtures/rating-kind'], from: app, message: 'A test screen kind is a kind folder: it uses src/screens, never the app.' },
  { target: 'tests', from: 'server', except: ['./test-support'], message: 'Tests use the server only through server/test-support.' },
];

// Browser code imports the API contract's types only (TypeBox stays on the server); visitor-id.ts is plain code.
const contractTypesOnly = [
  { group: ['**/shared/contract/*', '!**/shared/contract/visitor-id'], allowTypeImports: true, message: 'Browser code imports the contract\'s types only (import type): TypeBox stays out of the bundle.' },
  { group: ['typebox', 'typebox/*'], allowTypeImports: true, message: 'Browser code imports TypeBox\'s types only: TypeBox stays out of the bundle.' },
];

// The address bar has one writer, a projection of the machines (src/app/address-bar/address-bar.tsx).
const oneAddressWriter = [
  {
    name: 'react-router-dom',
    importNames: ['useNavigate', 'Navigate', 'redirect'],
    message: 'The address bar has one writer (src/app/address-bar): send the machine an event, or render a <Link> the visitor follows.',
  },
];
const noHistoryWrites = {
  selector: "CallExpression[callee.property.name=/^(pushState|replaceState)$/]",
  message: 'The address bar has one writer (src/app/address-bar): send the machine an event instead.',
};

// The engine, src/shared and the domain run in the browser, the server and the scripts alike.
const frameworkFree = {
  group: ['react', 'react-*', 'react/*', '@xstate/react', 'styled-components', 'ky'],
  message: 'The engine, src/shared and the domain stay framework- and HTTP-free.',
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-ssr/', 'dist-sdk/', 'dist-sdk-ssr/', 'dist-studio/', 'dist-server/', 'dist-server.building-*/', 'node_modules/', 'src/engine/generated/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-imports': 'off',
    },
  },
  // The layers, by import-x (its resolver follows relative imports to .ts/.tsx files, type-only imports included).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'] })],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...productionZones] }],
      // The zones see only imports that resolve: a relative import must name a file.
      'import-x/no-unresolved': ['error', { ignore: ['^[^.]'] }],
      // Any cycle of runtime imports (import-x does not follow `import type`, which leaves no import at run time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...testZones] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...testFiles, 'src/shared/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: oneAddressWriter, patterns: contractTypesOnly }],
      'no-restricted-syntax': ['error', noHistoryWrites],
    },
  },
  {
    files: ['src/app/address-bar/address-bar.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: contractTypesOnly }],
    },
  },
  {
    files: ['src/engine/**/*.ts', 'src/shared/**/*.ts', 'src/domain/**/*.ts'],
    ignores: [...testFiles, 'src/shared/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [frameworkFree, ...contractTypesOnly] }],
    },
  },
  {
    files: ['src/shared/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [frameworkFree] }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);

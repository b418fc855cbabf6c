import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'dist-server.building-*/', 'node_modules/', 'src/engine/generated/', 'test-results/', 'playwright-report/', 'data/'] },
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
      // Engine code must not import the UI or HTTP layers (imports flow ui/domain/engine ← screens/services ← app).
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/engine/**/*.ts', 'src/domain/**/*.ts'],
    rules: {
      // The API contract is shared data shapes: its types (never its TypeBox values) may be used here.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'styled-components', 'ky', '../app/*', '../screens/*', '../../app/*', '../../screens/*'], message: 'engine and domain code stay framework- and HTTP-free' },
            { group: ['../services/*', '../../services/*', '!../services/api-contract', '!../../services/api-contract'], message: 'engine and domain code stay HTTP-free' },
            { group: ['../services/api-contract', '../../services/api-contract'], allowTypeImports: true, message: 'import the contract\'s types only (import type)' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);

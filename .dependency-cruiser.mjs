/**
 * Import rules checked by `npm test` (scripts/import-cycles.test.ts): no module of src/, server/ or scripts/ may reach
 * itself through its imports, type-only imports included (TypeScript erases those, so a cycle of them breaks nothing
 * at run time, but it ties the modules together all the same: neither can be read, moved or tested without the other).
 * eslint's import-x/no-cycle skips type imports; dependency-cruiser reads them before compilation.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module reaches itself through its imports (type-only imports count): move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)generated/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

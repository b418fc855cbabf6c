import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import config from '../.dependency-cruiser.mjs';

// No module reaches itself through its imports, type-only imports included (.dependency-cruiser.mjs says why).

async function cycles(paths: string[], tsConfig?: string): Promise<string[]> {
  const result = await cruise(paths, { ...config.options, ...(tsConfig ? {} : { tsConfig: undefined }), validate: true, ruleSet: { forbidden: config.forbidden } }, {}, tsConfig ? { tsConfig: extractTSConfig(tsConfig) } : {});
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${[v.from, ...(v.cycle ?? []).map((step) => step.name)].join(' > ')}`);
}

const fixture = mkdtempSync(join(tmpdir(), 'astrelle-cycles-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe('import cycles', () => {
  it('has none in src/, server/ or scripts/, type-only imports included', async () => {
    expect(await cycles(['src', 'server', 'scripts'], 'tsconfig.json')).toEqual([]);
  }, 60_000);

  it('refuses a cycle made of type-only imports, which TypeScript erases and eslint\'s import-x/no-cycle lets through', async () => {
    writeFileSync(join(fixture, 'results.ts'), "import type { CheckResult } from './check';\nexport interface Results { check?: CheckResult }\n");
    writeFileSync(join(fixture, 'check.ts'), "import type { Results } from './results';\nexport type CheckResult = { ok: boolean };\nexport const read = (r: Results) => r.check;\n");
    writeFileSync(join(fixture, 'alone.ts'), "import type { CheckResult } from './check';\nexport const ok = (r: CheckResult) => r.ok;\n");
    const found = await cycles([fixture]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-circular: \S*(results|check)\.ts > \S*(check|results)\.ts > \S*(results|check)\.ts$/);
  }, 60_000);
});

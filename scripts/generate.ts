/**
 * Generates the flow schema and what the engine imports from it:
 * - schemas/flow.schema.json, the schema flow files name: schemas/parts/flow-core.json with each screen kind's
 *   entry (src/engine/kinds/<kind>.schema.json, beside the kind's module) added;
 * - src/engine/generated/flow-types.ts: the TypeScript types of a flow (one source of truth: the schema);
 * - src/engine/generated/validate-flow-schema.js: the ajv standalone validator, so the browser runs no
 *   `new Function` and carries 1 KB instead of ajv's 40 KB runtime;
 * and, from flows/astrology.json, the app's typed tracking plan (src/app/analytics/generated/tracking-plan.ts) and
 * the README's flow graph (Mermaid, between its flow-graph markers).
 * `npm run generate` writes them; `npm run generate -- --check` fails when the committed files drift.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { generateArtifacts, productFlowFile } from './generate-artifacts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const artifacts = await generateArtifacts(root);
let drift = 0;
for (const { file, content } of artifacts) {
  const target = path.join(root, file);
  if (check) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current !== content) {
      drift += 1;
      console.error(`${file}: out of date with the schema's parts (schemas/parts, src/engine/kinds/*.schema.json) or ${productFlowFile}; run npm run generate and commit it`);
    }
  } else {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
    console.log(`wrote ${file}`);
  }
}
process.exitCode = drift > 0 ? 1 : 0;

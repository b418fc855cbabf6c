import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { compile } from 'json-schema-to-typescript';

const banner = '// Generated from schemas/flow.schema.json by `npm run generate`. Do not edit.\n';

/** Builds the generated files' contents from the schema (pure: writes nothing). */
export async function generateArtifacts(root: string): Promise<Array<{ file: string; content: string }>> {
  const schema = JSON.parse(await readFile(path.join(root, 'schemas/flow.schema.json'), 'utf8'));

  const ajv = new Ajv2020({
    code: { source: true, esm: true, optimize: 1 },
    allErrors: true,
    discriminator: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    // Problems are described from keyword and params (src/engine/validate-flow.ts): no message strings to ship.
    messages: false,
    inlineRefs: false,
    // Counts UTF-16 units instead of code points: no runtime helper import in the generated module.
    unicode: false,
  });
  const validate = ajv.compile(schema);
  const code = standaloneCode(ajv, validate);
  if (code.includes('require(')) {
    throw new Error('the standalone validator needs an ajv runtime helper (require): adjust the schema or the ajv options');
  }
  const validator = banner + '/* eslint-disable */\n' + code;

  const { $schema: _ignored, ...forTypes } = schema;
  const types = await compile(forTypes, 'Flow', {
    bannerComment: banner.trim(),
    additionalProperties: false,
    unreachableDefinitions: true,
    ignoreMinAndMaxItems: true,
    style: { singleQuote: true },
  });

  return [
    { file: 'src/engine/generated/validate-flow-schema.js', content: validator },
    { file: 'src/engine/generated/flow-types.ts', content: types },
  ];
}

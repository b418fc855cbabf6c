import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { compile } from 'json-schema-to-typescript';
import type { Flow } from '../src/engine/generated/flow-types';
import { checkSemantics } from '../src/engine/check-semantics';
import { trackingPlan } from './tracking-plan';

const banner = '// Generated from schemas/flow.schema.json by `npm run generate`. Do not edit.\n';

/**
 * What a screen kind may declare it submits (`x-submits` on its `$defs` entry): "email", the visitor's email
 * address, held in the funnel's memory only; "answer", its answer, kept with the other answers, before its
 * `submit` effect runs. The compiler reads the declaration from src/engine/generated/screen-submits.ts.
 */
const submissions = ['email', 'answer'] as const;

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
  // An annotation: ajv checks its value, validates nothing with it.
  ajv.addKeyword({ keyword: 'x-submits', metaSchema: { enum: submissions } });
  // The types are generated from this very schema, so what it accepts is a Flow.
  const validate = ajv.compile<Flow>(schema);
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
    { file: 'src/engine/generated/screen-submits.ts', content: screenSubmits(schema) },
    { file: trackingPlanFile, content: trackingPlan(await productFlow(root, validate), productFlowFile) },
  ];
}

/** The flow whose analytics make the app's tracking plan, and where the plan goes. */
export const productFlowFile = 'flows/astrology.json';
export const trackingPlanFile = 'src/app/analytics/generated/tracking-plan.ts';

/**
 * The product flow, checked with the schema as it is now (the committed validator may be the one being replaced)
 * and the semantic checks; a flow that fails them has no tracking plan, and each problem is listed.
 */
async function productFlow(root: string, validate: (data: unknown) => data is Flow): Promise<Flow> {
  const data: unknown = JSON.parse(await readFile(path.join(root, productFlowFile), 'utf8'));
  const fail = (lines: string[]) => new Error(`${productFlowFile} is not valid, so it makes no tracking plan (npm run flow:check -- ${productFlowFile} locates each problem):\n${lines.join('\n')}`);
  if (!validate(data)) throw fail(['it does not match schemas/flow.schema.json']);
  const problems = checkSemantics(data, null, [], null);
  if (problems.length > 0) throw fail(problems.map((p) => `${p.pointer} ${p.message}; ${p.hint}`));
  return data;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `x-submits` of every screen kind, as a typed map the compiler reads. Refuses a declaration the engine could
 * not keep: a kind with a `submit` effect that does not say what it submits, or the reverse; an email kept under
 * an answer key (answers are saved in the browser, the email never is); an answer submitted without an answer key.
 */
export function screenSubmits(schema: Json): string {
  const defs = isObject(schema.$defs) ? schema.$defs : {};
  const screen = isObject(defs.screen) ? defs.screen : {};
  const kinds = (Array.isArray(screen.oneOf) ? screen.oneOf : []).map((entry: unknown) => {
    const ref = isObject(entry) && typeof entry.$ref === 'string' ? entry.$ref : '';
    const name = ref.replace(/^#\/\$defs\//, '');
    const def = defs[name];
    const properties = isObject(def) && isObject(def.properties) ? def.properties : {};
    const kind = isObject(properties.kind) ? properties.kind.const : undefined;
    if (!isObject(def) || typeof kind !== 'string') throw new Error(`schema: $defs/screen names ${ref || 'an entry'}, which is no screen kind with a "kind" const`);
    const submits = def['x-submits'] ?? null;
    const required = Array.isArray(def.required) ? def.required : [];
    const where = `schema: $defs/${name}`;
    if (submits !== null && !submissions.some((s) => s === submits)) throw new Error(`${where}: "x-submits" must be one of ${submissions.join(', ')}`);
    if (submits === null && 'submit' in properties) throw new Error(`${where} has "submit" but no "x-submits": say what the screen submits`);
    if (submits !== null && !('submit' in properties)) throw new Error(`${where} has "x-submits" but no "submit" property for its effect`);
    if (submits === 'email' && 'answerKey' in properties) throw new Error(`${where}: an email is kept in memory only, never under an answer key (answers are saved)`);
    if (submits === 'answer' && !required.includes('answerKey')) throw new Error(`${where}: a submitted answer needs a required "answerKey"`);
    return { kind, submits };
  });
  const lines = kinds.map(({ kind, submits }) => `  ${/^[a-z]+$/.test(kind) ? kind : `'${kind}'`}: ${submits === null ? 'null' : `'${submits}'`},`);
  return `${banner}import type { Screen } from './flow-types';

/** What a screen submits: "${submissions.join('" or "')}" (see \`x-submits\` in schemas/flow.schema.json). */
export type Submission = ${submissions.map((s) => `'${s}'`).join(' | ')};

/**
 * What the screens of each kind submit, as the \`x-submits\` of its \`$defs\` entry declares: "email", the visitor's
 * email address, held in the funnel's memory only and never saved; "answer", the screen's answer, kept with the
 * other answers, before its \`submit\` effect runs; null, nothing (an answer, if any, just leads on).
 */
export const screenSubmits = {
${lines.join('\n')}
} as const satisfies Record<Screen['kind'], Submission | null>;
`;
}

import productSchema from './generated/validate-flow-schema.js';
import type { SchemaError } from './generated/validate-flow-schema.js';
import type { Flow } from './generated/flow-types';
import { checkSemantics } from './check-semantics';
import { checkEffectKinds, type EffectKinds } from './check-effect-kinds';
import { checkClaims } from './check-claims';
import { checkMigrations } from './check-migrations';
import type { TextPlaceholders } from './text-placeholders';
import type { FlowProblem } from './flow-problem';
import { nearestName } from './did-you-mean';
import type { KindRegistry } from './kinds/screen-kind';
import { article } from './wording';

export type FlowValidation = { ok: true; flow: Flow } | { ok: false; problems: FlowProblem[] };

/** A compiled JSON Schema validator of flows, as ajv makes one (the product's is precompiled, no ajv runtime). */
export interface FlowSchemaValidator {
  (data: unknown): data is Flow;
  errors?: SchemaError[] | null;
}

export interface ValidateOptions {
  /** The screen kinds a flow may use (src/engine/kinds/product-kinds.ts for the product's), each checking its own rules. */
  kinds: KindRegistry;
  /**
   * The schema the kinds make together; the product's (schemas/flow.schema.json, precompiled) when absent. A flow
   * language with another kind passes the validator of its own schema.
   */
  schema?: FlowSchemaValidator;
  /** Names of the effects the app registers; a flow naming another effect is refused. Unchecked when absent. */
  effects?: readonly string[];
  /** The output kind of each effect the app registers; a screen field naming an effect of another kind is refused. Unchecked when absent. */
  effectKinds?: EffectKinds;
  /** Paths of the app's own pages outside the flow (back paths may lead there; routes may not take them). */
  publicPaths?: readonly string[];
  /**
   * The placeholders the app fills in texts, by name, and on which screens; a text with another placeholder, or
   * one on a screen that cannot fill it, is refused. Unchecked when absent.
   */
  placeholders?: TextPlaceholders;
}

/**
 * Validates flow data: first against schemas/flow.schema.json (precompiled, no ajv runtime), then
 * the rules a schema cannot say (references, reachability, duplicates, conditions). The same
 * function serves the CLI, the build and the app at load.
 */
export function validateFlow(data: unknown, options: ValidateOptions): FlowValidation {
  const validateSchema = options.schema ?? productSchema;
  if (!validateSchema(data)) {
    const landing = landingVariants(data, options.kinds);
    const near = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
    const schemaProblems = [...landing, ...describeSchemaErrors(validateSchema.errors ?? [], options.kinds).filter((p) => !landing.some((l) => near(p.pointer, l.pointer)))];
    return { ok: false, problems: [...schemaProblems, ...rulesDespiteSchema(data, options, schemaProblems)] };
  }
  const problems = checkRules(data, options);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, flow: data };
}

/**
 * A text with variants on the landing (a welcome screen): the schema would only say "must be a string". The landing
 * is in the page's HTML, prerendered, before any flag is known, so a flag cannot pick its words: say so plainly.
 */
function landingVariants(data: unknown, kinds: KindRegistry): FlowProblem[] {
  const screens = typeof data === 'object' && data !== null ? (data as { screens?: unknown }).screens : undefined;
  if (!Array.isArray(screens)) return [];
  return screens.flatMap((screen: unknown, i) => {
    if (typeof screen !== 'object' || screen === null) return [];
    const kind = (screen as { kind?: unknown }).kind;
    if (typeof kind !== 'string' || !Object.hasOwn(kinds, kind) || kinds[kind]?.landing !== true) return [];
    return Object.entries(screen)
      .filter(([, value]) => typeof value === 'object' && value !== null && 'variants' in value)
      .map(([field]) => ({
        pointer: `/screens/${i}/${field}`,
        message: `the landing's ${field} cannot have variants: the landing is in the page's HTML before any flag is known`,
        hint: 'write one text here, and test landing wordings as flow versions (publish one, or preview several)',
      }));
  });
}

/** The rules a schema cannot say (references, reachability, duplicates, conditions, claims, migrations). */
function checkRules(flow: Flow, options: ValidateOptions): FlowProblem[] {
  return [
    ...checkSemantics(flow, options.kinds, options.effects ?? null, options.publicPaths ?? [], options.placeholders ?? null),
    ...(options.effectKinds ? checkEffectKinds(flow, options.kinds, options.effectKinds) : []),
    ...checkClaims(flow, options.kinds),
    ...checkMigrations(flow, options.kinds),
  ];
}

/**
 * The rules' problems of a flow the schema refused, so that one run of the checker says everything: a misspelt
 * `next` is reported beside a string where a number belongs, not on the run after. The rules read the flow's shape,
 * so they run only on a flow whose screens are a list of objects, and a rule that trips over the part the schema
 * refused says nothing; a problem at or inside (or around) a part the schema already reported is left out, as its
 * echo.
 */
function rulesDespiteSchema(data: unknown, options: ValidateOptions, reported: readonly FlowProblem[]): FlowProblem[] {
  const shaped = typeof data === 'object' && data !== null && Array.isArray((data as { screens?: unknown }).screens) && (data as { screens: unknown[] }).screens.every((s) => typeof s === 'object' && s !== null);
  if (!shaped) return [];
  let found: FlowProblem[];
  try {
    found = checkRules(data as Flow, options);
  } catch {
    return [];
  }
  const near = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
  // The screen or top-level part a schema problem is in: a rule's problem anywhere in it is likely its echo.
  const partOf = (pointer: string) => pointer.split('/').slice(0, pointer.startsWith('/screens/') ? 3 : 2).join('/');
  return found.filter((problem) => !reported.some((r) => near(problem.pointer, r.pointer) || partOf(problem.pointer) === partOf(r.pointer)));
}

function describeSchemaErrors(errors: SchemaError[], kinds: KindRegistry): FlowProblem[] {
  // anyOf/oneOf/if (and propertyNames) report a summary on top of the branch errors; the branch errors say more.
  const specific = errors.filter((e) => !['anyOf', 'oneOf', 'if', 'not', 'propertyNames'].includes(e.keyword));
  // A value matching no branch of an anyOf hears every branch: when one branch says what is wrong with it (its
  // pattern, say), "must be an array" or "must be false" from the branches of another type only confuse.
  const said = new Set(specific.filter((e) => e.keyword !== 'type' && e.keyword !== 'const').map((e) => e.instancePath));
  // What one branch said may be deeper down (a text with variants: the bad variant, not "must be a string").
  const saidAtOrBelow = (path: string) => [...said].some((s) => s === path || s.startsWith(`${path}/`));
  const branchNoise = (e: SchemaError) => (e.keyword === 'type' || e.keyword === 'const') && saidAtOrBelow(e.instancePath) && errors.some((a) => a.keyword === 'anyOf' && a.instancePath === e.instancePath);
  const chosen = specific.length > 0 ? specific.filter((e) => !branchNoise(e)) : errors;
  const seen = new Set<string>();
  const problems: FlowProblem[] = [];
  for (const error of chosen) {
    const problem = describeSchemaError(error, kinds);
    const key = `${problem.pointer} ${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

function describeSchemaError(error: SchemaError, kinds: KindRegistry): FlowProblem {
  // A bad key (propertyNames) is reported at its object; point at the key itself.
  const at = (error.instancePath || '') + (error.propertyName !== undefined ? `/${error.propertyName}` : '');
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return { pointer: at, message: `missing required property "${String(p.missingProperty)}"`, hint: `add "${String(p.missingProperty)}"` };
    case 'additionalProperties':
      return {
        pointer: `${at}/${String(p.additionalProperty)}`,
        message: `unknown property "${String(p.additionalProperty)}"`,
        hint: 'remove it or check its spelling against the schema',
      };
    case 'type':
      return { pointer: at, message: `must be ${article(String(p.type))} ${String(p.type)}`, hint: `write ${article(String(p.type))} ${String(p.type)} here` };
    case 'enum':
      return { pointer: at, message: 'is not one of the allowed values', hint: `use one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'const':
      return { pointer: at, message: `must be ${JSON.stringify(p.allowedValue)}`, hint: `write ${JSON.stringify(p.allowedValue)}` };
    case 'pattern':
      if (p.pattern === '\\S') return { pointer: at, message: 'has only spaces', hint: 'write the text' };
      return { pointer: at, message: `does not have the expected form (${String(p.pattern)})`, hint: hintForPattern(at, error.propertyName !== undefined) };
    case 'minLength':
      return { pointer: at, message: 'must not be empty', hint: 'write the text' };
    case 'maxLength':
      return { pointer: at, message: `is longer than ${String(p.limit)} characters`, hint: 'shorten it' };
    case 'minItems':
      return { pointer: at, message: `needs at least ${String(p.limit)} items`, hint: 'add items' };
    case 'maxItems':
      return { pointer: at, message: `has more than ${String(p.limit)} items`, hint: 'remove items' };
    case 'minimum':
    case 'maximum':
      return { pointer: at, message: `must be ${error.keyword === 'minimum' ? '>=' : '<='} ${String(p.limit)}`, hint: 'change the number' };
    case 'discriminator':
      // A flag declaration is told apart by its `type`, a screen by its `kind`.
      if (p.tag === 'type') return { pointer: `${at}/type`, message: 'is not a flag type', hint: 'write "boolean" or "string"' };
      return { pointer: `${at}/kind`, message: `is not a known screen kind${typeof p.tagValue === 'string' ? ` ("${p.tagValue}")` : ''}`, hint: kindHint(p.tagValue, kinds) };
    case 'uniqueItems':
      return { pointer: at, message: 'has repeated items', hint: 'remove the duplicate' };
    default:
      return { pointer: at, message: error.message ?? `fails the ${error.keyword} rule`, hint: 'see schemas/flow.schema.json' };
  }
}

/** The nearest kind to a misspelt one, and every kind. */
function kindHint(kind: unknown, kinds: KindRegistry): string {
  const names = Object.keys(kinds);
  const all = names.map((k) => `"${k}"`).join(', ');
  const nearest = typeof kind === 'string' ? nearestName(kind, names) : undefined;
  return nearest === undefined ? `use one of ${all}` : `did you mean "${nearest}"? (the kinds: ${all})`;
}


function hintForPattern(pointer: string, isKey = false): string {
  if (/\/analytics\/properties\/[^/]+$/.test(pointer) && isKey) return 'write a snake_case property name such as plan_id';
  if (/\/analytics\/answeredAs\/[^/]+$/.test(pointer) && isKey) return 'write an option value of this screen, such as try_again';
  if (/\/analytics\/(?:shown|answered|skipped|answeredAs\/[^/]+)$/.test(pointer)) return 'write an event name in Title Case, such as Email Shown';
  if (/\/route$|\/path$/.test(pointer)) return 'write a path such as /quiz/1-1 (lowercase, hyphens)';
  if (/\/answerKey$|\/answer$|From$/.test(pointer)) return 'write a step id such as 1-1 or 4-0-2';
  if (/\/value$|\/is$|\/isNot$|\/in\/\d+$/.test(pointer)) return 'write a snake_case value such as in_relationships';
  if (/^\/flags(?:\/[^/]+)?$|\/flag$|\/plansBy$/.test(pointer)) return 'write a flag name of letters, digits and underscores, such as priceSet';
  if (/^\/flags\/[^/]+\/(?:default|values\/\d+)$|\/variants(?:\/[^/]+)?$/.test(pointer)) return 'write a flag value of letters, digits, _, . or -, such as trial_price_test';
  if (/\/effects\/\d+$/.test(pointer)) return 'write the camelCase name of a registered effect, such as loadPlans';
  return 'write a lowercase id with hyphens, such as profile-name';
}

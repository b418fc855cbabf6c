import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { composeFlowSchema, type Json, type KindSchema } from '../src/engine/kinds/compose-schema';
import { productKinds } from '../src/engine/kinds/product-kinds';
import { composedSchema } from './generate-artifacts';

const core = (): Json => JSON.parse(readFileSync('schemas/parts/flow-core.json', 'utf8'));
const kindSchemas = (): Record<string, KindSchema & { $defs: Record<string, { properties: Record<string, unknown>; required: string[] }> }> =>
  Object.fromEntries(Object.keys(productKinds).map((name) => [name, JSON.parse(readFileSync(`src/engine/kinds/${name}.schema.json`, 'utf8'))]));

describe('the flow schema, composed from its core and each kind\'s entry', () => {
  it('is the committed schemas/flow.schema.json, every kind in the screen\'s oneOf in the registry\'s order', async () => {
    const schema = await composedSchema(process.cwd());
    expect(`${JSON.stringify(schema, null, 2)}\n`).toBe(readFileSync('schemas/flow.schema.json', 'utf8'));
    const oneOf = ((schema.$defs as Json).screen as { oneOf: Array<{ $ref: string }> }).oneOf.map((entry) => entry.$ref);
    expect(oneOf).toHaveLength(Object.keys(productKinds).length);
    expect(oneOf).toContain('#/$defs/emailScreen');
  });

  it('refuses an email kept under an answer key: answers are saved in the browser, the email never is', () => {
    const edited = kindSchemas();
    edited.email!.$defs.emailScreen!.properties.answerKey = { $ref: '#/$defs/answerKey' };
    expect(() => composeFlowSchema(core(), productKinds, edited)).toThrow('email.schema.json: $defs/emailScreen: an email is kept in memory only, never under an answer key (answers are saved)');
  });

  it('refuses a kind with a submit effect that does not say what it submits, and the reverse', () => {
    const unsaid = { ...productKinds, price: { ...productKinds.price, submits: null } };
    expect(() => composeFlowSchema(core(), unsaid, kindSchemas())).toThrow('price.schema.json: $defs/priceScreen has "submit", and the kind\'s module says it submits nothing: set its "submits"');
    const nothing = { ...productKinds, text: { ...productKinds.text, submits: 'answer' as const } };
    expect(() => composeFlowSchema(core(), nothing, kindSchemas())).toThrow('text.schema.json: $defs/textScreen has no "submit" property for the effect its module says it submits to');
  });

  it('refuses a kind without a schema entry, and an entry another kind already defines', () => {
    const { welcome: _gone, ...rest } = kindSchemas();
    expect(() => composeFlowSchema(core(), productKinds, rest)).toThrow('screen kind "welcome" has no schema: write its $defs entry in welcome.schema.json beside its module');
    const twice = kindSchemas();
    twice.offers!.$defs.returnRoute = twice.price!.$defs.returnRoute!;
    expect(() => composeFlowSchema(core(), productKinds, twice)).toThrow('offers.schema.json: $defs/returnRoute is already defined (by the core or another kind): name it after the kind');
  });
});

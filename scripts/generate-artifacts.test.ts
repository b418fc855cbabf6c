import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { screenSubmits } from './generate-artifacts';

type Schema = { $defs: Record<string, { 'x-submits'?: string; properties: Record<string, unknown>; required: string[] }> };
const schema = (): Schema => JSON.parse(readFileSync('schemas/flow.schema.json', 'utf8'));

describe('what each screen kind submits, read from the schema', () => {
  it('declares the email capture as an email and the price and offers screens as answers', () => {
    const code = screenSubmits(schema());
    expect(code).toContain("  email: 'email',\n");
    expect(code).toContain("  price: 'answer',\n");
    expect(code).toContain("  offers: 'answer',\n");
    expect(code).toContain("  'single-choice': null,\n");
  });

  it('refuses an email kept under an answer key: answers are saved in the browser, the email never is', () => {
    const edited = schema();
    edited.$defs.emailScreen!.properties.answerKey = { $ref: '#/$defs/answerKey' };
    expect(() => screenSubmits(edited)).toThrow('schema: $defs/emailScreen: an email is kept in memory only, never under an answer key (answers are saved)');
  });

  it('refuses a kind with a submit effect that does not say what it submits, and the reverse', () => {
    const unsaid = schema();
    delete unsaid.$defs.priceScreen!['x-submits'];
    expect(() => screenSubmits(unsaid)).toThrow('schema: $defs/priceScreen has "submit" but no "x-submits": say what the screen submits');
    const nothing = schema();
    nothing.$defs.textScreen!['x-submits'] = 'answer';
    expect(() => screenSubmits(nothing)).toThrow('schema: $defs/textScreen has "x-submits" but no "submit" property for its effect');
  });
});

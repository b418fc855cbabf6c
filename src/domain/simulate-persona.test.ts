import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import flowJson from '../../flows/astrology.json';
import single from '../../flows/personas/single-unknown-time.json';
import couple from '../../flows/personas/in-relationship-cancels.json';
import { validateFlow } from '../engine/validate-flow';
import { placeholderEnvironment, readPersona, simulatePersona, type Persona } from './simulate-persona';
import { productKinds } from '../engine/kinds/product-kinds';

const loaded = validateFlow(flowJson, { kinds: productKinds });
if (!loaded.ok) throw new Error('flows/astrology.json is invalid');
const flow = loaded.flow;
const persona = (data: unknown) => readPersona(data, 'test.json');
const screens = (steps: Array<{ screen: string }>) => steps.map((s) => s.screen);

describe('the persona files', () => {
  it('each follow schemas/persona.schema.json and name themselves after their file', () => {
    const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync('schemas/persona.schema.json', 'utf8')) as object);
    const files = readdirSync('flows/personas').filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const data = JSON.parse(readFileSync(join('flows/personas', file), 'utf8')) as { name: string };
      expect(validate(data), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(`${data.name}.json`).toBe(file);
    }
  });
});

describe('simulatePersona', () => {
  it('walks a single visitor who does not know her birth time to the end, paying and skipping the offers', async () => {
    const simulation = await simulatePersona(flow, productKinds, persona(single));
    const path = screens(simulation.steps);
    expect(path[0]).toBe('welcome');
    expect(path).toContain('profile-no-problem');
    expect(path.filter((id) => id.startsWith('relationship-partner-'))).toEqual([]);
    expect(path.slice(-6)).toEqual(['email', 'get-access', 'select-price', 'payment-success', 'signup-offer', 'signup-offer-success']);
    expect(simulation.steps.find((s) => s.screen === 'select-price')).toMatchObject({ outcome: 'redirected', payment: { result: 'success', returnsTo: 'payment-success' } });
    expect(simulation.stopped).toBe('reached the end screen signup-offer-success');
    expect(simulation.planSets).toEqual([{ screen: 'select-price', planSet: { groups: ['high', 'medium', 'low'], abTestId: undefined } }]);
    expect(simulation.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /subs/users/check-subscription',
      'GET /astro/api/v2/user/email',
      'POST /astro/api/v2/user/create',
      'POST /subs/users/create',
      'POST /subs/checkout/sessions',
    ]);
  });

  it('builds the astro user with the app\'s own builder, from the answers as the app holds them (the place\'s offset at birth included)', async () => {
    const simulation = await simulatePersona(flow, productKinds, persona(couple), { ...placeholderEnvironment, usid: 'u-1', timeZone: 'Europe/Paris' });
    const index = simulation.steps.findIndex((s) => s.screen === 'email');
    const { answers } = simulation.heldAt[index]!;
    expect(answers['2-4']).toEqual({ place: 'London, England, United Kingdom', latitude: 51.50853, longitude: -0.12574, timeZone: 'Europe/London', utcOffsetMinutes: 0 }); // GMT on 1988-11-02
    expect(answers['4-2']).toMatchObject({ utcOffsetMinutes: 60 }); // BST on 1990-05-17
    const create = simulation.requests.find((r) => r.path === '/astro/api/v2/user/create');
    // The astro user's defaults: no IP location here, so 0, 0, and the browser's time zone.
    expect(create?.body).toEqual({
      username: 'Sam',
      email: couple.email,
      usid: 'u-1',
      isLegal: true,
      gender: 'male',
      relationship: 'in_relationships',
      birthday: { date: '1988-11-02', time: '10:30:00' },
      location: { latitude: 0, longitude: 0 },
      locale: 'en',
      timezone: 'Europe/Paris',
    });
  });

  it('follows a cancelled payment to the sale page once, with the sale\'s plan set and the return addresses the checkout sends', async () => {
    const simulation = await simulatePersona(flow, productKinds, persona(couple), { ...placeholderEnvironment, usid: 'u-2', orderId: 'ord_1', project: 'astrelle' });
    expect(screens(simulation.steps).slice(-2)).toEqual(['select-price', 'sale']);
    expect(simulation.stopped).toBe('stopped at sale, as the persona asks');
    expect(simulation.planSets.at(-1)).toEqual({ screen: 'sale', planSet: { groups: ['ab_test'], abTestId: 'sale' } });
    expect(simulation.requests.at(-1)).toEqual({
      screen: 'select-price',
      effect: 'startCheckout',
      method: 'POST',
      path: '/subs/checkout/sessions',
      body: {
        project: 'astrelle',
        provider: 'maxpay',
        productId: 'mxp_astrelle_trial_1_2900_live',
        email: couple.email,
        usid: 'u-2',
        orderId: 'ord_1',
        successUrl: '/payment-success?usid=u-2',
        errorUrl: '/payment-error?usid=u-2',
        cancelUrl: '/sale?usid=u-2',
      },
    });
  });

  it('reads the flags remote config gives: another price set, no discount page after a cancel; and the provider it pays with', async () => {
    const flagged: Persona = { ...persona(couple), flags: { priceSet: 'trial_price_test', discounts: false }, stopAt: undefined, paysWith: 'paypal' };
    const simulation = await simulatePersona(flow, productKinds, flagged);
    expect(simulation.requests.at(-1)?.body).toMatchObject({ provider: 'paypal' });
    expect(simulation.heldAt.at(-1)?.assigned).toEqual({ accessHeadline: 'a', priceSet: 'trial_price_test', discounts: false });
    expect(simulation.planSets[0]).toEqual({ screen: 'select-price', planSet: { groups: ['ab_test'], abTestId: 'trial_price_test' } });
    expect(simulation.steps.find((s) => s.screen === 'select-price')?.payment).toEqual({ result: 'cancel', returnsTo: 'select-price' });
    expect(screens(simulation.steps)).not.toContain('sale');
  });

  it('sends a subscriber to already-subscribed, with only the subscription check sent', async () => {
    const simulation = await simulatePersona(flow, productKinds, { ...persona(single), outcomes: { submitEmail: 'premium' } });
    expect(screens(simulation.steps).slice(-2)).toEqual(['email', 'already-subscribed']);
    expect(simulation.requests.map((r) => r.path)).toEqual(['/subs/users/check-subscription']);
  });

  it('follows a declined payment to the payment error page', async () => {
    const simulation = await simulatePersona(flow, productKinds, { ...persona(single), outcomes: { payment: 'error' }, stopAt: 'payment-error' });
    expect(screens(simulation.steps).slice(-2)).toEqual(['select-price', 'payment-error']);
  });

  it('stops where the persona gives no answer, and says which', async () => {
    const answers = { ...single.answers } as Record<string, unknown>;
    delete answers['2-5'];
    const simulation = await simulatePersona(flow, productKinds, persona({ ...single, answers }));
    expect(simulation.steps.at(-1)?.screen).toBe('profile-gender');
    expect(simulation.stopped).toBe('the persona has no answer for 2-5 (profile-gender)');
  });

  it('refuses a persona file that is not one, saying what is wrong', () => {
    expect(() => readPersona({ name: '', email: 'nobody', answers: [] }, 'bad.json')).toThrow(
      'bad.json: "name" must be a non-empty string; "email" must be an email address; "answers" must be an object of answers by answer key',
    );
  });
});

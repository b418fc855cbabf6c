import { describe, it, expect } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { checkFlowText, formatProblem } from '../../scripts/check-flow-file';
import { productKinds } from './kinds/product-kinds';

type Editable = Record<string, unknown> & { analytics: Record<string, unknown>; screens: Array<Record<string, unknown> & { id: string }> };

function edited(edit: (flow: Editable) => void): Editable {
  const flow = structuredClone(flowJson) as unknown as Editable;
  edit(flow);
  return flow;
}

function problemsAfter(edit: (flow: Editable) => void): string[] {
  const result = validateFlow(edited(edit), { kinds: productKinds });
  return result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}; ${p.hint}`);
}

const screen = (flow: Editable, id: string) => {
  const found = flow.screens.find((s) => s.id === id);
  if (!found) throw new Error(id);
  return found;
};
/** Sets a screen's own analytics. */
const declare = (id: string, analytics: Record<string, unknown>) => (flow: Editable) => {
  screen(flow, id).analytics = analytics;
};

describe('the analytics checks: no personal data, hashed or not', () => {
  it('accepts the product flow', () => {
    expect(problemsAfter(() => {})).toEqual([]);
  });

  it('refuses the answer of a name, birth date, birth time or birth place question', () => {
    expect(problemsAfter(declare('profile-name', { properties: { answer: 'answer' } }))).toEqual([
      '/screens/5/analytics/properties/answer property "answer" would send the answer of the text screen "profile-name", free text such as the visitor\'s name: personal data never goes into analytics, hashed or not; remove it',
    ]);
    expect(problemsAfter(declare('profile-birthday', { properties: { day: 'answer' } }))).toEqual([
      '/screens/6/analytics/properties/day property "day" would send the answer of the date screen "profile-birthday", a date such as a birth date: personal data never goes into analytics, hashed or not; remove it',
    ]);
    expect(problemsAfter(declare('profile-time-of-birth', { properties: { value: 'answer' } }))).toHaveLength(1);
    expect(problemsAfter(declare('relationship-partner-place-of-birth', { properties: { value: 'answer' } }))).toEqual([
      '/screens/25/analytics/properties/value property "value" would send the answer of the place screen "relationship-partner-place-of-birth", a place such as a birth place: personal data never goes into analytics, hashed or not; remove it',
    ]);
  });

  it('refuses the email address', () => {
    expect(problemsAfter(declare('email', { answered: 'Email Clicked', properties: { value: 'answer' } }))).toEqual([
      '/screens/32/analytics/properties/value property "value" would send the email address of "email": personal data never goes into analytics, hashed or not; remove it',
    ]);
  });

  it('refuses a property name that reads as personal data, on a screen or for the whole flow', () => {
    const named = (name: string) => problemsAfter(declare('relationship-status', { properties: { [name]: 'answer' } }));
    for (const name of ['email', 'user_email', 'name', 'first_name', 'username', 'birth_year', 'birthday', 'dob', 'ip', 'ip_address', 'phone_number', 'home_address', 'city', 'latitude']) {
      expect(named(name), name).toEqual([expect.stringContaining(`/screens/1/analytics/properties/${name} property name "${name}" reads as personal data`)]);
    }
    expect(named('relationship')).toEqual([]);
    expect(named('zipper_size')).toEqual([]);
    expect(problemsAfter((f) => (f.analytics.properties = { email: 'screenId' }))).toEqual([
      '/analytics/properties/email property name "email" reads as personal data ("email"), which no event carries; rename it to say what it holds, such as plan_id or answer',
    ]);
  });
});

describe('the analytics checks: every property has a value on its screen', () => {
  it('refuses the answer of a screen that has none', () => {
    expect(problemsAfter(declare('get-access', { properties: { choice: 'answer' } }))).toEqual([
      '/screens/34/analytics/properties/choice property "choice" sends the answer, and the interstitial screen "get-access" has none; remove it: only question screens have an answer',
    ]);
  });

  it('refuses the plan on a screen that offers none', () => {
    expect(problemsAfter(declare('get-access', { properties: { price: 'planPrice' } }))).toEqual([
      '/screens/34/analytics/properties/price property "price" (planPrice) reads the chosen plan, and the interstitial screen "get-access" offers none; remove it: only price and offers screens have a plan',
    ]);
  });

  it('refuses a step or question id on a screen without an answerKey', () => {
    expect(problemsAfter(declare('profile-lets-learn', { properties: { step: 'stepId' } }))).toEqual([
      '/screens/4/analytics/properties/step property "step" (stepId) needs a question, and the interstitial screen "profile-lets-learn" has no answerKey; remove it: only screens with an answerKey have a step and a question id',
    ]);
  });

  it('refuses a property only an answer has on a screen that sends no answered event', () => {
    expect(problemsAfter(declare('select-price', { answered: false, properties: { plan_id: 'planId' } }))).toEqual([
      '/screens/35/analytics/properties/plan_id property "plan_id" (planId) is sent with the answered event only, and "select-price" sends none; remove it, or name an "answered" event',
    ]);
  });

  it('refuses a name every event carries already', () => {
    expect(problemsAfter(declare('relationship-status', { properties: { screen_id: 'screenId' } }))).toEqual([
      '/screens/1/analytics/properties/screen_id property "screen_id" is sent with every event already; remove it, or give it another name',
    ]);
  });
});

describe('the analytics checks: events', () => {
  it('refuses answeredAs for a value that is not an option, or on a screen without options', () => {
    expect(problemsAfter(declare('payment-error', { answeredAs: { try_agian: 'Payment Error Try Again Clicked' } }))).toEqual([
      '/screens/39/analytics/answeredAs/try_agian "try_agian" is not an option of "payment-error"; use one of try_again, continue',
    ]);
    expect(problemsAfter(declare('personality-most-important', { answeredAs: { love: 'Love Picked' } }))).toEqual([
      '/screens/18/analytics/answeredAs "answeredAs" names events by option, and the multiple-choice screen "personality-most-important" has no single choice; remove it, or use "answered"',
    ]);
  });

  it('refuses an answered event that answeredAs leaves no option for', () => {
    expect(problemsAfter(declare('payment-error', { answered: 'Payment Error Clicked', answeredAs: { try_again: 'Payment Error Try Again Clicked', continue: 'Payment Error Continue Clicked' } }))).toEqual([
      '/screens/39/analytics/answered "answered" is never sent: "answeredAs" names an event for every option of "payment-error"; remove "answered"',
    ]);
  });

  it('refuses an answered event on a screen never answered', () => {
    expect(problemsAfter(declare('profile-loading', { answered: 'Loading Done' }))).toEqual([
      '/screens/31/analytics/answered "answered" is never sent: a loading screen moves on by itself, so it is never answered; remove "answered"',
    ]);
    expect(problemsAfter(declare('signup-offer-success', { answered: 'Done Clicked' }))).toEqual([
      '/screens/41/analytics/answered "answered" is never sent: screen "signup-offer-success" has no way forward, so it is never answered; remove "answered"',
    ]);
  });

  it('refuses "skipped" on a screen that is not an offers screen', () => {
    expect(problemsAfter(declare('get-access', { skipped: 'Access Skipped' }))).toEqual([
      '/screens/34/analytics/skipped "skipped" is sent when an offers screen is skipped, and the interstitial screen "get-access" has no skip button; remove it, or use "answered"',
    ]);
  });

  it('refuses one event name for two moments', () => {
    expect(problemsAfter(declare('get-access', { answered: 'Email Shown' }))).toEqual([
      '/screens/34/analytics/answered event "Email Shown" is sent when "email" opens and when "get-access" is answered; give each moment its own event name',
    ]);
  });

  it('accepts one event name on several screens, told apart by screen_id', () => {
    expect(problemsAfter(declare('get-access', { shown: 'Select Price Shown' }))).toEqual([]);
  });

  it('refuses two spellings of one method and the names the tracking plan keeps', () => {
    expect(problemsAfter(declare('get-access', { shown: 'Email shown' }))).toEqual([
      '/screens/34/analytics/shown event "Email shown" would be the tracking plan\'s method emailShown, as "Email Shown" is; spell it "Email Shown"',
    ]);
    expect(problemsAfter(declare('get-access', { shown: 'Load' }))).toEqual([
      '/screens/34/analytics/shown event "Load" would take the name load or Load, which the tracking plan keeps for itself; rename it: load, track, isLoaded and names ending in "Properties" are taken',
    ]);
  });

  it('refuses an event name that is not Title Case, and says how to write one', () => {
    expect(problemsAfter(declare('get-access', { shown: 'access_shown' }))).toEqual([
      '/screens/34/analytics/shown does not have the expected form (^[A-Z][A-Za-z0-9]*(?: [A-Za-z0-9]+)*$); write an event name in Title Case, such as Email Shown',
    ]);
    expect(problemsAfter(declare('get-access', { properties: { 'Plan-Id': 'planId' } }))).toEqual([
      '/screens/34/analytics/properties/Plan-Id does not have the expected form (^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$); write a snake_case property name such as plan_id',
    ]);
  });

  it('locates a refused property in the file, line and column', () => {
    const text = `${JSON.stringify(edited(declare('profile-name', { properties: { answer: 'answer' } })), null, 2)}\n`;
    const [problem] = checkFlowText('flows/astrology.json', text);
    const line = text.split('\n').findIndex((l) => l.includes('"answer": "answer"') && l.startsWith('          ')) + 1;
    expect(problem && formatProblem(problem)).toBe(
      `flows/astrology.json:${line}:11 /screens/5/analytics/properties/answer property "answer" would send the answer of the text screen "profile-name", free text such as the visitor's name: personal data never goes into analytics, hashed or not; remove it`,
    );
  });
});

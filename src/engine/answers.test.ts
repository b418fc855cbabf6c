import { describe, it, expect } from 'vitest';
import flowJson from '../../flows/astrology.json';
import type { Condition, Flow, Screen } from './generated/flow-types';
import { validateFlow } from './validate-flow';
import { isEmailAddress, isQuestionScreen, todayIso, type Answers, type PlaceAnswer } from './answers';
import { answerProblem, enumeratedValues } from './kinds/kind-registry';
import { isCalendarDate } from './birth-data';
import { conditionAnswerKeys, conditionValues, evaluateCondition } from './conditions';
import { branchesOf, pathFor, pruneAnswers, resolveNext } from './flow-graph';
import { productKinds } from './kinds/product-kinds';

function loadFlow(): Flow {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

const flow = loadFlow();

function screenById(id: string): Screen {
  const screen = flow.screens.find((s) => s.id === id);
  if (!screen) throw new Error(`no screen ${id}`);
  return screen;
}

/** Pinned clock: 15 January 2026, noon, in the visitor's own time zone. */
const now = new Date(2026, 0, 15, 12, 0, 0);
const problem = (id: string, value: unknown) => answerProblem(productKinds, screenById(id), value, now);

const london: PlaceAnswer = { latitude: 51.5, longitude: -0.12, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' };

describe('answerProblem', () => {
  describe('single-choice (1-1)', () => {
    it('accepts every option of the screen', () => {
      for (const value of ['in_relationships', 'single', 'its_complicated', 'recently_separated']) expect(problem('relationship-status', value)).toBeNull();
    });
    it('refuses a missing or empty answer as required', () => {
      expect(problem('relationship-status', undefined)).toBe('required');
      expect(problem('relationship-status', '')).toBe('required');
      expect(problem('relationship-status', ['single'])).toBe('required');
    });
    it('refuses a value that is not an option', () => {
      expect(problem('relationship-status', 'married')).toBe('unknownOption');
      expect(problem('relationship-status', 'Single')).toBe('unknownOption');
    });
  });

  describe('multiple-choice (3-5, 1 to 3 picks)', () => {
    it('accepts one to three known options', () => {
      expect(problem('personality-most-important', ['love'])).toBeNull();
      expect(problem('personality-most-important', ['family', 'love', 'money'])).toBeNull();
    });
    it('refuses no pick, or a non-list, as too few', () => {
      expect(problem('personality-most-important', [])).toBe('tooFew');
      expect(problem('personality-most-important', 'love')).toBe('tooFew');
      expect(problem('personality-most-important', undefined)).toBe('tooFew');
    });
    it('refuses four picks as too many', () => {
      expect(problem('personality-most-important', ['love', 'career', 'family', 'friendship'])).toBe('tooMany');
    });
    it('refuses unknown or repeated values', () => {
      expect(problem('personality-most-important', ['love', 'fame'])).toBe('unknownOption');
      expect(problem('personality-most-important', ['love', 'love'])).toBe('unknownOption');
      expect(problem('personality-most-important', ['love', 3])).toBe('unknownOption');
    });
  });

  describe('text (2-1, at most 40 characters)', () => {
    it('refuses empty text and text of only spaces as required', () => {
      expect(problem('profile-name', '')).toBe('required');
      expect(problem('profile-name', '   \t ')).toBe('required');
      expect(problem('profile-name', undefined)).toBe('required');
      expect(problem('profile-name', 42)).toBe('required');
    });
    it('accepts 40 characters and refuses 41', () => {
      expect(problem('profile-name', 'a'.repeat(40))).toBeNull();
      expect(problem('profile-name', 'a'.repeat(41))).toBe('tooLong');
    });
    it('measures the length without surrounding spaces', () => {
      expect(problem('profile-name', `  ${'a'.repeat(40)}  `)).toBeNull();
      expect(problem('profile-name', '  Maya ')).toBeNull();
    });
  });

  describe('date (2-2, from 1900-01-01 to today)', () => {
    it('accepts a normal birth date', () => {
      expect(problem('profile-birthday', '1990-05-17')).toBeNull();
    });
    it('refuses an empty answer as required', () => {
      expect(problem('profile-birthday', '')).toBe('required');
      expect(problem('profile-birthday', undefined)).toBe('required');
    });
    it('refuses dates that do not exist in the calendar', () => {
      expect(problem('profile-birthday', '2023-02-30')).toBe('invalid');
      expect(problem('profile-birthday', '2023-02-29')).toBe('invalid');
      expect(problem('profile-birthday', '1990-13-01')).toBe('invalid');
      expect(problem('profile-birthday', '1990-04-31')).toBe('invalid');
    });
    it('refuses dates not written YYYY-MM-DD', () => {
      expect(problem('profile-birthday', '17/05/1990')).toBe('invalid');
      expect(problem('profile-birthday', '1990-5-17')).toBe('invalid');
      expect(problem('profile-birthday', '1990-05-17T00:00')).toBe('invalid');
    });
    it('accepts the leap day of a leap year', () => {
      expect(problem('relationship-partner-birthday', '2024-02-29')).toBeNull();
      expect(problem('profile-birthday', '2000-02-29')).toBeNull();
    });
    it('accepts the minimum date and refuses the day before as too early', () => {
      expect(problem('profile-birthday', '1900-01-01')).toBeNull();
      expect(problem('profile-birthday', '1899-12-31')).toBe('tooEarly');
    });
    it('accepts today and refuses tomorrow as future (on a date with no minimum age: the partner\'s)', () => {
      expect(problem('relationship-partner-birthday', '2026-01-15')).toBeNull();
      expect(problem('relationship-partner-birthday', '2026-01-16')).toBe('future');
      expect(problem('profile-birthday', '2026-01-16')).toBe('future');
      expect(problem('profile-birthday', '2999-01-01')).toBe('future');
    });
    it("uses the visitor's local calendar for today, late in the evening too", () => {
      const lateEvening = new Date(2026, 0, 15, 23, 59, 0);
      expect(answerProblem(productKinds, screenById('relationship-partner-birthday'), '2026-01-15', lateEvening)).toBeNull();
      expect(answerProblem(productKinds, screenById('relationship-partner-birthday'), '2026-01-16', lateEvening)).toBe('future');
    });
  });

  describe("the visitor's own birth date: 18 or older (minAge 18 on 2-2)", () => {
    it('refuses a 17-year-old, and one born 9 years ago, as too young', () => {
      expect(problem('profile-birthday', '2008-06-01')).toBe('tooYoung');
      expect(problem('profile-birthday', '2017-01-15')).toBe('tooYoung');
    });
    it('accepts the visitor on their 18th birthday, and refuses them the day before', () => {
      expect(problem('profile-birthday', '2008-01-15')).toBeNull();
      expect(problem('profile-birthday', '2008-01-16')).toBe('tooYoung');
    });
    it('counts a 29 February birthday as reached on 1 March in other years', () => {
      expect(answerProblem(productKinds, screenById('profile-birthday'), '2008-02-29', new Date(2026, 1, 28, 12))).toBe('tooYoung');
      expect(answerProblem(productKinds, screenById('profile-birthday'), '2008-02-29', new Date(2026, 2, 1, 12))).toBeNull();
    });
    it("does not ask the partner's age", () => {
      expect(problem('relationship-partner-birthday', '2017-01-15')).toBeNull();
    });
  });

  describe('time (2-3)', () => {
    it("accepts HH:MM times and the don't-know value", () => {
      for (const value of ['00:00', '10:30', '23:59', 'dont_know']) expect(problem('profile-time-of-birth', value)).toBeNull();
    });
    it('refuses an empty answer as required', () => {
      expect(problem('profile-time-of-birth', '')).toBe('required');
      expect(problem('profile-time-of-birth', undefined)).toBe('required');
    });
    it('refuses impossible or badly written times', () => {
      for (const value of ['24:00', '12:60', '9:30', '10:30:00', 'noon', 'unknown']) expect(problem('profile-time-of-birth', value)).toBe('invalid');
    });
  });

  describe('place (2-4)', () => {
    it('accepts a complete place answer', () => {
      expect(problem('profile-place-of-birth', london)).toBeNull();
    });
    it('asks to pick from the list for anything else', () => {
      const cases: unknown[] = [
        undefined,
        'London',
        null,
        { ...london, place: '' },
        { ...london, latitude: 91 },
        { ...london, longitude: -181 },
        { ...london, latitude: '51.5' },
        { ...london, utcOffsetMinutes: 60.5 },
        { ...london, utcOffsetMinutes: 17 * 60 },
        { latitude: 51.5, longitude: -0.12, place: 'London', utcOffsetMinutes: 0 },
      ];
      for (const value of cases) expect(problem('profile-place-of-birth', value)).toBe('pick');
    });

    it('says a pick without its offset is unavailable: its zone is one this runtime could not read', () => {
      const { utcOffsetMinutes: _offset, ...pick } = london;
      expect(problem('profile-place-of-birth', pick)).toBe('unavailable');
    });
  });

  describe('email', () => {
    it('accepts a valid address, with surrounding spaces', () => {
      expect(problem('email', 'maya@example.com')).toBeNull();
      expect(problem('email', '  maya@example.com ')).toBeNull();
    });
    it('refuses an empty address as required and a malformed one as invalid', () => {
      expect(problem('email', '')).toBe('required');
      expect(problem('email', '   ')).toBe('required');
      expect(problem('email', 'maya@example')).toBe('invalid');
    });
  });

  it('has nothing to check on welcome, interstitial and loading screens', () => {
    expect(problem('welcome', undefined)).toBeNull();
    expect(problem('profile-lets-learn', undefined)).toBeNull();
    expect(problem('profile-loading', undefined)).toBeNull();
  });
});

describe('answerProblem on the post-quiz screens', () => {
  it('takes a plan id on a price screen and a list of offer ids (maybe none) on the offers screen', () => {
    expect(problem('select-price', 'mxp_astrelle_trial_1_2900_live')).toBeNull();
    expect(problem('select-price', '')).toBe('required');
    expect(problem('select-price', 'a b')).toBe('required');
    expect(problem('signup-offer', [])).toBeNull();
    expect(problem('signup-offer', ['birth_chart', 'ultra_pack'])).toBeNull();
    expect(problem('signup-offer', ['birth_chart', 'birth_chart'])).toBe('invalid');
    expect(problem('signup-offer', ['<b>'])).toBe('invalid');
    expect(problem('signup-offer', 'birth_chart')).toBe('required');
  });
});

describe('isCalendarDate and todayIso', () => {
  it('tells real calendar dates from rolled-over ones', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2023-02-30')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });
  it('writes the local date as YYYY-MM-DD with zero padding', () => {
    expect(todayIso(new Date(2026, 2, 5, 0, 1))).toBe('2026-03-05');
  });
});

describe('isEmailAddress', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'MAYA@EXAMPLE.COM', 'maya_o-neil@my-domain.co.uk'])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });
  it.each([
    ['a missing @', 'maya.example.com'],
    ['a space in the local part', 'maya smith@example.com'],
    ['a space in the domain', 'maya@exa mple.com'],
    ['a trailing dot', 'maya@example.com.'],
    ['no dotted domain', 'a@b'],
    ['two @', 'maya@@example.com'],
    ['an empty local part', '@example.com'],
    ['an empty domain label', 'maya@example..com'],
    ['a domain label starting with a hyphen', 'maya@-example.com'],
    ['a one-letter top-level domain', 'maya@example.c'],
    ['an empty string', ''],
  ])('refuses an address with %s', (_, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
  it('accepts up to 254 characters and refuses 255', () => {
    const ofLength = (n: number) => `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(n - 197)}.com`;
    expect(ofLength(254)).toHaveLength(254);
    expect(isEmailAddress(ofLength(254))).toBe(true);
    expect(isEmailAddress(ofLength(255))).toBe(false);
  });
});

describe('evaluateCondition', () => {
  it('matches is, isNot and in on a single answer', () => {
    const answers = { '1-1': 'single' };
    expect(evaluateCondition({ answer: '1-1', is: 'single' }, answers)).toBe(true);
    expect(evaluateCondition({ answer: '1-1', is: 'in_relationships' }, answers)).toBe(false);
    expect(evaluateCondition({ answer: '1-1', isNot: 'in_relationships' }, answers)).toBe(true);
    expect(evaluateCondition({ answer: '1-1', in: ['its_complicated', 'single'] }, answers)).toBe(true);
    expect(evaluateCondition({ answer: '1-1', in: ['its_complicated'] }, answers)).toBe(false);
  });

  it('treats is on a multiple-choice answer as "contains"', () => {
    const answers = { '3-5': ['career', 'love'] };
    expect(evaluateCondition({ answer: '3-5', is: 'love' }, answers)).toBe(true);
    expect(evaluateCondition({ answer: '3-5', is: 'family' }, answers)).toBe(false);
    expect(evaluateCondition({ answer: '3-5', isNot: 'love' }, answers)).toBe(false);
    expect(evaluateCondition({ answer: '3-5', isNot: 'family' }, answers)).toBe(true);
    expect(evaluateCondition({ answer: '3-5', in: ['family', 'career'] }, answers)).toBe(true);
    expect(evaluateCondition({ answer: '3-5', in: ['family', 'money'] }, answers)).toBe(false);
  });

  it('matches nothing on a missing answer except isNot and not', () => {
    expect(evaluateCondition({ answer: '1-1', is: 'single' }, {})).toBe(false);
    expect(evaluateCondition({ answer: '1-1', in: ['single'] }, {})).toBe(false);
    expect(evaluateCondition({ answer: '1-1', isNot: 'single' }, {})).toBe(true);
    expect(evaluateCondition({ not: { answer: '1-1', is: 'single' } }, {})).toBe(true);
  });

  it('combines conditions with all, any and not', () => {
    const answers = { '1-1': 'in_relationships', '2-3': 'dont_know' };
    const both: Condition = { all: [{ answer: '1-1', is: 'in_relationships' }, { answer: '2-3', is: 'dont_know' }] };
    const either: Condition = { any: [{ answer: '1-1', is: 'single' }, { answer: '2-3', is: 'dont_know' }] };
    expect(evaluateCondition(both, answers)).toBe(true);
    expect(evaluateCondition(both, { ...answers, '2-3': '10:30' })).toBe(false);
    expect(evaluateCondition(either, answers)).toBe(true);
    expect(evaluateCondition(either, { '1-1': 'its_complicated' })).toBe(false);
    expect(evaluateCondition({ not: both }, answers)).toBe(false);
    expect(evaluateCondition({ all: [] }, {})).toBe(true);
    expect(evaluateCondition({ any: [] }, {})).toBe(false);
  });

  it('tests a feature switch (an unknown one is off) and an effect outcome', () => {
    expect(evaluateCondition({ flag: 'discounts', is: true }, {}, {}, { discounts: true })).toBe(true);
    expect(evaluateCondition({ flag: 'discounts', is: true }, {}, {}, { discounts: false })).toBe(false);
    expect(evaluateCondition({ flag: 'discounts', is: false }, {}, {}, {})).toBe(true);
    expect(evaluateCondition({ outcome: 'startCheckout', is: 'needsEmail' }, {}, { startCheckout: { outcome: 'needsEmail' } })).toBe(true);
    expect(evaluateCondition({ not: { outcome: 'purchaseOffers', is: 'failed' } }, {}, {})).toBe(true);
  });

  it('lists the keys and values a condition reads', () => {
    const condition: Condition = { all: [{ answer: '1-1', is: 'single' }, { not: { answer: '3-5', in: ['love', 'family'] } }] };
    expect(conditionAnswerKeys(condition)).toEqual(['1-1', '3-5']);
    expect(conditionValues(condition)).toEqual([
      { answer: '1-1', value: 'single' },
      { answer: '3-5', value: 'love' },
      { answer: '3-5', value: 'family' },
    ]);
  });
});

describe('the astrology flow graph', () => {
  const partnerScreens = ['relationship-partner-gender', 'relationship-partner-birthday', 'relationship-partner-time-of-birth', 'relationship-partner-place-of-birth'];

  it('the branch of the time screen follows the flow condition', () => {
    const time = screenById('profile-time-of-birth');
    expect(branchesOf(time).map((b) => b.to)).toEqual(['profile-no-problem', 'profile-place-of-birth']);
    expect(resolveNext(time, { '2-3': 'dont_know' })).toBe('profile-no-problem');
    expect(resolveNext(time, { '2-3': '10:30' })).toBe('profile-place-of-birth');
    // Without the submit effect's outcome, /email takes its default branch; /select-price stays (the payment page opens).
    expect(resolveNext(screenById('email'), {})).toBe('get-access');
    expect(resolveNext(screenById('select-price'), {})).toBeNull();
  });

  it('given the machine\'s memory, a branch on an effect\'s outcome is decided as the machine decides it', () => {
    const result = screenById('payment-success');
    // Without the payment check's outcome, the default branch; with it, the branch the outcome takes.
    expect(resolveNext(result, {})).toBe('select-price');
    expect(resolveNext(result, {}, {}, { results: { checkPayment: { outcome: 'paid' } } })).toBe('signup-offer');
    expect(resolveNext(result, {}, {}, { results: { checkPayment: { outcome: 'declined' } } })).toBe('select-price');
  });

  it('pathFor goes from the welcome screen through the quiz and /email to the price screen', () => {
    const path = pathFor(flow, {});
    expect(path[0]).toBe('welcome');
    expect(path.slice(-4)).toEqual(['profile-loading', 'email', 'get-access', 'select-price']);
    expect(new Set(path).size).toBe(path.length);
  });

  it('pathFor includes the partner screens for a visitor in a relationship', () => {
    const path = pathFor(flow, { '1-1': 'in_relationships' });
    for (const id of partnerScreens) expect(path).toContain(id);
    const at = path.indexOf('relationship-next-step');
    expect(path.slice(at + 1, at + 1 + partnerScreens.length)).toEqual(partnerScreens);
  });

  it('pathFor skips the partner screens for a single visitor and when 1-1 is unanswered', () => {
    const cases: Answers[] = [{ '1-1': 'single' }, {}];
    for (const answers of cases) {
      const path = pathFor(flow, answers);
      for (const id of partnerScreens) expect(path).not.toContain(id);
      expect(path[path.indexOf('relationship-next-step') + 1]).toBe('relationship-feel-comfortable');
    }
  });

  it("pathFor passes the no-problem screen only when the birth time is don't know", () => {
    expect(pathFor(flow, { '2-3': 'dont_know' })).toContain('profile-no-problem');
    expect(pathFor(flow, { '2-3': '10:30' })).not.toContain('profile-no-problem');
  });

  it('pruneAnswers drops partner answers when 1-1 is single, and keeps the rest', () => {
    const answers = {
      '1-1': 'single',
      '2-1': 'Maya',
      '4-0-1': 'male',
      '4-0-2': '1989-03-02',
      '4-1': 'dont_know',
      '4-2': london,
      '4-3': 'always',
    };
    expect(pruneAnswers(flow, answers)).toEqual({ '1-1': 'single', '2-1': 'Maya', '4-3': 'always' });
  });

  it('pruneAnswers keeps partner answers for a visitor in a relationship', () => {
    const answers = { '1-1': 'in_relationships', '4-0-1': 'male', '4-0-2': '1989-03-02', '4-1': 'dont_know', '4-2': london };
    expect(pruneAnswers(flow, answers)).toEqual(answers);
  });

  it('pruneAnswers drops answers under keys no screen asks', () => {
    expect(pruneAnswers(flow, { '1-1': 'single', '9-9': 'x' })).toEqual({ '1-1': 'single' });
  });

  it('every question screen has a distinct answer key, and choice screens list their values', () => {
    const questions = flow.screens.filter(isQuestionScreen);
    expect(new Set(questions.map((s) => s.answerKey)).size).toBe(questions.length);
    expect(enumeratedValues(productKinds, screenById('profile-time-of-birth'))).toEqual(['dont_know']);
    expect(enumeratedValues(productKinds, screenById('relationship-status'))).toEqual(['in_relationships', 'single', 'its_complicated', 'recently_separated']);
    expect(enumeratedValues(productKinds, screenById('profile-name'))).toBeNull();
  });
});

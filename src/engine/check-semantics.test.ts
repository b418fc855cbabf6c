import { describe, it, expect } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { addedQuestion } from './test-support/added-question';
import type { TextPlaceholders } from './text-placeholders';
import { productKinds } from './kinds/product-kinds';

// The app's own pages, as src/shared/public-paths.ts lists them (the engine imports nothing outside itself).
const publicPaths = ['/privacy-policy', '/terms-of-use', '/cookie-policy', '/understanding-astrology', '/404'];
// The placeholders the screens fill, as src/shared/text-placeholders.ts registers them.
const fromInsight = { needs: 'insight', hint: 'add "insight" with the birth answers, or remove the placeholder' };
const fromOffers = { needs: 'offersFrom', hint: 'use it on an offers screen only, or remove the placeholder' };
const fromSummary = { needs: 'summaryFrom', hint: 'use it on an order summary screen only, or remove the placeholder' };
const placeholders: TextPlaceholders = {
  filledOn: ['interstitial', 'offers', 'order-summary'],
  named: { sunSign: fromInsight, moonSign: fromInsight, total: fromOffers, last4: fromOffers, maskedEmail: fromSummary },
};

type Editable = { screens: Array<Record<string, unknown> & { id: string }> };

function problemsAfter(edit: (flow: Editable) => void, effects?: readonly string[]): string[] {
  const flow = structuredClone(flowJson) as unknown as Editable;
  edit(flow);
  const result = validateFlow(flow, { kinds: productKinds, publicPaths, placeholders, ...(effects ? { effects } : {}) });
  return result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}`);
}

const screen = (flow: Editable, id: string) => {
  const found = flow.screens.find((s) => s.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('semantic checks the schema cannot express', () => {
  it('accepts the product flow', () => {
    expect(problemsAfter(() => {})).toEqual([]);
  });

  it('refuses a route taken by one of the app pages', () => {
    expect(problemsAfter((f) => (screen(f, 'relationship-goal').route = '/privacy-policy'))).toEqual(['/screens/2/route route "/privacy-policy" is taken by one of the app\'s own pages']);
  });

  it('refuses a back path that leads nowhere', () => {
    expect(problemsAfter((f) => (screen(f, 'profile-lets-learn').back = { to: 'path', path: '/understandng-astrology' }))).toEqual([
      '/screens/4/back/path back path "/understandng-astrology" is neither a screen route nor a page of the app',
    ]);
  });

  it('refuses a back target that is not on the way to the screen', () => {
    expect(problemsAfter((f) => (screen(f, 'profile-zodiac-sun').back = { to: 'screen', screen: 'profile-gender' }))).toEqual([
      '/screens/7/back/screen back target "profile-gender" is not a screen the visitor passes before "profile-zodiac-sun"',
    ]);
    expect(problemsAfter((f) => (screen(f, 'profile-zodiac-sun').back = { to: 'screen', screen: 'profile-zodiac-sun' }))).toHaveLength(1);
  });

  it('refuses a back target that skips the screen just before it, as the README\'s added question would have it', () => {
    // The README's worked example: a question after 3-7, with the interstitial's Back left on 3-7.
    const addQuestion = (f: Editable) => {
      screen(f, 'personality-knows-want').next = 'personality-morning-person';
      const at = f.screens.findIndex((s) => s.id === 'personality-knows-want') + 1;
      f.screens.splice(at, 0, addedQuestion());
    };
    // relationship-next-step comes right after the added question, one place further down the list.
    const index = (flowJson.screens as Array<{ id: string }>).findIndex((s) => s.id === 'relationship-next-step') + 1;
    expect(problemsAfter(addQuestion)).toEqual([
      `/screens/${index}/back/screen back target "personality-knows-want" is not the screen just before "relationship-next-step" on any way here ("personality-morning-person" is): Back would skip it`,
    ]);
    expect(
      problemsAfter((f) => {
        addQuestion(f);
        screen(f, 'relationship-next-step').back = { to: 'previous' };
      }),
    ).toEqual([]);
  });

  it('refuses placeholders where no screen fills them', () => {
    expect(problemsAfter((f) => (screen(f, 'profile-birthday').title = 'Nice to meet you, {answer:2-1}!'))).toEqual([
      '/screens/6/title placeholders are filled on interstitial, offers and order-summary screens only, not on a date screen',
    ]);
  });

  it('refuses a text of only spaces', () => {
    expect(problemsAfter((f) => (screen(f, 'relationship-goal').title = '   '))).toEqual(['/screens/2/title has only spaces']);
  });
});

/** The pointer of a screen of the product flow. */
const screenAt = (id: string) => `/screens/${flowJson.screens.findIndex((s) => s.id === id)}`;
/** The product flow's texts with the upsell's and the order summary's placeholders, as "unknown" problems (their hint's start). */
const purchaseTexts = [
  `${screenAt('signup-offer')}/cta unknown placeholder {total}; use {answer:STEP}`,
  `${screenAt('signup-offer')}/payWith/card unknown placeholder {total}; use {answer:STEP}`,
  `${screenAt('signup-offer')}/payWith/card unknown placeholder {last4}; use {answer:STEP}`,
  `${screenAt('signup-offer')}/payWith/paypal unknown placeholder {total}; use {answer:STEP}`,
  `${screenAt('signup-offer-success')}/delivery unknown placeholder {maskedEmail}; use {answer:STEP}`,
];

describe('placeholders, the ones the app registers', () => {
  /** The problems of an edited product flow, with their hints, checked against `registered`. */
  const linesAfter = (edit: (flow: Editable) => void, registered: TextPlaceholders | null = placeholders): string[] => {
    const flow = structuredClone(flowJson) as unknown as Editable;
    edit(flow);
    const result = validateFlow(flow, { kinds: productKinds, publicPaths, ...(registered ? { placeholders: registered } : {}) });
    return result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}; ${p.hint}`);
  };

  it('refuses a placeholder the app does not fill, and names the ones it does', () => {
    expect(linesAfter((f) => (screen(f, 'profile-zodiac-sun').title = 'Your Sun is in {sunsign}'))).toEqual([
      '/screens/7/title unknown placeholder {sunsign}; use {answer:STEP} with a step id of this flow, {sunSign}, {moonSign}, {total}, {last4} or {maskedEmail}',
    ]);
    expect(linesAfter((f) => (screen(f, 'profile-zodiac-sun').title = '{answer:2-9}, your Sun is in {sunSign}'))).toEqual([
      '/screens/7/title unknown placeholder {answer:2-9}; use {answer:STEP} with a step id of this flow, {sunSign}, {moonSign}, {total}, {last4} or {maskedEmail}',
    ]);
  });

  it('refuses a sign on a screen without the insight that computes it', () => {
    expect(linesAfter((f) => delete screen(f, 'profile-zodiac-moon').insight)).toEqual([
      '/screens/11/title {moonSign} needs an "insight" on this screen; add "insight" with the birth answers, or remove the placeholder',
      '/screens/11/body/1 {sunSign} needs an "insight" on this screen; add "insight" with the birth answers, or remove the placeholder',
      '/screens/11/body/1 {moonSign} needs an "insight" on this screen; add "insight" with the birth answers, or remove the placeholder',
    ]);
  });

  it('refuses the upsell\'s and the order summary\'s placeholders anywhere else', () => {
    expect(linesAfter((f) => (screen(f, 'profile-zodiac-sun').title = 'Pay {total} for {maskedEmail}'))).toEqual([
      '/screens/7/title {total} needs an "offersFrom" on this screen; use it on an offers screen only, or remove the placeholder',
      '/screens/7/title {maskedEmail} needs a "summaryFrom" on this screen; use it on an order summary screen only, or remove the placeholder',
    ]);
    expect(linesAfter((f) => ((screen(f, 'signup-offer').payWith as Record<string, string>).paypal = 'Pay {total} as {maskedEmail}'))).toEqual([
      `${screenAt('signup-offer')}/payWith/paypal {maskedEmail} needs a "summaryFrom" on this screen; use it on an order summary screen only, or remove the placeholder`,
    ]);
  });

  it('knows only the placeholders and screens the app registers', () => {
    const other: TextPlaceholders = { filledOn: ['interstitial'], named: { streak: { needs: 'eyebrow' } } };
    expect(linesAfter(() => {}, other)).toEqual([
      '/screens/7/title unknown placeholder {sunSign}; use {answer:STEP} with a step id of this flow or {streak}',
      '/screens/11/title unknown placeholder {moonSign}; use {answer:STEP} with a step id of this flow or {streak}',
      '/screens/11/body/1 unknown placeholder {sunSign}; use {answer:STEP} with a step id of this flow or {streak}',
      '/screens/11/body/1 unknown placeholder {moonSign}; use {answer:STEP} with a step id of this flow or {streak}',
      ...purchaseTexts.map((text) => `${text} with a step id of this flow or {streak}`),
    ]);
    const streak = (f: Editable) => {
      const sun = screen(f, 'profile-zodiac-sun');
      sun.title = '{answer:2-1}, {streak} days in a row';
      delete sun.eyebrow;
      (screen(f, 'profile-zodiac-moon').body as string[])[1] = 'Well done.';
      screen(f, 'profile-zodiac-moon').title = 'Day {streak}';
    };
    expect(linesAfter(streak, other)).toEqual([
      '/screens/7/title {streak} needs an "eyebrow" on this screen; add "eyebrow", or remove the placeholder',
      ...purchaseTexts.map((text) => `${text} with a step id of this flow or {streak}`),
    ]);
    expect(linesAfter((f) => (screen(f, 'profile-birthday').title = 'Nice to meet you, {answer:2-1}!'), { filledOn: [], named: {} })).toEqual([
      '/screens/6/title this app fills placeholders on no screen; remove the placeholder',
      '/screens/7/title this app fills placeholders on no screen; remove the placeholder',
      '/screens/7/title unknown placeholder {sunSign}; use {answer:STEP} with a step id of this flow',
      '/screens/11/title unknown placeholder {moonSign}; use {answer:STEP} with a step id of this flow',
      '/screens/11/body/1 unknown placeholder {sunSign}; use {answer:STEP} with a step id of this flow',
      '/screens/11/body/1 unknown placeholder {moonSign}; use {answer:STEP} with a step id of this flow',
      ...purchaseTexts.map((text) => `${text} with a step id of this flow`),
    ]);
  });

  it('leaves placeholders unchecked when no app registers them (engine tests, tools)', () => {
    expect(linesAfter((f) => (screen(f, 'profile-zodiac-sun').title = 'Your Sun is in {sunsign}'), null)).toEqual([]);
  });
});

describe('session rules', () => {
  type WithSession = Editable & { session?: Record<string, string[]> };
  const withSession = (session: Record<string, string[]>) => (f: Editable) => ((f as WithSession).session = session);

  it('refuses a flow whose start screen needs a session a new visitor cannot have', () => {
    expect(problemsAfter(withSession({ refreshOn: ['email'] }))).toEqual([
      '/session the start screen "welcome" needs a session, so a new visitor, who has none, could never begin',
    ]);
  });

  it('refuses unknown screens and a screen given two rules', () => {
    expect(problemsAfter(withSession({ refreshOn: ['welcome', 'welcom'], skipOn: ['email'], skipOnPaymentReturn: ['email'] }))).toEqual([
      '/session/refreshOn/1 unknown screen "welcom"',
      '/session/skipOnPaymentReturn/0 screen "email" is already listed in /session/skipOn',
    ]);
  });
});

describe('checks of the post-quiz screens', () => {
  const at = (id: string) => `/screens/${flowJson.screens.findIndex((s) => s.id === id)}`;
  /** `when`, and the guard every way to /sale needs (it is offered once), as the flow writes them. */
  const unseenSale = (when: unknown) => ({ all: [when, { seen: 'sale', is: false }] });

  it('refuses a condition on a feature switch the flow does not declare', () => {
    expect(problemsAfter((f) => (screen(f, 'payment-error').next = [{ when: unseenSale({ flag: 'discount', is: true }), to: 'sale' }, { to: 'select-price' }]))).toEqual([
      `${at('payment-error')}/next/0/when unknown flag "discount"`,
    ]);
    expect(
      problemsAfter((f) => ((screen(f, 'select-price').returnTo as Record<string, unknown>).cancel = [{ when: unseenSale({ flag: 'sales', is: true }), to: '/sale' }, { to: '/select-price' }])),
    ).toEqual([`${at('select-price')}/returnTo/cancel/0/when unknown flag "sales"`]);
  });

  it('refuses a conditional return route that is not a screen, or that has no default', () => {
    expect(problemsAfter((f) => ((screen(f, 'select-price').returnTo as Record<string, unknown>).cancel = [{ when: { flag: 'discounts', is: true }, to: '/sales' }, { to: '/select-price' }]))).toEqual([
      `${at('select-price')}/returnTo/cancel/0/to return route "/sales" is not a screen of this flow`,
    ]);
    expect(problemsAfter((f) => ((screen(f, 'select-price').returnTo as Record<string, unknown>).cancel = [{ when: unseenSale({ flag: 'discounts', is: true }), to: '/sale' }]))).toEqual([
      `${at('select-price')}/returnTo/cancel/0 the last return route has a "when": a return that matches none has nowhere to go`,
    ]);
  });

  it('refuses an offers screen whose offers no earlier screen loads', () => {
    expect(problemsAfter((f) => (screen(f, 'signup-offer').effects = []))).toEqual([`${at('signup-offer')}/offersFrom no screen on the way here runs "loadOffers"`]);
  });

  it('refuses a discount set on a price screen that leaves out the ab_test group', () => {
    expect(problemsAfter((f) => (screen(f, 'sale').planGroups = ['low']))).toEqual([
      `${at('sale')}/abTestId abTestId "sale" picks plans of the ab_test group, which "planGroups" leaves out`,
    ]);
  });

  it('refuses a progress end that is not a screen', () => {
    expect(problemsAfter((f) => ((f as unknown as Record<string, unknown>).progressUntil = 'e-mail'))).toEqual(['/progressUntil progress screen "e-mail" does not exist']);
  });

  it('refuses an interstitial that leads on but has no button to go there', () => {
    expect(problemsAfter((f) => delete screen(f, 'get-access').cta)).toEqual([`${at('get-access')} interstitial "get-access" has "next" but no "cta" button to go there`]);
  });
});

describe('checks of a payment result screen', () => {
  // The effects the app registers (src/shared/effect-names.ts; the engine imports nothing outside itself).
  const effects = ['loadPlans', 'submitEmail', 'startCheckout', 'loadOffers', 'purchaseOffers', 'orderReports', 'checkPayment', 'loadOrderSummary', 'loadRecentPurchases', 'readPaymentError'];
  const at = `/screens/${flowJson.screens.findIndex((s) => s.id === 'payment-success')}`;
  type States = Record<string, Record<string, unknown>>;
  const paymentSuccess = (f: Editable) => screen(f, 'payment-success') as Editable['screens'][number] & { states: States; effects: string[] };

  it('accepts the product flow with the app\'s effects', () => {
    expect(problemsAfter(() => {}, effects)).toEqual([]);
  });

  it('refuses a status effect the app does not register', () => {
    expect(
      problemsAfter((f) => {
        const s = paymentSuccess(f);
        s.statusFrom = 'checkPaymnt';
        s.effects = ['checkPaymnt', 'orderReports'];
        s.next = [{ when: { outcome: 'checkPaymnt', is: 'paid' }, to: 'signup-offer' }, { to: 'select-price' }];
      }, effects),
    ).toEqual([`${at}/statusFrom unknown effect "checkPaymnt"`, `${at}/effects/0 unknown effect "checkPaymnt"`]);
  });

  it('points a payment error page\'s unknown status effect at its own field, reasonFrom', () => {
    const index = flowJson.screens.findIndex((s) => s.id === 'payment-error');
    const lines = problemsAfter((f) => {
      const s = screen(f, 'payment-error');
      s.reasonFrom = 'readPaymentEror';
      s.effects = ['readPaymentEror'];
    }, effects);
    expect(lines).toContain(`/screens/${index}/reasonFrom unknown effect "readPaymentEror"`);
    expect(lines.some((line) => line.includes('/statusFrom'))).toBe(false);
  });

  it('refuses a status from an effect the screen does not run', () => {
    expect(problemsAfter((f) => (paymentSuccess(f).effects = ['orderReports']), effects)).toEqual([
      `${at}/statusFrom "checkPayment" is not one of this screen's effects, so the status it shows is nobody's answer`,
    ]);
  });

  it('refuses a condition on the outcome of another effect than its status effect', () => {
    expect(problemsAfter((f) => (paymentSuccess(f).next = [{ when: { outcome: 'orderReports', is: 'ordered' }, to: 'signup-offer' }, { to: 'select-price' }]), effects)).toEqual([
      `${at}/next/0/when condition on the outcome of "orderReports", which is not this screen's "statusFrom"`,
    ]);
  });

  it('refuses a condition on an outcome the status effect never reports', () => {
    expect(problemsAfter((f) => (paymentSuccess(f).next = [{ when: { outcome: 'checkPayment', is: 'succeeded' }, to: 'signup-offer' }, { to: 'select-price' }]))).toEqual([
      `${at}/next/0/when "checkPayment" never reports the outcome "succeeded"`,
    ]);
  });

  it('refuses branches on the payment status with no default (an unpaid visitor would be stuck)', () => {
    expect(problemsAfter((f) => (paymentSuccess(f).next = [{ when: { outcome: 'checkPayment', is: 'paid' }, to: 'signup-offer' }]))).toEqual([
      `${at}/next/0 the last branch has a "when": a visitor whose answers match no branch is stuck`,
    ]);
  });

  it('refuses a status without a button on a screen that leads on', () => {
    expect(problemsAfter((f) => delete paymentSuccess(f).states.unknown!.cta)).toEqual([
      `${at}/states/unknown payment result "payment-success" has "next" but no "cta" button in its "unknown" texts to go there`,
    ]);
  });

  it('refuses a placeholder in its texts, and a missing status', () => {
    expect(problemsAfter((f) => (paymentSuccess(f).states.paid!.title = 'Welcome, {answer:2-1}'))).toEqual([
      `${at}/states/paid/title placeholders are filled on interstitial, offers and order-summary screens only, not on a payment-result screen`,
    ]);
    expect(problemsAfter((f) => delete paymentSuccess(f).states.declined)).toEqual([`${at}/states missing required property "declined"`]);
  });
});

describe('the profile roles the payloads read', () => {
  type WithProfile = Editable & { profile: Record<string, string> };
  const setRoles = (roles: Record<string, string>) => (f: Editable) => Object.assign((f as WithProfile).profile, roles);
  const hintsAfter = (edit: (flow: Editable) => void): string[] => {
    const flow = structuredClone(flowJson) as unknown as Editable;
    edit(flow);
    const result = validateFlow(flow, { kinds: productKinds, publicPaths, placeholders });
    return result.ok ? [] : result.problems.map((p) => p.hint);
  };

  it('refuses a role naming an answer key no screen sets, and says which questions would do', () => {
    expect(problemsAfter(setRoles({ name: '2-9' }))).toEqual(['/profile/name role "name" names answer key "2-9", which no screen sets']);
    expect(hintsAfter(setRoles({ name: '2-9' }))).toEqual(['use the answerKey of a text screen: "2-1" (profile-name)']);
  });

  it('refuses a role naming the answer of a question of the wrong kind', () => {
    expect(problemsAfter(setRoles({ birthDate: '2-3' }))).toEqual([
      '/profile/birthDate role "birthDate" needs a date question, but "2-3" is the answer of the time screen "profile-time-of-birth"',
      // The age check (minAge) stays on the visitor's own birth date, which the role no longer names.
      '/screens/6/minAge "minAge" on "profile-birthday", which is not the visitor\'s own birth date (the profile\'s birthDate is "2-3")',
    ]);
    expect(hintsAfter(setRoles({ birthDate: '2-3' }))[0]).toBe('use the answerKey of a date screen: "2-2" (profile-birthday) or "4-0-2" (relationship-partner-birthday)');
    expect(problemsAfter(setRoles({ partnerBirthPlace: '2-1', name: '4-2' }))).toEqual([
      '/profile/name role "name" needs a text question, but "4-2" is the answer of the place screen "relationship-partner-place-of-birth"',
      '/profile/partnerBirthPlace role "partnerBirthPlace" needs a place question, but "2-1" is the answer of the text screen "profile-name"',
    ]);
    expect(problemsAfter(setRoles({ gender: '3-5' }))).toEqual([
      '/profile/gender role "gender" needs a single-choice question, but "3-5" is the answer of the multiple-choice screen "personality-most-important"',
    ]);
  });

  it('refuses two roles naming the same question (the partner would get the visitor\'s birth)', () => {
    expect(problemsAfter(setRoles({ partnerBirthDate: '2-2' }))).toEqual(['/profile/partnerBirthDate role "partnerBirthDate" names answer key "2-2", as role "birthDate" does']);
  });

  it('refuses an "in a relationship" answer the relationship question does not offer', () => {
    expect(problemsAfter(setRoles({ inRelationship: 'in_relationship' }))).toEqual(['/profile/inRelationship "in_relationship" is not an option of the relationship question "1-1"']);
    expect(hintsAfter(setRoles({ inRelationship: 'in_relationship' }))).toEqual(['use one of in_relationships, single, its_complicated, recently_separated']);
  });

  it('refuses a flow without a role the payloads need, or without a profile', () => {
    expect(problemsAfter((f) => delete (f as WithProfile).profile.birthTime)).toEqual(['/profile missing required property "birthTime"']);
    expect(problemsAfter((f) => delete (f as Partial<WithProfile>).profile)).toEqual([' missing required property "profile"']);
  });

  it('accepts a flow without the partner\'s gender, which no payload sends', () => {
    expect(problemsAfter((f) => delete (f as WithProfile).profile.partnerGender)).toEqual([]);
  });

  it('refuses an insight reading a role the schema does not know', () => {
    expect(problemsAfter((f) => ((screen(f, 'profile-zodiac-sun').insight as Record<string, string>).dateFrom = '2-2'))).toEqual([
      '/screens/7/insight/dateFrom is not one of the allowed values',
    ]);
  });
});

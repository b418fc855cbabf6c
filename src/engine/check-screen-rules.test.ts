import { describe, it, expect } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import type { TextPlaceholders } from './text-placeholders';
import { productKinds } from './kinds/product-kinds';

// The placeholders the screens fill, as src/shared/text-placeholders.ts registers them (the engine imports nothing outside itself).
const fromInsight = { needs: 'insight' };
const placeholders: TextPlaceholders = { filledOn: ['interstitial'], named: { sunSign: fromInsight, moonSign: fromInsight } };

type Editable = { screens: Array<Record<string, unknown> & { id: string }> };

/** The problems of the product flow after `edit`, as pointer and message. */
function problemsAfter(edit: (flow: Editable) => void): string[] {
  const flow = structuredClone(flowJson) as unknown as Editable;
  edit(flow);
  const result = validateFlow(flow, { kinds: productKinds, placeholders });
  return result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}`);
}

const screen = (flow: Editable, id: string) => {
  const found = flow.screens.find((s) => s.id === id);
  if (!found) throw new Error(id);
  return found;
};
const at = (id: string) => `/screens/${flowJson.screens.findIndex((s) => s.id === id)}`;

describe('a minimum age on the birth date screen', () => {
  it('is on the visitor\'s own birth date, with its message', () => {
    const birthday = screen(structuredClone(flowJson) as unknown as Editable, 'profile-birthday');
    expect(birthday.minAge).toBe(18);
    expect(problemsAfter(() => {})).not.toContainEqual(expect.stringContaining('minAge'));
  });

  it("refuses it on the partner's birth date", () => {
    expect(
      problemsAfter((f) => {
        const partner = screen(f, 'relationship-partner-birthday');
        partner.minAge = 18;
        partner.messages = { ...(partner.messages as object), tooYoung: 'Too young.' };
      }),
    ).toContainEqual(`${at('relationship-partner-birthday')}/minAge "minAge" on "relationship-partner-birthday", which is not the visitor's own birth date (the profile's birthDate is "2-2")`);
  });

  it('refuses it without the message that tells the visitor why, and the message without it', () => {
    expect(
      problemsAfter((f) => {
        const messages = screen(f, 'profile-birthday').messages as Record<string, string>;
        delete messages.tooYoung;
      }),
    ).toContainEqual(`${at('profile-birthday')}/messages "minAge" 18 refuses younger visitors, and there is no "tooYoung" message to tell them why`);
    expect(problemsAfter((f) => delete screen(f, 'profile-birthday').minAge)).toContainEqual(`${at('profile-birthday')}/messages/tooYoung "tooYoung" is never shown: this screen has no "minAge"`);
  });

  it('refuses a value that is no whole number of years from 1', () => {
    expect(problemsAfter((f) => (screen(f, 'profile-birthday').minAge = 0))).toContainEqual(expect.stringMatching(new RegExp(`^${at('profile-birthday')}/minAge must be >= 1`)));
    expect(problemsAfter((f) => (screen(f, 'profile-birthday').minAge = '18'))).toContainEqual(expect.stringMatching(new RegExp(`^${at('profile-birthday')}/minAge must be an integer`)));
  });
});

describe("a price screen's terms", () => {
  it('must state the trial price, its length and the renewal price on a trial', () => {
    expect(problemsAfter((f) => (screen(f, 'select-price').planTerms = 'Only {trialPrice} for {trialLength}!'))).toContainEqual(
      `${at('select-price')}/planTerms the plan's terms leave out {price}: a visitor must see what they pay now, for how long, and what it renews at`,
    );
    expect(problemsAfter((f) => (screen(f, 'sale').payTerms = 'Pay now.'))).toContainEqual(
      `${at('sale')}/payTerms the plan's terms leave out {trialPrice} and {trialLength} and {price}: a visitor must see what they pay now, for how long, and what it renews at`,
    );
  });

  it('refuses a placeholder the screen does not fill, and a trial on a subscription', () => {
    expect(problemsAfter((f) => (screen(f, 'select-price').planTerms = '{trialPrice} for {trialLength}, then {price} per {periode}'))).toContainEqual(
      `${at('select-price')}/planTerms unknown placeholder {periode} in the plan's terms`,
    );
    expect(
      problemsAfter((f) => {
        const s = screen(f, 'select-price');
        s.planType = 'SUBSCRIPTION';
        s.planTerms = '{price} per {period} after {trialLength}';
        s.payTerms = '{price} per {period}';
      }),
    ).toContainEqual(`${at('select-price')}/planTerms {trialLength} on a SUBSCRIPTION screen, whose plans have no trial`);
  });

  it('are required, as is the retry button of a failed load', () => {
    expect(problemsAfter((f) => delete screen(f, 'select-price').payTerms)).toContainEqual(`${at('select-price')} missing required property "payTerms"`);
    expect(problemsAfter((f) => delete (screen(f, 'select-price').messages as Record<string, string>).retry)).toContainEqual(`${at('select-price')}/messages missing required property "retry"`);
  });
});

describe('a payment error page', () => {
  type Secondary = { value: string; labels: Record<string, string> };
  const secondary = (f: Editable) => screen(f, 'payment-error').secondary as Secondary;

  it('names its secondary action for every screen it may lead to, and for none other', () => {
    expect(problemsAfter((f) => delete secondary(f).labels.sale)).toContainEqual(`${at('payment-error')}/secondary/labels the secondary action may lead to "sale", and has no label saying so`);
    expect(problemsAfter((f) => (secondary(f).labels['secret-discount'] = 'See the secret price'))).toContainEqual(
      `${at('payment-error')}/secondary/labels/secret-discount the secondary action never leads to "secret-discount"`,
    );
  });

  it('refuses two actions with one value', () => {
    expect(problemsAfter((f) => (secondary(f).value = 'try_again'))).toContainEqual(`${at('payment-error')}/secondary/value the secondary action answers "try_again", as the primary one does`);
  });

  it('shows a reason from one of its own effects, and branches only on the reasons it reports', () => {
    expect(problemsAfter((f) => (screen(f, 'payment-error').effects = []))).toContainEqual(
      `${at('payment-error')}/reasonFrom "readPaymentError" is not one of this screen's effects, so the reason it shows is nobody's answer`,
    );
    expect(problemsAfter((f) => ((screen(f, 'payment-error').next as unknown[]).unshift({ when: { outcome: 'readPaymentError', is: 'paid' }, to: 'select-price' })))).toContainEqual(
      `${at('payment-error')}/next/0/when "readPaymentError" never reports the outcome "paid"`,
    );
  });

  it('keeps its texts free of placeholders, and a text for every reason', () => {
    const reasons = (f: Editable) => screen(f, 'payment-error').reasons as Record<string, Record<string, unknown>>;
    expect(problemsAfter((f) => (reasons(f).declined!.title = 'Sorry, {answer:2-1}'))).toContainEqual(
      `${at('payment-error')}/reasons/declined/title placeholders are filled on interstitial screens only, not on a payment-error screen`,
    );
    expect(problemsAfter((f) => delete reasons(f).cancelled)).toContainEqual(`${at('payment-error')}/reasons missing required property "cancelled"`);
  });
});

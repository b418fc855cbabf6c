import { describe, expect, it } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { productKinds } from './kinds/product-kinds';

// The flow checker keeps the funnel's claims true: a discount page offered once is led to only while unseen, a
// "Recently joined" list comes from an effect, and the email screen's preview draws its insights from answers.

type Json = Record<string, unknown>;
type ScreenJson = Json & { id: string };

function edited(edit: (screens: Map<string, ScreenJson>) => void): unknown {
  const data = structuredClone(flowJson) as unknown as { screens: ScreenJson[] };
  edit(new Map(data.screens.map((s) => [s.id, s])));
  return data;
}

function problems(data: unknown): string[] {
  const result = validateFlow(data, { kinds: productKinds });
  return result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}`);
}

const at = (id: string) => `/screens/${flowJson.screens.findIndex((s) => s.id === id)}`;

describe('screens offered once', () => {
  it('accepts the product flow', () => {
    expect(problems(structuredClone(flowJson))).toEqual([]);
  });

  it('refuses a return route to a discount page that does not test whether it was seen', () => {
    const data = edited((screens) => {
      const price = screens.get('select-price')!;
      price.returnTo = { ...(price.returnTo as Json), cancel: [{ when: { flag: 'discounts', is: true }, to: '/sale' }, { to: '/select-price' }] };
      screens.get('secret-discount')!.returnTo = { success: '/payment-success', error: '/payment-error', cancel: '/sale' };
    });
    expect(problems(data)).toEqual([
      `${at('select-price')}/returnTo/cancel/0 leads to "sale", which is offered once, even after the visitor has seen it`,
      `${at('secret-discount')}/returnTo/cancel leads to "sale", which is offered once, even after the visitor has seen it`,
    ]);
  });

  it('refuses a branch to a discount page without the test, and a seen test of a screen not offered once', () => {
    const data = edited((screens) => {
      screens.get('payment-error')!.next = [
        { when: { answer: '5-4', is: 'try_again' }, to: 'select-price' },
        { when: { all: [{ flag: 'discounts', is: true }, { seen: 'get-access', is: false }] }, to: 'sale' },
        { to: 'select-price' },
      ];
    });
    expect(problems(data)).toEqual([
      `${at('payment-error')}/next/1 leads to "sale", which is offered once, even after the visitor has seen it`,
      `${at('payment-error')}/next/1/when/all/1/seen "get-access" is not offered once, so nothing remembers whether it was seen`,
    ]);
  });

  it('refuses a seen test of a price screen that is not offered once', () => {
    const data = edited((screens) => {
      delete screens.get('sale')!.once;
    });
    expect(problems(data)).toContain(`${at('select-price')}/returnTo/cancel/0/when/all/1/seen "sale" is not offered once, so nothing remembers whether it was seen`);
  });
});

describe('recent purchases', () => {
  it('refuses a "Recently joined" list with nothing real to list', () => {
    const data = edited((screens) => {
      delete screens.get('select-price')!.transactionsFrom;
    });
    expect(problems(data)).toEqual([`${at('select-price')}/transactionsTitle a list of recent purchases with nothing to list: "transactionsFrom" is missing`]);
  });

  it('refuses a list from an effect no screen on the way runs', () => {
    const data = edited((screens) => {
      screens.get('select-price')!.effects = ['loadPlans'];
    });
    expect(problems(data)).toEqual([`${at('select-price')}/transactionsFrom no screen on the way here runs "loadRecentPurchases"`]);
  });
});

describe('the reading preview', () => {
  type Insight = { answer: string; texts: Record<string, string> };
  const withInsights = (insights: Insight[], extra: Json = {}) =>
    edited((screens) => {
      const email = screens.get('email')!;
      email.preview = { ...(email.preview as Json), insights, ...extra };
    });

  it('refuses an insight of a question some visitors never answer, or of one that is no choice', () => {
    const partner = { answer: '4-0-1', texts: { female: 'a', male: 'b', non_binary: 'c' } };
    const name = { answer: '2-1', texts: { maya: 'a' } };
    expect(problems(withInsights([partner, name]))).toEqual([
      `${at('email')}/preview/insights/0/answer a visitor may reach "email" without answering "4-0-1" (relationship-partner-gender), and would get no insight`,
      `${at('email')}/preview/insights/1/answer "2-1" is not the answer key of a single- or multiple-choice question`,
    ]);
  });

  it('refuses a text for no option, a missing option, a repeated question and a placeholder', () => {
    const decisions = { answer: '3-6', texts: { heart: 'h', head: 'h', both: 'b', asks_others: 'a' } };
    const again = { answer: '3-6', texts: { heart: 'h', head: 'h', both: 'b', ask_others: 'Hi {answer:2-1}' } };
    expect(problems(withInsights([decisions, again]))).toEqual([
      `${at('email')}/preview/insights/0/texts/asks_others "asks_others" is not an option of "3-6"`,
      `${at('email')}/preview/insights/0/texts no insight for "ask_others" of "3-6"`,
      `${at('email')}/preview/insights/1/answer answer "3-6" already gives insight 0`,
      `${at('email')}/preview/insights/1/texts/ask_others a reading preview shows its texts as written: a placeholder would show as typed`,
    ]);
  });
});

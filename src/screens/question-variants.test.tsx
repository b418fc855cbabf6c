// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen as dom } from '@testing-library/react';
import { SingleChoiceScreen } from './single-choice/single-choice-screen';
import { astrologyFlowData, renderWithProviders, screenOf, validFlow } from './test-utils';
import { validateFlow } from '../engine/validate-flow';
import { flagsOfScreen } from '../engine/flag-reads';
import { productKinds } from '../engine/kinds/product-kinds';

afterEach(cleanup);

/** The product's flow with the 1-3 question's title an A/B test of the accessHeadline flag. */
function withQuestionVariant() {
  const data = astrologyFlowData() as { screens: Array<Record<string, unknown>> };
  const question = data.screens.find((s) => s.answerKey === '1-3')!;
  question.title = { flag: 'accessHeadline', variants: { a: 'How well do you know astrology?', b: 'How much astrology do you know?' } };
  question.subtitle = { flag: 'accessHeadline', variants: { a: 'Be honest.', b: 'No wrong answers.' } };
  return data;
}

describe('a question whose title is an A/B test', () => {
  it('passes the checker, and the screen waits for the flag as any screen reading one does', () => {
    const flow = validFlow(withQuestionVariant());
    const question = screenOf(flow, 'knowledge-of-astrology', 'single-choice');
    expect(flagsOfScreen(productKinds, question)).toContain('accessHeadline');
  });

  it('shows the title and subtitle of the visitor\'s variant', () => {
    const question = screenOf(validFlow(withQuestionVariant()), 'knowledge-of-astrology', 'single-choice');
    const show = (value: string) => renderWithProviders(<SingleChoiceScreen screen={question} answers={{}} answer={undefined} send={vi.fn()} email={null} flags={{ accessHeadline: value }} />);
    show('a');
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe('How well do you know astrology?');
    expect(dom.getByText('Be honest.')).toBeTruthy();
    cleanup();
    show('b');
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe('How much astrology do you know?');
    expect(dom.getByText('No wrong answers.')).toBeTruthy();
  });

  it('refuses a variant on the landing in plain words: it is in the HTML before any flag is known', () => {
    const data = astrologyFlowData() as { screens: Array<Record<string, unknown>> };
    data.screens[0]!.title = { flag: 'accessHeadline', variants: { a: 'One', b: 'Two' } };
    const result = validateFlow(data, { kinds: productKinds });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toEqual([
      {
        pointer: '/screens/0/title',
        message: "the landing's title cannot have variants: the landing is in the page's HTML before any flag is known",
        hint: 'write one text here, and test landing wordings as flow versions (publish one, or preview several)',
      },
    ]);
  });
});

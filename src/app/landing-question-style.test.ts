import { describe, expect, it } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from '../engine/validate-flow';
import { productKinds } from '../engine/kinds/product-kinds';
import { pageFlowOf } from '../shared/page-flow';
import { landingQuestionStyle } from './landing-question-style';
import type { Flow } from '../engine/generated/flow-types';

function loadFlow(): Flow {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

describe("the prerendered landing's stylesheet for its first question", () => {
  it('names the question for the inline script and shows it, its top bar and its group\'s art in the landing\'s place', () => {
    const { landing } = pageFlowOf(loadFlow(), '/flows/astrology/versions/1.json', productKinds);
    expect(landing?.question?.screen.id).toBe('relationship-status');
    expect(landing?.question?.path.slice(0, 2)).toEqual(['welcome', 'relationship-status']);
    const style = landingQuestionStyle(landing);
    expect(style).toMatch(/^<style id="astrelle-landing-question" data-route="\/quiz\/1-1" data-screen="relationship-status">/);
    expect(style).toContain('html[data-landing-question] #root [data-screen="welcome"]{display:none!important}');
    expect(style).toContain('[data-screen="relationship-status"]{position:static!important;height:auto!important;overflow:visible!important;visibility:visible!important}');
    expect(style).toContain('[data-top-bar-of="relationship-status"][hidden]{display:flex!important}');
    // The question's group (quiz): its art on the art layer, its blurred copy as the card's background.
    expect(style).toContain('html[data-landing-question] #root [data-art]{background-image:url("/backgrounds/quiz.svg")!important}');
    expect(style).toContain('url("/backgrounds/quiz.svg.blur-soft.webp") center/cover no-repeat fixed var(--color-page)!important');
  });

  it('is empty for a landing without a question drawn ahead', () => {
    const flow = loadFlow();
    const welcome = flow.screens.find((s) => s.id === flow.start) as { next: unknown };
    welcome.next = [{ when: { flag: 'discounts', is: true }, to: 'relationship-goal' }, { to: 'relationship-status' }];
    const { landing } = pageFlowOf(flow, '/flows/astrology/versions/1.json', productKinds);
    expect(landing?.question).toBeUndefined();
    expect(landingQuestionStyle(landing)).toBe('');
    expect(landingQuestionStyle(null)).toBe('');
  });

  it('keeps flow text from ending the element or its rules: ids and routes are escaped', () => {
    const { landing } = pageFlowOf(loadFlow(), '/flows/astrology/versions/1.json', productKinds);
    const question = { ...landing!.question!, screen: { ...landing!.question!.screen, id: 'x"]{}</style><b>', route: '/a"><script>' } };
    const style = landingQuestionStyle({ ...landing!, question });
    expect(style.match(/<\/style>/g)).toHaveLength(1);
    expect(style).not.toContain('<b>');
    expect(style).not.toContain('<script>');
    expect(style).toContain('data-route="/a&quot;&gt;&lt;script&gt;"');
  });
});

// @vitest-environment jsdom
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { fireEvent, screen as dom } from '@testing-library/react';
import { createActor } from 'xstate';
import flowJson from '../../flows/astrology.json';
import type { Flow } from '../../src/engine/generated/flow-types';
import { composeFlowSchema, type Json, type KindSchema } from '../../src/engine/kinds/compose-schema';
import { productKinds } from '../../src/engine/kinds/product-kinds';
import { validateFlow } from '../../src/engine/validate-flow';
import { compileFlow, screenIdOf } from '../../src/engine/compile-flow';
import { defaultFlags } from '../../src/engine/flow-graph';
import { pendingEffects } from '../../src/engine/test-support/pending-effects';
import { screenGraph } from '../../src/engine/screen-graph';
import { simulatePersona, readPersona } from '../../src/domain/simulate-persona';
import { readFlowText } from '../../src/shared/check-flow-text';
import { layoutGraph } from '../../src/studio/layout';
import { renderWithProviders } from '../../src/screens/test-utils';
import type { ScreenProps } from '../../src/screens/screen-props';
import { flowSchemaAjv } from '../../scripts/generate-artifacts';
import { trackingPlan } from '../../scripts/tracking-plan';
import { funnelPaths } from '../model/funnel-paths';
import { kindsWithRating, screensWithRating } from '../fixtures/rating-kind/registry';
import type { RatingScreen } from '../fixtures/rating-kind/rating';

/**
 * A new screen kind is its schema entry, its kind module, its component folder and a line in each registry
 * (tests/fixtures/rating-kind): this proves it by adding a 1-5 star rating that the product's schema does not have,
 * and running the checker, the compiler, the model-based paths, the persona simulator, the analytics plan and the
 * studio's graph on a flow that uses it, none of them changed for it.
 */

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const schemas: Record<string, KindSchema> = {
  ...Object.fromEntries(Object.keys(productKinds).map((name) => [name, json(`src/engine/kinds/${name}.schema.json`) as KindSchema])),
  rating: json('tests/fixtures/rating-kind/rating.schema.json') as KindSchema,
};
// The schema the kinds make together, compiled as npm run generate compiles the product's.
const schema = composeFlowSchema(json('schemas/parts/flow-core.json') as Json, kindsWithRating, schemas);
const language = { kinds: kindsWithRating, schema: flowSchemaAjv(false).compile<Flow>(schema) };

/** The product flow with a rating after 3-7: one or two stars lead to a page of its own first. */
function flowData() {
  const data = structuredClone(flowJson) as unknown as { screens: Array<Record<string, unknown>> };
  const before = data.screens.find((s) => s.id === 'personality-knows-want')!;
  const after = before.next as string;
  before.next = 'personality-rating';
  const rating = {
    id: 'personality-rating',
    route: '/quiz/3-9',
    kind: 'rating',
    group: 'personality',
    answerKey: '3-9',
    title: 'How much do you trust your intuition?',
    lowLabel: 'Not at all',
    highLabel: 'Completely',
    back: { to: 'previous' },
    analytics: { answeredAs: { '1': 'Rating Lowest' }, properties: { stars: 'answer' } },
    next: [{ to: 'personality-rating-low', when: { answer: '3-9', in: ['1', '2'] } }, { to: after }],
  };
  const low = { id: 'personality-rating-low', route: '/quiz/3-9-low', kind: 'interstitial', group: 'personality', title: 'Your chart can help you listen to yourself', cta: 'Continue', back: { to: 'previous' }, next: after };
  data.screens.splice(data.screens.indexOf(before) + 1, 0, rating, low);
  // Back from the screen after goes to whichever of the two came before it, as an editor would set it.
  data.screens.find((s) => s.id === after)!.back = { to: 'previous' };
  return data;
}

function validRatingFlow(): Flow {
  const result = validateFlow(flowData(), language);
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer} ${p.message}`).join('\n'));
  return result.flow;
}

describe('a screen kind added as a folder and a line: the 1-5 star rating', () => {
  it('is checked: its schema entry and its own rules, each problem located; the product\'s kinds refuse it', () => {
    expect(validateFlow(flowData(), language)).toMatchObject({ ok: true });
    const product = validateFlow(flowData(), { kinds: productKinds });
    expect(product.ok ? [] : product.problems.map((p) => p.message)).toContain('is not a known screen kind ("rating")');

    const text = (edit: (rating: Record<string, unknown>) => void) => {
      const data = flowData();
      edit(data.screens.find((s) => s.id === 'personality-rating')!);
      return JSON.stringify(data, null, 2);
    };
    const problems = (source: string) => readFlowText('flows/rated.json', source, undefined, language).problems.map((p) => `${p.line} ${p.pointer} ${p.message}`);
    const at = (source: string, needle: string) => source.split('\n').findIndex((line) => line.includes(needle)) + 1;
    const index = flowData().screens.findIndex((s) => s.id === 'personality-rating');

    const same = text((r) => (r.highLabel = 'Not at all'));
    expect(problems(same)).toEqual([`${at(same, '"highLabel"')} /screens/${index}/highLabel one star and five stars have the same label`]);
    const missing = text((r) => delete r.lowLabel);
    expect(problems(missing)).toEqual([`${at(missing, '"kind": "rating"') - 3} /screens/${index} missing required property "lowLabel"`]);
    const misspelt = text((r) => (r.kind = 'ratng'));
    expect(readFlowText('flows/rated.json', misspelt, undefined, language).problems[0]).toMatchObject({ pointer: `/screens/${index}/kind`, hint: expect.stringContaining('did you mean "rating"?') });
    const never = text((r) => ((r.next as Array<{ when?: { in: string[] } }>)[0]!.when!.in = ['0']));
    const when = never.split('\n').findIndex((line, i) => i > at(never, '"id": "personality-rating"') && line.includes('"when"')) + 1;
    expect(problems(never)).toEqual([`${when} /screens/${index}/next/0/when answer "3-9" can never be "0"`]);
  });

  it('is compiled: the machine takes one to five stars, refuses anything else, and branches on the answer', () => {
    const flow = validRatingFlow();
    const machine = compileFlow(flow, { kinds: kindsWithRating, effects: pendingEffects(flow, kindsWithRating) });
    const actor = createActor(machine, { snapshot: machine.resolveState({ value: 'personality-rating', context: { ...machine.config.context, trail: [flow.start, 'personality-rating'] } as never }) }).start();
    actor.send({ type: 'ANSWER', value: '7' });
    expect(screenIdOf(actor.getSnapshot())).toBe('personality-rating');
    actor.send({ type: 'ANSWER', value: '2' });
    expect(screenIdOf(actor.getSnapshot())).toBe('personality-rating-low');
    expect(actor.getSnapshot().context.answers['3-9']).toBe('2');
  });

  it('is walked by the model-based paths: every state and transition, both sides of its branch', () => {
    const flow = validRatingFlow();
    const coverage = funnelPaths(flow, defaultFlags(flow), kindsWithRating);
    expect(coverage.states.covered).toBe(coverage.states.total);
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
    expect(coverage.screens.covered).toBe(flow.screens.length);
    // Each step is the event sent and the screen it leads to: the answers given on the rating are the events after it.
    const answered = new Set(
      coverage.paths.flatMap((p) => p.steps.flatMap((step, i) => {
        const next = p.steps[i + 1];
        return step.screen === 'personality-rating' && next?.event.type === 'ANSWER' ? [(next.event as { value: string }).value] : [];
      })),
    );
    expect([...answered].sort()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('is answered by a persona, and the simulation goes on to the end', async () => {
    const flow = validRatingFlow();
    const persona = readPersona(json('flows/personas/single-unknown-time.json'), 'single-unknown-time');
    const simulation = await simulatePersona(flow, kindsWithRating, { ...persona, answers: { ...persona.answers, '3-9': '4' } });
    expect(simulation.steps.find((s) => s.screen === 'personality-rating')).toMatchObject({ action: { type: 'ANSWER', value: '4' } });
    expect(simulation.steps.some((s) => s.screen === 'personality-rating-low')).toBe(false);
    const stuck = await simulatePersona(flow, kindsWithRating, { ...persona, answers: { ...persona.answers, '3-9': '9' } });
    expect(stuck.stopped).toBe('personality-rating refuses the answer "9"');
  });

  it('is in the analytics plan: its stars are a value the flow defines, sent by star', () => {
    const plan = trackingPlan(validRatingFlow(), kindsWithRating, 'flows/rated.json');
    expect(plan).toContain("export type RatingLowestProperties = { screen_id: 'personality-rating'; step_id: '3-9'; question_id: '3-9'; answer: '1'; stars: '1' }");
    expect(plan).toContain("{ screen_id: 'personality-rating'; step_id: '3-9'; question_id: '3-9'; answer: '2' | '3' | '4' | '5'; stars: '2' | '3' | '4' | '5' }");
  });

  it('is drawn by the studio\'s graph, with its branch', () => {
    const graph = screenGraph(validRatingFlow(), kindsWithRating);
    expect(graph.nodes.find((n) => n.id === 'personality-rating')).toMatchObject({ kind: 'rating', route: '/quiz/3-9' });
    expect(graph.edges.filter((e) => e.from === 'personality-rating').map((e) => `${e.kind} ${e.to} ${e.label}`)).toEqual([
      'next personality-rating-low 3-9 in 1, 2',
      'next relationship-next-step otherwise',
      'back personality-knows-want previous',
    ]);
    expect(layoutGraph(graph).nodes.some((n) => n.id === 'personality-rating')).toBe(true);
  });

  it('is shown by its component from the screens\' registry, and a tap on a star answers the machine', () => {
    const flow = validRatingFlow();
    const machine = compileFlow(flow, { kinds: kindsWithRating, effects: pendingEffects(flow, kindsWithRating) });
    const actor = createActor(machine, { snapshot: machine.resolveState({ value: 'personality-rating', context: { ...machine.config.context, trail: [flow.start, 'personality-rating'] } as never }) }).start();
    const rating = flow.screens.find((s) => s.id === 'personality-rating') as unknown as RatingScreen;
    const props: ScreenProps<RatingScreen> = { screen: rating, answers: {}, answer: undefined, send: (event) => actor.send(event), email: null };
    renderWithProviders(createElement(screensWithRating.rating, props));
    expect(dom.getByRole('heading', { name: 'How much do you trust your intuition?' })).toBeTruthy();
    fireEvent.click(dom.getByRole('button', { name: '5 of 5: Completely' }));
    expect(screenIdOf(actor.getSnapshot())).toBe('relationship-next-step');
  });
});

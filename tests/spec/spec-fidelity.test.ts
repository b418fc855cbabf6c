import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadTestFlow } from '../support/load-test-flow';
import type { Back, Screen } from '../../src/engine/generated/flow-types';
import { defaultFlags, pathFor, resolveReturnRoute } from '../../src/engine/flow-graph';

// The product's step table, to the letter: step, question id, back target ("not shown" = the previous screen on
// the visitor's path).
const steps: Array<[step: string, questionId: string, back: string]> = [
  ['1-1', 'relationship-status', '/'],
  ['1-2', 'relationship-goal', 'not shown'],
  ['1-3', 'knowledge-of-astrology', 'not shown'],
  ['2-1', 'profile-name', 'not shown'],
  ['2-2', 'profile-birthday', 'not shown'],
  ['2-3', 'profile-time-of-birth', 'not shown'],
  ['2-4', 'profile-place-of-birth', 'browser back'],
  ['2-5', 'profile-gender', 'not shown'],
  ['3-1', 'personality-being-alone', 'not shown'],
  ['3-2', 'personality-criticism-sensitive', 'not shown'],
  ['3-3', 'personality-worry-not-good', 'not shown'],
  ['3-4', 'personality-overthinking-prone', 'not shown'],
  ['3-5', 'personality-most-important', 'not shown'],
  ['3-6', 'personality-make-decisions', 'not shown'],
  ['3-7', 'personality-knows-want', 'not shown'],
  ['4-0-1', 'relationship-partner-gender', 'not shown'],
  ['4-0-2', 'relationship-partner-birthday', 'not shown'],
  ['4-1', 'relationship-partner-time-of-birth', 'not shown'],
  ['4-2', 'relationship-partner-place-of-birth', 'not shown'],
  ['4-3', 'relationship-feel-comfortable', 'browser back'],
  ['4-4', 'relationship-easily-angered', 'not shown'],
  ['4-5', 'relationship-show-self', 'not shown'],
  ['4-6', 'relationship-ideal-date', 'not shown'],
  ['4-7', 'relationship-love-language', 'not shown'],
];

const interstitials: Array<[route: string, back: string]> = [
  ['/profile-lets-learn', '/understanding-astrology'],
  ['/profile-zodiac-sun', 'profile-birthday'],
  ['/profile-zodiac-moon', 'profile-place-of-birth'],
  ['/profile-no-problem', 'profile-time-of-birth'],
  ['/personality-next-step', 'profile-gender'],
  ['/relationship-next-step', 'personality-knows-want'],
];

// The post-quiz and payment pages: route, back target, back delay (2000 ms on the discount pages).
const postQuiz: Array<[route: string, back: string, delayMs: number]> = [
  ['/profile-loading', 'none', 0],
  ['/email', 'none', 0],
  ['/already-subscribed', '/email', 0],
  ['/get-access', 'none', 0],
  ['/select-price', '/get-access', 0],
  ['/sale', '/select-price', 2000],
  ['/secret-discount', '/sale', 2000],
  ['/signup-offer', 'none', 0],
  ['/signup-offer-success', 'none', 0],
  ['/payment-success', 'none', 0],
  ['/payment-error', 'none', 0],
];

const flow = loadTestFlow();
const byRoute = (route: string): Screen => {
  const screen = flow.screens.find((s) => s.route === route);
  if (!screen) throw new Error(`no screen at ${route}`);
  return screen;
};

function describeBack(back: Back | undefined): string {
  if (!back) return 'none';
  if (back.to === 'previous') return 'not shown';
  if (back.to === 'browser') return 'browser back';
  return (back.to === 'screen' ? back.screen : back.path) ?? 'none';
}

describe('flows/astrology.json follows the spec', () => {
  // Three values a row: the step (its route is /quiz/{step} and its answer key the step), the question id, the back.
  it.each(steps)('quiz step %s has question id %s and back "%s"', (step, questionId, back) => {
    const screen = byRoute(`/quiz/${step}`);
    expect(screen.id).toBe(questionId);
    expect('answerKey' in screen && screen.answerKey).toBe(step);
    expect(describeBack(screen.back)).toBe(back);
  });

  it.each(interstitials)('interstitial %s goes back to %s', (route, back) => {
    const screen = byRoute(route);
    expect(screen.kind).toBe('interstitial');
    expect(describeBack(screen.back)).toBe(back);
  });

  it('has exactly the 24 quiz steps', () => {
    expect(flow.screens.filter((s) => s.route.startsWith('/quiz/')).map((s) => s.route.slice(6)).sort()).toEqual(steps.map(([s]) => s).sort());
  });

  it('ends the quiz at /profile-loading then /email, then /get-access and /select-price', () => {
    expect(pathFor(flow, {}).slice(-4)).toEqual(['profile-loading', 'email', 'get-access', 'select-price']);
  });

  it.each(postQuiz)('post-quiz page %s goes back to %s after %s ms', (route, back, delayMs) => {
    const screen = byRoute(route);
    expect(describeBack(screen.back)).toBe(back);
    expect(screen.back?.delayMs ?? 0).toBe(delayMs);
  });

  it('sends the hosted payment back to /payment-success and /payment-error, and a visitor who leaves it to /sale, then /secret-discount, each offered once', () => {
    const returns = (route: string) => {
      const screen = byRoute(route);
      return screen.kind === 'price' ? screen.returnTo : undefined;
    };
    expect(returns('/select-price')).toMatchObject({ success: '/payment-success', error: '/payment-error' });
    expect(returns('/sale')).toMatchObject({ success: '/payment-success', error: '/payment-error' });
    expect(flow.flags?.discounts).toMatchObject({ type: 'boolean', default: true });
    /** Where leaving the hosted payment from `route` leads, with the discounts on or off and these discount pages seen. */
    const leaving = (route: string, discounts: boolean, seen: string[] = []) => {
      const cancel = returns(route)?.cancel;
      return cancel === undefined ? null : resolveReturnRoute(cancel, {}, {}, { ...defaultFlags(flow), discounts }, seen);
    };
    // Checkout left without paying → /sale → /secret-discount, while the discounts are on.
    expect(leaving('/select-price', true)).toBe('/sale');
    expect(leaving('/sale', true, ['sale'])).toBe('/secret-discount');
    expect(leaving('/select-price', false)).toBe('/select-price');
    expect(leaving('/sale', false, ['sale'])).toBe('/select-price');
    // Each discount page says it is one-time, so it is offered once per visitor: once seen, it is not offered again.
    expect(byRoute('/sale')).toMatchObject({ once: true });
    expect(byRoute('/secret-discount')).toMatchObject({ once: true });
    expect(leaving('/select-price', true, ['sale'])).toBe('/select-price');
    expect(leaving('/select-price', true, ['sale', 'secret-discount'])).toBe('/select-price');
    expect(leaving('/sale', true, ['sale', 'secret-discount'])).toBe('/select-price');
  });

  it('skips the session handling on the payment and signup-offer pages when payment is true', () => {
    expect(flow.session?.skipOnPaymentReturn?.map((id) => flow.screens.find((s) => s.id === id)?.route).sort()).toEqual(
      ['/payment-error', '/payment-success', '/signup-offer', '/signup-offer-success'],
    );
  });

  it('asks the partner steps only for in_relationships and no-problem only for dont_know', () => {
    const partner = ['relationship-partner-gender', 'relationship-partner-birthday', 'relationship-partner-time-of-birth', 'relationship-partner-place-of-birth'];
    expect(pathFor(flow, { '1-1': 'in_relationships' })).toEqual(expect.arrayContaining(partner));
    for (const other of ['single', 'its_complicated', 'recently_separated']) {
      expect(pathFor(flow, { '1-1': other }).filter((id) => partner.includes(id))).toEqual([]);
    }
    expect(pathFor(flow, { '2-3': 'dont_know' })).toContain('profile-no-problem');
    expect(pathFor(flow, { '2-3': '10:30' })).not.toContain('profile-no-problem');
  });

  it("offers 'I don't know' with the value dont_know on the birth time steps", () => {
    for (const route of ['/quiz/2-3', '/quiz/4-1']) {
      const screen = byRoute(route);
      expect(screen.kind === 'time' && screen.dontKnow.value).toBe('dont_know');
    }
  });

  it('has the product name as page title and the meta description to the letter', () => {
    expect(flow.product).toEqual({ id: 'astrelle', name: 'Astrelle' });
    expect(flow.page).toEqual({ title: 'Astrelle', description: 'Discovering Yourself & Improve Relationships via Astrology' });
    const html = readFileSync('index.html', 'utf8');
    expect(html).toContain('<title>%FLOW_TITLE%</title>');
    expect(html).toContain('<meta name="description" content="%FLOW_DESCRIPTION%" />');
  });
});

describe('the business constants', () => {
  it('pins brand colours, breakpoints and the 310 px dialog cap', async () => {
    const theme = await import('../../src/ui/theme');
    expect(theme.brand).toEqual({ purple: '#9d75eb', text: '#3c2f6b' });
    expect(theme.breakpoints).toEqual({ xs: 0, sm: 600, md: 900, lg: 1280, xl: 1440 });
    expect(theme.dialogMaxWidth).toBe(310);
  });

  it('pins the birth defaults: 12:00 and New York (40.7127753, -74.0059728, -300)', async () => {
    const sky = await import('../../src/domain/sky-at-birth');
    expect(sky.DEFAULT_BIRTH_TIME).toBe('12:00');
    expect(sky.DEFAULT_BIRTH_PLACE).toMatchObject({ latitude: 40.7127753, longitude: -74.0059728, utcOffsetMinutes: -300 });
  });
});

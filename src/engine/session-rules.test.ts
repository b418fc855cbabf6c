import { describe, expect, it } from 'vitest';
import { loadTestFlow } from '../../tests/support/load-test-flow';
import { sessionRules } from './session-rules';

const appPages = { refresh: ['/privacy-policy', '/terms-of-use', '/cookie-policy', '/understanding-astrology'], skip: ['/404'] };

describe('session rules by page', () => {
  const flow = loadTestFlow();
  const ruleOf = sessionRules(flow, appPages);

  it('refreshes the session on the landing and the public pages', () => {
    expect(['/', '/privacy-policy', '/terms-of-use', '/cookie-policy', '/understanding-astrology'].map((p) => ruleOf(p, false))).toEqual(Array(5).fill('refresh'));
  });

  it('needs a session on the quiz, the interstitials and the email page', () => {
    expect(['/quiz/2-3', '/profile-zodiac-sun', '/email'].map((p) => ruleOf(p, false))).toEqual(Array(3).fill('require'));
  });

  it('leaves a path that is no page to the 404 page', () => {
    expect(['/no-such-page', '/quiz/1-1/'].map((p) => ruleOf(p, false))).toEqual(['skip', 'skip']);
  });

  it('skips /404 always, and the payment-return pages only when payment=true', () => {
    const rule = sessionRules({ ...flow, session: { refreshOn: ['welcome'], skipOnPaymentReturn: ['email'] } }, appPages);
    expect(rule('/404', false)).toBe('skip');
    expect(rule('/email', true)).toBe('skip');
    expect(rule('/email', false)).toBe('require');
    expect(rule('/quiz/1-1', true)).toBe('require');
  });

  it('lets the start screen refresh when the flow has no session rules', () => {
    const rule = sessionRules({ ...flow, session: undefined }, appPages);
    expect(rule('/', false)).toBe('refresh');
    expect(rule('/quiz/1-1', false)).toBe('require');
  });
});

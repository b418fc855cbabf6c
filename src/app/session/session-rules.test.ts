import { describe, expect, it } from 'vitest';
import { loadTestFlow } from '../../../tests/support/load-test-flow';
import { sessionRules } from '../../engine/session-rules';
import { appSessionPages } from '../../shared/public-paths';

// The rules as the app applies them: the flow's `session` lists and the app's own page list (src/shared/public-paths.ts),
// checked against the product's fixed list of public pages, so a page dropped from the app's list fails here.
const appPages = appSessionPages;
/** The product's public pages (besides /), which refresh the session. */
const specPublicPages = ['/privacy-policy', '/terms-of-use', '/cookie-policy', '/understanding-astrology'];

describe('session rules by page', () => {
  const flow = loadTestFlow();
  const ruleOf = sessionRules(flow, appPages);

  it('refreshes the session on the landing and the public pages', () => {
    expect(['/', ...specPublicPages].map((p) => ruleOf(p, false))).toEqual(Array(5).fill('refresh'));
    expect(ruleOf('/404', false)).toBe('skip');
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

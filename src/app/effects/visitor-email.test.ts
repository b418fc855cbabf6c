import { afterEach, describe, expect, it, vi } from 'vitest';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import { apiClients, landedVisitor, newVisitor, subscriber, type Visitor } from './effect-test-support';
import { linkedEmail, visitorIdFrom } from './visitor-email';

// Against the real reference server (SQLite), over HTTP, in a visitor's browser (their credential cookie goes
// with every call: a session is read only by the visitor whose session it is).
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());
/** The subscription client in `visitor`'s browser. */
const api = (visitor: Visitor, url = base()) => apiClients(visitor, url).subscriptions;

describe('the visitor\'s id after any page load', () => {
  it('is the loaded session\'s, else the stored one, else the usid the payment return URL carries', () => {
    expect(visitorIdFrom('session-id', 'stored-id', '?usid=url-id')).toBe('session-id');
    expect(visitorIdFrom(null, 'stored-id', '?usid=url-id')).toBe('stored-id');
    expect(visitorIdFrom(null, null, '?payment=true&usid=url-id&order=ord_1')).toBe('url-id');
    expect(visitorIdFrom(null, null, '?payment=true')).toBeNull();
    expect(visitorIdFrom('', '', '')).toBeNull();
  });
});

describe('the email the server linked to the visitor\'s session', () => {
  it('is the loaded session\'s email, with no request', async () => {
    const visitor = newVisitor();
    const getSession = vi.fn(api(visitor).getSession);
    expect(await linkedEmail('maya@example.com', visitor.usid, getSession)).toBe('maya@example.com');
    expect(getSession).not.toHaveBeenCalled();
  });

  it('is read from the server\'s session after the hosted checkout sent the visitor back', async () => {
    const visitor = await subscriber(base());
    expect(await linkedEmail(null, visitor.usid, api(visitor).getSession)).toBe(visitor.email);
    expect(await linkedEmail(undefined, visitor.usid, api(visitor).getSession)).toBe(visitor.email);
    // New by design: the session is the visitor's own. Another browser (another visitor's, or one with no
    // credential at all) that has the usid from the return URL learns nothing: 404 and 401 are answers, not logged.
    expect(await linkedEmail(null, visitor.usid, api(await landedVisitor(base())).getSession)).toBeNull();
    expect(await linkedEmail(null, visitor.usid, api(newVisitor()).getSession)).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('is null for a session that never paid, an unknown session, no id, or a server that is down', async () => {
    const visitor = await landedVisitor(base());
    expect(await linkedEmail(null, visitor.usid, api(visitor).getSession)).toBeNull();
    // An unknown session: asked in the visitor's browser (404), and in a browser with no credential (401).
    expect(await linkedEmail(null, newVisitor().usid, api(visitor).getSession)).toBeNull();
    expect(await linkedEmail(null, newVisitor().usid, api(newVisitor()).getSession)).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    expect(await linkedEmail(null, null, api(visitor).getSession)).toBeNull();
    expect(await linkedEmail(null, visitor.usid, api(visitor, 'http://127.0.0.1:9').getSession)).toBeNull();
    expect(errors).toHaveBeenCalledWith('cannot get session', expect.any(String));
  });
});

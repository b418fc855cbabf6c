import { afterEach, describe, expect, it, vi } from 'vitest';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import { createSubscriptionApi } from '../../services/subscription-api';
import { newVisitor, subscriber } from './effect-test-support';
import { linkedEmail, visitorIdFrom } from './visitor-email';

// Against the real reference server (SQLite), over HTTP.
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());
const api = (url = base()) => createSubscriptionApi({ subscriptionApiUrl: `${url}/subs`, requestTimeoutMs: 2000 });

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
    const getSession = vi.fn(api().getSession);
    expect(await linkedEmail('maya@example.com', 'visitor-0001', getSession)).toBe('maya@example.com');
    expect(getSession).not.toHaveBeenCalled();
  });

  it('is read from the server\'s session after the hosted checkout sent the visitor back', async () => {
    const visitor = await subscriber(base());
    expect(await linkedEmail(null, visitor.usid, api().getSession)).toBe(visitor.email);
    expect(await linkedEmail(undefined, visitor.usid, api().getSession)).toBe(visitor.email);
  });

  it('is null for a session that never paid, an unknown session, no id, or a server that is down', async () => {
    const visitor = newVisitor();
    await fetch(`${base()}/subs/sessions/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: visitor.usid }) });
    expect(await linkedEmail(null, visitor.usid, api().getSession)).toBeNull();
    expect(await linkedEmail(null, newVisitor().usid, api().getSession)).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    expect(await linkedEmail(null, null, api().getSession)).toBeNull();
    expect(await linkedEmail(null, visitor.usid, api('http://127.0.0.1:9').getSession)).toBeNull();
    expect(errors).toHaveBeenCalledWith('cannot get session', expect.any(String));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import type { EffectInput } from '../../engine/compile-flow';
import { loadTestFlow } from '../../../tests/support/load-test-flow';
import type { AstroUser } from '../../shared/contract/astro';
import type { IpInfo, SubscriptionUser } from '../../shared/contract/subscription';
import { apiClients, asVisitor, landedVisitor, newVisitor, subscriber, type Visitor } from './effect-test-support';
import { submitEmail, type SubmitEmailResult, type SubmitEmailServices } from './submit-email';

// The effect against the real reference server (SQLite), over HTTP, in the visitor's browser (their credential
// cookie goes with every call, so the users it makes are theirs).
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());

const ipInfo: IpInfo = { ip: '81.2.69.142', city: 'London', country: 'GB', postal: 'EC1A', loc: '51.5142,-0.0931', timezone: 'Europe/London' };
const flow = loadTestFlow();
// Stored under the answer keys the flow's profile names: the payloads read them through those roles.
const roles = flow.profile;
const answers = {
  [roles.relationship]: 'single', [roles.name]: 'Maya', [roles.birthDate]: '1990-05-17', [roles.birthTime]: 'dont_know', [roles.gender]: 'female',
  [roles.birthPlace]: { latitude: 51.50853, longitude: -0.12574, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' },
};
const emailScreen = flow.screens.find((s) => s.id === 'email')!;

function services(visitor: Visitor, over: Partial<SubmitEmailServices> = {}, url = () => base()): SubmitEmailServices {
  return {
    ...apiClients(visitor, url()),
    project: 'astrelle',
    profile: roles,
    visitor: () => ({ usid: visitor.usid, flowOuter: false, ipInfo }),
    browser: () => ({ userAgent: 'Mozilla/5.0 test', cookies: '_fbc=fb.1.1.abc; _fbp=fb.1.2.def', timeZone: 'Europe/Paris' }),
    ...over,
  };
}

/** The visitor submits their email on the email screen, in their browser. */
async function run(visitor: Visitor, over: Partial<SubmitEmailServices> = {}, url?: () => string): Promise<SubmitEmailResult> {
  const input: EffectInput = { screen: emailScreen, answers, email: visitor.email, results: {}, flags: {} };
  return toPromise(createActor(submitEmail(services(visitor, over, url)), { input }).start());
}

/** Reads a record back as `visitor` (with their credential: the server shows a record only to the visitor who made it). */
async function get<T>(visitor: Visitor, path: string): Promise<{ status: number; body: T }> {
  const response = await asVisitor(base(), visitor, 'GET', path);
  return { status: response.status, body: (await response.json()) as T };
}
const astroUserOf = (visitor: Visitor, email = visitor.email) => get<AstroUser>(visitor, `/astro/api/v2/user/email?email=${encodeURIComponent(email)}`);
const subscriptionUserOf = (visitor: Visitor, email = visitor.email) =>
  get<SubscriptionUser>(visitor, `/subs/users?email=${encodeURIComponent(email)}&project=astrelle`);

describe('the email submission', () => {
  it('creates the astro user and the subscription user of a new visitor with the spec\'s fields', async () => {
    const visitor = await landedVisitor(base(), 'maya');
    const { email } = visitor;
    expect(await run(visitor)).toEqual({ outcome: 'new', astroUser: true, subscriptionUser: true });
    // Read back in the same browser: the records are the visitor's own (nobody else is shown them).
    const astro = await astroUserOf(visitor);
    expect(astro.body).toMatchObject({
      username: 'Maya', email, usid: visitor.usid, isLegal: true, gender: 'female', relationship: 'single',
      birthday: { date: '1990-05-17', time: '12:00:00' }, location: { latitude: 51.5142, longitude: -0.0931 }, locale: 'en', timezone: 'Europe/London',
    });
    const user = await subscriptionUserOf(visitor);
    expect(user.body).toMatchObject({
      email, isLegal: true, project: 'astrelle', ip: '81.2.69.142', fbc: 'fb.1.1.abc', fbp: 'fb.1.2.def', city: 'London',
      postalCode: 'EC1A', countryCode: 'GB', loc: '51.5142,-0.0931', timezone: 'Europe/London', userAgent: 'Mozilla/5.0 test',
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it('updates the astro user when the address is already known, instead of failing on a duplicate', async () => {
    const visitor = await landedVisitor(base(), 'maya');
    await run(visitor);
    // Changed by the trust model: the visitor who submits the known address again is the one who made the profile
    // (before, a second visitor's submit overwrote it: now that is refused, see the next test). Their new answers win.
    const again = await run(visitor, { visitor: () => ({ usid: visitor.usid, flowOuter: true, ipInfo: null }) });
    expect(again).toEqual({ outcome: 'new', astroUser: true, subscriptionUser: true });
    const astro = await astroUserOf(visitor);
    expect(astro.body).toMatchObject({ usid: visitor.usid, isLegal: false, location: { latitude: 0, longitude: 0 }, timezone: 'Europe/Paris' });
    expect(errors).not.toHaveBeenCalled();
  });

  it('leaves the profiles of the visitor who registered an address alone when another visitor submits it, and carries on without users', async () => {
    const first = await landedVisitor(base(), 'maya');
    await run(first);
    const second: Visitor = { ...(await landedVisitor(base(), 'maya')), email: first.email };
    // New by design: a second visitor with the same address no longer overwrites the first's profile. The astro
    // server shows them no user (404) and refuses a duplicate (409); the subscription server refuses the address
    // (409); the funnel carries on with neither user.
    expect(await run(second, { visitor: () => ({ usid: second.usid, flowOuter: true, ipInfo: null }) })).toEqual({
      outcome: 'new',
      astroUser: false,
      subscriptionUser: false,
    });
    expect(errors).toHaveBeenCalledTimes(2);
    expect(errors).toHaveBeenCalledWith('cannot create astro server user', '(HTTP 409)');
    expect(errors).toHaveBeenCalledWith('cannot create subscription server user', '(HTTP 409)');
    expect((await astroUserOf(first)).body).toMatchObject({ usid: first.usid, isLegal: true, location: { latitude: 51.5142, longitude: -0.0931 }, timezone: 'Europe/London' });
    expect((await subscriptionUserOf(first)).body).toMatchObject({ ip: '81.2.69.142', city: 'London', userAgent: 'Mozilla/5.0 test' });
    expect((await astroUserOf(second)).status).toBe(404);
    expect((await subscriptionUserOf(second)).status).toBe(404);
  });

  it('recognises a subscriber and creates nothing', async () => {
    // Changed by the trust model: a subscription only comes from a paid hosted checkout (POST /subs/subscriptions/create
    // no longer makes one), so the subscriber pays through it, in their browser.
    const visitor = await subscriber(base());
    expect(await run(visitor)).toEqual({ outcome: 'premium', productId: visitor.plan.productId });
    expect((await astroUserOf(visitor)).status).toBe(404);
    // New by design: another visitor who types the subscriber's address is recognised as a subscriber too, but is
    // not told which plan it is (only the visitor whose checkout paid for it is), and creates nothing either.
    const other: Visitor = { ...(await landedVisitor(base(), 'maya')), email: visitor.email };
    expect(await run(other)).toEqual({ outcome: 'premium', productId: null });
    expect((await astroUserOf(other)).status).toBe(404);
    expect(errors).not.toHaveBeenCalled();
  });

  it('carries on as a new visitor when the servers cannot be reached, with the spec\'s messages', async () => {
    expect(await run(newVisitor('maya'), {}, () => 'http://127.0.0.1:9')).toEqual({ outcome: 'new', astroUser: false, subscriptionUser: false });
    const messages = errors.mock.calls.map((c) => c[0]);
    expect(messages).toContain('cannot create astro server user');
    expect(messages).toContain('cannot create subscription server user');
  });
});

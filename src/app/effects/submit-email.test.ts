import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { withReferenceServer } from '../../../server/test-support/reference-server';
import type { EffectInput } from '../../engine/compile-flow';
import { loadTestFlow } from '../../../tests/support/load-test-flow';
import type { AstroUser, IpInfo, Product, SubscriptionUser } from '../../services/api-contract';
import { createAstroApi } from '../../services/astro-api';
import { createSubscriptionApi } from '../../services/subscription-api';
import { submitEmail, type SubmitEmailResult, type SubmitEmailServices } from './submit-email';

// The effect against the real reference server (SQLite), over HTTP.
const { baseUrl: base } = withReferenceServer();
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => errors.mockClear());

const ipInfo: IpInfo = { ip: '81.2.69.142', city: 'London', country: 'GB', postal: 'EC1A', loc: '51.5142,-0.0931', timezone: 'Europe/London' };
const answers = {
  '1-1': 'single', '2-1': 'Maya', '2-2': '1990-05-17', '2-3': 'dont_know', '2-5': 'female',
  '2-4': { latitude: 51.50853, longitude: -0.12574, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' },
};
const emailScreen = loadTestFlow().screens.find((s) => s.id === 'email')!;
let n = 0;
const newEmail = () => `maya.${Date.now()}.${n++}@example.com`;

function services(over: Partial<SubmitEmailServices> = {}, url = () => base()): SubmitEmailServices {
  const config = { astroApiUrl: `${url()}/astro`, subscriptionApiUrl: `${url()}/subs`, requestTimeoutMs: 2000 };
  return {
    astro: createAstroApi(config),
    subscriptions: createSubscriptionApi(config),
    project: 'astrelle',
    visitor: () => ({ usid: 'visitor-0001', flowOuter: false, ipInfo }),
    browser: () => ({ userAgent: 'Mozilla/5.0 test', cookies: '_fbc=fb.1.1.abc; _fbp=fb.1.2.def', timeZone: 'Europe/Paris' }),
    ...over,
  };
}

async function run(email: string, over: Partial<SubmitEmailServices> = {}, url?: () => string): Promise<SubmitEmailResult> {
  const input: EffectInput = { screen: emailScreen, answers, email, results: {}, flags: {} };
  return toPromise(createActor(submitEmail(services(over, url)), { input }).start());
}

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base()}${path}`);
  return { status: response.status, body: (await response.json()) as T };
}

describe('the email submission', () => {
  it('creates the astro user and the subscription user of a new visitor with the spec\'s fields', async () => {
    const email = newEmail();
    expect(await run(email)).toEqual({ outcome: 'new', astroUser: true, subscriptionUser: true });
    const astro = await get<AstroUser>(`/astro/api/v2/user/email?email=${encodeURIComponent(email)}`);
    expect(astro.body).toMatchObject({
      username: 'Maya', email, usid: 'visitor-0001', isLegal: true, gender: 'female', relationship: 'single',
      birthday: { date: '1990-05-17', time: '12:00:00' }, location: { latitude: 51.5142, longitude: -0.0931 }, locale: 'en', timezone: 'Europe/London',
    });
    const user = await get<SubscriptionUser>(`/subs/users?email=${encodeURIComponent(email)}&project=astrelle`);
    expect(user.body).toMatchObject({
      email, isLegal: true, project: 'astrelle', ip: '81.2.69.142', fbc: 'fb.1.1.abc', fbp: 'fb.1.2.def', city: 'London',
      postalCode: 'EC1A', countryCode: 'GB', loc: '51.5142,-0.0931', timezone: 'Europe/London', userAgent: 'Mozilla/5.0 test',
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it('updates the astro user when the address is already known, instead of failing on a duplicate', async () => {
    const email = newEmail();
    await run(email);
    const again = await run(email, { visitor: () => ({ usid: 'visitor-0002', flowOuter: true, ipInfo: null }) });
    expect(again).toEqual({ outcome: 'new', astroUser: true, subscriptionUser: true });
    const astro = await get<AstroUser>(`/astro/api/v2/user/email?email=${encodeURIComponent(email)}`);
    expect(astro.body).toMatchObject({ usid: 'visitor-0002', isLegal: false, location: { latitude: 0, longitude: 0 }, timezone: 'Europe/Paris' });
  });

  it('recognises a subscriber and creates nothing', async () => {
    const email = newEmail();
    const plans = await get<Product[]>('/subs/subscription-plans?project=astrelle&provider=maxpay&countryCode=US&isTest=false');
    const plan = plans.body.find((p) => p.type === 'TRIAL')!;
    const created = await fetch(`${base()}/subs/subscriptions/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, project: 'astrelle', productId: plan.productId, provider: 'maxpay', orderId: `ord_${Date.now()}_${n++}` }),
    });
    expect(created.status).toBe(201);
    expect(await run(email)).toEqual({ outcome: 'premium', productId: plan.productId });
    expect((await fetch(`${base()}/astro/api/v2/user/email?email=${encodeURIComponent(email)}`)).status).toBe(404);
  });

  it('carries on as a new visitor when the servers cannot be reached, with the spec\'s messages', async () => {
    expect(await run(newEmail(), {}, () => 'http://127.0.0.1:9')).toEqual({ outcome: 'new', astroUser: false, subscriptionUser: false });
    const messages = errors.mock.calls.map((c) => c[0]);
    expect(messages).toContain('cannot create astro server user');
    expect(messages).toContain('cannot create subscription server user');
  });
});

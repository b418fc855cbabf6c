import { describe, expect, it } from 'vitest';
import flowJson from '../../flows/astrology.json';
import type { Answers, AnswerValue } from '../engine/answers';
import type { Profile } from '../engine/generated/flow-types';
import { validateFlow } from '../engine/validate-flow';
import type { IpInfo, Product } from '../shared/contract/subscription';
import { buildAstroUser } from './build-astro-user';
import { buildReportOrder } from './build-report-order';
import { buildSubscriptionUser, cookieValue } from './build-subscription-user';
import { displayDuration, groupOf, groupPlans, trialChoices } from './group-plans';
import { recentTransactions, timeAgo } from './recent-transactions';
import { visitorProfile } from './visitor-profile';
import { productKinds } from '../engine/kinds/product-kinds';

const london = { latitude: 51.50853, longitude: -0.12574, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' };
const madrid = { latitude: 40.4165, longitude: -3.70256, place: 'Madrid, Spain', utcOffsetMinutes: 60, timeZone: 'Europe/Madrid' };
const ipInfo: IpInfo = { ip: '81.2.69.142', city: 'London', country: 'GB', postal: 'EC1A', loc: '51.5142,-0.0931', timezone: 'Europe/London' };

const validated = validateFlow(structuredClone(flowJson), { kinds: productKinds });
if (!validated.ok) throw new Error('flows/astrology.json is invalid');
/** The answer keys of flows/astrology.json, by role: the payloads read the answers through them. */
const roles = validated.flow.profile;

type Role = Exclude<keyof Profile, 'inRelationship'>;
/** Answers given by role, stored under the answer keys that `profile` names for those roles. */
function answersOf(profile: Profile, byRole: Partial<Record<Role, AnswerValue>>): Answers {
  const answers: Answers = {};
  for (const role of Object.keys(byRole) as Role[]) {
    const key = profile[role];
    const value = byRole[role];
    if (key !== undefined && value !== undefined) answers[key] = value;
  }
  return answers;
}

const completeByRole = {
  relationship: 'in_relationships', name: ' Maya ', birthDate: '1990-05-17', birthTime: '10:30', birthPlace: london, gender: 'female',
  partnerGender: 'male', partnerBirthDate: '1988-11-02', partnerBirthTime: '23:05', partnerBirthPlace: madrid,
} satisfies Partial<Record<Role, AnswerValue>>;
const sparseByRole = { relationship: 'single', name: 'Sam', birthDate: '1995-02-28', birthTime: 'dont_know', gender: 'male' } satisfies Partial<Record<Role, AnswerValue>>;
const complete = answersOf(roles, completeByRole);
const sparse = answersOf(roles, sparseByRole);

describe('the astro user', () => {
  it('carries every field from the answers and the IP lookup', () => {
    expect(buildAstroUser({ profile: visitorProfile(complete, roles), email: 'maya@example.com', usid: 'visitor-0001', flowOuter: false, ipInfo, browserTimeZone: 'Europe/Paris' })).toEqual({
      username: 'Maya',
      email: 'maya@example.com',
      usid: 'visitor-0001',
      isLegal: true,
      gender: 'female',
      relationship: 'in_relationships',
      birthday: { date: '1990-05-17', time: '10:30:00' },
      location: { latitude: 51.5142, longitude: -0.0931 },
      locale: 'en',
      timezone: 'Europe/London',
    });
  });

  it('uses 12:00:00 for an unknown time, 0,0 without an IP location, the browser\'s zone, and isLegal false in the outer flow', () => {
    const user = buildAstroUser({ profile: visitorProfile(sparse, roles), email: 's@example.com', usid: 'visitor-0002', flowOuter: true, ipInfo: null, browserTimeZone: 'America/Chicago' });
    expect(user).toMatchObject({ isLegal: false, birthday: { date: '1995-02-28', time: '12:00:00' }, location: { latitude: 0, longitude: 0 }, timezone: 'America/Chicago' });
  });

  it('uses 2000-01-01 when the birth date is missing', () => {
    const user = buildAstroUser({ profile: visitorProfile(answersOf(roles, { relationship: 'single' }), roles), email: 'x@example.com', usid: 'visitor-0003', flowOuter: false, ipInfo: null, browserTimeZone: 'UTC' });
    expect(user.birthday).toEqual({ date: '2000-01-01', time: '12:00:00' });
  });
});

describe('the report order', () => {
  it('sends the partner with an empty name and the visitor\'s timezone, for a visitor in a relationship', () => {
    expect(buildReportOrder(['natal_chart', 'compatibility'], 'maya@example.com', visitorProfile(complete, roles))).toEqual({
      reports: ['natal_chart', 'compatibility'],
      email: 'maya@example.com',
      yourData: { name: 'Maya', day: 17, month: 5, year: 1990, hour: 10, minute: 30, latitude: 51.50853, longitude: -0.12574, timezone: 1, place: 'London, United Kingdom' },
      partnerData: { name: '', day: 2, month: 11, year: 1988, hour: 23, minute: 5, latitude: 40.4165, longitude: -3.70256, timezone: 1, place: 'Madrid, Spain' },
    });
  });

  it('has no partnerData for a single visitor, New York for a missing place and 12:00 for an unknown time', () => {
    const order = buildReportOrder(['birth_chart'], 's@example.com', visitorProfile(sparse, roles));
    expect(order.partnerData).toBeUndefined();
    expect(order.yourData).toEqual({ name: 'Sam', day: 28, month: 2, year: 1995, hour: 12, minute: 0, latitude: 40.7127753, longitude: -74.0059728, timezone: -5, place: 'New York, NY, United States' });
  });

  it('defaults the partner\'s birth date to 2000-01-01 and the place to New York, keeping the visitor\'s timezone', () => {
    const { partnerBirthDate: _date, partnerBirthPlace: _place, ...rest } = completeByRole;
    const order = buildReportOrder(['compatibility'], 'm@example.com', visitorProfile(answersOf(roles, { ...rest, partnerBirthTime: 'dont_know' }), roles));
    expect(order.partnerData).toEqual({ name: '', day: 1, month: 1, year: 2000, hour: 12, minute: 0, latitude: 40.7127753, longitude: -74.0059728, timezone: 1, place: 'New York, NY, United States' });
  });

  it('divides a half-hour offset into a fractional timezone', () => {
    const order = buildReportOrder(['natal_chart'], 'm@example.com', visitorProfile(answersOf(roles, { ...sparseByRole, birthPlace: { ...london, utcOffsetMinutes: 330 } }), roles));
    expect(order.yourData.timezone).toBe(5.5);
  });
});

describe('the visitor profile reads the answers through the flow\'s roles', () => {
  it('builds the same payloads whatever answer keys the roles name', () => {
    // Every role renamed: nothing may still read a step id of flows/astrology.json.
    const renamed: Profile = { ...roles };
    for (const role of Object.keys(completeByRole) as Role[]) renamed[role] = `x-${roles[role] ?? role}`;
    const before = visitorProfile(complete, roles);
    const after = visitorProfile(answersOf(renamed, completeByRole), renamed);
    expect(after).toEqual(before);
    expect(buildReportOrder(['compatibility'], 'm@example.com', after).partnerData).toBeDefined();
    // The old keys mean nothing to the renamed roles.
    expect(visitorProfile(complete, renamed)).toMatchObject({ name: '', gender: '', relationship: '', partnerBirth: null });
  });

  it('brings in the partner only for the relationship answer the flow names', () => {
    const together: Profile = { ...roles, inRelationship: 'together' };
    expect(visitorProfile(answersOf(together, { ...completeByRole, relationship: 'together' }), together).partnerBirth).toMatchObject({ date: '1988-11-02', time: '23:05' });
    expect(visitorProfile(complete, together).partnerBirth).toBeNull();
  });
});

describe('the subscription-server user', () => {
  it('carries the IP details, the ad cookies and the user agent', () => {
    expect(buildSubscriptionUser({ email: 'maya@example.com', flowOuter: false, project: 'astrelle', ipInfo, fbc: 'fb.1.1.abc', fbp: 'fb.1.2.def', userAgent: 'UA' })).toEqual({
      email: 'maya@example.com', isLegal: true, project: 'astrelle', ip: '81.2.69.142', fbc: 'fb.1.1.abc', fbp: 'fb.1.2.def',
      city: 'London', postalCode: 'EC1A', countryCode: 'GB', loc: '51.5142,-0.0931', timezone: 'Europe/London', userAgent: 'UA',
    });
  });

  it('sends null for what the IP lookup did not give', () => {
    expect(buildSubscriptionUser({ email: 'x@example.com', flowOuter: true, project: 'astrelle', ipInfo: null, fbc: null, fbp: null, userAgent: 'UA' })).toMatchObject({
      isLegal: false, ip: null, city: null, postalCode: null, countryCode: null, loc: null, timezone: null, fbc: null, fbp: null,
    });
  });

  it('reads the ad cookies', () => {
    expect(cookieValue('a=1; _fbc=fb.1.1.abc; _fbp=fb.1.2.x%3Dy', '_fbp')).toBe('fb.1.2.x=y');
    expect(cookieValue('a=1', '_fbc')).toBeNull();
  });
});

function plan(over: Partial<Extract<Product, { type: 'TRIAL' | 'SUBSCRIPTION' }>>): Product {
  return {
    id: 'p', productId: 'p', packageId: '1', project: 'astrelle', provider: 'maxpay', type: 'TRIAL', name: 'Plan', price: 29, trialPrice: 1,
    currency: 'USD', additionalInfo: { subscriptionDuration: '1 month', trialDuration: '14 days' }, abTestId: null, reports: [], isTest: false,
    paymentPage: '', amplitudeId: 'a', ...over,
  };
}

describe('plan grouping and display', () => {
  it('groups by abTestId, then price 29 high, 19 medium, otherwise low; PayPal and offers apart', () => {
    expect(groupOf(plan({ abTestId: 'trial_price_test', price: 29 }))).toBe('ab_test');
    expect(groupOf(plan({ price: 29 }))).toBe('high');
    expect(groupOf(plan({ price: 19 }))).toBe('medium');
    expect(groupOf(plan({ price: 14.99 }))).toBe('low');
    expect(groupOf(plan({ provider: 'paypal' }))).toBe('paypal');
    const offer: Product = { id: 'birth_chart', productId: 'bc', name: 'Birth chart', price: 19.99, prevPrice: 34.99, percentOff: 45, currency: 'USD', provider: 'maxpay', type: 'FIXED', amplitudeId: 'a', isTest: false, paymentPage: '', reports: [], includes: [], description: '' };
    expect(groupOf(offer)).toBe('extra');
  });

  it('offers the TRIAL plans of high, medium and low sorted by trial price ascending', () => {
    const groups = groupPlans([plan({ id: 'h', price: 29, trialPrice: 9 }), plan({ id: 'm', price: 19, trialPrice: 1 }), plan({ id: 'l', price: 14.99, trialPrice: 5 }), plan({ id: 's', type: 'SUBSCRIPTION', price: 24.99, trialPrice: 0 }), plan({ id: 'ab', abTestId: 't', trialPrice: 0.5 })]);
    expect(trialChoices(groups).map((p) => p.id)).toEqual(['m', 'l', 'h']);
    expect(trialChoices(groups, 'SUBSCRIPTION').map((p) => p.id)).toEqual(['s']);
  });

  it('shows "14 days" as "2 weeks"', () => {
    expect(displayDuration('14 days')).toBe('2 weeks');
    expect(displayDuration('7 days')).toBe('1 week');
    expect(displayDuration('3 days')).toBe('3 days');
    expect(displayDuration('1 month')).toBe('1 month');
  });
});

describe('recent transactions: at most 10, masked names, real purchases only', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const at = (minutesBefore: number) => new Date(now.getTime() - minutesBefore * 60_000).toISOString();
  const purchase = (name: string, minutesBefore: number, amount = 1) => ({ name, amount, currency: 'USD' as const, createdAt: at(minutesBefore), sandbox: false });

  it('lists the real purchases given, newest first, at most 10, with their age', () => {
    const purchases = Array.from({ length: 12 }, (_, i) => purchase(`M***${i}`, (i * 7) % 12, i));
    const list = recentTransactions(purchases, now);
    expect(list).toHaveLength(10);
    expect(list.map((t) => t.minutesAgo)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(list[0]).toEqual({ name: 'M***0', amount: 0, minutesAgo: 0 });
  });

  it('makes nothing up: no purchases give no list, and an unreadable date is left out', () => {
    expect(recentTransactions([], now)).toEqual([]);
    expect(recentTransactions([{ ...purchase('A***a', 3), createdAt: 'yesterday' }, purchase('B***b', 2)], now)).toEqual([{ name: 'B***b', amount: 1, minutesAgo: 2 }]);
  });

  it('says how long ago in minutes, hours or days', () => {
    expect([0, 1, 59, 60, 150, 47 * 60, 48 * 60, 80 * 60].map(timeAgo)).toEqual(['just now', '1 min ago', '59 min ago', '1 h ago', '2 h ago', '47 h ago', '2 days ago', '3 days ago']);
  });
});

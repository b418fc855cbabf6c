import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkFlowText, formatProblem } from '../../scripts/check-flow-file';
import { renameAnswerKey } from '../../scripts/rename-answer-key';
import { isQuestionScreen, type Answers } from '../engine/answers';
import { answerProblem } from '../engine/kinds/kind-registry';
import type { Flow } from '../engine/generated/flow-types';
import { validateFlow } from '../engine/validate-flow';
import type { IpInfo } from '../shared/contract/subscription';
import { buildAstroUser } from './build-astro-user';
import { buildReportOrder } from './build-report-order';
import { buildSubscriptionUser } from './build-subscription-user';
import { visitorProfile } from './visitor-profile';
import { productKinds } from '../engine/kinds/product-kinds';

/**
 * Renaming an answer key is a JSON edit: here an editor renames one in flows/astrology.json. The payloads read the
 * answers through the flow's `profile` roles, so the renamed flow builds the same payloads, and a role left on the
 * old key is refused by flow:check with its file and line instead of silently sending an empty name.
 */
const original = readFileSync('flows/astrology.json', 'utf8');

function flowOf(text: string): Flow {
  const result = validateFlow(JSON.parse(text), { kinds: productKinds });
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer} ${p.message}`).join('; '));
  return result.flow;
}

const renamed = renameAnswerKey(original, '2-1', 'name');
const before = flowOf(original);

const london = { latitude: 51.50853, longitude: -0.12574, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' };
const madrid = { latitude: 40.4165, longitude: -3.70256, place: 'Madrid, Spain', utcOffsetMinutes: 60, timeZone: 'Europe/Madrid' };
const ipInfo: IpInfo = { ip: '81.2.69.142', city: 'London', country: 'GB', postal: 'EC1A', loc: '51.5142,-0.0931', timezone: 'Europe/London' };
const roles = before.profile;
/** A visitor in a relationship, as the original flow stores their answers. */
const answers: Answers = {
  [roles.relationship]: roles.inRelationship, [roles.name]: 'Maya', [roles.birthDate]: '1990-05-17', [roles.birthTime]: '10:30',
  [roles.birthPlace]: london, [roles.gender]: 'female', [roles.partnerBirthDate]: '1988-11-02', [roles.partnerBirthTime]: '23:05',
  [roles.partnerBirthPlace]: madrid,
};
/** The same answers as the renamed flow stores them. */
const renamedAnswers: Answers = Object.fromEntries(Object.entries(answers).map(([key, value]) => [key === '2-1' ? 'name' : key, value]));

/** Every payload the funnel sends about the visitor, from one flow and its answers. */
function payloads(flow: Flow, given: Answers) {
  const profile = visitorProfile(given, flow.profile);
  const email = 'maya@example.com';
  return {
    astroUser: buildAstroUser({ profile, email, usid: 'visitor-0001', flowOuter: false, ipInfo, browserTimeZone: 'Europe/Paris' }),
    reportOrder: buildReportOrder(['natal_chart', 'compatibility'], email, profile),
    subscriptionUser: buildSubscriptionUser({ email, flowOuter: false, project: flow.product.id, ipInfo, fbc: null, fbp: null, userAgent: 'UA' }),
  };
}

describe('an answer key renamed in the flow', () => {
  it('leaves no trace of the old key, and passes flow:check', () => {
    expect(original).toContain('{answer:2-1}');
    // Only the declared renaming names the old key: the step that carries a saved answer over.
    expect(renamed.replace(/\{\s*"rename": "answerKey",\s*"from": "2-1",\s*"to": "name"\s*\}/, '')).not.toMatch(/"2-1"|answer:2-1/);
    expect(flowOf(renamed).migrations).toEqual([{ rename: 'answerKey', from: '2-1', to: 'name' }]);
    expect(flowOf(renamed).profile.name).toBe('name');
    expect(checkFlowText('renamed.json', renamed)).toEqual([]);
  });

  it('builds the same astro user, report order and subscription user from the same answers under the new key', () => {
    const after = flowOf(renamed);
    // The answers are ones the renamed flow's own screens store and accept.
    const byKey = new Map(after.screens.filter(isQuestionScreen).map((s) => [s.answerKey, s]));
    for (const [key, value] of Object.entries(renamedAnswers)) {
      const screen = byKey.get(key);
      expect(screen && answerProblem(productKinds, screen, value, new Date('2026-01-01T00:00:00Z')), key).toBeNull();
    }
    const sent = payloads(after, renamedAnswers);
    expect(sent).toEqual(payloads(before, answers));
    expect(sent.astroUser).toMatchObject({ username: 'Maya', gender: 'female', relationship: 'in_relationships', birthday: { date: '1990-05-17', time: '10:30:00' } });
    expect(sent.reportOrder.yourData).toMatchObject({ name: 'Maya', day: 17, month: 5, year: 1990, hour: 10, minute: 30, place: 'London, United Kingdom' });
    expect(sent.reportOrder.partnerData).toMatchObject({ name: '', day: 2, month: 11, year: 1988, place: 'Madrid, Spain' });
  });

  it('is refused with its file and line when the profile role still names the old key', () => {
    const forgotten = JSON.parse(renamed);
    forgotten.profile.name = '2-1';
    const text = `${JSON.stringify(forgotten, null, 2)}\n`;
    const line = text.split('\n').findIndex((l) => l.trim() === '"name": "2-1",') + 1;
    expect(line).toBeGreaterThan(0);
    expect(checkFlowText('renamed.json', text).map(formatProblem)).toEqual([
      `renamed.json:${line}:5 /profile/name role "name" names answer key "2-1", which no screen sets; use the answerKey of a text screen: "name" (profile-name)`,
    ]);
  });
});

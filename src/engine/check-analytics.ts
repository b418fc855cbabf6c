import type { AnalyticsSource, Flow, Screen } from './generated/flow-types';
import type { FlowProblem } from './flow-problem';
import {
  answeredOnlySources,
  canBeAnswered,
  declaredEvents,
  eventClassName,
  eventMethodName,
  implicitProperties,
  reservedEventClasses,
  reservedEventMethods,
  screenEventNames,
  type DeclaredEvent,
  type EventMoment,
} from './analytics-events';
import { choiceValues, kindOf } from './kinds/kind-registry';
import type { KindRegistry, Report } from './kinds/screen-kind';
import { article } from './wording';

/**
 * The rules of a flow's `analytics` that JSON Schema cannot express: no property may carry personal data (an email,
 * a name, a birth date, time or place, an IP address), hashed or not; every property has a value on its screen; an
 * event name means one thing and makes one method of the tracking plan.
 */
export function checkAnalytics(flow: Flow, kinds: KindRegistry): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const report: Report = (pointer, message, hint) => problems.push({ pointer, message, hint });
  const flags = Object.keys(flow.flags ?? {});

  const flowProperties = Object.entries(flow.analytics?.properties ?? {});
  for (const [name, source] of flowProperties) checkName(`/analytics/properties/${name}`, name, source, flags, report);
  flow.screens.forEach((screen, i) => checkScreen(kinds, flow, screen, `/screens/${i}/analytics`, flags, report));
  checkEventNames(declaredEvents(kinds, flow), report);
  return problems;
}

function checkScreen(kinds: KindRegistry, flow: Flow, screen: Screen, base: string, flags: string[], report: Report): void {
  const own = screen.analytics;
  if (!own) return;
  const kind = kindOf(kinds, screen);
  const answerable = canBeAnswered(kinds, screen);
  const never = kind.movesOnByItself ? `a ${screen.kind} screen moves on by itself, so it is never answered` : `screen "${screen.id}" has no way forward, so it is never answered`;
  if (!answerable) {
    for (const field of ['answered', 'answeredAs', 'skipped'] as const) {
      if (own[field] !== undefined && own[field] !== false) report(`${base}/${field}`, `"${field}" is never sent: ${never}`, `remove "${field}"`);
    }
  }
  if (own.answeredAs) {
    const values = choiceValues(kinds, screen);
    if (values === null) {
      report(`${base}/answeredAs`, `"answeredAs" names events by option, and the ${screen.kind} screen "${screen.id}" has no single choice`, 'remove it, or use "answered"');
    } else {
      for (const value of Object.keys(own.answeredAs)) {
        if (!values.includes(value)) report(`${base}/answeredAs/${value}`, `"${value}" is not an option of "${screen.id}"`, `use one of ${values.join(', ')}`);
      }
      if (typeof own.answered === 'string' && values.every((value) => Object.hasOwn(own.answeredAs ?? {}, value))) {
        report(`${base}/answered`, `"answered" is never sent: "answeredAs" names an event for every option of "${screen.id}"`, 'remove "answered"');
      }
    }
  }
  if (own.skipped !== undefined && kind.skippable !== true) {
    const skippable = Object.values(kinds).filter((k) => k.skippable).map((k) => `${article(k.kind)} ${k.kind}`);
    report(`${base}/skipped`, `"skipped" is sent when ${skippable.join(' or ')} screen is skipped, and the ${screen.kind} screen "${screen.id}" has no skip button`, 'remove it, or use "answered"');
  }
  const names = screenEventNames(kinds, flow, screen);
  const sendsAnswer = names.answered !== null || Object.keys(names.answeredAs).length > 0 || names.skipped !== null;
  for (const [name, source] of Object.entries(own.properties ?? {})) {
    const pointer = `${base}/properties/${name}`;
    if (!checkName(pointer, name, source, flags, report)) continue;
    if (!checkSource(kinds, screen, pointer, name, source, report)) continue;
    if (answeredOnlySources.includes(source) && !sendsAnswer) {
      report(pointer, `property "${name}" (${source}) is sent with the answered event only, and "${screen.id}" sends none`, 'remove it, or name an "answered" event');
    }
  }
}

/** Refuses a property whose source has no value on the screen, or would carry personal data; true when it fits. */
function checkSource(kinds: KindRegistry, screen: Screen, pointer: string, name: string, source: AnalyticsSource, report: Report): boolean {
  const kind = kindOf(kinds, screen);
  if (source === 'answer') {
    if (kind.submits === 'email') {
      report(pointer, `property "${name}" would send the email address of "${screen.id}": personal data never goes into analytics, hashed or not`, 'remove it');
      return false;
    }
    const personal = kind.personalAnswer;
    if (personal) {
      report(pointer, `property "${name}" would send the answer of the ${screen.kind} screen "${screen.id}", ${personal}: personal data never goes into analytics, hashed or not`, 'remove it');
      return false;
    }
    if (!('answerKey' in screen)) {
      report(pointer, `property "${name}" sends the answer, and the ${screen.kind} screen "${screen.id}" has none`, 'remove it: only question screens have an answer');
      return false;
    }
    return true;
  }
  if ((source === 'planId' || source === 'planPrice' || source === 'planCurrency') && kind.choosesPlan !== true) {
    const planKinds = Object.values(kinds).filter((k) => k.choosesPlan).map((k) => k.kind);
    report(pointer, `property "${name}" (${source}) reads the chosen plan, and the ${screen.kind} screen "${screen.id}" offers none`, `remove it: only ${planKinds.join(' and ')} screens have a plan`);
    return false;
  }
  if ((source === 'stepId' || source === 'questionId') && !('answerKey' in screen)) {
    report(pointer, `property "${name}" (${source}) needs a question, and the ${screen.kind} screen "${screen.id}" has no answerKey`, 'remove it: only screens with an answerKey have a step and a question id');
    return false;
  }
  return true;
}

/**
 * Words that make a property name read as personal data (an email, a name, birth data, an IP address, a phone
 * number, a postal address or a location). A property so named invites someone to fill it with what it says,
 * whatever its source: rename it to say what it holds.
 */
const personalWords = new Set([
  'email', 'mail', 'name', 'firstname', 'lastname', 'surname', 'fullname', 'username', 'dob', 'ip', 'phone', 'mobile',
  'tel', 'telephone', 'address', 'street', 'zip', 'zipcode', 'postal', 'postcode', 'city', 'place', 'location', 'lat',
  'latitude', 'lng', 'lon', 'longitude', 'geo', 'ssn', 'passport', 'password',
]);

/** The word of a snake_case name that reads as personal data, or null. */
export function personalWordIn(name: string): string | null {
  for (const word of name.split('_')) {
    if (personalWords.has(word) || word.startsWith('birth') || word.includes('email') || word.includes('phone')) return word;
  }
  return null;
}

/** Refuses a personal-looking name, one every event carries already, or an A/B property clashing with one; true when fine. */
function checkName(pointer: string, name: string, source: AnalyticsSource, flags: string[], report: Report): boolean {
  const word = personalWordIn(name);
  if (word !== null) {
    report(pointer, `property name "${name}" reads as personal data ("${word}"), which no event carries`, 'rename it to say what it holds, such as plan_id or answer');
    return false;
  }
  const implicit: readonly string[] = implicitProperties;
  if (implicit.includes(name)) {
    report(pointer, `property "${name}" is sent with every event already`, 'remove it, or give it another name');
    return false;
  }
  if (source === 'assignments') {
    const clash = flags.map((flag) => `${name}_${flag}`).find((expanded) => implicit.includes(expanded));
    if (clash !== undefined) {
      report(pointer, `the A/B property "${clash}" would replace the one every event carries`, 'give the assignments another name, such as ab');
      return false;
    }
  }
  return true;
}

const momentText: Record<EventMoment, string> = { shown: 'opens', answered: 'is answered', skipped: 'is skipped' };

/**
 * One event name, one meaning: sent at one moment (shown, answered, skipped), however many screens send it, since a
 * funnel step counts its events by name; and one method and class of the tracking plan.
 */
function checkEventNames(events: DeclaredEvent[], report: Report): void {
  const firstByName = new Map<string, DeclaredEvent>();
  const nameByMethod = new Map<string, string>();
  const reported = new Set<string>();
  const once = (key: string, pointer: string, message: string, hint: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    report(pointer, message, hint);
  };
  for (const event of events) {
    const first = firstByName.get(event.name);
    if (!first) firstByName.set(event.name, event);
    else if (first.moment !== event.moment) {
      once(
        `moment ${event.name}`,
        event.pointer,
        `event "${event.name}" is sent when "${first.screen.id}" ${momentText[first.moment]} and when "${event.screen.id}" ${momentText[event.moment]}`,
        'give each moment its own event name',
      );
    }
    const method = eventMethodName(event.name);
    const clashing = nameByMethod.get(method);
    if (clashing === undefined) nameByMethod.set(method, event.name);
    else if (clashing !== event.name) {
      once(`method ${method}`, event.pointer, `event "${event.name}" would be the tracking plan's method ${method}, as "${clashing}" is`, `spell it "${clashing}"`);
    }
    const className = eventClassName(event.name);
    if (reservedEventMethods.includes(method) || reservedEventClasses.includes(className) || className.endsWith('Properties')) {
      once(`reserved ${event.name}`, event.pointer, `event "${event.name}" would take the name ${method} or ${className}, which the tracking plan keeps for itself`, 'rename it: load, track, isLoaded and names ending in "Properties" are taken');
    }
  }
}

import type { AnalyticsSource, Flow, Screen } from '../../engine/generated/flow-types';
import { isQuestionScreen, type AnswerValue } from '../../engine/answers';
import { answerProblem, kindOf } from '../../engine/kinds/kind-registry';
import type { KindRegistry } from '../../engine/kinds/screen-kind';
import { screenEventNames, screenProperties, stepIdOf, type EventMoment } from '../../engine/analytics-events';
import { holdsEmailAddress } from '../../shared/email-address';

/** Property values as Amplitude takes them (no null, no nesting): flow data only. */
export type EventProperties = Record<string, string | number | boolean>;

/** An event as Amplitude (and the tracking plan's `ampli.track`) takes it. */
export interface ScreenEvent {
  event_type: string;
  event_properties: EventProperties;
}

/** What the flow's property sources read, besides the flow and the screen. */
export interface ScreenEventData {
  /** The screen's answer, when it is answered (the value the machine accepted). */
  answer?: AnswerValue;
  /** The plan the visitor chose (price screens) or bought (offers screens). */
  plan?: { id: string; price: number; currency: string };
  /** The visitor's A/B flags in force, by flag name, each with its own type (a boolean flag as a boolean). */
  assignments: Readonly<Record<string, string | boolean>>;
}

/**
 * The analytics events a screen sends at a moment, as the flow declares them (its `analytics` defaults, the
 * screen's overrides, `answeredAs` by the option picked, `skipped` for an offers screen left without buying), with
 * their properties: screen_id, flow_id, flow_version, step_id and question_id on a screen with an answerKey, then
 * the declared sources. A source without a value is left out; so is any string holding an email address (the
 * checker keeps personal data out of the flow's declarations; this keeps it out of what is sent whatever a caller
 * passes). Empty when the flow declares no event for the moment.
 */
export function screenEvents(kinds: KindRegistry, flow: Flow, screen: Screen, moment: 'shown' | 'answered', data: ScreenEventData): ScreenEvent[] {
  const names = screenEventNames(kinds, flow, screen);
  const { answer } = data;
  let name = names.shown;
  let at: EventMoment = 'shown';
  if (moment === 'answered') {
    const picked = typeof answer === 'string' && Object.hasOwn(names.answeredAs, answer) ? names.answeredAs[answer] : undefined;
    const skipped = kindOf(kinds, screen).skippable === true && Array.isArray(answer) && answer.length === 0 && names.skipped !== null;
    at = skipped ? 'skipped' : 'answered';
    name = skipped ? names.skipped : (picked ?? names.answered);
  }
  if (name === null) return [];

  const properties: EventProperties = {};
  for (const { name: property, source } of screenProperties(kinds, flow, screen, at)) {
    if (source === 'assignments') {
      for (const [flag, value] of Object.entries(data.assignments)) properties[`${property}_${flag}`] = value;
      continue;
    }
    const value = sourceValue(kinds, flow, screen, source, data);
    if (value !== undefined) properties[property] = value;
  }
  // Last, so that no declared property can stand in for them.
  Object.assign(properties, { screen_id: screen.id, flow_id: flow.id, flow_version: flow.version });
  if (isQuestionScreen(screen)) Object.assign(properties, { step_id: stepIdOf(screen), question_id: screen.answerKey });

  const clean = Object.fromEntries(Object.entries(properties).filter(([, value]) => typeof value !== 'string' || !holdsEmailAddress(value)));
  return [{ event_type: name, event_properties: clean }];
}

function sourceValue(kinds: KindRegistry, flow: Flow, screen: Screen, source: Exclude<AnalyticsSource, 'assignments'>, data: ScreenEventData): string | number | undefined {
  switch (source) {
    case 'answer':
      return answerValue(kinds, screen, data.answer);
    case 'planId':
      return data.plan?.id;
    case 'planPrice':
      return data.plan?.price;
    case 'planCurrency':
      return data.plan?.currency;
    case 'flowId':
      return flow.id;
    case 'flowVersion':
      return flow.version;
    case 'screenId':
      return screen.id;
    case 'stepId':
      return stepIdOf(screen);
    case 'questionId':
      return isQuestionScreen(screen) ? screen.answerKey : undefined;
  }
}

/**
 * An answer the screen accepts, as one value: several values (multiple choice, offers) joined by commas, none left
 * out. screenProperties only asks on kinds whose answers may be sent, so a place (an object) never gets here; it
 * is left out all the same.
 */
function answerValue(kinds: KindRegistry, screen: Screen, answer: AnswerValue | undefined): string | undefined {
  if (answer === undefined || answerProblem(kinds, screen, answer) !== null) return undefined;
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer)) return answer.length > 0 ? answer.join(',') : undefined;
  return undefined;
}

import type { AnalyticsSource, Flow, Screen } from './generated/flow-types';
import { isQuestionScreen } from './answers';
import { branchesOf } from './flow-graph';
import { choiceValues, kindOf } from './kinds/kind-registry';
import type { KindRegistry } from './kinds/screen-kind';

/**
 * The analytics a flow declares (its `analytics` and each screen's), resolved: which event a screen sends at which
 * moment and with which properties. The flow checker, the tracking-plan generator and the app's screenEvents all
 * read the flow through these functions, so the plan, the checks and what is sent never disagree.
 */

/** When a screen sends an event: it opens; it is answered (or submitted, or its button pressed); an offers screen is skipped. */
export type EventMoment = 'shown' | 'answered' | 'skipped';

/** The properties every event carries without being declared (step_id and question_id on screens with an answerKey). */
export const implicitProperties = ['screen_id', 'flow_id', 'flow_version', 'step_id', 'question_id'] as const;

/** Sources whose value exists only once the screen is answered: they go with the answered (or skipped) event only. */
export const answeredOnlySources: readonly AnalyticsSource[] = ['answer', 'planId', 'planPrice', 'planCurrency'];

const planSources: readonly AnalyticsSource[] = ['planId', 'planPrice', 'planCurrency'];

/**
 * Whether the screen has a value for the source: an answer that may be sent (a question's, unless its kind's answers
 * are personal: only values the flow or the server define, such as option values, a plan's productId or offer ids,
 * may be; what the visitor typed, a birth date, time or place never is, and the email is no answer at all); a plan;
 * a step and answer key.
 */
export function sourceFits(kinds: KindRegistry, screen: Screen, source: AnalyticsSource): boolean {
  if (source === 'answer') return isQuestionScreen(screen) && kindOf(kinds, screen).personalAnswer === null;
  if (planSources.includes(source)) return kindOf(kinds, screen).choosesPlan === true;
  if (source === 'stepId' || source === 'questionId') return isQuestionScreen(screen);
  return true;
}

/**
 * Whether the visitor can answer the screen (or press its button): a loading screen moves on by itself and an end
 * leads nowhere, so neither is ever answered.
 */
export function canBeAnswered(kinds: KindRegistry, screen: Screen): boolean {
  return kindOf(kinds, screen).movesOnByItself !== true && branchesOf(screen).length > 0;
}

/** The step id of a screen: the last segment of its route (2-1 of /quiz/2-1, select-price of /select-price). */
export function stepIdOf(screen: Screen): string {
  return screen.route.split('/').pop() ?? '';
}

/** The event a screen sends at each moment (null: none), its own declaration overriding the flow's. */
export interface ScreenEventNames {
  shown: string | null;
  answered: string | null;
  /** Option value → the event sent instead of `answered` when the visitor picks it (single-choice screens). */
  answeredAs: Readonly<Record<string, string>>;
  /** Sent instead of `answered` when the visitor skips an offers screen. */
  skipped: string | null;
}

export function screenEventNames(kinds: KindRegistry, flow: Flow, screen: Screen): ScreenEventNames {
  const own = screen.analytics;
  const pick = (value: string | false | undefined, fallback: string | undefined): string | null => (value === false ? null : (value ?? fallback ?? null));
  const answerable = canBeAnswered(kinds, screen);
  return {
    shown: pick(own?.shown, flow.analytics?.shown),
    answered: answerable ? pick(own?.answered, flow.analytics?.answered) : null,
    answeredAs: answerable && choiceValues(kinds, screen) !== null ? (own?.answeredAs ?? {}) : {},
    skipped: answerable && kindOf(kinds, screen).skippable === true ? (own?.skipped ?? null) : null,
  };
}

/** One declared property of an event: its name and where its value comes from. */
export interface PropertyDeclaration {
  name: string;
  source: AnalyticsSource;
}

/**
 * The declared properties of a screen's event at a moment: the flow's that the screen has a value for, then the
 * screen's own (the same name: the screen's wins). Sources that only an answer has go with the answered event only
 * (a skipped offers screen has neither an answer nor a plan).
 * A screen's own property that does not fit it is left out too (the checker refuses it; this keeps a flow that
 * skipped the checker from sending what it must not).
 */
export function screenProperties(kinds: KindRegistry, flow: Flow, screen: Screen, moment: EventMoment): PropertyDeclaration[] {
  const byName = new Map<string, AnalyticsSource>();
  for (const declared of [flow.analytics?.properties, screen.analytics?.properties]) {
    for (const [name, source] of Object.entries(declared ?? {})) {
      if (!sourceFits(kinds, screen, source) || (moment !== 'answered' && answeredOnlySources.includes(source))) continue;
      byName.set(name, source);
    }
  }
  return [...byName].map(([name, source]) => ({ name, source }));
}

/** One event a flow sends: its name, the screen and moment that send it, and where the flow declares its name. */
export interface DeclaredEvent {
  name: string;
  moment: EventMoment;
  screen: Screen;
  screenIndex: number;
  /** JSON pointer to where the name is declared: the screen's `analytics`, or the flow's default. */
  pointer: string;
  /** On a single-choice screen: the option values this event is sent for. */
  answers?: string[];
}

/** Every event of the flow, screen by screen, in the order shown, answered (and answeredAs), skipped. */
export function declaredEvents(kinds: KindRegistry, flow: Flow): DeclaredEvent[] {
  const events: DeclaredEvent[] = [];
  flow.screens.forEach((screen, screenIndex) => {
    const names = screenEventNames(kinds, flow, screen);
    const own = screen.analytics;
    const where = (field: 'shown' | 'answered' | 'skipped') => (own?.[field] !== undefined ? `/screens/${screenIndex}/analytics/${field}` : `/analytics/${field}`);
    const add = (name: string | null, moment: EventMoment, pointer: string, answers?: string[]) => {
      if (name !== null) events.push({ name, moment, screen, screenIndex, pointer, ...(answers ? { answers } : {}) });
    };
    add(names.shown, 'shown', where('shown'));
    const values = choiceValues(kinds, screen);
    if (values !== null) {
      const plain = values.filter((v) => !Object.hasOwn(names.answeredAs, v));
      if (plain.length > 0) add(names.answered, 'answered', where('answered'), plain);
      for (const [value, name] of Object.entries(names.answeredAs)) {
        if (values.includes(value)) add(name, 'answered', `/screens/${screenIndex}/analytics/answeredAs/${value}`, [value]);
      }
    } else {
      add(names.answered, 'answered', where('answered'));
    }
    add(names.skipped, 'skipped', where('skipped'));
  });
  return events;
}

/** The tracking plan's class for an event: its words joined (Payment Error Shown → PaymentErrorShown). */
export function eventClassName(name: string): string {
  return name
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** The tracking plan's method for an event, camelCase (Payment Error Shown → paymentErrorShown). */
export function eventMethodName(name: string): string {
  const pascal = eventClassName(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/**
 * Names the tracking plan keeps for itself: the Ampli object's own members (and those every object has), and its
 * helper types. An event whose method or class would take one is refused by the checker.
 */
export const reservedEventMethods: readonly string[] = ['load', 'track', 'isLoaded', 'constructor', 'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable'];
export const reservedEventClasses: readonly string[] = ['Ampli', 'AnalyticsInstance', 'BaseEvent', 'LoadOptions', 'FlagValues', 'FlagAssignments'];

/**
 * The events the app itself sends, which no screen declares (nothing is answered): their names and every property
 * each may carry. The app sends them (src/app/analytics/funnel-tracking.ts) and the event log stores only what is
 * declared here or by a flow.
 */
export const appEvents = {
  checkoutStarted: { name: 'Checkout Started', properties: ['screen_id', 'flow_id', 'flow_version', 'plan_id', 'price', 'currency'] },
  paymentResult: { name: 'Payment Result', properties: ['status', 'screen_id', 'flow_id', 'flow_version'] },
  /**
   * The visitor was served an arm of an experiment and their session was made: Amplitude's own exposure event
   * (flag_key and experiment_key the experiment's id, variant its arm `v<version>`), so Amplitude's experiment charts
   * and the event log's readers see the split. The experiment's readout never reads it: exposures are counted from
   * the sessions the server made.
   */
  experimentExposure: { name: '$exposure', properties: ['flag_key', 'variant', 'experiment_key', 'flow_id', 'flow_version'] },
} as const;

/** The user property that holds a visitor's assignment of an A/B flag (ab_priceSet). */
export function abUserProperty(flag: string): string {
  return `ab_${flag}`;
}

/** The user properties the app tells analytics (identify): the flow, its version and each A/B flag, nothing personal. */
export function identifiedUserProperties(flow: Flow): string[] {
  return ['flow_id', 'flow_version', ...Object.keys(flow.flags ?? {}).map(abUserProperty)];
}

/**
 * Every event a flow's screens send with the names of all the properties it may carry: the implicit ones the screen
 * has, then the declared ones (an assignments source stands for one property per flag of the flow, named
 * <property>_<flag>). An event sent by several screens carries the union of theirs.
 */
export function declaredEventProperties(kinds: KindRegistry, flow: Flow): Map<string, Set<string>> {
  const flags = Object.keys(flow.flags ?? {});
  const byEvent = new Map<string, Set<string>>();
  for (const event of declaredEvents(kinds, flow)) {
    const names = byEvent.get(event.name) ?? new Set<string>();
    byEvent.set(event.name, names);
    for (const implicit of implicitProperties) {
      if ((implicit !== 'step_id' && implicit !== 'question_id') || isQuestionScreen(event.screen)) names.add(implicit);
    }
    for (const { name, source } of screenProperties(kinds, flow, event.screen, event.moment)) {
      if (source === 'assignments') for (const flag of flags) names.add(`${name}_${flag}`);
      else names.add(name);
    }
  }
  return byEvent;
}

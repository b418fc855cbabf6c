import type { Flag, Flow, Screen } from '../src/engine/generated/flow-types';
import { isQuestionScreen } from '../src/engine/answers';
import {
  declaredEvents,
  eventClassName,
  eventMethodName,
  screenEventNames,
  screenProperties,
  stepIdOf,
  type DeclaredEvent,
  type PropertyDeclaration,
} from '../src/engine/analytics-events';
import { answerProblem, kindOf } from '../src/engine/kinds/kind-registry';
import type { KindRegistry } from '../src/engine/kinds/screen-kind';

/**
 * The typed tracking plan of a flow (src/app/analytics/generated/tracking-plan.ts), as `ampli pull` generates one
 * from Amplitude Data: an event class and an `ampli` method per event the flow declares, the properties typed from
 * the flow (screen ids, step and question ids and option values as literal unions; the A/B flags by their
 * declarations). The flow's id and version are filled in by the plan. Assumes a valid flow (the caller checks it).
 */
export function trackingPlan(flow: Flow, kinds: KindRegistry, file: string): string {
  const events = declaredEvents(kinds, flow);
  const names = [...new Set(events.map((e) => e.name))];
  const sections = names.map((name) => eventSection(flow, kinds, name, events.filter((e) => e.name === name)));
  const methods = names.map((name) => eventMethod(name, events.filter((e) => e.name === name)));
  return `// Generated from ${file} by \`npm run generate\`. Do not edit: change the flow's \`analytics\`.
//
// The tracking plan of flow "${flow.id}", version ${flow.version}: one typed method per analytics event the flow
// declares, shaped like Ampli (the wrapper \`ampli pull\` generates from Amplitude Data). Call \`ampli.load()\` once
// with the analytics client; before that, every method logs Ampli's error and sends nothing.

/** What the events go through: the Amplitude Browser SDK's client fits, or anything that tracks the same way. */
export interface AnalyticsInstance {
  track(eventType: string, eventProperties?: Record<string, unknown>): unknown;
}

/** An event as Amplitude takes it (the classes below, or what screenEvents returns). */
export interface BaseEvent {
  event_type: string;
  event_properties?: Record<string, unknown>;
}

export interface LoadOptions {
  client: { instance: AnalyticsInstance };
  /** True: every method sends nothing, and says nothing (Ampli's \`disabled\`). */
  disabled?: boolean;
}

/** What every event of this flow carries; the plan fills it in. */
export const flowProperties = { flow_id: ${lit(flow.id)}, flow_version: ${flow.version} } as const;

/** The flow's A/B flags and the values each may take. */
export ${flagValues(flow)}

/** The visitor's A/B flags as event properties, one each, named <prefix>_<flag> (\`assignments\` in the flow). */
export type FlagAssignments<Prefix extends string> = { [Flag in keyof FlagValues as \`\${Prefix}_\${Flag}\`]?: FlagValues[Flag] };
${sections.join('')}
export class Ampli {
  #instance: AnalyticsInstance | undefined;
  #disabled = false;

  get isLoaded(): boolean {
    return this.#instance !== undefined;
  }

  /** Call once when the app starts, with the analytics client. */
  load(options: LoadOptions): void {
    this.#disabled = options.disabled ?? false;
    if (this.#instance) {
      console.warn('WARNING: Ampli is already initialized. Ampli.load() should be called once at application startup.');
      return;
    }
    this.#instance = options.client.instance;
  }

  /** Sends any event: one of the classes above, or one screenEvents built from the flow. */
  track(event: BaseEvent): void {
    this.#ready()?.track(event.event_type, event.event_properties);
  }
${methods.join('')}
  #ready(): AnalyticsInstance | null {
    if (!this.#instance) {
      console.error('ERROR: Ampli is not yet initialized. Have you called ampli.load() on app start?');
      return null;
    }
    return this.#disabled ? null : this.#instance;
  }
}

/** The app's tracking plan: load it once at start. */
export const ampli = new Ampli();
`;
}

const momentText = { shown: 'opens', answered: 'is answered', skipped: 'is skipped' } as const;

function describe(name: string, events: DeclaredEvent[]): string {
  const first = events[0]!;
  const routes = [...new Set(events.map((e) => e.screen.route))];
  const where = routes.length === 1 ? `${routes[0]} ${momentText[first.moment]}` : `one of these screens ${momentText[first.moment]}: ${routes.join(', ')}`;
  // An answeredAs event stands for an option: say which.
  const picked = events.every((e) => e.pointer.includes('/answeredAs/'));
  const picks = events.flatMap((e) => (e.answers ?? []).map((a) => `${a} on ${e.screen.route}`));
  const when = picked ? `the visitor picks ${picks.join(', ')}` : where;
  return `"${name}": sent when ${when}.`;
}

function eventSection(flow: Flow, kinds: KindRegistry, name: string, events: DeclaredEvent[]): string {
  const className = eventClassName(name);
  const members = [...new Set(events.map((e) => memberType(flow, kinds, e)))];
  const union = members.length === 1 ? ` ${members[0]}` : members.map((m) => `\n  | ${m}`).join('');
  const doc = describe(name, events);
  return `
/** The properties of ${lit(name)}, besides flow_id and flow_version. */
export type ${className}Properties =${union};

/** ${doc} */
export class ${className} implements BaseEvent {
  readonly event_type = ${lit(name)};
  readonly event_properties: ${className}Properties & typeof flowProperties;

  constructor(properties: ${className}Properties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}
`;
}

function eventMethod(name: string, events: DeclaredEvent[]): string {
  const className = eventClassName(name);
  return `
  /** ${describe(name, events)} */
  ${eventMethodName(name)}(properties: ${className}Properties): void {
    this.track(new ${className}(properties));
  }
`;
}

/**
 * The properties of one screen's event: its implicit properties, then the declared ones (the A/B flags as a
 * FlagAssignments beside them).
 */
function memberType(flow: Flow, kinds: KindRegistry, event: DeclaredEvent): string {
  const { screen } = event;
  const types = [`screen_id: ${lit(screen.id)}`];
  if (isQuestionScreen(screen)) types.push(`step_id: ${lit(stepIdOf(screen))}`, `question_id: ${lit(screen.answerKey)}`);
  const flagSets: string[] = [];
  for (const declaration of screenProperties(kinds, flow, screen, event.moment)) {
    if (declaration.source === 'assignments') flagSets.push(`FlagAssignments<${lit(declaration.name)}>`);
    else types.push(declaredType(flow, kinds, event, declaration));
  }
  return [`{ ${types.join('; ')} }`, ...flagSets].join(' & ');
}

function declaredType(flow: Flow, kinds: KindRegistry, event: DeclaredEvent, { name, source }: PropertyDeclaration): string {
  const { screen } = event;
  switch (source) {
    case 'answer':
      return answerType(flow, kinds, name, screen, event);
    case 'planId':
    case 'planCurrency':
      return `${key(name)}?: string`;
    case 'planPrice':
      return `${key(name)}?: number`;
    case 'flowId':
      return `${key(name)}: ${lit(flow.id)}`;
    case 'flowVersion':
      return `${key(name)}: ${flow.version}`;
    case 'screenId':
      return `${key(name)}: ${lit(screen.id)}`;
    case 'stepId':
      return `${key(name)}: ${lit(stepIdOf(screen))}`;
    case 'questionId':
      return `${key(name)}: ${lit(isQuestionScreen(screen) ? screen.answerKey : '')}`;
    case 'assignments':
      return '';
  }
}

/** FlagValues: the flag declarations as its members, with their descriptions. */
function flagValues(flow: Flow): string {
  const members = Object.entries(flow.flags ?? {}).map(([flag, declaration]) => {
    const doc = declaration.description ? `  /** ${declaration.description.replace(/\*\//g, '*\\/')} */\n` : '';
    return `${doc}  ${key(flag)}: ${flagType(declaration)};\n`;
  });
  return members.length > 0 ? `interface FlagValues {\n${members.join('')}}` : 'type FlagValues = Record<never, never>;';
}

/**
 * A single choice's option values; several values joined by commas; a plan's productId; offer ids joined by
 * commas. An empty answer is left out (no offer bought, unless the skip has its own event; no option chosen).
 */
function answerType(flow: Flow, kinds: KindRegistry, name: string, screen: Screen, event: DeclaredEvent): string {
  if (event.answers) return `${key(name)}: ${event.answers.map(lit).join(' | ')}`;
  // An empty list the screen takes (no offer bought, none of the options), unless a skip has its own event.
  const takesNone = answerProblem(kinds, screen, []) === null;
  const skipEvent = kindOf(kinds, screen).skippable === true && screenEventNames(kinds, flow, screen).skipped !== null;
  const mayBeEmpty = takesNone && !skipEvent;
  return `${key(name)}${mayBeEmpty ? '?' : ''}: string`;
}

function flagType(flag: Flag): string {
  return flag.type === 'string' ? flag.values.map(lit).join(' | ') : 'boolean';
}

function lit(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : lit(name);
}

import type { ZoneHistory } from '../engine/zone-history';
import { createActor, fromPromise, waitFor, type AnyActorLogic } from 'xstate';
import type { Flow, PriceScreen, Screen } from '../engine/generated/flow-types';
import { isPlacePick, type AnswerValue, type Answers } from '../engine/answers';
import { compileFlow, screenIdOf, type FunnelEvent } from '../engine/compile-flow';
import { defaultFlags, indexFlow, resolveReturnRoute } from '../engine/flow-graph';
import type { Flags } from '../engine/conditions';
import type { PlanSet } from '../engine/plan-set';
import { kindOf, statusEffectOf, submissionOf, submitEffectOf } from '../engine/kinds/kind-registry';
import type { KindRegistry } from '../engine/kinds/screen-kind';
import { buildAstroUser } from './build-astro-user';
import { buildSubscriptionUser } from './build-subscription-user';
import { buildCheckoutRequest } from './build-checkout-request';
import { visitorProfile } from './visitor-profile';

/** Where a persona's place answer lies; the offset at the birth moment is worked out as the app does. */
export interface PersonaPlace {
  place: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/**
 * A visitor to simulate (flows/personas/*.json, schemas/persona.schema.json): the answers by answer key, the
 * email, the A/B flag values remote config gives, and how each effect the path meets turns out.
 */
export interface Persona {
  name: string;
  description?: string;
  /** Answers by answer key (`1-1`, `2-4`…); a place is given without its offset. */
  answers: Record<string, string | string[] | PersonaPlace>;
  email: string;
  /** Remote config's values; the flow's defaults for the rest. */
  flags?: Flags;
  /**
   * How the effects turn out, by effect name (`submitEmail: "new"`, `startCheckout: "redirected"`,
   * `checkPayment: "paid"`, `purchaseOffers: "skipped"`), and `payment`: what the visitor does on the hosted
   * payment page (`success`, `error` or `cancel`). An effect not named: the first outcome the flow tests for it.
   */
  outcomes?: Record<string, string>;
  /** Stop on this screen (default: at an end screen, or where the persona gives no answer). */
  stopAt?: string;
  /**
   * The screen the persona's walk is expected to end on. The flow store replays every persona before it stores a
   * version, and refuses one on which a persona ends elsewhere.
   */
  expectedEnd?: string;
  /** The payment provider of the plans the persona picks (the app finds it among the loaded plans): default the price screen's. */
  paysWith?: 'maxpay' | 'paypal';
}

/** What the simulation cannot know and the browser supplies: the visitor's id, user agent, time zone, IP data. */
export interface SimulationEnvironment {
  usid: string;
  userAgent: string;
  timeZone: string;
  cookies: string;
  flowOuter: boolean;
  ipInfo: Parameters<typeof buildAstroUser>[0]['ipInfo'];
  /** The order id each checkout is given (the app makes a random one). */
  orderId: string;
  project: string;
  /**
   * The histories of the persona's birthplace zones, as the app fetches them when a place is picked
   * (`GET /places/zone`): the offset comes from them, and the place answer keeps them, as in the app. A zone without
   * one is read from the runtime's tz data.
   */
  zoneHistories?: Readonly<Record<string, ZoneHistory>>;
}

/** Placeholders for a report that no browser ran: `{usid}` where the visitor's id goes, and so on. */
export const placeholderEnvironment: SimulationEnvironment = {
  usid: '{usid}',
  userAgent: '{userAgent}',
  timeZone: '{browserTimeZone}',
  cookies: '',
  flowOuter: false,
  ipInfo: null,
  orderId: '{orderId}',
  project: '{project}',
};

/** What the visitor does on a screen: the machine's event, as the app's UI sends it. */
export type SimulatedAction =
  | { type: 'NEXT' }
  | { type: 'ANSWER'; value: AnswerValue }
  | { type: 'SUBMIT_EMAIL' };

export interface SimulatedStep {
  screen: string;
  route: string;
  /** What the visitor does there (none on the last screen). */
  action: SimulatedAction | null;
  /** The outcome of the screen's submit or status effect, when it has one. */
  outcome: string | null;
  /**
   * A price screen's checkout opened the hosted payment page: what the visitor did there (paid: `success`, declined:
   * `error`, `cancel`) and the screen its return route leads back to.
   */
  payment?: { result: string; returnsTo: string };
}

export interface SimulatedRequest {
  /** The screen whose effect sends it, and the effect. */
  screen: string;
  effect: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The path on the app's origin (`/subs/users/create`), as the default configuration calls it. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export interface Simulation {
  persona: string;
  steps: SimulatedStep[];
  /** The plan set each price screen on the path shows (groups, and the A/B set when one is named). */
  planSets: Array<{ screen: string; planSet: PlanSet }>;
  /** The requests the path sends with the visitor's answers: the email's (astro and subscription users) and the checkout's. */
  requests: SimulatedRequest[];
  /** Why the path stopped where it did. */
  stopped: string;
  /** What the app holds as each step's screen opens (by step index): the answers, the flags assigned, the screens seen. */
  heldAt: Array<{ answers: Answers; assigned: Flags; seen: string[] }>;
}

const FIRST_OUTCOME: Record<string, string> = { submitEmail: 'new', startCheckout: 'redirected', purchaseOffers: 'skipped', checkPayment: 'paid', readPaymentError: 'unknown' };
const MAX_STEPS = 500;

/** The zones of a persona's birthplaces, whose histories the simulation can be given. */
export function personaZones(persona: Persona): string[] {
  return [...new Set(Object.values(persona.answers).filter(isPlacePick).map((p) => p.timeZone))];
}

/**
 * Walks the flow as the persona would, on the compiled machine itself, and lists the screens, the plan sets shown
 * and the requests sent on the way. The requests come from the payload builders the app's effects use
 * (buildAstroUser, buildSubscriptionUser, buildCheckoutRequest), with the environment's values for what only a
 * browser knows.
 */
export async function simulatePersona(flow: Flow, kinds: KindRegistry, persona: Persona, env: SimulationEnvironment = placeholderEnvironment): Promise<Simulation> {
  const { byId, byRoute } = indexFlow(flow);
  const requests: SimulatedRequest[] = [];
  const outcome = (effect: string) => persona.outcomes?.[effect] ?? FIRST_OUTCOME[effect] ?? 'done';

  // Each effect answers with the persona's outcome; the email's and the checkout's also record what they send.
  const effects: Record<string, AnyActorLogic> = {};
  const names = new Set(flow.screens.flatMap((s) => [...(s.effects ?? []), submitEffectOf(kinds, s), statusEffectOf(kinds, s)].filter((n): n is string => !!n)));
  for (const name of names) {
    effects[name] = fromPromise(async ({ input }: { input: { screen: Screen; answers: Answers; email: string | null; results: Record<string, unknown>; flags: Flags; seen?: readonly string[] } }) => {
      const result = outcome(name);
      if (name === 'submitEmail') recordEmail(input.screen, input.answers, input.email ?? persona.email, result);
      // A checkout that opened the hosted payment, on a screen that starts one (its `returnTo`).
      if (name === 'startCheckout' && 'returnTo' in input.screen && result === 'redirected') recordCheckout(input.screen, input);
      if (submitEffectOf(kinds, input.screen) === name || statusEffectOf(kinds, input.screen) === name) return { outcome: result };
      // An effect a screen only shows (plans, offers, recent purchases): never settles, as a slow server.
      return new Promise(() => undefined);
    });
  }

  const recordEmail = (screen: Screen, answers: Answers, email: string, result: string) => {
    requests.push({ screen: screen.id, effect: 'submitEmail', method: 'GET', path: '/subs/users/check-subscription', query: { email, project: env.project } });
    if (result === 'premium') return;
    requests.push({ screen: screen.id, effect: 'submitEmail', method: 'GET', path: '/astro/api/v2/user/email', query: { email } });
    requests.push({
      screen: screen.id,
      effect: 'submitEmail',
      method: 'POST',
      path: '/astro/api/v2/user/create',
      body: buildAstroUser({ profile: visitorProfile(answers, flow.profile), email, usid: env.usid, flowOuter: env.flowOuter, ipInfo: env.ipInfo, browserTimeZone: env.timeZone }),
    });
    requests.push({
      screen: screen.id,
      effect: 'submitEmail',
      method: 'POST',
      path: '/subs/users/create',
      body: buildSubscriptionUser({ email, flowOuter: env.flowOuter, project: env.project, ipInfo: env.ipInfo, fbc: cookie('_fbc'), fbp: cookie('_fbp'), userAgent: env.userAgent }),
    });
  };
  const cookie = (name: string) => env.cookies.split(/;\s*/).find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1) ?? null;
  const recordCheckout = (screen: PriceScreen, input: { answers: Answers; results: Record<string, unknown>; flags: Flags; seen?: readonly string[]; email: string | null }) => {
    const productId = input.answers[screen.answerKey];
    if (!screen.returnTo || typeof productId !== 'string') return;
    requests.push({
      screen: screen.id,
      effect: 'startCheckout',
      method: 'POST',
      path: '/subs/checkout/sessions',
      body: buildCheckoutRequest({
        screen: { ...screen, returnTo: screen.returnTo },
        project: env.project,
        provider: persona.paysWith ?? screen.provider ?? 'maxpay',
        productId,
        email: input.email ?? persona.email,
        usid: env.usid,
        orderId: env.orderId,
        answers: input.answers,
        results: input.results,
        flags: input.flags,
        seen: input.seen,
      }),
    });
  };

  const machine = compileFlow(flow, { kinds, effects: effects as never });
  const actor = createActor(machine).start();
  actor.send({ type: 'SET_FLAGS', flags: { ...defaultFlags(flow), ...persona.flags }, settled: true });

  const steps: SimulatedStep[] = [];
  const heldAt: Simulation['heldAt'] = [];
  const planSets: Simulation['planSets'] = [];
  // A screen waiting on its submit or status effect (the machine's `submitting` and `checking` sub-states).
  const busy = (value: unknown) => {
    const sub = typeof value === 'object' && value !== null ? Object.values(value)[0] : undefined;
    return sub === 'submitting' || sub === 'checking';
  };
  const settled = () => waitFor(actor, (s) => !busy(s.value), { timeout: 1000 });
  const answerFor = (screen: Screen): AnswerValue | undefined => {
    if (!('answerKey' in screen)) return undefined;
    const given = persona.answers[screen.answerKey];
    const kind = kindOf(kinds, screen);
    if (!kind.personaAnswer) return given as AnswerValue | undefined;
    return kind.personaAnswer(screen, given, env.zoneHistories ? { zoneHistories: env.zoneHistories } : {});
  };

  let stopped = '';
  while (steps.length < MAX_STEPS) {
    await settled();
    const id = screenIdOf(actor.getSnapshot());
    const screen = byId.get(id);
    if (!screen) throw new Error(`the machine is on "${id}", which the flow does not have`);
    const planSet = kindOf(kinds, screen).planSet?.(screen, actor.getSnapshot().context.flags);
    if (planSet) planSets.push({ screen: id, planSet });
    const step: SimulatedStep = { screen: id, route: screen.route, action: null, outcome: null };
    steps.push(step);
    const { answers, assigned, seen } = actor.getSnapshot().context;
    heldAt.push(structuredClone({ answers, assigned, seen }));
    if (persona.stopAt === id) {
      stopped = `stopped at ${id}, as the persona asks`;
      break;
    }
    if (screen.end === true) {
      stopped = `reached the end screen ${id}`;
      break;
    }
    let event: FunnelEvent;
    if (submissionOf(kinds, screen) === 'email') {
      step.action = { type: 'SUBMIT_EMAIL' };
      event = { type: 'SUBMIT_EMAIL', email: persona.email };
    } else if ('answerKey' in screen) {
      const value = answerFor(screen);
      if (value === undefined) {
        stopped = `the persona has no answer for ${screen.answerKey} (${id})`;
        break;
      }
      step.action = { type: 'ANSWER', value };
      event = { type: 'ANSWER', value };
    } else {
      step.action = { type: 'NEXT' };
      event = { type: 'NEXT' };
    }
    const before = actor.getSnapshot();
    actor.send(event);
    await settled();
    // The answer as the machine kept it (a place with the offset it computed at the birth moment).
    const kept = 'answerKey' in screen && event.type === 'ANSWER' ? actor.getSnapshot().context.answers[screen.answerKey] : undefined;
    if (kept !== undefined) step.action = { type: 'ANSWER', value: kept };
    const submit = submitEffectOf(kinds, screen);
    if (submit) step.outcome = outcome(submit);
    const status = statusEffectOf(kinds, screen);
    if (status) step.outcome = outcome(status);
    // A checkout that opened the hosted payment: the visitor pays, is declined or cancels, and comes back.
    if ('returnTo' in screen && submit && outcome(submit) === 'redirected' && screen.returnTo) {
      const payment = persona.outcomes?.payment ?? 'success';
      const value = screen.returnTo[payment as keyof typeof screen.returnTo];
      if (value === undefined) throw new Error(`payment outcome "${payment}" is none of success, error, cancel`);
      const { answers, results, flags, seen } = actor.getSnapshot().context;
      const route = resolveReturnRoute(value, answers, results, flags, seen);
      const target = route ? byRoute.get(route) : undefined;
      if (!target) {
        stopped = `the payment's ${payment} return leads to ${route ?? 'nowhere'}, outside the flow`;
        break;
      }
      step.payment = { result: payment, returnsTo: target.id };
      actor.send({ type: 'RETURN', screen: target.id });
      continue;
    }
    if (actor.getSnapshot() === before || screenIdOf(actor.getSnapshot()) === id) {
      stopped = event.type === 'ANSWER' ? `${id} refuses the answer ${JSON.stringify(event.value)}` : `the machine stays on ${id} after ${event.type}`;
      break;
    }
  }
  actor.stop();
  return { persona: persona.name, steps, planSets, requests, stopped: stopped || `stopped after ${MAX_STEPS} steps`, heldAt };
}

/** The persona file's data, checked: a readable message for each thing that is not as the schema says. */
export function readPersona(data: unknown, file: string): Persona {
  const problems: string[] = [];
  const o = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  if (typeof o.name !== 'string' || o.name === '') problems.push('"name" must be a non-empty string');
  if (typeof o.email !== 'string' || !o.email.includes('@')) problems.push('"email" must be an email address');
  if (typeof o.answers !== 'object' || o.answers === null || Array.isArray(o.answers)) problems.push('"answers" must be an object of answers by answer key');
  if (o.flags !== undefined && (typeof o.flags !== 'object' || o.flags === null)) problems.push('"flags" must be an object of flag values');
  if (o.outcomes !== undefined && (typeof o.outcomes !== 'object' || o.outcomes === null || Object.values(o.outcomes).some((v) => typeof v !== 'string'))) {
    problems.push('"outcomes" must map effect names (and "payment") to outcome names');
  }
  if (o.stopAt !== undefined && typeof o.stopAt !== 'string') problems.push('"stopAt" must be a screen id');
  if (o.expectedEnd !== undefined && typeof o.expectedEnd !== 'string') problems.push('"expectedEnd" must be a screen id');
  if (o.paysWith !== undefined && o.paysWith !== 'maxpay' && o.paysWith !== 'paypal') problems.push('"paysWith" must be maxpay or paypal');
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  return o as unknown as Persona;
}

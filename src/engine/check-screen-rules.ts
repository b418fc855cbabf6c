import type { DateScreen, Flow, PaymentErrorScreen, PriceScreen, Screen } from './generated/flow-types';
import { possibleTargetsOfAnswer } from './payment-error';
import { planTermPlaceholders, requiredPlanTerms } from './plan-terms';

type Report = (pointer: string, message: string, hint: string) => void;

/**
 * The rules of a screen's own fields that JSON Schema cannot express: a minimum age on the visitor's own birth date,
 * with its message; a price screen's terms stating every price a visitor agrees to; a payment error page's two
 * actions distinct, and its secondary action named for every screen it may lead to. `pointer` is the screen's.
 * Assumes the flow passed the schema.
 */
export function checkScreenRules(flow: Flow, screen: Screen, pointer: string, report: Report): void {
  if (screen.kind === 'date') checkMinAge(flow, screen, pointer, report);
  if (screen.kind === 'price') checkPlanTerms(screen, pointer, report);
  if (screen.kind === 'payment-error') checkPaymentError(screen, pointer, report);
}

function checkMinAge(flow: Flow, screen: DateScreen, pointer: string, report: Report): void {
  if (screen.minAge === undefined) {
    if (screen.messages.tooYoung !== undefined) report(`${pointer}/messages/tooYoung`, '"tooYoung" is never shown: this screen has no "minAge"', 'add "minAge", or remove the message');
    return;
  }
  if (screen.answerKey !== flow.profile.birthDate) {
    report(
      `${pointer}/minAge`,
      `"minAge" on "${screen.id}", which is not the visitor's own birth date (the profile's birthDate is "${flow.profile.birthDate}")`,
      'put "minAge" on the visitor\'s birth date screen only: a partner\'s age is not the visitor\'s',
    );
  }
  if (screen.messages.tooYoung === undefined) {
    report(`${pointer}/messages`, `"minAge" ${screen.minAge} refuses younger visitors, and there is no "tooYoung" message to tell them why`, 'add messages.tooYoung, a kind sentence saying who may go on');
  }
}

function checkPlanTerms(screen: PriceScreen, pointer: string, report: Report): void {
  const type = screen.planType ?? 'TRIAL';
  const required = requiredPlanTerms[type];
  for (const field of ['planTerms', 'payTerms'] as const) {
    const text = screen[field];
    const used = [...text.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? '');
    for (const name of used) {
      if (!planTermPlaceholders.some((known) => known === name)) report(`${pointer}/${field}`, `unknown placeholder {${name}} in the plan's terms`, `use ${planTermPlaceholders.map((n) => `{${n}}`).join(', ')}`);
      else if (type === 'SUBSCRIPTION' && (name === 'trialPrice' || name === 'trialLength')) report(`${pointer}/${field}`, `{${name}} on a SUBSCRIPTION screen, whose plans have no trial`, 'remove it');
    }
    const missing = required.filter((name) => !used.includes(name));
    if (missing.length > 0) {
      report(
        `${pointer}/${field}`,
        `the plan's terms leave out ${missing.map((n) => `{${n}}`).join(' and ')}: a visitor must see what they pay now, for how long, and what it renews at`,
        `say it with ${required.map((n) => `{${n}}`).join(', ')}`,
      );
    }
  }
}

function checkPaymentError(screen: PaymentErrorScreen, pointer: string, report: Report): void {
  const { primary, secondary } = screen;
  if (primary.value === secondary.value) report(`${pointer}/secondary/value`, `the secondary action answers "${secondary.value}", as the primary one does`, 'give each action its own value');
  const targets = possibleTargetsOfAnswer(screen, secondary.value);
  for (const target of targets) {
    if (!Object.hasOwn(secondary.labels, target)) {
      report(`${pointer}/secondary/labels`, `the secondary action may lead to "${target}", and has no label saying so`, `add "${target}" to secondary.labels with a button text naming that page`);
    }
  }
  for (const target of Object.keys(secondary.labels)) {
    if (!targets.includes(target)) {
      report(`${pointer}/secondary/labels/${target}`, `the secondary action never leads to "${target}"`, targets.length > 0 ? `label only ${targets.join(', ')}` : 'add a branch of "next" for the secondary action');
    }
  }
}

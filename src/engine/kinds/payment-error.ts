import type { PaymentErrorScreen } from '../generated/flow-types';
import { paymentErrorOutcomes, possibleTargetsOfAnswer } from '../payment-error';
import type { Report, ScreenKind } from './screen-kind';

/**
 * Why a payment failed (`reasonFrom` reports it) and two ways on: the primary action (try again) and the secondary
 * one, labelled for each page it may lead to. The action pressed is the answer.
 */
export const paymentErrorKind: ScreenKind<PaymentErrorScreen> = {
  kind: 'payment-error',
  submits: null,
  personalAnswer: null,
  status: { field: 'reasonFrom', outcomes: paymentErrorOutcomes },
  answerProblem(screen, value) {
    if (typeof value !== 'string' || value === '') return 'required';
    return value === screen.primary.value || value === screen.secondary.value ? null : 'unknownOption';
  },
  answerValues: (screen) => [screen.primary.value, screen.secondary.value],
  pickedFrom: (screen) => [screen.primary.value, screen.secondary.value],
  statusEffect: (screen) => screen.reasonFrom,
  resultReads: (screen) => [{ field: 'reasonFrom', effect: screen.reasonFrom, kind: 'paymentError' }],
  otherTexts(screen) {
    const texts: Array<[string, string]> = [];
    for (const [name, reason] of Object.entries(screen.reasons)) {
      for (const field of ['eyebrow', 'title'] as const) {
        const text = reason[field];
        if (text !== undefined) texts.push([`/reasons/${name}/${field}`, text]);
      }
      (reason.body ?? []).forEach((t, j) => texts.push([`/reasons/${name}/body/${j}`, t]));
    }
    texts.push(['/primary/label', screen.primary.label]);
    for (const [target, label] of Object.entries(screen.secondary.labels)) texts.push([`/secondary/labels/${target}`, label]);
    return texts;
  },
  check(screen, { pointer, report, effects }) {
    if ((!effects || effects.includes(screen.reasonFrom)) && !(screen.effects ?? []).includes(screen.reasonFrom)) {
      report(`${pointer}/reasonFrom`, `"${screen.reasonFrom}" is not one of this screen's effects, so the reason it shows is nobody's answer`, `add "${screen.reasonFrom}" to this screen's "effects"`);
    }
    checkActions(screen, pointer, report);
  },
  // A simulated visitor tries again.
  personaAnswer: (screen) => screen.primary.value,
  examples: (screen) => [screen.primary.value, screen.secondary.value],
};

/** The two actions are distinct, and the secondary one is labelled for every screen it may lead to, and no other. */
function checkActions(screen: PaymentErrorScreen, pointer: string, report: Report): void {
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

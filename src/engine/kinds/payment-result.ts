import type { PaymentResultScreen } from '../generated/flow-types';
import { branchesOf } from '../flow-graph';
import { paymentOutcomes, paymentStatuses } from '../payment-status';
import type { ScreenKind } from './screen-kind';

/** The hosted payment's return page: it shows the order's status, as its `statusFrom` effect reports it. */
export const paymentResultKind: ScreenKind<PaymentResultScreen> = {
  kind: 'payment-result',
  submits: null,
  personalAnswer: null,
  status: { field: 'statusFrom', outcomes: paymentOutcomes },
  statusEffect: (screen) => screen.statusFrom,
  resultReads: (screen) => [{ field: 'statusFrom', effect: screen.statusFrom, kind: 'paymentStatus' }],
  otherTexts(screen) {
    const texts: Array<[string, string]> = [];
    for (const [name, state] of Object.entries(screen.states)) {
      for (const field of ['eyebrow', 'title', 'cta'] as const) {
        const text = state[field];
        if (text !== undefined) texts.push([`/states/${name}/${field}`, text]);
      }
      (state.body ?? []).forEach((t, j) => texts.push([`/states/${name}/body/${j}`, t]));
    }
    return texts;
  },
  check(screen, { pointer, report, effects }) {
    // An unknown name is reported with the other unknown effects.
    if ((!effects || effects.includes(screen.statusFrom)) && !(screen.effects ?? []).includes(screen.statusFrom)) {
      report(`${pointer}/statusFrom`, `"${screen.statusFrom}" is not one of this screen's effects, so the status it shows is nobody's answer`, `add "${screen.statusFrom}" to this screen's "effects"`);
    }
    if (branchesOf(screen).length > 0) {
      for (const name of paymentStatuses) {
        if (screen.states[name].cta === undefined) report(`${pointer}/states/${name}`, `payment result "${screen.id}" has "next" but no "cta" button in its "${name}" texts to go there`, 'add "cta" with the button text');
      }
    }
  },
};

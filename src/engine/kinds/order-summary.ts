import type { OrderSummaryScreen } from '../generated/flow-types';
import type { ScreenKind } from './screen-kind';

/** What the visitor bought and what happens next, as its `summaryFrom` effect finds it; an end with a way on. */
export const orderSummaryKind: ScreenKind<OrderSummaryScreen> = {
  kind: 'order-summary',
  submits: null,
  personalAnswer: null,
  resultReads: (screen) => [{ field: 'summaryFrom', effect: screen.summaryFrom, kind: 'orderSummary' }],
  otherTexts: (screen) => [
    ['/delivery', screen.delivery],
    ['/deliveryUnknown', screen.deliveryUnknown],
    ...screen.steps.map((t, j): [string, string] => [`/steps/${j}`, t]),
  ],
  check(screen, { flow, pointer, report, effects, ids }) {
    if ((!effects || effects.includes(screen.summaryFrom)) && !(screen.effects ?? []).includes(screen.summaryFrom)) {
      report(`${pointer}/summaryFrom`, `"${screen.summaryFrom}" is not one of this screen's effects, so nothing finds what the visitor bought`, `add "${screen.summaryFrom}" to this screen's "effects"`);
    }
    if (!ids.has(screen.wayOn.to)) report(`${pointer}/wayOn/to`, `way on to unknown screen "${screen.wayOn.to}"`, `use the id of a screen on the way here, such as the start "${flow.start}"`);
  },
};

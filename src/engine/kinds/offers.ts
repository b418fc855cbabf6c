import type { OffersScreen } from '../generated/flow-types';
import type { ScreenKind } from './screen-kind';

/**
 * The upsell: fixed-price reports an effect loaded (`offersFrom`); the answer is the offer ids chosen, none being a
 * skip, submitted to the purchase effect.
 */
export const offersKind: ScreenKind<OffersScreen> = {
  kind: 'offers',
  submits: 'answer',
  personalAnswer: null,
  choosesPlan: true,
  skippable: true,
  answerProblem(_screen, value) {
    // Offer ids (none is an answer: the visitor skips the offers); which exist is the server's to say.
    if (!Array.isArray(value)) return 'required';
    return new Set(value).size === value.length && value.length <= 20 && value.every((v) => typeof v === 'string' && /^[a-z0-9_]{1,64}$/.test(v)) ? null : 'invalid';
  },
  resultReads: (screen) => [
    { field: 'offersFrom', effect: screen.offersFrom, kind: 'offers' },
    ...(screen.submit === undefined ? [] : [{ field: 'submit', effect: screen.submit, kind: 'purchase' as const }]),
  ],
  loadedOnTheWay: (screen) => ({ field: 'offersFrom', effect: screen.offersFrom }),
  otherTexts(screen) {
    const own = { cta: screen.cta, 'payWith/card': screen.payWith?.card, 'payWith/paypal': screen.payWith?.paypal };
    return Object.entries(own).flatMap(([field, text]): Array<[string, string]> => (text === undefined ? [] : [[`/${field}`, text]]));
  },
};

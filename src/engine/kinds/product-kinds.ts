import type { Screen } from '../generated/flow-types';
import type { ScreenKind } from './screen-kind';
import { welcomeKind } from './welcome';
import { singleChoiceKind } from './single-choice';
import { multipleChoiceKind } from './multiple-choice';
import { textKind } from './text';
import { dateKind } from './date';
import { timeKind } from './time';
import { placeKind } from './place';
import { interstitialKind } from './interstitial';
import { loadingKind } from './loading';
import { emailKind } from './email';
import { priceKind } from './price';
import { offersKind } from './offers';
import { paymentResultKind } from './payment-result';
import { paymentErrorKind } from './payment-error';
import { orderSummaryKind } from './order-summary';

/**
 * The screen kinds of the product, one descriptor each. Composition roots (the app, the server, the scripts) pass it
 * to the engine; a test may pass another (with a kind of its own).
 */
export const productKinds = {
  welcome: welcomeKind,
  'single-choice': singleChoiceKind,
  'multiple-choice': multipleChoiceKind,
  text: textKind,
  date: dateKind,
  time: timeKind,
  place: placeKind,
  interstitial: interstitialKind,
  loading: loadingKind,
  email: emailKind,
  price: priceKind,
  offers: offersKind,
  'payment-result': paymentResultKind,
  'payment-error': paymentErrorKind,
  'order-summary': orderSummaryKind,
} as const satisfies { [K in Screen['kind']]: ScreenKind<Extract<Screen, { kind: K }>> };

// A kind added to the schema without a descriptor here is a compile error above; one here the schema lacks is too.
type Unknown = Exclude<keyof typeof productKinds, Screen['kind']>;
const noUnknownKind: Unknown extends never ? true : never = true;
void noUnknownKind;

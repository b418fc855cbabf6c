import type { ComponentType } from 'react';
import type { Screen } from '../engine/generated/flow-types';
import type { ScreenProps } from './screen-props';
import { WelcomeScreen } from './welcome/welcome-screen';
import { SingleChoiceScreen } from './single-choice/single-choice-screen';
import { MultipleChoiceScreen } from './multiple-choice/multiple-choice-screen';
import { TextScreen } from './text/text-screen';
import { DateScreen } from './date/date-screen';
import { TimeScreen } from './time/time-screen';
import { PlaceScreen } from './place/place-screen';
import { InterstitialScreen } from './interstitial/interstitial-screen';
import { LoadingScreen } from './loading/loading-screen';
import { EmailScreen } from './email/email-screen';
import { PriceScreen } from './price/price-screen';
import { OffersScreen } from './offers/offers-screen';
import { PaymentResultScreen } from './payment-result/payment-result-screen';
import { PaymentErrorScreen } from './payment-error/payment-error-screen';
import { OrderSummaryScreen } from './order-summary/order-summary-screen';

/**
 * One component per screen kind. The mapped type makes a kind added to the schema without a
 * component here a compile error.
 */
export type ScreenRegistry = { [K in Screen['kind']]: ComponentType<ScreenProps<Extract<Screen, { kind: K }>>> };

export const screenRegistry: ScreenRegistry = {
  welcome: WelcomeScreen,
  'single-choice': SingleChoiceScreen,
  'multiple-choice': MultipleChoiceScreen,
  text: TextScreen,
  date: DateScreen,
  time: TimeScreen,
  place: PlaceScreen,
  interstitial: InterstitialScreen,
  loading: LoadingScreen,
  email: EmailScreen,
  price: PriceScreen,
  offers: OffersScreen,
  'payment-result': PaymentResultScreen,
  'payment-error': PaymentErrorScreen,
  'order-summary': OrderSummaryScreen,
};

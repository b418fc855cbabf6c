// Generated from schemas/flow.schema.json by `npm run generate`. Do not edit.
import type { Screen } from './flow-types';

/** What a screen submits: "email" or "answer" (see `x-submits` in schemas/flow.schema.json). */
export type Submission = 'email' | 'answer';

/**
 * What the screens of each kind submit, as the `x-submits` of its `$defs` entry declares: "email", the visitor's
 * email address, held in the funnel's memory only and never saved; "answer", the screen's answer, kept with the
 * other answers, before its `submit` effect runs; null, nothing (an answer, if any, just leads on).
 */
export const screenSubmits = {
  welcome: null,
  'single-choice': null,
  'multiple-choice': null,
  text: null,
  date: null,
  time: null,
  place: null,
  interstitial: null,
  loading: null,
  email: 'email',
  price: 'answer',
  offers: 'answer',
  'payment-result': null,
  'payment-error': null,
  'order-summary': null,
} as const satisfies Record<Screen['kind'], Submission | null>;

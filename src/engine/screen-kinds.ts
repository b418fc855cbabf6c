import type { Screen } from './generated/flow-types';

/** Every screen kind the schema has, for the checker to list when a flow names another. */
export const screenKinds = [
  'welcome',
  'single-choice',
  'multiple-choice',
  'text',
  'date',
  'time',
  'place',
  'interstitial',
  'loading',
  'email',
  'price',
  'offers',
  'payment-result',
  'payment-error',
  'order-summary',
] as const satisfies ReadonlyArray<Screen['kind']>;

// A kind added to the schema and missing here is a compile error.
type Missing = Exclude<Screen['kind'], (typeof screenKinds)[number]>;
const everyKind: Missing extends never ? true : never = true;
void everyKind;

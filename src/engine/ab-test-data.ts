import type { Flow } from './generated/flow-types';
import { declaredValues, flagDeclarations, type FlagValues } from './flags';

/**
 * What the session's `abTestData` holds (saved to the session record with the visit's other data): one entry
 * per flag the visitor has been assigned, flag name → the value they saw (`{ priceSet: "trial_price_test",
 * accessHeadline: "b", discounts: true }`), the same map that goes with every event as its properties. A flag no
 * screen has shown the visitor yet is left out: they are in no group of that test, and counting them in one would
 * skew its drop-off. Typed values (a boolean stays a boolean). The contract's limits (50 keys of at most 128
 * characters) hold: the schema allows at most 50 flags, with names of at most 64.
 */
export function abTestData(flow: Flow, assigned: Readonly<FlagValues>): FlagValues {
  return declaredValues(flagDeclarations(flow), assigned);
}

import { fromPromise } from 'xstate';
import type { EffectInput } from '../../engine/compile-flow';

/** How ordering the visitor's reports ended. */
export type OrderReportsResult = { outcome: 'ordered'; reports: string[] } | { outcome: 'nothing' } | { outcome: 'failed' };

/** `orderReports` (registered ahead of its implementation, so flows may name it). */
export function orderReports() {
  return fromPromise(async (_: { input: EffectInput }): Promise<OrderReportsResult> => ({ outcome: 'nothing' }));
}

import { createHash, randomBytes } from 'node:crypto';
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import type { Arm, RatioCheck } from '../../src/shared/experiment-readout';


/** A visitor key: 128 random bits, base64url (22 characters), kept in the visitor's signed flow cookie. */
export function newVisitorKey(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The arm a visitor gets: SHA-256 of the experiment id and the visitor's key, its first 52 bits read as a fraction of
 * one, laid over the arms' weights in order. The same experiment and key give the same arm on every process and at
 * every visit; keys spread over the arms in proportion to their weights.
 */
export function armFor(experimentId: string, visitorKey: string, arms: readonly Arm[]): Arm {
  if (arms.length === 0) throw new Error(`experiment ${experimentId} has no arms`);
  const digest = createHash('sha256').update(`${experimentId}:${visitorKey}`).digest();
  // 52 bits: exact in a double.
  const fraction = (digest.readUIntBE(0, 6) * 16 + (digest[6]! >> 4)) / 2 ** 52;
  const total = arms.reduce((sum, arm) => sum + arm.weight, 0);
  let point = fraction * total;
  for (const arm of arms) {
    if (point < arm.weight) return arm;
    point -= arm.weight;
  }
  return arms.at(-1)!;
}

/** Below this p-value the split is not to be trusted: visitors did not reach the arms in the proportions set. */
export const SRM_P_THRESHOLD = 0.001;


/**
 * The sample ratio mismatch check: are the exposures per arm what the weights expect? `expected` is each arm's
 * expected count (the weights' shares of the exposures, period by period when the weights were changed). Null while
 * there is nothing to check (no exposures, or one arm).
 */
export function sampleRatioCheck(observed: readonly number[], expected: readonly number[]): RatioCheck | null {
  const total = observed.reduce((sum, n) => sum + n, 0);
  if (observed.length < 2 || total === 0) return null;
  let chiSquare = 0;
  for (let i = 0; i < observed.length; i += 1) {
    const e = expected[i] ?? 0;
    if (e > 0) chiSquare += (observed[i]! - e) ** 2 / e;
    // An arm expected to get nobody that got someone: the split is broken outright.
    else if (observed[i]! > 0) return { chiSquare: Infinity, degreesOfFreedom: observed.length - 1, pValue: 0, mismatch: true };
  }
  const degreesOfFreedom = observed.length - 1;
  const pValue = 1 - chisquareCdf(chiSquare, degreesOfFreedom);
  return { chiSquare, degreesOfFreedom, pValue, mismatch: pValue < SRM_P_THRESHOLD };
}

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { armFor, newVisitorKey, sampleRatioCheck } from './split';

/**
 * Fixed visitor keys, shaped like real ones (128 bits, base64url) but the same on every run: a test of the split's
 * proportions over random keys fails now and then by chance alone, and a test must fail only when the split is wrong.
 */
function fixedKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => createHash('sha256').update(`visitor-${i}`).digest().subarray(0, 16).toString('base64url'));
}

describe('the split', () => {
  const arms = [
    { version: 3, weight: 50 },
    { version: 4, weight: 30 },
    { version: 5, weight: 20 },
  ];

  it('over 10,000 visitor keys, gives each arm its weight\'s share within 3 standard deviations', () => {
    const keys = fixedKeys(10_000);
    const counts = new Map<number, number>();
    for (const key of keys) {
      const { version } = armFor('exp_split', key, arms);
      counts.set(version, (counts.get(version) ?? 0) + 1);
    }
    const total = arms.reduce((sum, arm) => sum + arm.weight, 0);
    for (const arm of arms) {
      const share = arm.weight / total;
      const sd = Math.sqrt(10_000 * share * (1 - share));
      expect(Math.abs((counts.get(arm.version) ?? 0) - 10_000 * share), `arm v${arm.version}`).toBeLessThan(3 * sd);
    }
    // And the three counts together pass the same goodness-of-fit check the readout runs on live exposures.
    const check = sampleRatioCheck(arms.map((arm) => counts.get(arm.version) ?? 0), arms.map((arm) => 10_000 * arm.weight / total))!;
    expect(check.mismatch).toBe(false);
  });

  it('always gives a key the same arm, and another experiment splits the same keys independently', () => {
    const keys = fixedKeys(200);
    const first = keys.map((key) => armFor('exp_a', key, arms).version);
    expect(keys.map((key) => armFor('exp_a', key, arms).version)).toEqual(first);
    const other = keys.map((key) => armFor('exp_b', key, arms).version);
    expect(other).not.toEqual(first);
  });

  it('makes keys of 22 base64url characters (128 random bits)', () => {
    expect(newVisitorKey()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newVisitorKey()).not.toBe(newVisitorKey());
  });
});

describe('the sample ratio mismatch check', () => {
  it('passes a healthy 50/50 split and flags one whose arm lost a tenth of its visitors', () => {
    const healthy = sampleRatioCheck([5_030, 4_970], [5_000, 5_000])!;
    expect(healthy.mismatch).toBe(false);
    expect(healthy.pValue).toBeGreaterThan(0.5);
    // A redirect that loses 10% of one arm's visitors before their session is made.
    const skewed = sampleRatioCheck([5_000, 4_500], [4_750, 4_750])!;
    expect(skewed.mismatch).toBe(true);
    expect(skewed.pValue).toBeLessThan(0.001);
    expect(skewed.chiSquare).toBeCloseTo((250 ** 2 / 4_750) * 2, 9);
    expect(skewed.degreesOfFreedom).toBe(1);
  });

  it('reads a p-value from the chi-square distribution: 3.841 with one degree of freedom is p = 0.05', () => {
    // Observed 1,098 and 902 where 1,000 each are expected: chi-square = 2 × 98² / 1,000 = 19.208 (p ≈ 1.2e-5).
    expect(sampleRatioCheck([1_098, 902], [1_000, 1_000])!.pValue).toBeCloseTo(1.172e-5, 7);
    const boundary = sampleRatioCheck([1_000 + Math.sqrt(3.841459 * 1_000 / 2), 1_000 - Math.sqrt(3.841459 * 1_000 / 2)], [1_000, 1_000])!;
    expect(boundary.pValue).toBeCloseTo(0.05, 5);
  });

  it('has nothing to say without exposures, and calls an arm that got visitors it should not have broken', () => {
    expect(sampleRatioCheck([0, 0], [0, 0])).toBeNull();
    expect(sampleRatioCheck([3, 1], [4, 0])).toMatchObject({ mismatch: true, pValue: 0 });
  });
});

import mt19937 from '@stdlib/random-base-mt19937';
import { describe, expect, it } from 'vitest';
import { bestOfRates, bootstrapMeans, ratePosterior } from './bayes';

describe('paid conversion: Beta(1, 1) posteriors', () => {
  it('40/1,000 against 55/1,000: the second is best with probability 0.942, as integrating the two posteriors gives', () => {
    const [a, b] = bestOfRates([ratePosterior(40, 1000), ratePosterior(55, 1000)]);
    expect(Math.abs(b!.probabilityBest - 0.942)).toBeLessThan(0.005);
    // scipy's quad of f_B(x) F_A(x) over [0, 0.2]: 0.9418873.
    expect(b!.probabilityBest).toBeCloseTo(0.9418873, 5);
    expect(a!.probabilityBest + b!.probabilityBest).toBeCloseTo(1, 6);
    // Choosing the better arm risks less than choosing the worse.
    expect(b!.expectedLoss).toBeLessThan(a!.expectedLoss);
    expect(b!.expectedLoss).toBeGreaterThan(0);
  });

  it('the posterior\'s mean and 95% interval are those of Beta(1 + paid, 1 + not paid)', () => {
    const posterior = ratePosterior(40, 1000);
    expect(posterior).toMatchObject({ alpha: 41, beta: 961 });
    expect(posterior.mean).toBeCloseTo(41 / 1002, 12);
    // Beta(41, 961)'s 2.5% and 97.5% quantiles (scipy.stats.beta.ppf).
    expect(posterior.interval.low).toBeCloseTo(0.0295505, 6);
    expect(posterior.interval.high).toBeCloseTo(0.0540191, 6);
  });

  it('arms with the same numbers share the probability evenly; four arms sum to one', () => {
    const even = bestOfRates([ratePosterior(30, 800), ratePosterior(30, 800)]);
    expect(even[0]!.probabilityBest).toBeCloseTo(0.5, 3);
    const four = bestOfRates([ratePosterior(10, 500), ratePosterior(12, 500), ratePosterior(15, 500), ratePosterior(9, 500)]);
    expect(four.reduce((sum, arm) => sum + arm.probabilityBest, 0)).toBeCloseTo(1, 4);
    expect(four.map((arm) => arm.probabilityBest).indexOf(Math.max(...four.map((arm) => arm.probabilityBest)))).toBe(2);
  });

  it('an arm with no visitors yet has the flat prior', () => {
    expect(ratePosterior(0, 0)).toMatchObject({ alpha: 1, beta: 1, mean: 0.5 });
  });
});

describe('revenue per visitor: the Bayesian bootstrap', () => {
  const trials = [100, 500, 900];
  const upsell = 1999;
  /** Revenue in cents of `visitors` visitors: about 4% pay a $1, $5 or $9 trial, and 30% of payers add a $19.99 upsell. */
  function simulatedArm(visitors: number, seed: number): number[] {
    const random = mt19937.factory({ seed });
    const uniform = () => random() / 4294967296;
    return Array.from({ length: visitors }, () => {
      if (uniform() >= 0.04) return 0;
      const trial = trials[Math.floor(uniform() * 3)]!;
      return trial + (uniform() < 0.3 ? upsell : 0);
    });
  }
  const trueMean = 0.04 * ((100 + 500 + 900) / 3 + 0.3 * upsell);

  it('its 95% intervals cover the true revenue per visitor in at least 93% of 400 simulated experiments of 2,500 visitors an arm', () => {
    let covered = 0;
    let intervals = 0;
    for (let experiment = 0; experiment < 400; experiment += 1) {
      const arms = [simulatedArm(2500, 1 + 2 * experiment), simulatedArm(2500, 2 + 2 * experiment)];
      for (const { interval } of bootstrapMeans(arms, 10_000 + experiment, 2000)) {
        intervals += 1;
        if (interval && interval.low <= trueMean && trueMean <= interval.high) covered += 1;
      }
    }
    expect(covered / intervals).toBeGreaterThanOrEqual(0.93);
  }, 60_000);

  it('is seeded: the same revenue and seed give the same numbers, whatever order the visitors come in', () => {
    const arm = simulatedArm(1000, 7);
    const first = bootstrapMeans([arm, simulatedArm(1000, 8)], 42);
    const again = bootstrapMeans([[...arm].reverse(), simulatedArm(1000, 8)], 42);
    expect(again).toEqual(first);
    expect(bootstrapMeans([arm, simulatedArm(1000, 8)], 43)).not.toEqual(first);
  });

  it('gives the plain mean, a probability to be best that sums to one, and no interval for an arm without visitors', () => {
    const result = bootstrapMeans([[0, 0, 100, 0], [0, 500, 0, 0], []], 1);
    expect(result.map((r) => r.mean)).toEqual([25, 125, 0]);
    expect(result[2]!.interval).toBeNull();
    expect(result[0]!.probabilityBest + result[1]!.probabilityBest + result[2]!.probabilityBest).toBeCloseTo(1, 10);
    expect(result[1]!.probabilityBest).toBeGreaterThan(result[0]!.probabilityBest);
  });
});

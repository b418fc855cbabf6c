import betaCdf from '@stdlib/stats-base-dists-beta-cdf';
import betaPdf from '@stdlib/stats-base-dists-beta-pdf';
import betaQuantile from '@stdlib/stats-base-dists-beta-quantile';
import gamma from '@stdlib/random-base-gamma';
import type { Interval } from '../../src/shared/experiment-readout';

/**
 * The Bayesian numbers an experiment is judged by. Two kinds of outcome:
 * - a rate (paid conversion): each arm's rate has a Beta(1, 1) prior, so its posterior is Beta(1 + paid, 1 + not paid);
 *   the probability that an arm is best and the expected loss of choosing it are integrals over those posteriors,
 *   computed numerically (deterministic, no sampling);
 * - revenue per visitor, whose distribution (most visitors pay nothing, a few pay one of a few prices) has no
 *   convenient posterior: a Bayesian bootstrap (Rubin, 1981). Each draw weighs the arm's visitors by Dirichlet(1, …, 1)
 *   weights and takes the weighted mean revenue. Visitors with the same revenue are drawn together: the sum of k
 *   Dirichlet(1) weights is a Gamma(k) share, which is exact and costs one draw per distinct amount instead of one per
 *   visitor. The draws come from a seeded generator, so the same records always give the same numbers (the CLI, the
 *   editor API and the studio agree to the last digit).
 */


export interface RatePosterior {
  /** Posterior mean (1 + successes) / (2 + trials). */
  mean: number;
  interval: Interval;
  alpha: number;
  beta: number;
}

/** The Beta(1, 1) posterior of `successes` out of `trials`. */
export function ratePosterior(successes: number, trials: number): RatePosterior {
  const alpha = 1 + successes;
  const beta = 1 + Math.max(0, trials - successes);
  return { alpha, beta, mean: alpha / (alpha + beta), interval: { low: betaQuantile(0.025, alpha, beta), high: betaQuantile(0.975, alpha, beta) } };
}

/** Points of the numerical integration over the posteriors' common support (Simpson's rule; even). */
const STEPS = 20_000;

/**
 * For each arm, the probability that its rate is the highest, P(i best) = ∫ f_i(x) Π_{j≠i} F_j(x) dx, and the expected
 * loss of choosing it, E[max_j p_j] − E[p_i], with E[max] = ∫ (1 − Π_j F_j(x)) dx: integrated over the interval that
 * holds all but 1e-12 of every posterior.
 */
export function bestOfRates(posteriors: readonly RatePosterior[]): Array<{ probabilityBest: number; expectedLoss: number }> {
  if (posteriors.length === 0) return [];
  const low = Math.min(...posteriors.map((p) => betaQuantile(1e-12, p.alpha, p.beta)));
  const high = Math.max(...posteriors.map((p) => betaQuantile(1 - 1e-12, p.alpha, p.beta)));
  const h = (high - low) / STEPS;
  const best = posteriors.map(() => 0);
  let aboveAll = 0;
  for (let step = 0; step <= STEPS; step += 1) {
    const x = low + step * h;
    const weight = step === 0 || step === STEPS ? 1 : step % 2 === 1 ? 4 : 2;
    const cdfs = posteriors.map((p) => betaCdf(x, p.alpha, p.beta));
    const all = cdfs.reduce((product, value) => product * value, 1);
    aboveAll += weight * (1 - all);
    posteriors.forEach((p, i) => {
      let others = 1;
      for (let j = 0; j < cdfs.length; j += 1) if (j !== i) others *= cdfs[j]!;
      best[i]! += weight * betaPdf(x, p.alpha, p.beta) * others;
    });
  }
  const expectedMax = low + (h / 3) * aboveAll;
  return posteriors.map((p, i) => ({ probabilityBest: clamp01((h / 3) * best[i]!), expectedLoss: Math.max(0, expectedMax - p.mean) }));
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** Draws of the Bayesian bootstrap of revenue per visitor. */
export const BOOTSTRAP_DRAWS = 4000;

export interface MeanPosterior {
  /** The arm's revenue per visitor (its plain mean). */
  mean: number;
  /** Null for an arm with no visitors yet. */
  interval: Interval | null;
}

/**
 * The Bayesian bootstrap of each arm's mean of `values` (one value per visitor, e.g. cents of revenue; an arm of no
 * visitors has no interval), with the probability that each arm's mean is the highest and the expected loss of
 * choosing it (draw by draw, arms drawn in the same round compared). Seeded: the same values and seed give the same
 * numbers.
 */
export function bootstrapMeans(
  arms: ReadonlyArray<readonly number[]>,
  seed: number,
  draws = BOOTSTRAP_DRAWS,
): Array<MeanPosterior & { probabilityBest: number; expectedLoss: number }> {
  const random = gamma.factory({ seed });
  // Each arm's visitors grouped by value, in value order (the draws must not depend on the order rows came in).
  const groups = arms.map((values) => {
    const counts = new Map<number, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort((a, b) => a[0] - b[0]);
  });
  const samples = groups.map(() => new Float64Array(draws));
  for (let d = 0; d < draws; d += 1) {
    groups.forEach((group, arm) => {
      let total = 0;
      let weights = 0;
      for (const [value, count] of group) {
        const share = random(count, 1);
        total += share * value;
        weights += share;
      }
      samples[arm]![d] = weights > 0 ? total / weights : Number.NaN;
    });
  }
  const wins = arms.map(() => 0);
  const losses = arms.map(() => 0);
  for (let d = 0; d < draws; d += 1) {
    let top = -Infinity;
    let winner = -1;
    samples.forEach((sample, arm) => {
      const value = sample[d]!;
      if (!Number.isNaN(value) && value > top) {
        top = value;
        winner = arm;
      }
    });
    if (winner < 0) continue;
    wins[winner]! += 1;
    samples.forEach((sample, arm) => {
      if (!Number.isNaN(sample[d]!)) losses[arm]! += top - sample[d]!;
    });
  }
  return arms.map((values, arm) => {
    const sorted = [...samples[arm]!].filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
    const mean = values.length > 0 ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;
    const interval = sorted.length > 0 ? { low: sorted[Math.floor(0.025 * sorted.length)]!, high: sorted[Math.ceil(0.975 * sorted.length) - 1]! } : null;
    return { mean, interval, probabilityBest: wins[arm]! / draws, expectedLoss: losses[arm]! / draws };
  });
}

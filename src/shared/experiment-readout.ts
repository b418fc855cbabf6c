import type { DropOffTable } from '../engine/drop-off';

/**
 * An experiment's report as the editor API answers it (`GET /editor/experiments/{id}`), `npm run funnel:report --
 * --experiment ID --format json` prints it and the studio shows it: one shape, and one way to write its numbers
 * (formatReadout below), so the three never disagree. Money is in cents of the currency charged.
 */

/** A 95% interval. */
export interface Interval {
  low: number;
  high: number;
}

/** One arm: a stored version of the flow and its share of new visitors (a positive whole weight). */
export interface Arm {
  version: number;
  weight: number;
}

export interface ExperimentDefinition {
  id: string;
  flowId: string;
  name: string;
  state: 'running' | 'stopped';
  createdBy: string;
  createdAt: string;
  stoppedAt: string | null;
  /** The version published when it was stopped. */
  winner: number | null;
  /** The arms in the editor's order, with their weights now. */
  arms: Arm[];
}

export interface ConversionReadout {
  /** paid / exposed (0 with nobody exposed). */
  rate: number;
  /** The Beta(1, 1) posterior's mean and 95% credible interval. */
  mean: number;
  interval: Interval;
  probabilityBest: number;
  expectedLoss: number;
}

export interface RevenueReadout {
  currency: string;
  /** Total charged to the group's visitors, in cents. */
  cents: number;
  /** Revenue per exposed visitor, in cents, with its 95% interval (Bayesian bootstrap; null with nobody exposed). */
  perVisitor: number;
  interval: Interval | null;
  probabilityBest: number;
  /** In cents per visitor. */
  expectedLoss: number;
}

/** What the server's records say of one group of visitors (an arm, or a flag's variant), judged. */
export interface GroupReadout {
  exposed: number;
  gaveEmail: number;
  startedCheckout: number;
  paid: number;
  conversion: ConversionReadout;
  revenue: RevenueReadout[];
}

export interface RatioCheck {
  /** Pearson's chi-square statistic of the exposures against the expected counts (null in JSON when infinite). */
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number;
  /** p < 0.001: a sample ratio mismatch. */
  mismatch: boolean;
}

export interface ExperimentReadout {
  experiment: ExperimentDefinition;
  /** Where the numbers come from, in words a reader of the readout needs. */
  source: string;
  arms: Array<Arm & GroupReadout>;
  ratioCheck: (RatioCheck & { expected: number[] }) | null;
  /** False when the split itself is broken (a sample ratio mismatch): no number above is to be trusted. */
  trustworthy: boolean;
  /** Why not to trust it, and what is still too few to judge by; empty when neither. */
  notes: string[];
}

export interface ArmDropOff {
  /** Where these numbers come from: unlike the readout, from what browsers sent. */
  source: string;
  /** One table per arm (its version), of the arm's exposed visitors only. */
  tables: DropOffTable[];
}

/** Everything known of an experiment: the readout, each set of weights it ran with, and drop-off per arm. */
export type ExperimentReport = ExperimentReadout & { weightPeriods: Array<{ since: string; arms: Arm[] }>; dropOff: ArmDropOff };

/** A Remote Config flag's variants judged the same way (the browser-reported assignment). */
export interface FlagReadout {
  flag: string;
  since: string;
  source: string;
  variants: Array<{ value: string | null } & GroupReadout>;
  notes: string[];
}

/** How the readout's numbers are written, wherever they are shown. */
export const formatReadout = {
  /** A share as a percentage with two decimals: 0.04 → "4.00%". */
  percent: (value: number) => `${(value * 100).toFixed(2)}%`,
  /** Cents in the currency's major unit: 2199 → "21.99". */
  money: (cents: number) => (cents / 100).toFixed(2),
  /** Cents per visitor in the major unit, to four decimals (a few cents a visitor matter): 43.99 → "0.4399". */
  perVisitor: (cents: number) => (cents / 100).toFixed(4),
  /** An interval as "low to high", or "–" when there is none yet. */
  interval: (range: Interval | null, write: (value: number) => string) => (range ? `${write(range.low)} to ${write(range.high)}` : '–'),
  /** The sample ratio check's numbers: "chi-square 0.42 (1 df), p = 0.517; expected 50.0 / 50.0". */
  ratioCheck: (check: RatioCheck & { expected: readonly number[] }) =>
    `chi-square ${Number.isFinite(check.chiSquare) ? check.chiSquare.toFixed(2) : 'infinite'} (${check.degreesOfFreedom} df), p = ${check.pValue.toPrecision(3)}; expected ${check.expected.map((e) => e.toFixed(1)).join(' / ')}`,
};

import { createHash } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { fromJson, toIso } from '../db/values';
import { bestOfRates, bootstrapMeans, ratePosterior } from './bayes';
import type { ExperimentReadout, FlagReadout, GroupReadout } from '../../src/shared/experiment-readout';
import type { Experiment } from './experiment-store';
import { sampleRatioCheck } from './split';

// The readout of an experiment (or of a Remote Config flag's variants), from the server's own records only: the
// sessions with their assignment, and the payment ledger (checkouts, purchases, charges). Never from browser events:
// the event log takes uploads from anyone, so a forged event cannot move these numbers. Previews are never assigned,
// and their payments carry their mark: both are left out.

/** Below these an arm's numbers are too few to judge by. */
export const MIN_EXPOSED = 100;
export const MIN_PAYMENTS = 10;

/** What the server's records say of one group of visitors (an arm, or a flag's variant). */
export interface GroupRecords {
  /** Visitors whose session was made with this assignment. */
  exposed: number;
  /** Of them, visitors who gave their email (the email screen made their astro or subscription user). */
  gaveEmail: number;
  /** Visitors who opened a hosted checkout. */
  startedCheckout: number;
  /** Visitors who paid for a plan (a trial started). */
  paid: number;
  /** Each paying visitor's revenue by currency, in cents: every charge, the plan's and the upsells'. */
  revenueByVisitor: Map<string, Map<string, number>>;
}

/** The sessions of the visitors a readout is about (a subquery: the ledger is filtered in the database). */
type SessionQuery = SelectQueryBuilder<Database, 'sessions', { id: string }>;

/**
 * The records of the visitors `sessions` selects, grouped by `groupOf` (the arm's version, a flag's value): how many
 * were exposed, gave their email, started a checkout, paid for a plan, and each payer's revenue per currency.
 */
export async function recordsOf(db: Kysely<Database>, sessions: SessionQuery, groupOf: Map<string, string>): Promise<Map<string, GroupRecords>> {
  const groups = new Map<string, GroupRecords>();
  const group = (visitor: string) => {
    const name = groupOf.get(visitor);
    if (name === undefined) return undefined;
    let records = groups.get(name);
    if (!records) {
      records = { exposed: 0, gaveEmail: 0, startedCheckout: 0, paid: 0, revenueByVisitor: new Map() };
      groups.set(name, records);
    }
    return records;
  };
  for (const visitor of groupOf.keys()) group(visitor)!.exposed += 1;
  const [emails, checkouts, paid, planCharges, offerCharges] = await Promise.all([
    db
      .selectFrom('sessions')
      .select('sessions.id')
      .where('sessions.id', 'in', sessions)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('astro_users').select('astro_users.id').whereRef('astro_users.usid', '=', 'sessions.id')),
          eb.exists(eb.selectFrom('subscription_users').select('subscription_users.id').whereRef('subscription_users.owner_usid', '=', 'sessions.id')),
        ]),
      )
      .execute(),
    db.selectFrom('checkouts').select('usid').distinct().where('usid', 'in', sessions).where('preview', '=', false).execute(),
    db
      .selectFrom('checkouts')
      .innerJoin('products', (join) => join.onRef('products.product_id', '=', 'checkouts.product_id').onRef('products.provider', '=', 'checkouts.provider'))
      .select('checkouts.usid')
      .distinct()
      .where('checkouts.usid', 'in', sessions)
      .where('checkouts.status', '=', 'paid')
      .where('checkouts.preview', '=', false)
      .where('products.type', 'in', ['TRIAL', 'SUBSCRIPTION'])
      .execute(),
    // Money taken through a checkout (the plan, or an offer paid on the hosted page)…
    db
      .selectFrom('charges')
      .innerJoin('checkouts', 'checkouts.id', 'charges.checkout_id')
      .select(['checkouts.usid as visitor', 'charges.currency', 'charges.amount_cents as cents'])
      .where('checkouts.usid', 'in', sessions)
      .where('charges.preview', '=', false)
      .execute(),
    // …and in one click (an upsell with the stored method): the purchase names the visitor.
    db
      .selectFrom('charges')
      .innerJoin('purchases', 'purchases.order_id', 'charges.order_id')
      .select(['purchases.usid as visitor', 'charges.currency', 'charges.amount_cents as cents'])
      .where('charges.checkout_id', 'is', null)
      .where('purchases.usid', 'in', sessions)
      .where('charges.preview', '=', false)
      .execute(),
  ]);
  const count = (visitor: string, field: 'gaveEmail' | 'startedCheckout' | 'paid') => {
    const records = group(visitor);
    if (records) records[field] += 1;
  };
  for (const row of emails) count(row.id, 'gaveEmail');
  for (const row of checkouts) count(row.usid, 'startedCheckout');
  for (const row of paid) count(row.usid, 'paid');
  for (const row of [...planCharges, ...offerCharges]) {
    if (row.visitor === null) continue;
    const records = group(row.visitor);
    if (!records) continue;
    const byCurrency = records.revenueByVisitor.get(row.visitor) ?? new Map<string, number>();
    byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + Number(row.cents));
    records.revenueByVisitor.set(row.visitor, byCurrency);
  }
  return groups;
}

/** The bootstrap's seed for a readout: from its id, so the CLI, the API and the studio draw the same numbers. */
export function seedOf(id: string): number {
  return (createHash('sha256').update(id).digest().readUInt32BE(0) % 4294967295) + 1;
}

/** The Bayesian readout of groups in a given order (the arms', or the variants'). */
export function judge(records: readonly GroupRecords[], seed: number): GroupReadout[] {
  const posteriors = records.map((r) => ratePosterior(r.paid, r.exposed));
  const best = bestOfRates(posteriors);
  const currencies = [...new Set(records.flatMap((r) => [...r.revenueByVisitor.values()].flatMap((byCurrency) => [...byCurrency.keys()])))].sort();
  const revenue = currencies.map((currency) => {
    const values = records.map((r) => {
      const paying = [...r.revenueByVisitor.values()].map((byCurrency) => byCurrency.get(currency) ?? 0);
      return [...paying, ...new Array<number>(Math.max(0, r.exposed - paying.length)).fill(0)];
    });
    return { currency, values, judged: bootstrapMeans(values, seed) };
  });
  return records.map((r, i) => ({
    exposed: r.exposed,
    gaveEmail: r.gaveEmail,
    startedCheckout: r.startedCheckout,
    paid: r.paid,
    conversion: { rate: r.exposed > 0 ? r.paid / r.exposed : 0, mean: posteriors[i]!.mean, interval: posteriors[i]!.interval, ...best[i]! },
    revenue: revenue.map(({ currency, values, judged }) => ({
      currency,
      cents: values[i]!.reduce((sum, v) => sum + v, 0),
      perVisitor: judged[i]!.mean,
      interval: judged[i]!.interval,
      probabilityBest: judged[i]!.probabilityBest,
      expectedLoss: judged[i]!.expectedLoss,
    })),
  }));
}

/** A session made with an arm of the experiment: the visitor, their arm (the version) and when. */
export interface Exposure {
  id: string;
  flow_version: number | null;
  created_at: string | Date;
}

/** The sessions exposed to the experiment, as a subquery (no preview is ever assigned; none is counted either). */
function exposedSessions(db: Kysely<Database>, experimentId: string) {
  return db.selectFrom('sessions').select('id').where('experiment_id', '=', experimentId).where('preview', '=', false);
}

/** The experiment's exposures, read once for the readout and drop-off per arm. */
export async function exposuresOf(db: Kysely<Database>, experimentId: string): Promise<Exposure[]> {
  return exposedSessions(db, experimentId).select(['flow_version', 'created_at']).execute();
}

/** The readout of an experiment from the server's records; `sessions` are its exposures (exposuresOf). */
export async function experimentReadout(db: Kysely<Database>, experiment: Experiment, sessions: readonly Exposure[]): Promise<ExperimentReadout> {
  const exposures = exposedSessions(db, experiment.id);
  const groupOf = new Map(sessions.map((s) => [s.id, String(s.flow_version)]));
  const records = await recordsOf(db, exposures, groupOf);
  const empty: GroupRecords = { exposed: 0, gaveEmail: 0, startedCheckout: 0, paid: 0, revenueByVisitor: new Map() };
  const ordered = experiment.arms.map((arm) => records.get(String(arm.version)) ?? empty);
  const judged = judge(ordered, seedOf(experiment.id));
  // Each weight period's exposures are expected in that period's proportions.
  const expected = experiment.arms.map(() => 0);
  const periods = experiment.weightPeriods.map((period) => ({ since: Date.parse(period.since), arms: period.arms }));
  for (const session of sessions) {
    const at = Date.parse(toIso(session.created_at));
    const period = [...periods].reverse().find((p) => p.since <= at) ?? periods[0];
    if (!period) continue;
    const total = period.arms.reduce((sum, arm) => sum + arm.weight, 0);
    experiment.arms.forEach((arm, i) => {
      expected[i]! += (period.arms.find((a) => a.version === arm.version)?.weight ?? 0) / total;
    });
  }
  const check = sampleRatioCheck(ordered.map((r) => r.exposed), expected);
  const notes: string[] = [];
  if (check?.mismatch) {
    const split = ordered.map((r, i) => `v${experiment.arms[i]!.version} ${r.exposed}`).join(', ');
    const wanted = expected.map((e, i) => `v${experiment.arms[i]!.version} ${e.toFixed(1)}`).join(', ');
    notes.push(`Sample ratio mismatch: visitors reached the arms as ${split} where the weights expect ${wanted} (chi-square ${check.chiSquare.toFixed(1)}, p = ${check.pValue.toExponential(1)} < 0.001). Something lost or misrouted visitors of an arm; do not trust this readout.`);
  }
  ordered.forEach((r, i) => {
    if (r.exposed < MIN_EXPOSED || r.paid < MIN_PAYMENTS) {
      notes.push(`Too few to judge v${experiment.arms[i]!.version} yet: ${r.exposed} exposed and ${r.paid} payments (at least ${MIN_EXPOSED} and ${MIN_PAYMENTS}).`);
    }
  });
  const { weightPeriods: _periods, ...definition } = experiment;
  return {
    experiment: definition,
    source: 'Server records: sessions with their assignment, and the payment ledger (checkouts, purchases, charges). Previews left out.',
    arms: experiment.arms.map((arm, i) => ({ version: arm.version, weight: arm.weight, ...judged[i]! })),
    ratioCheck: check ? { ...check, expected } : null,
    trustworthy: !check?.mismatch,
    notes,
  };
}

/**
 * The same readout by the variant of a Remote Config flag, over the sessions made since `since`: the assignment is the
 * one the browser reported in the session's abTestData (Remote Config assigns in the browser), so it is labelled so.
 * Visitors never assigned the flag are a group of their own (value null), listed last.
 */
export async function flagReadout(db: Kysely<Database>, flowId: string, flag: string, since: Date): Promise<FlagReadout> {
  const window = db.selectFrom('sessions').select('id').where('created_at', '>=', since.toISOString()).where('preview', '=', false).where('flow_id', '=', flowId);
  const sessions = await db.selectFrom('sessions').select(['id', 'ab_test_data']).where('created_at', '>=', since.toISOString()).where('preview', '=', false).where('flow_id', '=', flowId).execute();
  const NONE = '\u0000none';
  const groupOf = new Map(
    sessions.map((s) => {
      const value = fromJson<Record<string, unknown>>(s.ab_test_data)?.[flag];
      return [s.id, typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number' ? String(value) : NONE];
    }),
  );
  const records = await recordsOf(db, window, groupOf);
  const names = [...records.keys()].sort((a, b) => (a === NONE ? 1 : b === NONE ? -1 : a.localeCompare(b)));
  const judged = judge(names.map((name) => records.get(name)!), seedOf(`${flowId}:${flag}:${since.toISOString()}`));
  const notes = names.flatMap((name, i) =>
    judged[i]!.exposed < MIN_EXPOSED || judged[i]!.paid < MIN_PAYMENTS
      ? [`Too few to judge ${name === NONE ? 'the visitors never assigned' : `${flag} = ${name}`} yet: ${judged[i]!.exposed} visitors and ${judged[i]!.paid} payments (at least ${MIN_EXPOSED} and ${MIN_PAYMENTS}).`]
      : [],
  );
  return {
    flag,
    since: since.toISOString(),
    source: `Server records for the visitors of ${flowId} since then, grouped by the ${flag} value the browser reported (the session's abTestData: Remote Config assigns in the browser). No sample ratio check: the server does not know the split's weights.`,
    variants: names.map((name, i) => ({ value: name === NONE ? null : name, ...judged[i]! })),
    notes,
  };
}

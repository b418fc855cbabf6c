import { randomBytes, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Store } from '../db/open';
import type { Database } from '../db/schema';
import { isUniqueViolation, now, toIso } from '../db/values';
import { lockFlow, publishIn, runningExperimentOf, type PublishOutcome } from '../flows/flow-store';
import type { Arm, ExperimentDefinition } from '../../src/shared/experiment-readout';

// Experiments as the database holds them (migration 0012): create, read, change the weights of, and stop one. Every
// change is one transaction that takes the flow's row lock first, as publishing does, and leaves an audit row.

export const MIN_ARMS = 2;
export const MAX_ARMS = 4;

/** An experiment as stored: its definition, and every set of weights it ran with, oldest first (from `since` until the next one's). */
export interface Experiment extends ExperimentDefinition {
  weightPeriods: Array<{ since: string; arms: Arm[] }>;
}

/** A new experiment id: `exp_` and 16 hex digits. */
function newExperimentId(): string {
  return `exp_${randomBytes(8).toString('hex')}`;
}

async function audit(trx: Transaction<Database>, row: { editor: string; action: string; flowId: string; version: number | null; detail: string }): Promise<void> {
  await trx.insertInto('editor_audit').values({ id: randomUUID(), at: now(), editor: row.editor, action: row.action, flow_id: row.flowId, version: row.version, detail: row.detail }).execute();
}

const describeArms = (arms: readonly Arm[]) => arms.map((arm) => `v${arm.version}:${arm.weight}`).join(' ');

export type CreateOutcome =
  | { outcome: 'created'; id: string }
  | { outcome: 'unknown-flow' }
  | { outcome: 'unknown-version'; version: number }
  | { outcome: 'retired-version'; version: number }
  | { outcome: 'running'; experimentId: string };

/** Starts an experiment: new visitors of the flow are split between the arms' versions from now on. */
export async function createExperiment(store: Store, input: { flowId: string; name: string; arms: readonly Arm[]; editor: string }): Promise<CreateOutcome> {
  try {
    return await store.write(async (trx): Promise<CreateOutcome> => {
      if (!(await lockFlow(trx, input.flowId))) return { outcome: 'unknown-flow' };
      const versions = await trx
        .selectFrom('flow_versions')
        .select(['version', 'retired_at'])
        .where('flow_id', '=', input.flowId)
        .where('version', 'in', input.arms.map((arm) => arm.version))
        .execute();
      for (const arm of input.arms) {
        const stored = versions.find((row) => Number(row.version) === arm.version);
        if (!stored) return { outcome: 'unknown-version', version: arm.version };
        if (stored.retired_at !== null) return { outcome: 'retired-version', version: arm.version };
      }
      const running = await runningExperimentOf(trx, input.flowId);
      if (running) return { outcome: 'running', experimentId: running };
      const id = newExperimentId();
      const at = now();
      await trx.insertInto('experiments').values({ id, flow_id: input.flowId, name: input.name, state: 'running', created_by: input.editor, created_at: at, stopped_at: null, winner: null }).execute();
      await trx
        .insertInto('experiment_arms')
        .values(input.arms.map((arm, position) => ({ experiment_id: id, version: arm.version, position, weight: arm.weight })))
        .execute();
      await trx.insertInto('experiment_weights').values({ experiment_id: id, since: at, weights: JSON.stringify(input.arms) }).execute();
      await audit(trx, { editor: input.editor, action: 'experiment started', flowId: input.flowId, version: null, detail: `${id} "${input.name}" ${describeArms(input.arms)}` });
      return { outcome: 'created', id };
    });
  } catch (error) {
    // Another process started one on this flow at the same moment: the partial unique index kept it to one.
    if (!isUniqueViolation(error)) throw error;
    const running = await store.db.selectFrom('experiments').select('id').where('flow_id', '=', input.flowId).where('state', '=', 'running').executeTakeFirst();
    return { outcome: 'running', experimentId: running?.id ?? '' };
  }
}

/** An experiment with its arms and weight periods; null for an unknown id. */
export async function readExperiment(store: Store, id: string): Promise<Experiment | null> {
  const row = await store.db.selectFrom('experiments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [arms, periods] = await Promise.all([
    store.db.selectFrom('experiment_arms').select(['version', 'weight']).where('experiment_id', '=', id).orderBy('position').execute(),
    store.db.selectFrom('experiment_weights').select(['since', 'weights']).where('experiment_id', '=', id).orderBy('since').execute(),
  ]);
  return {
    id: row.id,
    flowId: row.flow_id,
    name: row.name,
    state: row.state,
    createdBy: row.created_by,
    createdAt: toIso(row.created_at),
    stoppedAt: row.stopped_at === null ? null : toIso(row.stopped_at),
    winner: row.winner === null ? null : Number(row.winner),
    arms: arms.map((arm) => ({ version: Number(arm.version), weight: Number(arm.weight) })),
    weightPeriods: periods.map((period) => ({ since: toIso(period.since), arms: JSON.parse(period.weights) as Arm[] })),
  };
}

/** The experiments of a flow, newest first (ids, names, states). */
export async function listExperiments(store: Store, flowId: string): Promise<Array<{ id: string; name: string; state: string; createdAt: string; winner: number | null }>> {
  const rows = await store.db.selectFrom('experiments').select(['id', 'name', 'state', 'created_at', 'winner']).where('flow_id', '=', flowId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, state: row.state, createdAt: toIso(row.created_at), winner: row.winner === null ? null : Number(row.winner) }));
}

export type WeightsOutcome = { outcome: 'changed' } | { outcome: 'unknown' } | { outcome: 'stopped' } | { outcome: 'other-arms'; versions: number[] };

/**
 * New weights for a running experiment's arms (the same versions, every one of them): visitors already assigned keep
 * their arm; only visitors not yet assigned are split by the new weights.
 */
export async function changeWeights(store: Store, input: { id: string; arms: readonly Arm[]; editor: string }): Promise<WeightsOutcome> {
  return store.write(async (trx): Promise<WeightsOutcome> => {
    const row = await trx.selectFrom('experiments').select(['flow_id', 'state']).where('id', '=', input.id).executeTakeFirst();
    if (!row) return { outcome: 'unknown' };
    await lockFlow(trx, row.flow_id);
    const state = await trx.selectFrom('experiments').select('state').where('id', '=', input.id).executeTakeFirstOrThrow();
    if (state.state !== 'running') return { outcome: 'stopped' };
    const arms = await trx.selectFrom('experiment_arms').select('version').where('experiment_id', '=', input.id).orderBy('position').execute();
    const versions = arms.map((arm) => Number(arm.version));
    const given = input.arms.map((arm) => arm.version);
    if (given.length !== versions.length || !versions.every((version) => given.includes(version))) return { outcome: 'other-arms', versions };
    for (const arm of input.arms) {
      await trx.updateTable('experiment_arms').set({ weight: arm.weight }).where('experiment_id', '=', input.id).where('version', '=', arm.version).execute();
    }
    // In the arms' own order, as every other listing of them.
    const ordered = versions.map((version) => input.arms.find((arm) => arm.version === version)!);
    await trx.insertInto('experiment_weights').values({ experiment_id: input.id, since: now(), weights: JSON.stringify(ordered) }).execute();
    await audit(trx, { editor: input.editor, action: 'experiment weights', flowId: row.flow_id, version: null, detail: `${input.id} ${describeArms(ordered)}` });
    return { outcome: 'changed' };
  });
}

export type StopOutcome =
  | { outcome: 'stopped'; flowId: string; published: number; previous: number }
  | { outcome: 'unknown' }
  | { outcome: 'not-running' }
  | { outcome: 'not-an-arm'; versions: number[] }
  | { outcome: 'not-published'; reason: Exclude<PublishOutcome, { outcome: 'published' }> };

/**
 * Stops a running experiment and publishes the chosen arm's version, in one transaction. Visitors already in an arm
 * stay on their version unless `moveVisitors` (then every other version's visitors move on to the winner).
 */
export async function stopExperiment(store: Store, input: { id: string; winner: number; moveVisitors: boolean; editor: string }): Promise<StopOutcome> {
  return store.write(async (trx): Promise<StopOutcome> => {
    const row = await trx.selectFrom('experiments').select(['flow_id', 'state']).where('id', '=', input.id).executeTakeFirst();
    if (!row) return { outcome: 'unknown' };
    await lockFlow(trx, row.flow_id);
    const state = await trx.selectFrom('experiments').select('state').where('id', '=', input.id).executeTakeFirstOrThrow();
    if (state.state !== 'running') return { outcome: 'not-running' };
    const arms = await trx.selectFrom('experiment_arms').select('version').where('experiment_id', '=', input.id).orderBy('position').execute();
    const versions = arms.map((arm) => Number(arm.version));
    if (!versions.includes(input.winner)) return { outcome: 'not-an-arm', versions };
    await trx.updateTable('experiments').set({ state: 'stopped', stopped_at: now(), winner: input.winner }).where('id', '=', input.id).execute();
    await audit(trx, { editor: input.editor, action: 'experiment stopped', flowId: row.flow_id, version: input.winner, detail: `${input.id} winner v${input.winner}` });
    const published = await publishIn(trx, { flowId: row.flow_id, version: input.winner, moveVisitors: input.moveVisitors, editor: input.editor, detail: `winner of ${input.id}` });
    if (published.outcome !== 'published') throw new StopRefused(published);
    return { outcome: 'stopped', flowId: row.flow_id, published: published.version, previous: published.previous };
  }).catch((error: unknown) => {
    // The winner could not be published (retired meanwhile): the transaction rolled back, the experiment runs on.
    if (error instanceof StopRefused) return { outcome: 'not-published' as const, reason: error.outcome };
    throw error;
  });
}

class StopRefused extends Error {
  constructor(readonly outcome: Exclude<PublishOutcome, { outcome: 'published' }>) {
    super(`the winner could not be published: ${outcome.outcome}`);
  }
}

/** Running experiments of every flow with their arms now: what each process splits new visitors by. */
export async function runningExperiments(store: Store): Promise<Array<{ id: string; flowId: string; arms: Arm[] }>> {
  const rows = await store.db
    .selectFrom('experiments')
    .innerJoin('experiment_arms', 'experiment_arms.experiment_id', 'experiments.id')
    .select(['experiments.id', 'experiments.flow_id', 'experiment_arms.version', 'experiment_arms.weight'])
    .where('experiments.state', '=', 'running')
    .orderBy('experiments.id')
    .orderBy('experiment_arms.position')
    .execute();
  const byId = new Map<string, { id: string; flowId: string; arms: Arm[] }>();
  for (const row of rows) {
    const experiment = byId.get(row.id) ?? { id: row.id, flowId: row.flow_id, arms: [] };
    experiment.arms.push({ version: Number(row.version), weight: Number(row.weight) });
    byId.set(row.id, experiment);
  }
  return [...byId.values()];
}

/** Every version that is or was an arm of an experiment, by flow: its visitors are kept on it like a published one's. */
export async function experimentVersions(store: Store): Promise<Array<{ flowId: string; version: number }>> {
  const rows = await store.db
    .selectFrom('experiment_arms')
    .innerJoin('experiments', 'experiments.id', 'experiment_arms.experiment_id')
    .select(['experiments.flow_id', 'experiment_arms.version'])
    .distinct()
    .execute();
  return rows.map((row) => ({ flowId: row.flow_id, version: Number(row.version) }));
}

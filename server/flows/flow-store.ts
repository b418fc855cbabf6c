import { createHash, randomUUID } from 'node:crypto';
import { applyEdits, modify } from 'jsonc-parser';
import type { Transaction } from 'kysely';
import type { Store } from '../db/open';
import type { Database } from '../db/schema';
import type { Flow, Migration } from '../../src/engine/generated/flow-types';
import { isUniqueViolation, now, toIso } from '../db/values';

// The flow store (migration 0010): every version of a flow an editor stored, immutable once written, and which one
// each flow publishes. The running funnel is whatever is published; flows/*.json is the editors' working copy and
// seeds an empty store.

/** What an editor sees of a stored version. `state`: published (the one new visitors get), retired, or draft. */
export interface VersionSummary {
  version: number;
  checksum: string;
  note: string;
  author: string;
  createdAt: string;
  publishedAt: string | null;
  retiredAt: string | null;
  state: 'draft' | 'published' | 'retired';
}

/** A stored version with its JSON text, as served. */
export interface StoredVersion extends VersionSummary {
  flowId: string;
  json: string;
}

/** Who the seeded first version is by: not an editor, the flow file the store started from. */
export const SEED_AUTHOR = 'seed';
/** A second editor's store racing for the same number is retried this many times. */
const NUMBER_ATTEMPTS = 8;

/** The flow's text with its own `version` field set to the store's number, the rest of the text as the editor wrote it. */
export function withVersionField(text: string, version: number): string {
  return applyEdits(text, modify(text, ['version'], version, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
}

export function checksumOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function audit(trx: Transaction<Database>, row: { editor: string; action: string; flowId: string; version: number | null; detail?: string }): Promise<void> {
  await trx
    .insertInto('editor_audit')
    .values({ id: randomUUID(), at: now(), editor: row.editor, action: row.action, flow_id: row.flowId, version: row.version, detail: row.detail ?? '' })
    .execute();
}

/**
 * Seeds each flow the store does not have yet with its file as version 1, published. Several processes starting
 * together on one database may all try: each insert does nothing when the row is there, so exactly one version 1 and
 * one published pointer result, whichever process wrote them.
 */
export async function seedFlowStore(store: Store, flows: ReadonlyArray<{ flowId: string; text: string }>): Promise<void> {
  for (const { flowId, text } of flows) {
    const json = withVersionField(text, 1);
    const at = now();
    await store.write(async (trx) => {
      const known = await trx.selectFrom('flows').select('flow_id').where('flow_id', '=', flowId).executeTakeFirst();
      if (known) return;
      await trx
        .insertInto('flow_versions')
        .values({ flow_id: flowId, version: 1, json, checksum: checksumOf(json), note: 'seeded from flows/', author: SEED_AUTHOR, created_at: at, published_at: at, retired_at: null, moved_at: null })
        .onConflict((c) => c.columns(['flow_id', 'version']).doNothing())
        .execute();
      await trx
        .insertInto('flows')
        .values({ flow_id: flowId, published_version: 1, published_at: at, published_by: SEED_AUTHOR })
        .onConflict((c) => c.column('flow_id').doNothing())
        .execute();
    });
  }
}

/**
 * Stores a checked flow text as the flow's next version (one more than its highest), its `version` field set to that
 * number. Two editors storing at once get two numbers: the one that loses the race for a number takes the next.
 */
export async function storeVersion(store: Store, input: { flowId: string; text: string; note: string; author: string }): Promise<{ version: number; checksum: string }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await store.write(async (trx) => {
        const highest = await trx.selectFrom('flow_versions').select((eb) => eb.fn.max('version').as('highest')).where('flow_id', '=', input.flowId).executeTakeFirst();
        const version = Number(highest?.highest ?? 0) + 1;
        const json = withVersionField(input.text, version);
        const checksum = checksumOf(json);
        await trx
          .insertInto('flow_versions')
          .values({ flow_id: input.flowId, version, json, checksum, note: input.note, author: input.author, created_at: now(), published_at: null, retired_at: null, moved_at: null })
          .execute();
        await audit(trx, { editor: input.author, action: 'stored', flowId: input.flowId, version, detail: input.note });
        return { version, checksum };
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= NUMBER_ATTEMPTS) throw error;
    }
  }
}

type VersionRow = {
  version: number;
  checksum: string;
  note: string;
  author: string;
  created_at: Date | string;
  published_at: Date | string | null;
  retired_at: Date | string | null;
};

function summary(row: VersionRow, published: number | null): VersionSummary {
  return {
    version: Number(row.version),
    checksum: row.checksum,
    note: row.note,
    author: row.author,
    createdAt: toIso(row.created_at),
    publishedAt: row.published_at === null ? null : toIso(row.published_at),
    retiredAt: row.retired_at === null ? null : toIso(row.retired_at),
    state: Number(row.version) === published ? 'published' : row.retired_at !== null ? 'retired' : 'draft',
  };
}

/** The flow's published version, or null for a flow the store does not know. */
export async function publishedVersionOf(store: Store, flowId: string): Promise<number | null> {
  const row = await store.db.selectFrom('flows').select('published_version').where('flow_id', '=', flowId).executeTakeFirst();
  return row ? Number(row.published_version) : null;
}

/** Every flow's published version, by flow id. */
export async function publishedVersions(store: Store): Promise<Map<string, number>> {
  const rows = await store.db.selectFrom('flows').select(['flow_id', 'published_version']).execute();
  return new Map(rows.map((row) => [row.flow_id, Number(row.published_version)]));
}

/** Every stored version of the flow, newest first, and which is published (null: the store has no such flow). */
export async function listVersions(store: Store, flowId: string): Promise<{ published: number; versions: VersionSummary[] } | null> {
  const published = await publishedVersionOf(store, flowId);
  if (published === null) return null;
  const rows = await store.db
    .selectFrom('flow_versions')
    .select(['version', 'checksum', 'note', 'author', 'created_at', 'published_at', 'retired_at'])
    .where('flow_id', '=', flowId)
    .orderBy('version', 'desc')
    .execute();
  return { published, versions: rows.map((row) => summary(row, published)) };
}

/** How many versions of the flow were stored since the start of this UTC day. */
export async function versionsStoredToday(store: Store, flowId: string, now = new Date()): Promise<number> {
  const row = await store.db
    .selectFrom('flow_versions')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('flow_id', '=', flowId)
    .where('created_at', '>=', `${now.toISOString().slice(0, 10)}T00:00:00.000Z`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The `migrations` of the flow's latest stored version: a new version must keep them (they are append-only). */
export async function latestMigrations(store: Store, flowId: string): Promise<Migration[]> {
  const row = await store.db.selectFrom('flow_versions').select('json').where('flow_id', '=', flowId).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row ? ((JSON.parse(row.json) as Flow).migrations ?? []) : [];
}

/** One stored version with its JSON, or null. */
export async function readVersion(store: Store, flowId: string, version: number): Promise<StoredVersion | null> {
  const [row, published] = await Promise.all([
    store.db
      .selectFrom('flow_versions')
      .select(['version', 'json', 'checksum', 'note', 'author', 'created_at', 'published_at', 'retired_at'])
      .where('flow_id', '=', flowId)
      .where('version', '=', version)
      .executeTakeFirst(),
    publishedVersionOf(store, flowId),
  ]);
  return row ? { flowId, json: row.json, ...summary(row, published) } : null;
}

export type PublishOutcome =
  | { outcome: 'published'; version: number; previous: number }
  | { outcome: 'unknown-version' }
  | { outcome: 'retired' }
  | { outcome: 'conflict'; published: number }
  | { outcome: 'experiment-running'; experimentId: string };

export interface PublishInput {
  flowId: string;
  version: number;
  expectedPublished?: number;
  moveVisitors?: boolean;
  editor: string;
  detail?: string;
}

/**
 * Makes a stored version the one new visitors get. With `expectedPublished`, only while that is still the published
 * version (compare-and-set in one statement): an editor who publishes over another's publish without having seen it
 * is told, and nothing changes. With `moveVisitors`, the visitors kept on every other version are moved on to it too
 * (those versions are marked moved); without, they stay on theirs. Refused while an experiment splits the flow's new
 * visitors: stopping it publishes the version chosen.
 */
export async function publishVersion(store: Store, input: PublishInput): Promise<PublishOutcome> {
  return store.write((trx) => publishIn(trx, input));
}

/**
 * Holds the flow's row until the transaction ends (PostgreSQL; SQLite runs one write at a time anyway): a publish and
 * the start of an experiment on the same flow are decided one after the other, never both on a stale read.
 */
export async function lockFlow(trx: Transaction<Database>, flowId: string): Promise<boolean> {
  const { numUpdatedRows } = await trx.updateTable('flows').set((eb) => ({ published_by: eb.ref('published_by') })).where('flow_id', '=', flowId).executeTakeFirstOrThrow();
  return numUpdatedRows > 0n;
}

/** The running experiment of a flow, if any. */
export async function runningExperimentOf(trx: Transaction<Database>, flowId: string): Promise<string | undefined> {
  const row = await trx.selectFrom('experiments').select('id').where('flow_id', '=', flowId).where('state', '=', 'running').executeTakeFirst();
  return row?.id;
}

/** publishVersion inside a transaction of the caller's (stopping an experiment publishes its winner in its own). */
export async function publishIn(trx: Transaction<Database>, input: PublishInput): Promise<PublishOutcome> {
  const target = await trx
    .selectFrom('flow_versions')
    .select(['retired_at', 'published_at'])
    .where('flow_id', '=', input.flowId)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (!target) return { outcome: 'unknown-version' };
  if (target.retired_at !== null) return { outcome: 'retired' };
  if (!(await lockFlow(trx, input.flowId))) return { outcome: 'unknown-version' };
  const running = await runningExperimentOf(trx, input.flowId);
  if (running) return { outcome: 'experiment-running', experimentId: running };
  const current = await trx.selectFrom('flows').select('published_version').where('flow_id', '=', input.flowId).executeTakeFirstOrThrow();
  const at = now();
  let update = trx
    .updateTable('flows')
    .set({ published_version: input.version, published_at: at, published_by: input.editor })
    .where('flow_id', '=', input.flowId);
  if (input.expectedPublished !== undefined) update = update.where('published_version', '=', input.expectedPublished);
  const { numUpdatedRows } = await update.executeTakeFirstOrThrow();
  if (numUpdatedRows === 0n) return { outcome: 'conflict', published: Number(current.published_version) };
  // Its own visitors are its own again, should it have been moved away from before.
  await trx
    .updateTable('flow_versions')
    .set(target.published_at === null ? { published_at: at, moved_at: null } : { moved_at: null })
    .where('flow_id', '=', input.flowId)
    .where('version', '=', input.version)
    .execute();
  if (input.moveVisitors) {
    await trx
      .updateTable('flow_versions')
      .set({ moved_at: at })
      .where('flow_id', '=', input.flowId)
      .where('version', '!=', input.version)
      .where('moved_at', 'is', null)
      .where('retired_at', 'is', null)
      .execute();
  }
  const detail = input.detail ?? `was ${current.published_version}${input.moveVisitors ? '; visitors moved on' : ''}`;
  await audit(trx, { editor: input.editor, action: 'published', flowId: input.flowId, version: input.version, detail });
  return { outcome: 'published', version: input.version, previous: Number(current.published_version) };
}

export type RetireOutcome =
  | { outcome: 'retired' }
  | { outcome: 'unknown-version' }
  | { outcome: 'published' }
  | { outcome: 'already-retired' }
  | { outcome: 'in-experiment'; experimentId: string };

/**
 * Retires a version that is not the published one, nor an arm of a running experiment: it is never served again. Its
 * row (and JSON) stay.
 */
export async function retireVersion(store: Store, input: { flowId: string; version: number; editor: string }): Promise<RetireOutcome> {
  return store.write(async (trx): Promise<RetireOutcome> => {
    const target = await trx.selectFrom('flow_versions').select('retired_at').where('flow_id', '=', input.flowId).where('version', '=', input.version).executeTakeFirst();
    if (!target) return { outcome: 'unknown-version' };
    if (target.retired_at !== null) return { outcome: 'already-retired' };
    await lockFlow(trx, input.flowId);
    const current = await trx.selectFrom('flows').select('published_version').where('flow_id', '=', input.flowId).executeTakeFirst();
    if (current && Number(current.published_version) === input.version) return { outcome: 'published' };
    const armOf = await trx
      .selectFrom('experiment_arms')
      .innerJoin('experiments', 'experiments.id', 'experiment_arms.experiment_id')
      .select('experiments.id')
      .where('experiments.flow_id', '=', input.flowId)
      .where('experiments.state', '=', 'running')
      .where('experiment_arms.version', '=', input.version)
      .executeTakeFirst();
    if (armOf) return { outcome: 'in-experiment', experimentId: armOf.id };
    await trx.updateTable('flow_versions').set({ retired_at: now() }).where('flow_id', '=', input.flowId).where('version', '=', input.version).execute();
    await audit(trx, { editor: input.editor, action: 'retired', flowId: input.flowId, version: input.version });
    return { outcome: 'retired' };
  });
}

/** Records a change that is not a write of the store itself (a preview link handed out). */
export async function recordAudit(store: Store, row: { editor: string; action: string; flowId: string; version: number | null; detail?: string }): Promise<void> {
  await store.write((trx) => audit(trx, row));
}

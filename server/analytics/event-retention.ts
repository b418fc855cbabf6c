import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Store } from '../db/open';

// The event log keeps EVENT_RETENTION_DAYS of events (by arrival, received_at, which the server's clock sets and
// analytics_events_received_at indexes); older ones are deleted by every process, once shortly after it starts and
// then every hour.
//
// Why not PostgreSQL partitions by day, dropped whole: the deduplication key (dedupe_key) is unique over the whole
// table, not per day. A partitioned table's unique index must include the partition column, and a key unique per day
// only would let the same insert_id be stored again the next day, within Amplitude's 7 days. So old rows are deleted
// a batch at a time instead: each batch a short transaction of its own, with a pause after it as long as it took, so a
// large backlog (the first prune of a year of events, say) never holds a lock or a transaction for long, nor has the
// database more than half the time.
//
// The deduplication itself needs the rows of the last 7 days, and only those: EVENT_RETENTION_DAYS is at least 7
// (event-log-settings.ts), so a prune never deletes a row whose key still guards against a resent event.

/**
 * Rows one delete removes at most on PostgreSQL: some 16 ms each (25 at most) when pruning a day of a million events
 * from a table of seven million, on a 2-core machine.
 */
export const PRUNE_BATCH_ROWS = 5_000;
/**
 * SQLite: better-sqlite3 runs a statement on the event loop, which answers nobody meanwhile, and a row's delete costs
 * some 0.1 ms there (its random id and dedupe key touch index pages all over): a batch of 100 stalls it about 10 ms.
 */
export const SQLITE_PRUNE_BATCH_ROWS = 100;
/** The pause after a batch, whatever it took: at least this, at most MAX_PAUSE_MS. */
const MIN_PAUSE_MS = 20;
const MAX_PAUSE_MS = 1_000;
/** The first prune, after a start: once the process is serving, spread over a minute so processes started together do not all prune at once. */
const FIRST_PRUNE_MS = 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface PruneOptions {
  /** Events that arrived more than this many days before `now` are deleted. */
  retentionDays: number;
  /** Default: the current time. */
  now?: Date;
  /** Rows per delete. Default PRUNE_BATCH_ROWS on PostgreSQL, SQLITE_PRUNE_BATCH_ROWS on SQLite. */
  batchRows?: number;
  /** The pause between two batches. Default: as long as the last batch took, from 20 ms to 1 s. */
  pauseMs?: number;
  /** Aborted: no further batch is started (the one running finishes; a pause is cut short). */
  signal?: AbortSignal;
}

/**
 * Deletes the events that arrived before `now` minus `retentionDays`, a batch at a time, until none is left; resolves
 * with how many it deleted. Several processes may run it at once: on PostgreSQL each batch skips the rows another one
 * holds, and a row already deleted is simply not found again.
 */
export async function pruneEvents(store: Store, options: PruneOptions): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.retentionDays * DAY_MS).toISOString();
  const batchRows = options.batchRows ?? (store.dialect === 'postgres' ? PRUNE_BATCH_ROWS : SQLITE_PRUNE_BATCH_ROWS);
  let deleted = 0;
  while (!options.signal?.aborted) {
    const began = performance.now();
    const count = await deleteBatch(store, cutoff, batchRows);
    deleted += count;
    // A short batch was the last one (on PostgreSQL, rows another process holds are its to delete).
    if (count < batchRows) break;
    const took = performance.now() - began;
    // Cut short when stopped: a process shutting down does not wait out the pause.
    await sleep(options.pauseMs ?? Math.min(MAX_PAUSE_MS, Math.max(MIN_PAUSE_MS, took)), undefined, { signal: options.signal, ref: false }).catch(() => undefined);
  }
  return deleted;
}

async function deleteBatch(store: Store, cutoff: string, batchRows: number): Promise<number> {
  return store.write(async (trx) => {
    // Oldest first, by the arrival index: without the order PostgreSQL may pick a scan of the whole table, betting on
    // meeting old rows early, and lose when they are all at its far end (a quarter of a second a batch over a
    // million rows, measured). PostgreSQL: `ctid = any(array(...))` is read as a list of row addresses (a TID scan),
    // where `ctid in (select ...)` may be a join over the whole table; the addresses are those the statement's own
    // snapshot saw, so no newer row can take one's place. SKIP LOCKED leaves the rows another prune (or a write
    // releasing a dedupe key) holds, instead of waiting for them.
    const result =
      store.dialect === 'postgres'
        ? await sql`delete from analytics_events where ctid = any(array(
            select ctid from analytics_events where received_at < ${cutoff}::timestamptz order by received_at limit ${batchRows} for update skip locked))`.execute(trx)
        : await sql`delete from analytics_events where rowid in (
            select rowid from analytics_events where received_at < ${cutoff} order by received_at limit ${batchRows})`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

export interface RetentionOptions {
  retentionDays: number;
  /** Before the first prune. Default: a random moment within the first minute. */
  firstPruneMs?: number;
  /** Between the end of a prune and the next. Default an hour. */
  everyMs?: number;
  /** Told how many rows each prune deleted (main.ts does not listen: a quiet log is the usual case). */
  onPruned?: (deleted: number) => void;
}

/**
 * Prunes the event log on a timer until the returned stop() is called; stop() resolves once a prune under way has
 * finished its batch. A failed prune is logged in one line and tried again at the next tick. The timers do not keep
 * the process alive.
 */
export function startEventRetention(store: Store, options: RetentionOptions): () => Promise<void> {
  const controller = new AbortController();
  const everyMs = options.everyMs ?? PRUNE_EVERY_MS;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (controller.signal.aborted) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    running = pruneEvents(store, { retentionDays: options.retentionDays, signal: controller.signal })
      .then(
        (deleted) => options.onPruned?.(deleted),
        // One line, whatever the error's message holds; the next tick tries again.
        (error: unknown) => console.error(`Event log retention: the prune failed (tried again at the next tick): ${String(error instanceof Error ? error.message : error).replace(/\s+/g, ' ')}`),
      )
      .finally(() => schedule(everyMs));
  };
  schedule(options.firstPruneMs ?? Math.random() * FIRST_PRUNE_MS);
  return async () => {
    controller.abort();
    clearTimeout(timer);
    await running;
  };
}

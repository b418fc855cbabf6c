import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import { busyRetryDelay, DatabaseBusyError, DEFAULT_BUSY_RETRY_MS, isSqliteBusy, type BusyRetryPolicy } from './busy';
import type { Database } from './schema';

interface PendingWrite {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  /** performance.now() after which a locked database fails this write instead of retrying it. */
  deadline: number;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** What one batch's transaction came to. */
type BatchResult = { committed: Outcome[] } | { busy: unknown } | { failed: unknown };

/** How a GroupCommit batches and retries. */
export interface GroupCommitOptions {
  /** The most writes in one transaction. Default 256. */
  maxBatch?: number;
  /** Retrying while another connection holds SQLite's lock. Default: DEFAULT_BUSY_RETRY_MS in all. */
  busyRetry?: BusyRetryPolicy;
}

/**
 * Group commit for SQLite: writes that arrive while another batch is committing (or within the same
 * event-loop turn) are run together in one transaction, so many writes share one fsync. Each write runs
 * in its own savepoint: a write that fails (say, a unique violation) is undone alone and its caller gets
 * the error; the others commit. Every caller is answered only after the COMMIT returned, so an
 * acknowledged write is durable.
 *
 * When the database is locked by another connection (SQLITE_BUSY/SQLITE_LOCKED anywhere in the batch),
 * the whole transaction is rolled back and every write of the batch is queued again, to run anew after
 * a backoff; a write whose retry budget is spent fails with DatabaseBusyError. A batch is thus committed
 * whole or not at all.
 */
export class GroupCommit {
  readonly #db: Kysely<Database>;
  readonly #maxBatch: number;
  readonly #busyRetry: BusyRetryPolicy;
  #queue: PendingWrite[] = [];
  #draining: Promise<void> | undefined;

  constructor(db: Kysely<Database>, options: GroupCommitOptions = {}) {
    this.#db = db;
    this.#maxBatch = options.maxBatch ?? 256;
    this.#busyRetry = options.busyRetry ?? { budgetMs: DEFAULT_BUSY_RETRY_MS };
  }

  /** Runs `work` in the next batch's transaction; resolves once that is committed. */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const deadline = performance.now() + this.#busyRetry.budgetMs;
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject, deadline });
      // setImmediate lets the requests parsed in this event-loop turn join the same batch.
      this.#draining ??= new Promise<void>((done) => setImmediate(() => void this.#drain().finally(done)));
    });
  }

  /** Resolves when every queued write has been answered. */
  async drained(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async #drain(): Promise<void> {
    try {
      let busyAttempts = 0;
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#maxBatch);
        const result = await this.#commit(batch);
        if ('busy' in result) {
          const now = performance.now();
          for (const item of batch) if (now >= item.deadline) item.reject(new DatabaseBusyError(result.busy));
          // Those still within their budget go first in the next attempt, before writes that came later.
          this.#queue.unshift(...batch.filter((item) => now < item.deadline));
          if (this.#queue.length === 0) break;
          busyAttempts += 1;
          const soonest = this.#queue.reduce((min, item) => Math.min(min, item.deadline), Infinity);
          // Waiting frees the event loop (and the connection, for reads) while the other connection holds the lock.
          await sleep(Math.max(0, Math.min(busyRetryDelay(busyAttempts, this.#busyRetry), soonest - now)));
          continue;
        }
        busyAttempts = 0;
        if ('failed' in result) {
          // The transaction itself failed: nothing of this batch is stored.
          for (const item of batch) item.reject(result.failed);
          continue;
        }
        batch.forEach((item, i) => {
          const outcome = result.committed[i]!;
          if (outcome.ok) item.resolve(outcome.value);
          else item.reject(outcome.error);
        });
      }
    } finally {
      this.#draining = undefined;
    }
  }

  async #commit(batch: readonly PendingWrite[]): Promise<BatchResult> {
    const outcomes: Outcome[] = [];
    let busy: { error: unknown } | undefined;
    try {
      await this.#db.transaction().execute(async (trx) => {
        for (const item of batch) {
          await sql`savepoint w`.execute(trx);
          try {
            const value = await item.work(trx);
            await sql`release savepoint w`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            // A lock is no fault of this write: undo the whole batch (by throwing) and run it again later.
            if (isSqliteBusy(error)) {
              busy = { error };
              throw error;
            }
            await sql`rollback to savepoint w`.execute(trx);
            await sql`release savepoint w`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      if (busy) return { busy: busy.error };
      return isSqliteBusy(error) ? { busy: error } : { failed: error };
    }
    return { committed: outcomes };
  }
}

import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

interface PendingWrite {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit for SQLite: writes that arrive while another batch is committing (or within the same
 * event-loop turn) are run together in one transaction, so many writes share one fsync. Each write runs
 * in its own savepoint: a write that fails (say, a unique violation) is undone alone and its caller gets
 * the error; the others commit. Every caller is answered only after the COMMIT returned, so an
 * acknowledged write is durable.
 */
export class GroupCommit {
  readonly #db: Kysely<Database>;
  readonly #maxBatch: number;
  #queue: PendingWrite[] = [];
  #draining: Promise<void> | undefined;

  constructor(db: Kysely<Database>, maxBatch = 256) {
    this.#db = db;
    this.#maxBatch = maxBatch;
  }

  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
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
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#maxBatch);
        const outcomes: Outcome[] = [];
        try {
          await this.#db.transaction().execute(async (trx) => {
            for (const item of batch) {
              await sql`savepoint w`.execute(trx);
              try {
                const value = await item.work(trx);
                await sql`release savepoint w`.execute(trx);
                outcomes.push({ ok: true, value });
              } catch (error) {
                await sql`rollback to savepoint w`.execute(trx);
                await sql`release savepoint w`.execute(trx);
                outcomes.push({ ok: false, error });
              }
            }
          });
        } catch (error) {
          // The commit itself failed: nothing of this batch is stored.
          for (const item of batch) item.reject(error);
          continue;
        }
        batch.forEach((item, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) item.resolve(outcome.value);
          else item.reject(outcome.error);
        });
      }
    } finally {
      this.#draining = undefined;
    }
  }
}

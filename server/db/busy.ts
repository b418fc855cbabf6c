import { setTimeout as sleep } from 'node:timers/promises';

// better-sqlite3 is synchronous: while SQLite waits for a lock held by another process, the whole event
// loop waits with it. So SQLite waits only a few ms itself, and longer waits happen here, between attempts,
// with the event loop free.

/** SQLite's own busy_timeout while serving: short, as it blocks the event loop. */
export const SQLITE_BUSY_TIMEOUT_MS = 5;

/** How long a write keeps retrying a locked SQLite database before it fails, by default. */
export const DEFAULT_BUSY_RETRY_MS = 1500;

/** The Retry-After (seconds) of the 503 that answers a busy database. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** How a write retries while SQLite answers SQLITE_BUSY or SQLITE_LOCKED. */
export interface BusyRetryPolicy {
  /** Total time (ms) from the first attempt after which a write fails with DatabaseBusyError. */
  budgetMs: number;
  /** Wait before the second attempt (ms); it doubles after each busy attempt. Default 10. */
  firstDelayMs?: number;
  /** The longest wait between two attempts (ms), so a lock released late is still noticed soon. Default 200. */
  maxDelayMs?: number;
}

/** Thrown by a write that found the database locked by another process for its whole retry budget. Nothing of it was stored. */
export class DatabaseBusyError extends Error {
  readonly code = 'DATABASE_BUSY';

  constructor(cause: unknown) {
    super('The database stayed locked by another connection; the write was rolled back.', { cause });
    this.name = 'DatabaseBusyError';
  }
}

/**
 * True for a better-sqlite3 error whose code says another connection holds a lock: SQLITE_BUSY,
 * SQLITE_LOCKED and their extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY, ...). Looks
 * through `cause` too.
 */
export function isSqliteBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return true;
  }
  return false;
}

/** True for a DatabaseBusyError or a raw SQLite busy error (say, a read that met an exclusive lock): a 503, not a 500. */
export function isDatabaseBusy(error: unknown): boolean {
  return error instanceof DatabaseBusyError || isSqliteBusy(error);
}

/** The wait (ms) after the `attempt`-th busy attempt (1-based): doubling from firstDelayMs, at most maxDelayMs. */
export function busyRetryDelay(attempt: number, policy: BusyRetryPolicy): number {
  const first = policy.firstDelayMs ?? 10;
  const max = policy.maxDelayMs ?? 200;
  return Math.min(first * 2 ** Math.max(0, attempt - 1), max);
}

/**
 * Runs `attempt` until it does not fail with a SQLite busy error, waiting (asynchronously) with backoff
 * in between; once `policy.budgetMs` has passed, throws DatabaseBusyError. Other errors are thrown at once.
 * `attempt` must be safe to run again after a busy failure (a transaction that was rolled back is).
 *
 * @example await retryWhileBusy(() => db.transaction().execute(work), { budgetMs: 1500 })
 */
export async function retryWhileBusy<T>(attempt: () => Promise<T>, policy: BusyRetryPolicy): Promise<T> {
  const deadline = performance.now() + policy.budgetMs;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      const left = deadline - performance.now();
      if (left <= 0) throw new DatabaseBusyError(error);
      await sleep(Math.min(busyRetryDelay(n, policy), left));
    }
  }
}

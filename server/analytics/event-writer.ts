import type { Store } from '../db/open';
import type { KeptEvent } from './declared-only';
import { appendEvents, utcDay, type AppendResult } from './event-log';

/** How the event log writes. */
export interface EventWriterSettings {
  /** Events stored at most on one UTC day, over every process (EVENT_LOG_DAILY_CEILING). */
  dailyCeiling: number;
  /** Events waiting to be written in this process at most; an upload that would pass it is refused as busy. */
  maxBacklog?: number;
  /** Told once per day, in this process, when that day's ceiling is found reached. */
  onFull?: (day: string) => void;
}

/** A whole walk sends fewer than 100 events: 1,000,000 a day is ten thousand walks. */
export const DEFAULT_DAILY_CEILING = 1_000_000;
const DEFAULT_MAX_BACKLOG = 20_000;

/**
 * The event log's one writer in this process: uploads are written one after the other, each a few rows per
 * transaction (appendEvents), so the event log holds at most one database connection and one short write at a time,
 * and a session or payment write never queues behind a flood of uploads. What waits is bounded (maxBacklog events):
 * past it an upload is answered busy at once, so a flood cannot grow memory either. Once a day's ceiling is reached
 * the writer knows it, and refuses that day's uploads without asking the database.
 */
export class EventWriter {
  readonly #store: Store;
  readonly #dailyCeiling: number;
  readonly #maxBacklog: number;
  readonly #onFull: (day: string) => void;
  #tail: Promise<unknown> = Promise.resolve();
  #backlog = 0;
  #fullDay: string | null = null;

  constructor(store: Store, settings: EventWriterSettings) {
    this.#store = store;
    this.#dailyCeiling = settings.dailyCeiling;
    this.#maxBacklog = settings.maxBacklog ?? DEFAULT_MAX_BACKLOG;
    this.#onFull = settings.onFull ?? (() => undefined);
  }

  /** Whether the ceiling of `at`'s day is known to be reached. */
  isFull(at: Date): boolean {
    return this.#fullDay === utcDay(at);
  }

  /** Writes the events once those before them are written; 'busy' when the backlog has no room for them. */
  async append(apiKey: string, events: readonly KeptEvent[], receivedAt: Date): Promise<AppendResult | 'busy'> {
    if (events.length === 0) return { stored: 0, overCeiling: [] };
    if (this.isFull(receivedAt)) return { stored: 0, overCeiling: events.map((e) => e.index) };
    if (this.#backlog + events.length > this.#maxBacklog) return 'busy';
    this.#backlog += events.length;
    const run = this.#tail.then(() => (this.isFull(receivedAt) ? { stored: 0, overCeiling: events.map((e) => e.index) } : appendEvents(this.#store, apiKey, events, receivedAt, this.#dailyCeiling)));
    // The next upload waits for this one, whether it succeeds or fails.
    this.#tail = run.catch(() => undefined);
    try {
      const result = await run;
      if (result.overCeiling.length > 0 && !this.isFull(receivedAt)) {
        this.#fullDay = utcDay(receivedAt);
        this.#onFull(this.#fullDay);
      }
      return result;
    } finally {
      this.#backlog -= events.length;
    }
  }

  /** Resolves once every upload taken so far is written (or failed). */
  async drained(): Promise<void> {
    await this.#tail;
  }
}

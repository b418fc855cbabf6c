import type { Store } from '../db/open';
import type { KeptEvent } from './declared-only';
import { appendEvents, utcDay, type AppendResult } from './event-log';

/** How the event log writes. */
export interface EventWriterSettings {
  /** Bytes of events stored at most on one UTC day, over every process (EVENT_LOG_DAILY_MB; storedBytes counts them). */
  dailyCeilingBytes: number;
  /** Events waiting to be written in this process at most; an upload that would pass it is refused as busy. */
  maxBacklog?: number;
  /** Told once per day, in this process, when that day's ceiling is found reached. */
  onFull?: (day: string) => void;
}

/**
 * Between two of its writes the writer waits as long as the last one took: the event log has the database at most
 * half the time, however much waits, and the session and payment writes that arrived meanwhile go first.
 */
const pace = (lastWriteMs: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(lastWriteMs, 100)));

/**
 * 256 MB a day: a walk's events take about 40 KB (fewer than 100 events of about 400 bytes), so this is some six
 * thousand walks a day, and a year of full days some 90 GB.
 */
export const DEFAULT_DAILY_CEILING_BYTES = 256 * 1024 * 1024;
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
  readonly #dailyCeilingBytes: number;
  readonly #maxBacklog: number;
  readonly #onFull: (day: string) => void;
  #tail: Promise<unknown> = Promise.resolve();
  #backlog = 0;
  #fullDay: string | null = null;

  constructor(store: Store, settings: EventWriterSettings) {
    this.#store = store;
    this.#dailyCeilingBytes = settings.dailyCeilingBytes;
    this.#maxBacklog = settings.maxBacklog ?? DEFAULT_MAX_BACKLOG;
    this.#onFull = settings.onFull ?? (() => undefined);
  }

  /** Whether as many events wait as the writer holds: an upload now would be refused as busy. */
  isBusy(): boolean {
    return this.#backlog >= this.#maxBacklog;
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
    const run = this.#tail.then(() => (this.isFull(receivedAt) ? { stored: 0, overCeiling: events.map((e) => e.index) } : appendEvents(this.#store, apiKey, events, receivedAt, this.#dailyCeilingBytes, pace)));
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

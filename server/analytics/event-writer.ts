import type { Store } from '../db/open';
import type { KeptEvent } from './declared-only';
import { appendEvents, utcDay, type AppendResult, type Pace } from './event-log';

/** How the event log writes. */
export interface EventWriterSettings {
  /** Bytes of events stored at most on one UTC day, over every process (EVENT_LOG_DAILY_MB; storedBytes counts them). */
  dailyCeilingBytes: number;
  /** Events waiting to be written in this process at most; an upload that would pass it is refused as busy. */
  maxBacklog?: number;
  /** Bytes of the waiting uploads' bodies, likewise. */
  maxBacklogBytes?: number;
  /** Told once per day, in this process, when that day's ceiling is found reached. */
  onFull?: (day: string) => void;
}

/** The longest the writer waits between two writes, however long the last one took. */
const MAX_PAUSE_MS = 100;

/**
 * 256 MB a day: a walk's events take about 40 KB (fewer than 100 events of about 400 bytes), so this is some six
 * thousand walks a day, and a year of full days some 90 GB.
 */
export const DEFAULT_DAILY_CEILING_BYTES = 256 * 1024 * 1024;
const DEFAULT_MAX_BACKLOG = 20_000;
// The bodies of the uploads waiting are held in memory until written: 32 MB of them at the most.
const DEFAULT_MAX_BACKLOG_BYTES = 32 * 1024 * 1024;

/**
 * The event log's one writer in this process: uploads are written one after the other, each a few rows per
 * transaction (appendEvents), so the event log holds at most one database connection and one short write at a time.
 * Before each write it waits as long as its last write took (up to 100 ms), whether the next rows are the same
 * upload's or another's: the event log has the database at most half the time, however much waits, and the session
 * and payment writes that arrived meanwhile go first. What waits is bounded (maxBacklog events, maxBacklogBytes of
 * their bodies): past it an upload is answered busy at once, so a flood cannot grow memory either. Once a day's
 * ceiling is reached the writer knows it, and refuses that day's uploads without asking the database.
 */
export class EventWriter {
  readonly #store: Store;
  readonly #dailyCeilingBytes: number;
  readonly #maxBacklog: number;
  readonly #maxBacklogBytes: number;
  readonly #onFull: (day: string) => void;
  #tail: Promise<unknown> = Promise.resolve();
  #backlog = 0;
  #backlogBytes = 0;
  #fullDay: string | null = null;
  #lastWriteMs = 0;
  readonly #pace: Pace = {
    before: () => (this.#lastWriteMs > 0 ? new Promise<void>((resolve) => setTimeout(resolve, Math.min(this.#lastWriteMs, MAX_PAUSE_MS))) : Promise.resolve()),
    took: (ms) => {
      this.#lastWriteMs = ms;
    },
  };

  constructor(store: Store, settings: EventWriterSettings) {
    this.#store = store;
    this.#dailyCeilingBytes = settings.dailyCeilingBytes;
    this.#maxBacklog = settings.maxBacklog ?? DEFAULT_MAX_BACKLOG;
    this.#maxBacklogBytes = settings.maxBacklogBytes ?? DEFAULT_MAX_BACKLOG_BYTES;
    this.#onFull = settings.onFull ?? (() => undefined);
  }

  /** Whether as much waits as the writer holds: an upload now would be refused as busy. */
  isBusy(): boolean {
    return this.#backlog >= this.#maxBacklog || this.#backlogBytes >= this.#maxBacklogBytes;
  }

  /** Whether the ceiling of `at`'s day is known to be reached. */
  isFull(at: Date): boolean {
    return this.#fullDay === utcDay(at);
  }

  /**
   * Writes the events, of an upload of `bodyBytes`, once those before them are written; 'busy' when the backlog has no
   * room for them.
   */
  async append(apiKey: string, events: readonly KeptEvent[], receivedAt: Date, bodyBytes = 0): Promise<AppendResult | 'busy'> {
    if (events.length === 0) return { stored: 0, overCeiling: [] };
    if (this.isFull(receivedAt)) return { stored: 0, overCeiling: events.map((e) => e.index) };
    if (this.#backlog + events.length > this.#maxBacklog || this.#backlogBytes + bodyBytes > this.#maxBacklogBytes) return 'busy';
    this.#backlog += events.length;
    this.#backlogBytes += bodyBytes;
    const run = this.#tail.then(() =>
      this.isFull(receivedAt) ? { stored: 0, overCeiling: events.map((e) => e.index) } : appendEvents(this.#store, apiKey, events, receivedAt, this.#dailyCeilingBytes, this.#pace),
    );
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
      this.#backlogBytes -= bodyBytes;
    }
  }

  /** Resolves once every upload taken so far is written (or failed). */
  async drained(): Promise<void> {
    await this.#tail;
  }
}

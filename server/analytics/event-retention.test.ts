import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { describeOnEachDatabase } from '../test-support/databases';
import { openStore, type Store } from '../db/open';
import { appendEvents } from './event-log';
import { pruneEvents, startEventRetention } from './event-retention';
import type { KeptEvent } from './declared-only';

// The event log's retention on SQLite and a real PostgreSQL: events are stored through the writer's own path
// (appendEvents, as an upload stores them) with made-up arrival times, then pruned.

const DAY_MS = 24 * 60 * 60 * 1000;
const API_KEY = 'client-key-0123456789';
// A fixed "now" for the prunes, so that the boundaries are exact whatever the clock says.
const NOW = new Date('2030-06-15T12:00:00.000Z');
const daysBefore = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * DAY_MS + extraMs);

function events(count: number, device: string, insertIds = true): KeptEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    event: {
      eventType: 'Screen Shown',
      deviceId: device,
      userId: null,
      time: null,
      sessionId: null,
      insertId: insertIds ? randomUUID() : null,
      platform: 'Web',
      osName: null,
      osVersion: null,
      appVersion: null,
      language: null,
      library: null,
      eventProperties: { screen_id: 'welcome', flow_id: 'astrology', flow_version: 1 },
      userProperties: {},
    },
  }));
}

describeOnEachDatabase('The event log’s retention', ({ store, databaseEnv }) => {
  /** Stores `count` events of a new device, arrived at `at`; answers the device. */
  const arrive = async (at: Date, count = 1, s: Store = store()) => {
    const device = `device-${randomUUID()}`;
    const result = await appendEvents(s, API_KEY, events(count, device), at, 1e15);
    expect(result.stored).toBe(count);
    return device;
  };
  const devicesLeft = async () => {
    const rows = await store().db.selectFrom('analytics_events').select('device_id').execute();
    return new Set(rows.map((r) => r.device_id));
  };
  const rowCount = async () => Number((await store().db.selectFrom('analytics_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeEach(async () => {
    await store().db.deleteFrom('analytics_events').execute();
  });

  it('deletes exactly the events that arrived before the retention, and keeps the rest', async () => {
    const old = [await arrive(daysBefore(900)), await arrive(daysBefore(401)), await arrive(daysBefore(400, -60_000))];
    const kept = [await arrive(daysBefore(400, 60_000)), await arrive(daysBefore(30)), await arrive(daysBefore(0))];

    expect(await pruneEvents(store(), { retentionDays: 400, now: NOW })).toBe(3);

    const left = await devicesLeft();
    expect([...left].sort()).toEqual([...kept].sort());
    for (const device of old) expect(left.has(device)).toBe(false);
    // Nothing more to do: a second prune finds nothing.
    expect(await pruneEvents(store(), { retentionDays: 400, now: NOW })).toBe(0);
    expect(await rowCount()).toBe(3);
  });

  it('goes through a backlog larger than a batch, a batch at a time, and stops when it is done', async () => {
    await arrive(daysBefore(500), 1_150);
    await arrive(daysBefore(450), 1_100);
    const recent = await arrive(daysBefore(1), 120);
    // Each write of the prune is one batch's delete, answering how many rows it deleted.
    const batches: unknown[] = [];
    const counting: Store = {
      ...store(),
      write: async (work) => {
        const deleted = await store().write(work);
        batches.push(deleted);
        return deleted;
      },
    };

    expect(await pruneEvents(counting, { retentionDays: 400, now: NOW, batchRows: 500, pauseMs: 0 })).toBe(2_250);

    // Five full batches, then the short one that found the rest.
    expect(batches).toEqual([500, 500, 500, 500, 250]);
    expect([...(await devicesLeft())]).toEqual([recent]);
    expect(await rowCount()).toBe(120);
  });

  it('deletes the oldest first, and stops between batches once told to, the batch under way finished', async () => {
    // The older ones stored last: a prune going by where rows lie, not by their age, would take the others first.
    const lessOld = await arrive(daysBefore(450), 200);
    const oldest = await arrive(daysBefore(500), 100);
    const controller = new AbortController();
    const stopping: Store = {
      ...store(),
      write: (work) => store().write(work).finally(() => controller.abort()),
    };

    // A pause longer than the test's timeout: stopping must cut it short.
    expect(await pruneEvents(stopping, { retentionDays: 400, now: NOW, batchRows: 100, pauseMs: 60_000, signal: controller.signal })).toBe(100);
    expect(await rowCount()).toBe(200);
    expect([...(await devicesLeft())]).toEqual([lessOld]);
    expect((await devicesLeft()).has(oldest)).toBe(false);
  });

  it('lets two processes prune at once: every old row deleted once, the recent kept', async () => {
    await arrive(daysBefore(420), 1_500);
    const recent = await arrive(daysBefore(2), 50);
    // The other process's own connection to the same database.
    const env = databaseEnv();
    const other = openStore(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    try {
      const [first, second] = await Promise.all([
        pruneEvents(store(), { retentionDays: 400, now: NOW, batchRows: 200, pauseMs: 0 }),
        pruneEvents(other, { retentionDays: 400, now: NOW, batchRows: 200, pauseMs: 0 }),
      ]);

      expect(first + second).toBe(1_500);
      expect([...(await devicesLeft())]).toEqual([recent]);
    } finally {
      await other.close();
    }
  });

  it('keeps the 7-day deduplication whole at the shortest retention: an event resent within 7 days is still refused', async () => {
    const sixDaysAgo = events(1, `device-${randomUUID()}`);
    const eightDaysAgo = events(1, `device-${randomUUID()}`);
    expect((await appendEvents(store(), API_KEY, sixDaysAgo, daysBefore(6), 1e15)).stored).toBe(1);
    expect((await appendEvents(store(), API_KEY, eightDaysAgo, daysBefore(8), 1e15)).stored).toBe(1);

    expect(await pruneEvents(store(), { retentionDays: 7, now: NOW })).toBe(1);

    // Resent now: the one of 6 days ago is a duplicate still; the one of 8 days ago is out of the window, new again.
    expect((await appendEvents(store(), API_KEY, sixDaysAgo, NOW, 1e15)).stored).toBe(0);
    expect((await appendEvents(store(), API_KEY, eightDaysAgo, NOW, 1e15)).stored).toBe(1);
  });

  describe('on a timer', () => {
    let errors: MockInstance<typeof console.error>;
    beforeEach(() => {
      errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    });
    afterEach(() => {
      errors.mockRestore();
    });

    it('prunes on its timer, logs a failed prune in one line and tries again at the next tick, and stops', async () => {
      const old = await arrive(new Date(Date.now() - 30 * DAY_MS), 3);
      const recent = await arrive(new Date(), 2);
      let writes = 0;
      const failingOnce: Store = {
        ...store(),
        write: (work) => (writes++ === 0 ? Promise.reject(new Error('connection lost\nwhile deleting')) : store().write(work)),
      };
      const pruned: number[] = [];

      const stop = startEventRetention(failingOnce, { retentionDays: 7, firstPruneMs: 0, everyMs: 50, onPruned: (deleted) => pruned.push(deleted) });
      await vi.waitFor(() => expect(pruned.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
      await stop();

      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors.mock.calls[0]?.[0]).toBe('Event log retention: the prune failed (tried again at the next tick): connection lost while deleting');
      // The first prune failed; the next deleted the old events; the one after found nothing left.
      expect(pruned.slice(0, 2)).toEqual([3, 0]);
      expect([...(await devicesLeft())]).toEqual([recent]);
      expect((await devicesLeft()).has(old)).toBe(false);
      // Stopped: no further prune.
      const after = pruned.length;
      await sleep(200);
      expect(pruned.length).toBe(after);
    });
  });
});

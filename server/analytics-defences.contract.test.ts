import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { MAX_PROPERTY_VALUE_LENGTH } from './analytics/declared-only';
import type { EventLogSettings } from './analytics/event-log-settings';
import { formatMegabytes } from './analytics/upload-answer';
import { utcDay } from './analytics/event-log';
import { EventWriter } from './analytics/event-writer';
import type { Store } from './db/open';
import { fromBigInt } from './db/values';
import { sql } from 'kysely';
import { DEFAULT_RATE_LIMITS } from './rate-limits';
import { describeOnEachDatabase, openTestStore } from './test-support/databases';
import { productEventCatalogue } from './test-support/product-catalogue';
import { runScript } from './test-support/run-script';

// The event log's defences against filling the disk, over HTTP on SQLite and PostgreSQL: only what the flow, the app
// and the SDK declare is stored; quotas per device and per client address answered as Amplitude's ingestion answers
// (429 with throttled_events, exceeded_daily_quota_devices / _users, the other events taken); a daily storage ceiling
// shared through the database, which `npm run events` reports; and a writer that refuses what it cannot hold.
// Requests are injected with made-up client addresses (no traffic leaves the process).

const catalogue = productEventCatalogue();

const uniq = () => randomUUID().replace(/-/g, '').slice(0, 12);
const API_KEY = 'client-key-0123456789';
const unlimited = { devicePerSecond: 1e6, devicePerDay: 1e8, addressPerSecond: 1e6, addressPerDay: 1e8, addressBytesPerMinute: 1e12, addressStoredBytesPerDay: 1e12 };

function screenShown(device: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { event_type: 'Screen Shown', device_id: device, insert_id: randomUUID(), time: Date.now(), platform: 'Web', event_properties: { screen_id: 'welcome', flow_id: 'astrology', flow_version: 1 }, ...overrides };
}

/** What an attacker with curl posts: made-up events of made-up devices, each with a made-up 400-character property. */
function forged(devices: number, events: number, tag: string): Record<string, unknown>[] {
  return Array.from({ length: events }, (_, i) =>
    screenShown(`forged-${tag}-${i % devices}`, { event_properties: { screen_id: 'welcome', flow_id: 'astrology', flow_version: 1, [`made_up_${tag}`]: 'x'.repeat(400) } }),
  );
}

async function serverWith(store: Store, eventLog: EventLogSettings): Promise<FastifyInstance> {
  return buildServer({ store, eventCatalogue: catalogue, eventLog, rateLimits: { ...DEFAULT_RATE_LIMITS, analytics: 1_000_000 } });
}

async function post(server: FastifyInstance, events: unknown[], remoteAddress = '198.51.100.1') {
  const answer = await server.inject({ method: 'POST', url: '/analytics/batch', payload: { api_key: API_KEY, events }, remoteAddress });
  return { status: answer.statusCode, body: answer.json<Record<string, unknown>>(), retryAfter: answer.headers['retry-after'] };
}

describeOnEachDatabase('The event log against a flood', ({ store, databaseEnv }) => {
  const rowsOf = (device: string) => store().db.selectFrom('analytics_events').selectAll().where('device_id', '=', device).execute();
  const usedToday = async () => {
    const row = await store().db.selectFrom('analytics_daily_usage').select(['stored_events', 'stored_bytes']).where('day', '=', utcDay(new Date())).executeTakeFirst();
    return { events: row ? fromBigInt(row.stored_events) : 0, bytes: row ? fromBigInt(row.stored_bytes) : 0 };
  };

  describe('only what is declared', () => {
    let server: FastifyInstance;
    beforeAll(async () => {
      server = await serverWith(store(), { quotas: unlimited, dailyCeilingBytes: 1e12 });
    });
    afterAll(async () => server.close());

    it('drops an event of a type nobody declared and every property its event does not carry, and says which (200)', async () => {
      const device = `device-${uniq()}`;
      const answer = await post(server, [
        screenShown(device, { event_properties: { screen_id: 'welcome', flow_id: 'astrology', flow_version: 1, ab_priceSet: 'default', made_up: 'y'.repeat(400) } }),
        screenShown(device, { event_type: 'Made Up Event' }),
        screenShown(device, { event_type: 'session_start', event_properties: { note: 'z' }, user_properties: { $set: { flow_id: 'astrology' } } }),
        screenShown(device, { event_type: '$identify', event_properties: {}, user_properties: { $set: { flow_id: 'astrology', nickname: 'q' }, $add: { visits: 1 }, $setOnce: { initial_utm_source: 'ads' } } }),
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 200, events_ingested: 3, events_with_invalid_fields: { event_type: [1], event_properties: [0, 2], user_properties: [2, 3] } });
      const rows = await rowsOf(device);
      expect(rows.map((r) => r.event_type).sort()).toEqual(['$identify', 'Screen Shown', 'session_start']);
      const byType = Object.fromEntries(rows.map((r) => [r.event_type, r]));
      expect(JSON.parse(byType['Screen Shown']!.event_properties)).toEqual({ screen_id: 'welcome', flow_id: 'astrology', flow_version: 1, ab_priceSet: 'default' });
      expect(JSON.parse(byType.session_start!.event_properties)).toEqual({});
      expect(JSON.parse(byType.session_start!.user_properties)).toEqual({});
      expect(JSON.parse(byType.$identify!.user_properties)).toEqual({ $set: { flow_id: 'astrology' }, $setOnce: { initial_utm_source: 'ads' } });
      expect(JSON.stringify(rows)).not.toMatch(/made_up|yyyy|nickname|visits/);
    });

    it(`cuts a declared property's value at ${MAX_PROPERTY_VALUE_LENGTH} characters, never inside a character`, async () => {
      const device = `device-${uniq()}`;
      const location = `https://app.example/?utm_content=${'é'.repeat(600)}`;
      const path = `/${'a'.repeat(MAX_PROPERTY_VALUE_LENGTH - 2)}😀tail`;
      expect((await post(server, [screenShown(device, { event_type: '[Amplitude] Page Viewed', event_properties: { '[Amplitude] Page Location': location, '[Amplitude] Page Path': path } })])).status).toBe(200);
      const [row] = await rowsOf(device);
      const properties = JSON.parse(row!.event_properties) as Record<string, string>;
      expect(properties['[Amplitude] Page Location']).toBe(location.slice(0, MAX_PROPERTY_VALUE_LENGTH));
      // The emoji would be split at the limit: it is left out whole.
      expect(properties['[Amplitude] Page Path']).toBe(path.slice(0, MAX_PROPERTY_VALUE_LENGTH - 1));
    });
  });

  describe('quotas', () => {
    let server: FastifyInstance;
    beforeAll(async () => {
      server = await serverWith(store(), { quotas: { devicePerSecond: 5, devicePerDay: 80, addressPerSecond: 40, addressPerDay: 1000, addressBytesPerMinute: 1e12, addressStoredBytesPerDay: 1e12 }, dailyCeilingBytes: 1e12 });
    });
    afterAll(async () => server.close());

    it("throttles a device over its rate with Amplitude's 429, taking the upload's other events", async () => {
      const [fast, calm] = [`device-${uniq()}`, `device-${uniq()}`];
      const events = [...Array.from({ length: 60 }, () => screenShown(fast)), screenShown(calm)];
      const answer = await post(server, events, '198.51.100.20');
      expect(answer.status).toBe(429);
      // Five a second over ten seconds: 50 of the fast device's 60 are taken, and the calm device's one.
      expect(answer.body).toMatchObject({ code: 429, error: 'Too many requests for some devices and users', eps_threshold: 5, events_ingested: 51, throttled_devices: { [fast]: 50 } });
      expect(answer.body.throttled_events).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(10);
      expect(await rowsOf(fast)).toHaveLength(50);
      expect(await rowsOf(calm)).toHaveLength(1);
    });

    it('refuses a device over its day, naming it in exceeded_daily_quota_devices (the SDK drops those events)', async () => {
      const daily = await serverWith(store(), { quotas: { devicePerSecond: 100, devicePerDay: 30, addressPerSecond: 100, addressPerDay: 1000, addressBytesPerMinute: 1e12, addressStoredBytesPerDay: 1e12 }, dailyCeilingBytes: 1e12 });
      try {
        const device = `device-${uniq()}`;
        expect((await post(daily, Array.from({ length: 20 }, () => screenShown(device)), '198.51.100.21')).status).toBe(200);
        // From another address too: the device's day is its own.
        const answer = await post(daily, [...Array.from({ length: 15 }, () => screenShown(device)), screenShown(`device-${uniq()}`)], '198.51.100.22');
        expect(answer.status).toBe(429);
        expect(answer.body).toMatchObject({ events_ingested: 11, exceeded_daily_quota_devices: { [device]: 30 } });
        expect(answer.body).not.toHaveProperty('throttled_events');
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(await rowsOf(device)).toHaveLength(30);
      } finally {
        await daily.close();
      }
    });

    it('refuses a body over the address\'s bytes a minute before reading it, and a body whose length it is not told', async () => {
      const small = await serverWith(store(), { quotas: { ...unlimited, addressBytesPerMinute: 500_000 }, dailyCeilingBytes: 1e12 });
      try {
        const tag = uniq();
        const body = JSON.stringify({ api_key: API_KEY, events: forged(10, 500, tag) });
        // Within the budget alone, over it with one more.
        expect(Buffer.byteLength(body)).toBeGreaterThan(250_000);
        expect(Buffer.byteLength(body)).toBeLessThan(500_000);
        const send = (headers: Record<string, string>, payload: string | NodeJS.ReadableStream = body) =>
          small.inject({ method: 'POST', url: '/analytics/batch', headers: { 'content-type': 'application/json', ...headers }, payload, remoteAddress: '198.51.100.30' });
        expect((await send({})).statusCode).toBe(200);
        const refused = await send({});
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ code: 429, error: expect.stringMatching(/^Too many bytes uploaded from this address: at most 0\.477 MB a minute here\. Try again in \d+ s\.$/) });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        // A body sent chunked (no Content-Length), over real HTTP: its size cannot be counted before it is read, so it is
        // refused (411) at once, and its connection closed while the client is still sending it.
        await small.listen({ port: 0, host: '127.0.0.1' });
        const url = `http://127.0.0.1:${(small.server.address() as AddressInfo).port}/analytics/batch`;
        const chunked = await new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
          const sent = request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }));
          });
          // The rest of the body is never sent: the answer comes first.
          sent.on('error', reject);
          sent.write(body.slice(0, 1000));
        });
        expect(chunked).toEqual({ status: 411, connection: 'close', body: JSON.stringify({ code: 411, error: 'Content-Length is required: send the body with its length, not chunked.' }) });
      } finally {
        await small.close();
      }
    });

    it('holds one address to its quota however many device ids it makes up, and stores none of their made-up properties', async () => {
      const tag = uniq();
      const flood = forged(1000, 1000, tag);
      const answer = await post(server, flood, '198.51.100.24');
      expect(answer.status).toBe(429);
      // 40 a second over ten seconds for the address: 400 taken, 600 throttled.
      expect(answer.body).toMatchObject({ events_ingested: 400 });
      expect(answer.body.throttled_events).toHaveLength(600);
      expect(Object.keys(answer.body.throttled_devices as object)).toHaveLength(600);
      // (A later upload in the same 10-second window is throttled whole: upload-quotas.test.ts, with a clock of its own.)
      const stored = await store().db.selectFrom('analytics_events').select(['event_properties']).where('device_id', 'like', `forged-${tag}-%`).execute();
      expect(stored).toHaveLength(400);
      expect(stored.some((row) => row.event_properties.includes(`made_up_${tag}`))).toBe(false);
      // A visitor behind another address is not held back.
      expect((await post(server, [screenShown(`device-${uniq()}`)], '203.0.113.5')).status).toBe(200);
    });
  });

  describe('the daily ceiling', () => {
    // A stored row of these tests is some 500 bytes as the ceiling counts it; none is over 1 KB.
    const LARGEST_ROW = 1024;

    it('stores no more than the ceiling on a day, over every address, answers 429 after it, and npm run events says when it was reached', async () => {
      const before = await usedToday();
      const ceiling = before.bytes + 60_000;
      const server = await serverWith(store(), { quotas: { devicePerSecond: 1e6, devicePerDay: 1e8, addressPerSecond: 50, addressPerDay: 1e8, addressBytesPerMinute: 1e12, addressStoredBytesPerDay: 1e12 }, dailyCeilingBytes: ceiling });
      try {
        const tag = uniq();
        // Ten addresses, each within its own quota (500 a window), 200 made-up devices each: 2,000 events in all.
        const answers = [];
        for (let a = 0; a < 10; a++) answers.push(await post(server, forged(200, 200, `${tag}-${a}`), `198.51.100.${100 + a}`));
        const ingested = answers.reduce((sum, a) => sum + Number(a.body.events_ingested ?? 0), 0);
        const after = await usedToday();
        expect(after.events - before.events).toBe(ingested);
        expect(ingested).toBeGreaterThan(50);
        expect(ingested).toBeLessThan(2000);
        expect(after.bytes).toBeLessThanOrEqual(ceiling);
        expect(after.bytes).toBeGreaterThan(ceiling - LARGEST_ROW);
        const message = `The event log has stored its ceiling of ${formatMegabytes(ceiling)} for today (UTC); it takes events again from 00:00 UTC.`;
        // The upload that reached the ceiling names the devices whose events it refused (the SDK drops those); every
        // later one is refused before its body is read.
        const [reaching, ...later] = answers.filter((a) => a.status === 429);
        expect(reaching!.body).toMatchObject({ code: 429, error: message });
        const refusedThere = Object.values(reaching!.body.exceeded_daily_quota_devices as Record<string, number>).reduce((sum, n) => sum + n, 0);
        expect(Number(reaching!.body.events_ingested) + refusedThere).toBe(200);
        expect(later.length).toBeGreaterThanOrEqual(8);
        for (const answer of later) {
          expect(answer.body).toEqual({ code: 429, error: message });
          expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        }
        // A real visitor's upload is refused too, and nothing is stored.
        const late = `device-${uniq()}`;
        expect((await post(server, [screenShown(late)], '203.0.113.77')).status).toBe(429);
        expect(await rowsOf(late)).toHaveLength(0);
        expect(await usedToday()).toEqual(after);
      } finally {
        await server.close();
      }
      const events = await runScript('events.ts', ['--since', '1h'], databaseEnv());
      expect(events.code).toBe(0);
      expect(events.stdout).toMatch(
        new RegExp(`^ceiling reached on ${utcDay(new Date())} at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z: \\d+ events stored \\([\\d.]+ MB\\), the daily ceiling of ${formatMegabytes(ceiling).replace('.', '\\.')}; later uploads that day were refused \\(429\\)$`, 'm'),
      );
    });

    it('shares the ceiling between two servers on the same database', async () => {
      const before = await usedToday();
      const settings = { quotas: unlimited, dailyCeilingBytes: before.bytes + 30_000 };
      const [one, two] = [await serverWith(store(), settings), await serverWith(store(), settings)];
      try {
        const tag = uniq();
        const answers = await Promise.all([post(one, forged(80, 80, `${tag}-a`)), post(two, forged(80, 80, `${tag}-b`))]);
        const ingested = answers.reduce((sum, a) => sum + Number(a.body.events_ingested ?? 0), 0);
        const after = await usedToday();
        expect(after.events - before.events).toBe(ingested);
        expect(ingested).toBeLessThan(160);
        expect(after.bytes).toBeLessThanOrEqual(settings.dailyCeilingBytes);
        expect(after.bytes).toBeGreaterThan(settings.dailyCeilingBytes - LARGEST_ROW);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });
  });

  it('answers busy (503, nothing stored) when more events wait than the writer holds, and writes what it took', async () => {
    const writer = new EventWriter(store(), { dailyCeilingBytes: 1e12, maxBacklog: 150 });
    const device = `device-${uniq()}`;
    const kept = (count: number, first: number) =>
      Array.from({ length: count }, (_, i) => ({
        index: first + i,
        event: { eventType: 'Screen Shown', deviceId: device, userId: null, time: null, sessionId: null, insertId: randomUUID(), platform: null, osName: null, osVersion: null, appVersion: null, language: null, library: null, eventProperties: {}, userProperties: {} },
      }));
    const now = new Date();
    const [first, second, third] = await Promise.all([writer.append(API_KEY, kept(100, 0), now), writer.append(API_KEY, kept(100, 100), now), writer.append(API_KEY, kept(50, 200), now)]);
    expect(first).toEqual({ stored: 100, overCeiling: [] });
    expect(second).toBe('busy');
    expect(third).toEqual({ stored: 50, overCeiling: [] });
    expect(await rowsOf(device)).toHaveLength(150);
  });
});

describe('The data folder under a flood (SQLite)', () => {
  let opened: Awaited<ReturnType<typeof openTestStore>> | undefined;
  beforeAll(async () => {
    opened = await openTestStore('SQLite');
  });
  afterAll(async () => {
    await opened?.store.close();
    await opened?.cleanup();
  });

  it('grows by no more than the ceiling allows, however much is posted', async () => {
    const dataDir = opened!.env.DATA_DIR!;
    const ceiling = 512 * 1024;
    const server = await serverWith(opened!.store, { quotas: { devicePerSecond: 30, devicePerDay: 2000, addressPerSecond: 300, addressPerDay: 100_000, addressBytesPerMinute: 1e12, addressStoredBytesPerDay: 1e12 }, dailyCeilingBytes: ceiling });
    // The database file alone, its write-ahead log checkpointed into it (that log is reused, not grown, past about 4 MB).
    const databaseBytes = async () => {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(opened!.store.db);
      return readdirSync(dataDir).reduce((sum, name) => sum + statSync(join(dataDir, name)).size, 0);
    };
    try {
      const before = await databaseBytes();
      const tag = uniq();
      // The attack that filled 68.7 MB before: 30 uploads of 2,000 events with a made-up 400-character property, here
      // from 30 addresses and 1,000 made-up devices, so that neither quota alone stops it.
      let ingested = 0;
      const statuses: number[] = [];
      for (let upload = 0; upload < 30; upload++) {
        const answer = await post(server, forged(1000, 2000, `${tag}-${upload}`), `198.51.100.${upload + 1}`);
        statuses.push(answer.status);
        ingested += Number(answer.body.events_ingested ?? 0);
      }
      // The first upload fills the day (some thousand rows of 500 bytes) and is refused the rest; every later one whole.
      expect(statuses).toEqual(Array(30).fill(429));
      expect(ingested).toBeGreaterThan(500);
      const grown = (await databaseBytes()) - before;
      // The rows, their index entries and SQLite's pages: within a quarter of the ceiling.
      expect(grown).toBeLessThanOrEqual(ceiling * 1.25);
    } finally {
      await server.close();
    }
  });
});

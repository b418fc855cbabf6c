import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { DEFAULT_EVENT_LOG_SETTINGS, type EventLogSettings } from './analytics/event-log-settings';
import { fromBigInt, toIso } from './db/values';
import { DEFAULT_RATE_LIMITS } from './rate-limits';
import { describeOnEachDatabase, openTestStore } from './test-support/databases';
import { productEventCatalogue } from './test-support/product-catalogue';
import { runScript } from './test-support/run-script';

// The first-party event log over real HTTP, on SQLite and on PostgreSQL: POST /analytics/2/httpapi and
// /analytics/batch answer what Amplitude's HTTP V2 and Batch APIs answer (the Browser SDK reads `code` from
// the body), deduplicate by insert_id per device for 7 days, keep nothing personal, and `npm run events`
// prints what they stored. The field-by-field checks are in analytics/upload-validation.test.ts.

const uniq = () => randomUUID().replace(/-/g, '').slice(0, 12);
// The log stores what the product's flow, the app and the SDK declare: the server here serves the product's flow.
const catalogue = productEventCatalogue();
// Every call of the shared server comes from 127.0.0.1: the quotas are tested below with servers of their own.
const generous: EventLogSettings = { ...DEFAULT_EVENT_LOG_SETTINGS, quotas: { devicePerSecond: 1e6, devicePerDay: 1e8, addressPerSecond: 1e6, addressPerDay: 1e8, addressBytesPerMinute: 1e12, addressStoredBytesPerDay: 1e12 } };
const newDevice = () => `device-${uniq()}`;
const API_KEY = 'client-key-0123456789';
const MIB = 1024 * 1024;

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** The number at `key` of a JSON object answer. */
function numberIn(body: unknown, key: string): number {
  const value = typeof body === 'object' && body !== null ? Object.entries(body).find(([name]) => name === key)?.[1] : undefined;
  if (typeof value !== 'number') throw new Error(`no number at ${key} in ${JSON.stringify(body)}`);
  return value;
}

function event(device: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { event_type: 'Screen Shown', device_id: device, insert_id: randomUUID(), time: 1767225601234, session_id: 1767225600000, platform: 'Web', ...overrides };
}

describeOnEachDatabase('The event log (Amplitude HTTP V2 and Batch API)', ({ store, databaseEnv }) => {
  let app: FastifyInstance;
  let baseUrl = '';

  beforeAll(async () => {
    // Every call here comes from 127.0.0.1; the limit itself is tested below with a server of its own.
    app = await buildServer({ store: store(), rateLimits: { ...DEFAULT_RATE_LIMITS, analytics: 100_000 }, eventCatalogue: catalogue, eventLog: generous });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function post(path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Answer> {
    const response = await fetch(`${baseUrl}/analytics${path}`, { method: 'POST', headers, body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body) });
    const text = await response.text();
    const parsed: unknown = JSON.parse(text);
    return { status: response.status, body: parsed, headers: response.headers };
  }

  const upload = (events: unknown[], extra: Record<string, unknown> = {}) => ({ api_key: API_KEY, events, options: {}, ...extra });

  const rowsOf = (device: string) => store().db.selectFrom('analytics_events').selectAll().where('device_id', '=', device).orderBy('event_time').execute();

  describe('an accepted upload', () => {
    it("answers 200 in Amplitude's shape and stores each event, dated by its time or else by the upload", async () => {
      const device = newDevice();
      const body = JSON.stringify(
        upload([
          event(device, { event_properties: { screen_id: 'profile-name', question_id: 'Überblick ✨' }, language: 'de-DE' }),
          event(device, { time: undefined, event_type: 'session_start' }),
          event(device, { event_type: '$identify', time: 1767225600500, user_properties: { $set: { ab_priceSet: 'trial_price_test' } } }),
        ]),
      );
      const before = Date.now();
      const answer = await post('/2/httpapi', body);
      const after = Date.now();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({ code: 200, events_ingested: 3, payload_size_bytes: Buffer.byteLength(body), server_upload_time: expect.any(Number) });
      const uploadTime = numberIn(answer.body, 'server_upload_time');
      expect(uploadTime).toBeGreaterThanOrEqual(before);
      expect(uploadTime).toBeLessThanOrEqual(after);

      const rows = await rowsOf(device);
      expect(rows.map((row) => [row.event_type, toIso(row.event_time), toIso(row.received_at)])).toEqual([
        ['$identify', '2026-01-01T00:00:00.500Z', new Date(uploadTime).toISOString()],
        ['Screen Shown', '2026-01-01T00:00:01.234Z', new Date(uploadTime).toISOString()],
        ['session_start', new Date(uploadTime).toISOString(), new Date(uploadTime).toISOString()],
      ]);
      const first = rows.find((row) => row.event_type === 'Screen Shown');
      expect(first).toMatchObject({ api_key: API_KEY, user_id: null, platform: 'Web', language: 'de-DE' });
      expect(fromBigInt(first!.session_id!)).toBe(1767225600000);
      expect(JSON.parse(first!.event_properties)).toEqual({ screen_id: 'profile-name', question_id: 'Überblick ✨' });
      expect(JSON.parse(first!.user_properties)).toEqual({});
      expect(JSON.parse(rows[0]!.user_properties)).toEqual({ $set: { ab_priceSet: 'trial_price_test' } });
    });

    it('takes the same body on /analytics/batch and answers the same way', async () => {
      const device = newDevice();
      const answer = await post('/batch', upload([event(device), event(device)]));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 200, events_ingested: 2 });
      expect(await rowsOf(device)).toHaveLength(2);
    });

    it('takes JSON sent as text/plain, as navigator.sendBeacon (the SDK\'s beacon transport) sends it', async () => {
      const device = newDevice();
      const answer = await post('/2/httpapi', JSON.stringify(upload([event(device, { event_type: 'session_end' })])), { 'content-type': 'text/plain;charset=UTF-8' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 200, events_ingested: 1 });
      expect((await rowsOf(device)).map((row) => row.event_type)).toEqual(['session_end']);
    });

    it('keeps no IP address and no email: not the ip field, nor any property holding one', async () => {
      const device = newDevice();
      const email = `ada.${uniq()}@example.com`;
      // Personal values in properties the catalogue declares: they are dropped all the same.
      const answer = await post(
        '/2/httpapi',
        upload([
          event(device, {
            event_type: '[Amplitude] Page Viewed',
            ip: '198.51.100.23',
            location_lat: 51.5,
            idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
            user_agent: 'Mozilla/5.0',
            event_properties: { '[Amplitude] Page Path': '/email', '[Amplitude] Page Location': `https://app.example/email?email=${encodeURIComponent(email)}`, utm_content: email, referrer: '203.0.113.9' },
          }),
          event(device, { event_type: '$identify', time: 1767225600500, user_properties: { $set: { utm_source: email, flow_id: 'astrology' } } }),
        ]),
      );
      expect(answer.status).toBe(200);
      const rows = await rowsOf(device);
      expect(rows).toHaveLength(2);
      const stored = JSON.stringify(rows);
      for (const personal of [email, encodeURIComponent(email), '198.51.100.23', '203.0.113.9', 'AEBE52E7', 'Mozilla', '51.5']) expect(stored).not.toContain(personal);
      expect(JSON.parse(rows[1]!.event_properties)).toEqual({ '[Amplitude] Page Path': '/email' });
      expect(JSON.parse(rows[0]!.user_properties)).toEqual({ $set: { flow_id: 'astrology' } });
    });
  });

  describe('deduplication by insert_id', () => {
    it('accepts a repeated insert_id (200, counted) but stores the event once, also within one upload', async () => {
      const device = newDevice();
      const repeated = event(device);
      for (let i = 0; i < 2; i++) {
        const answer = await post('/2/httpapi', upload([repeated]));
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ code: 200, events_ingested: 1 });
      }
      expect(await post('/batch', upload([repeated, repeated, event(device)]))).toMatchObject({ status: 200, body: { events_ingested: 3 } });
      expect(await rowsOf(device)).toHaveLength(2);
    });

    it('stores the event once when copies arrive at the same moment', async () => {
      const device = newDevice();
      const repeated = upload([event(device)]);
      const answers = await Promise.all(Array.from({ length: 6 }, () => post('/2/httpapi', repeated)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(await rowsOf(device)).toHaveLength(1);
    });

    it('deduplicates per device (the user when there is none) and per api key', async () => {
      const insertId = randomUUID();
      const [deviceA, deviceB, user] = [newDevice(), newDevice(), `user-${uniq()}`];
      await post('/2/httpapi', upload([event(deviceA, { insert_id: insertId }), event(deviceB, { insert_id: insertId })]));
      await post('/2/httpapi', upload([event(deviceA, { insert_id: insertId })], { api_key: 'another-project-key' }));
      const byUser = () => event('', { device_id: undefined, user_id: user, insert_id: insertId });
      await post('/2/httpapi', upload([byUser()]));
      await post('/2/httpapi', upload([byUser()]));
      expect((await rowsOf(deviceA)).map((row) => row.api_key).sort()).toEqual(['another-project-key', API_KEY]);
      expect(await rowsOf(deviceB)).toHaveLength(1);
      expect(await store().db.selectFrom('analytics_events').select('id').where('user_id', '=', user).execute()).toHaveLength(1);
    });

    it('stores an insert_id again once its first event is more than 7 days old, as Amplitude does', async () => {
      const device = newDevice();
      const repeated = upload([event(device)]);
      await post('/2/httpapi', repeated);
      const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
      await store().db.updateTable('analytics_events').set({ received_at: eightDaysAgo }).where('device_id', '=', device).execute();
      await post('/2/httpapi', repeated);
      await post('/2/httpapi', repeated);
      const rows = await store().db.selectFrom('analytics_events').selectAll().where('device_id', '=', device).orderBy('received_at').execute();
      expect(rows.map((row) => [toIso(row.received_at) === eightDaysAgo, row.dedupe_key === null])).toEqual([
        [true, true],
        [false, false],
      ]);
    });
  });

  describe('a refused upload', () => {
    it('answers 400 naming a missing api_key, and stores nothing of it', async () => {
      const device = newDevice();
      const answer = await post('/2/httpapi', { events: [event(device)] });
      expect(answer).toMatchObject({ status: 400, body: { code: 400, error: 'Request missing required field', missing_field: 'api_key' } });
      expect(answer.body).toEqual({ code: 400, error: 'Request missing required field', missing_field: 'api_key' });
      expect(await post('/batch', { api_key: '', events: [event(device)] })).toMatchObject({ status: 400, body: { missing_field: 'api_key' } });
      expect(await rowsOf(device)).toEqual([]);
    });

    it('answers 400 naming missing events', async () => {
      for (const body of [{ api_key: API_KEY }, { api_key: API_KEY, events: [] }]) {
        const answer = await post('/2/httpapi', body);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ code: 400, error: 'Request missing required field', missing_field: 'events' });
      }
    });

    it('answers 400 listing the events without event_type, and stores none of the upload', async () => {
      const device = newDevice();
      const answer = await post('/2/httpapi', upload([event(device), event(device, { event_type: undefined }), event(device)]));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, error: 'Request missing required field', events_with_missing_fields: { event_type: [1] } });
      expect(await rowsOf(device)).toEqual([]);
    });

    it('answers 400 listing the events with neither device_id nor user_id', async () => {
      const answer = await post('/batch', upload([event(newDevice()), { event_type: 'orphan', time: 1767225601234 }]));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, error: 'Request missing required field', events_with_missing_fields: { user_id: [1], device_id: [1] } });
    });

    it('answers 400 to a body that is not JSON, is empty, or is not UTF-8, without quoting it', async () => {
      expect(await post('/2/httpapi', '{"api_key": "k", "events": [')).toMatchObject({ status: 400, body: { code: 400, error: 'Invalid JSON request body' } });
      expect(await post('/2/httpapi', 'ada@example.com', { 'content-type': 'text/plain' })).toEqual(expect.objectContaining({ body: { code: 400, error: 'Invalid JSON request body' } }));
      expect(await post('/2/httpapi', '')).toMatchObject({ status: 400, body: { code: 400, error: 'Missing request body' } });
      expect(await post('/2/httpapi', new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({ status: 400, body: { code: 400, error: 'Invalid JSON request body' } });
    });

    it('answers 415 to another content type or a compressed body', async () => {
      const body = JSON.stringify(upload([event(newDevice())]));
      expect(await post('/2/httpapi', body, { 'content-type': 'application/x-www-form-urlencoded' })).toMatchObject({ status: 415, body: { code: 415 } });
      expect(await post('/2/httpapi', body, { 'content-type': 'application/json', 'content-encoding': 'gzip' })).toMatchObject({ status: 415, body: { code: 415 } });
    });
  });

  describe('the size limits', () => {
    /** An upload of one event padded to `bytes` of JSON. */
    function paddedUpload(device: string, bytes: number): string {
      const empty = JSON.stringify(upload([event(device, { event_properties: { pad: '' } })]));
      return JSON.stringify(upload([event(device, { event_properties: { pad: 'x'.repeat(bytes - empty.length) } })]));
    }

    it('answers 413 to a body over 1 MB on /2/httpapi, and takes it on /batch (20 MB)', async () => {
      const device = newDevice();
      const body = paddedUpload(device, MIB + 1);
      expect(Buffer.byteLength(body)).toBe(MIB + 1);
      const refused = await post('/2/httpapi', body);
      expect(refused.status).toBe(413);
      expect(refused.body).toEqual({ code: 413, error: 'Payload too large' });
      expect(await post('/2/httpapi', paddedUpload(device, MIB))).toMatchObject({ status: 200, body: { payload_size_bytes: MIB } });
      expect(await post('/batch', body)).toMatchObject({ status: 200, body: { payload_size_bytes: MIB + 1 } });
      expect(await rowsOf(device)).toHaveLength(2);
    });

    it('answers 413 to a body over 20 MB on /batch', async () => {
      const device = newDevice();
      const answer = await post('/batch', paddedUpload(device, 20 * MIB + 1));
      expect(answer).toMatchObject({ status: 413, body: { code: 413, error: 'Payload too large' } });
      expect(await rowsOf(device)).toEqual([]);
    });

    it('answers 413 to more than 2000 events on /2/httpapi, storing none', async () => {
      const device = newDevice();
      const events = Array.from({ length: 2001 }, () => event(device));
      expect(await post('/2/httpapi', upload(events))).toMatchObject({ status: 413, body: { code: 413, error: 'Payload too large' } });
      expect(await rowsOf(device)).toEqual([]);
    });
  });

  describe('npm run events', () => {
    it('reports drop-off per screen and flow version, by A/B variant, with the numbers worked out by hand (npm run funnel:report)', async () => {
      // A flow of its own id, so no other test's events count: the real flow renamed.
      const flowId = `report-${uniq()}`;
      const dir = await mkdtemp(join(tmpdir(), 'astrelle-report-'));
      const flowFile = join(dir, 'flow.json');
      await writeFile(flowFile, JSON.stringify({ ...JSON.parse(await readFile('flows/astrology.json', 'utf8')), id: flowId }));
      const devices = Object.fromEntries(['A', 'B', 'C', 'D', 'E', 'F'].map((name) => [name, newDevice()]));
      const visit = (name: string, version: number, steps: Array<[string, number, string?]>) =>
        steps.map(([screen, second, priceSet]) =>
          event(devices[name]!, { event_type: 'Screen Shown', time: 1767225600000 + second * 1000, event_properties: { screen_id: screen, flow_id: flowId, flow_version: version, ...(priceSet ? { ab_priceSet: priceSet } : {}) } }),
        );
      // The same visitors as src/engine/drop-off.test.ts: in a relationship or single (the partner question shown to
      // two of five), a visitor who goes back a screen, two variants and one visitor never assigned, two versions.
      const answer = await post('/2/httpapi', upload([
        ...visit('A', 2, [['welcome', 0], ['relationship-status', 10], ['relationship-partner-gender', 20], ['relationship-feel-comfortable', 35], ['signup-offer-success', 45, 'default']]),
        ...visit('B', 2, [['welcome', 0], ['relationship-status', 5], ['relationship-feel-comfortable', 9]]),
        ...visit('C', 2, [['welcome', 0, 'trial_price_test'], ['relationship-status', 4], ['relationship-partner-gender', 10]]),
        ...visit('D', 2, [['welcome', 0, 'trial_price_test']]),
        ...visit('E', 2, [['welcome', 0, 'default'], ['relationship-status', 3], ['welcome', 6], ['relationship-status', 8], ['relationship-feel-comfortable', 12], ['signup-offer-success', 20]]),
        ...visit('F', 1, [['welcome', 0], ['relationship-status', 2], ['relationship-partner-gender', 4]]),
        // Not funnel events: no screen id.
        event(devices.A!, { event_type: 'session_start', time: 1767225600000 }),
      ]));
      expect(answer.status).toBe(200);
      try {
        const all = await runScript('funnel-report.ts', ['--since', '1h', '--flow', flowFile], databaseEnv());
        expect(all.stderr).toBe('');
        expect(all.code).toBe(0);
        const blocks = all.stdout.trimEnd().split('\n\n');
        expect(blocks[0]!.split('\n').map((line) => line.replace(/ +/g, ' '))).toEqual([
          `${flowId} v2 · 5 visitors`,
          'screen shown went on drop-off median',
          'welcome 5 4 20.0% 4.5 s',
          'relationship-status 4 4 0.0% 7.5 s',
          'relationship-partner-gender 2 1 50.0% 15.0 s',
          'relationship-feel-comfortable 3 2 33.3% 9.0 s',
          'signup-offer-success 2 0 end -',
        ]);
        expect(blocks[1]!.split('\n').map((line) => line.replace(/ +/g, ' '))).toEqual([
          `${flowId} v1 · 1 visitor`,
          'screen shown went on drop-off median',
          'welcome 1 1 0.0% 2.0 s',
          'relationship-status 1 1 0.0% 2.0 s',
          'relationship-partner-gender 1 0 100.0% -',
        ]);
        expect(blocks.at(-1)).toMatch(new RegExp(`^2 tables from 21 events of ${flowId} since `));

        const byVariant = await runScript('funnel-report.ts', ['--since', '1h', '--flow', flowFile, '--by', 'priceSet'], databaseEnv());
        expect(byVariant.code).toBe(0);
        expect(byVariant.stdout.split('\n').filter((line) => line.startsWith(flowId))).toEqual([
          `${flowId} v2 · priceSet = default · 2 visitors`,
          `${flowId} v2 · priceSet = trial_price_test · 2 visitors`,
          `${flowId} v2 · priceSet = (not assigned) · 1 visitor`,
          `${flowId} v1 · priceSet = (not assigned) · 1 visitor`,
        ]);
        expect(byVariant.stdout.replace(/ +/g, ' ')).toContain(`${flowId} v2 · priceSet = trial_price_test · 2 visitors\nscreen shown went on drop-off median\nwelcome 2 1 50.0% 4.0 s\nrelationship-status 1 1 0.0% 6.0 s\nrelationship-partner-gender 1 0 100.0% -`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('prints the events received in the window, one line each (time, event type, screen id or -), then the count', async () => {
      // A year of its own, so no other test's events match these lines.
      const year = 2011;
      const device = newDevice();
      const at = (second: number) => Date.UTC(year, 0, 2, 3, 4, second, 500);
      await post(
        '/2/httpapi',
        upload([
          event(device, { event_type: 'Screen Shown', time: at(1), event_properties: { screen_id: 'profile-birthday' } }),
          event(device, { event_type: 'Screen Answered', time: at(2), event_properties: { screen_id: 42 } }),
          event(device, { event_type: 'Screen Shown', time: at(3), event_properties: { screen_id: 'other\tkind\n\u001b[31m' } }),
          event(device, { event_type: 'session_start', time: at(4) }),
        ]),
      );
      // An editor's preview (a session opened through a preview link): its event is left out, and counted as such.
      const previewId = randomUUID();
      const created = await fetch(`${baseUrl}/subs/sessions/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: previewId }) });
      expect(created.status).toBe(201);
      await store().write((trx) => trx.updateTable('sessions').set({ preview: true }).where('id', '=', previewId).execute());
      await post('/2/httpapi', upload([event(previewId, { event_type: 'Screen Shown', time: at(5), event_properties: { screen_id: 'welcome' } })]));
      // An event that arrived two hours ago: outside --since 1h, inside --since 3h.
      const oldDevice = newDevice();
      await post('/2/httpapi', upload([event(oldDevice, { event_type: 'session_end', time: at(0) })]));
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
      await store().db.updateTable('analytics_events').set({ received_at: twoHoursAgo }).where('device_id', '=', oldDevice).execute();

      const recent = await runScript('events.ts', ['--since', '1h'], databaseEnv());
      expect(recent.stderr).toBe('');
      expect(recent.code).toBe(0);
      const lines = recent.stdout.trimEnd().split('\n');
      expect(lines.filter((line) => line.startsWith(`${year}-01-02T03:04:0`))).toEqual([
        `${year}-01-02T03:04:01.500Z\tScreen Shown\tprofile-birthday`,
        `${year}-01-02T03:04:02.500Z\tScreen Answered\t42`,
        `${year}-01-02T03:04:03.500Z\tScreen Shown\tother\\u0009kind\\u000a\\u001b[31m`,
        `${year}-01-02T03:04:04.500Z\tsession_start\t-`,
      ]);
      // Each event is one line of three fields, then a line counts them (other tests' events included), and the last
      // the previews' events left out.
      expect(lines.at(-1)).toMatch(/^\d+ events? of editors' previews left out$/);
      const eventLines = lines.slice(0, -2);
      for (const line of eventLines) expect(line.split('\t')).toHaveLength(3);
      expect(lines.at(-2)).toMatch(new RegExp(`^${eventLines.length} events? since \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$`));

      const wider = await runScript('events.ts', ['--since=3h'], databaseEnv());
      expect(wider.code).toBe(0);
      expect(wider.stdout).toContain(`${year}-01-02T03:04:00.500Z\tsession_end\t-\n`);
    });
  });
});

describe('The event log beside the other APIs (SQLite)', () => {
  // Limits, CORS and logs do not depend on the database: one leg is enough.
  let opened: Awaited<ReturnType<typeof openTestStore>> | undefined;
  const store = () => opened!.store;
  beforeAll(async () => {
    opened = await openTestStore('SQLite');
  });
  afterAll(async () => {
    await opened?.store.close();
    await opened?.cleanup();
  });

  const body = (device = newDevice()) => ({ api_key: API_KEY, events: [event(device)] });

  it("limits uploads per client address, answering 429 in Amplitude's shape with Retry-After", async () => {
    const limited = await buildServer({ store: store(), rateLimits: { ...DEFAULT_RATE_LIMITS, analytics: 2 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.inject({ method: 'POST', url: '/analytics/2/httpapi', payload: body() })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await limited.inject({ method: 'POST', url: '/analytics/2/httpapi', payload: body() });
      expect(refused.json()).toEqual({ code: 429, error: expect.stringMatching(/^Too many requests from this address: at most 2 a minute here\./) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client address has its own budget.
      expect((await limited.inject({ method: 'POST', url: '/analytics/2/httpapi', payload: body(), remoteAddress: '198.51.100.9' })).statusCode).toBe(200);
      // An IPv6 client counts by its /64: a new address in the same block shares its budget.
      const fromV6 = async (address: string) => (await limited.inject({ method: 'POST', url: '/analytics/2/httpapi', payload: body(), remoteAddress: address })).statusCode;
      expect([await fromV6('2001:db8:1:2::1'), await fromV6('2001:db8:1:2::aaaa'), await fromV6('2001:db8:1:2:ffff::9')]).toEqual([200, 200, 429]);
      expect(await fromV6('2001:db8:1:3::1')).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers CORS to the listed origins only, like the other APIs', async () => {
    const server = await buildServer({ store: store(), corsOrigins: ['https://app.example'] });
    try {
      const preflight = (origin: string) =>
        server.inject({ method: 'OPTIONS', url: '/analytics/2/httpapi', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
      expect((await preflight('https://app.example')).headers['access-control-allow-origin']).toBe('https://app.example');
      expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
      const posted = await server.inject({ method: 'POST', url: '/analytics/batch', headers: { origin: 'https://app.example' }, payload: body() });
      expect(posted.statusCode).toBe(200);
      expect(posted.headers['access-control-allow-origin']).toBe('https://app.example');
    } finally {
      await server.close();
    }
  });

  it('logs no api key, IP address or email of an upload, accepted or refused', async () => {
    const lines: string[] = [];
    const logged = await buildServer({ store: store(), logger: { stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const secretKey = `key-${uniq()}`;
      const email = `grace.${uniq()}@example.com`;
      const upload = { api_key: secretKey, events: [event(newDevice(), { ip: '198.51.100.77', event_properties: { email } })] };
      expect((await logged.inject({ method: 'POST', url: '/analytics/2/httpapi', payload: upload })).statusCode).toBe(200);
      const broken = `${JSON.stringify(upload).slice(0, -2)} ${email}`;
      expect((await logged.inject({ method: 'POST', url: '/analytics/2/httpapi', headers: { 'content-type': 'application/json' }, payload: broken })).statusCode).toBe(400);
      expect((await logged.inject({ method: 'POST', url: '/analytics/batch', headers: { 'content-type': 'text/plain' }, payload: broken })).statusCode).toBe(400);
      const log = lines.join('');
      expect(log).toContain('/analytics/2/httpapi');
      for (const secret of [secretKey, email, '198.51.100.77']) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ENDPOINT_LIMITS } from './amplitude-wire';
import { checkUpload, type UploadCheck } from './upload-validation';

// Amplitude's request checks and the log's personal-data rule, without HTTP: what is refused, with which
// indexes, and what is kept of an accepted event. The answers over real HTTP are in analytics.contract.test.ts.

const httpapi = ENDPOINT_LIMITS.httpapi;
const DEVICE = 'device-0f3c9a';

/** An event as the Browser SDK 2.47 sends it, field for field. */
function sdkEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: undefined,
    device_id: DEVICE,
    session_id: 1767225600000,
    time: 1767225601234,
    platform: 'Web',
    language: 'en-US',
    ip: '$remote',
    insert_id: '5f0adeff-6668-4427-8d02-57d803a2b841',
    event_type: 'screen_shown',
    event_properties: { screen_id: 'profile-name' },
    event_id: 3,
    library: 'amplitude-ts/2.47.1',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
    ...overrides,
  };
}

const upload = (events: unknown[], extra: Record<string, unknown> = {}) => ({ api_key: 'key-123', events, options: {}, ...extra });

function refusal(check: UploadCheck) {
  if (check.ok) throw new Error('expected the upload to be refused');
  return { status: check.status, body: check.body };
}

function accepted(check: UploadCheck) {
  if (!check.ok) throw new Error(`expected the upload to pass: ${JSON.stringify(check.body)}`);
  return check.upload;
}

describe('checkUpload', () => {
  it('keeps the allow-listed fields of an SDK event and none of the others (ip, user agent, event_id)', () => {
    const { apiKey, events } = accepted(checkUpload(upload([sdkEvent({ os_name: 'Chrome', os_version: '126', app_version: '1.2.0' })]), httpapi));
    expect(apiKey).toBe('key-123');
    expect(events).toEqual([
      {
        eventType: 'screen_shown',
        deviceId: DEVICE,
        userId: null,
        time: 1767225601234,
        sessionId: 1767225600000,
        insertId: '5f0adeff-6668-4427-8d02-57d803a2b841',
        platform: 'Web',
        osName: 'Chrome',
        osVersion: '126',
        appVersion: '1.2.0',
        language: 'en-US',
        library: 'amplitude-ts/2.47.1',
        eventProperties: { screen_id: 'profile-name' },
        userProperties: {},
      },
    ]);
  });

  it('treats null as not sent, and a session_id of -1 as no session', () => {
    const [event] = accepted(checkUpload(upload([{ event_type: 'x', user_id: 'user-42', device_id: null, time: null, session_id: -1, platform: null }]), httpapi)).events;
    expect(event).toMatchObject({ deviceId: null, userId: 'user-42', time: null, sessionId: null, platform: null });
  });

  it('names a missing, empty or non-string api_key in missing_field, and refuses an unstorable one as an invalid key', () => {
    for (const apiKey of [undefined, null, '', '   ', 42, ['k']]) {
      expect(refusal(checkUpload({ api_key: apiKey, events: [sdkEvent()] }, httpapi)), String(apiKey)).toEqual({
        status: 400,
        body: { code: 400, error: 'Request missing required field', missing_field: 'api_key' },
      });
    }
    for (const apiKey of ['k'.repeat(1025), 'key\u0000', 'ada@example.com']) {
      expect(refusal(checkUpload(upload([sdkEvent()], { api_key: apiKey }), httpapi)).body).toEqual({ code: 400, error: 'Invalid API key', missing_field: 'api_key' });
    }
  });

  it('names missing, empty or malformed events, and malformed options, in missing_field', () => {
    expect(refusal(checkUpload({ api_key: 'k' }, httpapi)).body).toEqual({ code: 400, error: 'Request missing required field', missing_field: 'events' });
    expect(refusal(checkUpload(upload([]), httpapi)).body).toEqual({ code: 400, error: 'Request missing required field', missing_field: 'events' });
    expect(refusal(checkUpload({ api_key: 'k', events: { 0: sdkEvent() } }, httpapi)).body).toEqual({ code: 400, error: 'Invalid request field value', missing_field: 'events' });
    expect(refusal(checkUpload(upload([sdkEvent()], { options: [] }), httpapi)).body).toMatchObject({ missing_field: 'options' });
    for (const minIdLength of [0, 1.5, '3', 2000]) {
      expect(refusal(checkUpload(upload([sdkEvent()], { options: { min_id_length: minIdLength } }), httpapi)).body, String(minIdLength)).toMatchObject({
        missing_field: 'options.min_id_length',
      });
    }
  });

  it('refuses a body that is not a JSON object', () => {
    for (const body of [null, [], 'events', 3]) {
      expect(refusal(checkUpload(body, httpapi)).body, JSON.stringify(body)).toEqual({ code: 400, error: 'Invalid JSON request body' });
    }
  });

  it('answers 413 for more than 2000 events on the HTTP V2 endpoint, and takes them on the batch endpoint', () => {
    const events = Array.from({ length: 2001 }, (_, i) => sdkEvent({ insert_id: `insert-${i}` }));
    expect(refusal(checkUpload(upload(events), httpapi))).toEqual({ status: 413, body: { code: 413, error: 'Payload too large' } });
    expect(accepted(checkUpload(upload(events.slice(0, 2000)), httpapi)).events).toHaveLength(2000);
    expect(accepted(checkUpload(upload(events), ENDPOINT_LIMITS.batch)).events).toHaveLength(2001);
  });

  it('lists the events missing event_type, or both ids, by index', () => {
    const events = [sdkEvent(), sdkEvent({ event_type: undefined }), 'not an event', sdkEvent({ device_id: undefined, user_id: undefined })];
    expect(refusal(checkUpload(upload(events), httpapi))).toEqual({
      status: 400,
      body: {
        code: 400,
        error: 'Request missing required field',
        events_with_missing_fields: { event_type: [1, 2], user_id: [3], device_id: [3] },
      },
    });
  });

  it('lists events with invalid values by field: time not in ms, a reserved or empty event type, ids Amplitude refuses', () => {
    const events = [
      sdkEvent({ time: '2026-01-01T00:00:00Z' }),
      sdkEvent({ time: 1.5 }),
      sdkEvent({ time: -1 }),
      sdkEvent({ event_type: '[Amplitude] Revenue' }),
      sdkEvent({ event_type: '  ' }),
      sdkEvent({ device_id: 'undefined' }),
      sdkEvent({ device_id: '00000000-0000-0000-0000-000000000000' }),
      sdkEvent({ user_id: 12345 }),
      sdkEvent({ session_id: -2 }),
      sdkEvent({ insert_id: '' }),
      sdkEvent({ platform: 'x'.repeat(1025) }),
      sdkEvent({ event_properties: ['a'] }),
      sdkEvent({ user_properties: 'plan=pro' }),
      sdkEvent({ event_type: 'bad\u0000type' }),
      sdkEvent({ language: 'en\uD800' }),
    ];
    expect(refusal(checkUpload(upload(events), httpapi)).body).toEqual({
      code: 400,
      error: 'Invalid field values on some events',
      events_with_invalid_fields: {
        time: [0, 1, 2],
        event_type: [3, 4, 13],
        device_id: [5, 6],
        user_id: [7],
        session_id: [8],
        insert_id: [9],
        platform: [10],
        event_properties: [11],
        user_properties: [12],
        language: [14],
      },
    });
  });

  it('refuses ids shorter than 5 characters unless options.min_id_length allows them', () => {
    const events = [sdkEvent({ device_id: 'abcd' }), sdkEvent({ device_id: undefined, user_id: 'u1' })];
    expect(refusal(checkUpload(upload(events), httpapi)).body).toEqual({
      code: 400,
      error: 'Invalid id length for user_id or device_id',
      events_with_invalid_id_lengths: { device_id: [0], user_id: [1] },
    });
    expect(accepted(checkUpload(upload(events, { options: { min_id_length: 2 } }), httpapi)).events.map((e) => e.deviceId ?? e.userId)).toEqual(['abcd', 'u1']);
  });

  it('answers every kind of fault at once, its error naming the first kind', () => {
    const body = refusal(checkUpload(upload([sdkEvent({ device_id: 'abc' }), sdkEvent({ time: 'now' }), sdkEvent({ event_type: undefined })]), httpapi)).body;
    expect(body).toEqual({
      code: 400,
      error: 'Request missing required field',
      events_with_invalid_fields: { time: [1] },
      events_with_missing_fields: { event_type: [2] },
      events_with_invalid_id_lengths: { device_id: [0] },
    });
  });

  it('takes properties 40 layers deep, and refuses a 41st', () => {
    const nest = (layers: number): Record<string, unknown> => (layers === 1 ? { leaf: true } : { next: nest(layers - 1) });
    expect(accepted(checkUpload(upload([sdkEvent({ event_properties: nest(40) })]), httpapi)).events).toHaveLength(1);
    expect(refusal(checkUpload(upload([sdkEvent({ event_properties: nest(41) })]), httpapi)).body.events_with_invalid_fields).toEqual({ event_properties: [0] });
  });

  it('refuses an api key that is not 1 to 64 letters, digits, - and _, and ids and text fields over 128 characters', () => {
    for (const apiKey of ['k'.repeat(65), 'key with spaces', 'key/slash']) {
      expect(refusal(checkUpload({ api_key: apiKey, events: [sdkEvent()] }, httpapi)).body).toEqual({ code: 400, error: 'Invalid API key', missing_field: 'api_key' });
    }
    expect(accepted(checkUpload({ api_key: 'k'.repeat(64), events: [sdkEvent({ device_id: 'd'.repeat(128), insert_id: 'i'.repeat(128), library: 'l'.repeat(128) })] }, httpapi)).events).toHaveLength(1);
    const refused = checkUpload(
      upload([sdkEvent({ device_id: 'd'.repeat(129) }), sdkEvent({ user_id: 'u'.repeat(129) }), sdkEvent({ insert_id: 'i'.repeat(129) }), sdkEvent({ os_version: 'o'.repeat(129) })]),
      httpapi,
    );
    expect(refusal(refused).body.events_with_invalid_fields).toEqual({ device_id: [0], user_id: [1], insert_id: [2], os_version: [3] });
  });

  it('takes a property map of 1,000 keys, and refuses one of 1,001 at any depth (the spec\'s property map cap)', () => {
    const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
    expect(accepted(checkUpload(upload([sdkEvent({ event_properties: keys(1000), user_properties: { $set: keys(1000) } })]), httpapi)).events).toHaveLength(1);
    const refused = checkUpload(
      upload([sdkEvent({ event_properties: keys(1001) }), sdkEvent({ user_properties: { $set: keys(1001) } }), sdkEvent({ event_properties: { list: [keys(1001)] } })]),
      httpapi,
    );
    expect(refusal(refused).body.events_with_invalid_fields).toEqual({ event_properties: [0, 2], user_properties: [1] });
  });
});

describe('the personal-data rule', () => {
  it('refuses an event whose own stored field holds an email address or is an IP address', () => {
    const events = [
      sdkEvent({ user_id: 'ada@example.com' }),
      sdkEvent({ device_id: '203.0.113.7' }),
      sdkEvent({ device_id: '2001:db8::1' }),
      sdkEvent({ event_type: 'Signed up ada%40example.com' }),
      sdkEvent({ insert_id: 'ada@example.com-1' }),
    ];
    expect(refusal(checkUpload(upload(events), httpapi)).body.events_with_invalid_fields).toEqual({
      user_id: [0],
      device_id: [1, 2],
      event_type: [3],
      insert_id: [4],
    });
  });

  it('drops every property holding an email address or an IP address, at any depth, and keeps the event', () => {
    const [event] = accepted(
      checkUpload(
        upload([
          sdkEvent({
            event_properties: {
              screen_id: 'email',
              email: 'Ada.Lovelace@Example.COM',
              '[Amplitude] Page URL': 'https://app.example/email?usid=1&email=ada%40example.com',
              '[Amplitude] Page Path': '/email',
              client_ip: '198.51.100.23',
              answers: ['single', 'bob@example.org', 3, { contact: 'c@example.net', kept: 1 }],
              'ada@example.com': true,
              nested: { deeper: { ip: '::1', ok: 'yes' } },
              count: 2,
              remote: '$remote',
            },
            user_properties: { $set: { email: 'ada@example.com', plan: 'trial' }, $setOnce: { initial_referrer: 'EMPTY' } },
          }),
        ]),
        httpapi,
      ),
    ).events;
    expect(event!.eventProperties).toEqual({
      screen_id: 'email',
      '[Amplitude] Page Path': '/email',
      answers: ['single', 3, { kept: 1 }],
      nested: { deeper: { ok: 'yes' } },
      count: 2,
      remote: '$remote',
    });
    expect(event!.userProperties).toEqual({ $set: { plan: 'trial' }, $setOnce: { initial_referrer: 'EMPTY' } });
  });

  it('keeps a __proto__ property as an ordinary key, never as a prototype', () => {
    const body: unknown = JSON.parse('{"api_key":"k","events":[{"event_type":"x","device_id":"device-1","event_properties":{"__proto__":{"polluted":true}}}]}');
    const [event] = accepted(checkUpload(body, httpapi)).events;
    expect(Object.getPrototypeOf(event!.eventProperties)).toBe(Object.prototype);
    expect(JSON.stringify(event!.eventProperties)).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loadTestFlow } from '../../../tests/support/load-test-flow';
import { sessionRules } from '../../engine/session-rules';
import type { IpInfo, Session, SessionWrite } from '../../shared/contract/subscription';
import type { CallResult } from '../../services/api-call';
import { createVisitorSessionMachine, type SessionServices } from './visitor-session-machine';

const appPages = { refresh: ['/privacy-policy', '/terms-of-use', '/cookie-policy', '/understanding-astrology'], skip: ['/404'] };
const ipInfo: IpInfo = { ip: '8.8.8.8', city: 'Mountain View', country: 'US', postal: '94043', loc: '37.422,-122.085', timezone: 'America/Los_Angeles' };

const NEW_ID = '0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b';
const SECOND_NEW_ID = '5e6f7a8b-9c0d-4e5f-8a6b-7c8d9e0f1a2b';
const OTHERS_ID = '6f7a8b9c-0d1e-4f6a-9b7c-8d9e0f1a2b3c';

/**
 * An in-memory subscription server and browser storage, standing in for the real ones. Like the real server it
 * answers an existing session only to the browser holding its credential (`sessions` are this browser's;
 * `othersSessions` are other visitors'): creating one of those is a 403, reading it a 404.
 */
function fakeWorld(options: { down?: boolean; storedId?: string; sessions?: string[]; othersSessions?: string[]; newIds?: string[] } = {}) {
  const sessions = new Map<string, Session>();
  const others = new Set(options.othersSessions ?? []);
  const newIds = [...(options.newIds ?? [NEW_ID])];
  const calls: string[] = [];
  const writes: SessionWrite[] = [];
  const confirmed: string[] = [];
  let stored = options.storedId ?? null;
  const newSession = (id: string): Session => ({
    id,
    user: null,
    record: { flowOuter: false, abTestData: {}, ipInfo: null, altPayout: false, gclid: false, testEventCode: null, attribution: {}, seenScreens: [] },
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
  });
  for (const id of options.sessions ?? []) sessions.set(id, newSession(id));
  const unreachable = <T>(): CallResult<T> => ({ ok: false, status: null, reason: 'TypeError: Failed to fetch' });
  const services: SessionServices = {
    createSession: async (id) => {
      calls.push(`create ${id}`);
      if (options.down) return unreachable<Session>();
      if (others.has(id)) return { ok: false, status: 403, reason: 'HTTP 403' };
      if (!sessions.has(id)) sessions.set(id, newSession(id));
      return { ok: true, status: 201, data: sessions.get(id)! };
    },
    getSession: async (id) => {
      calls.push(`get ${id}`);
      if (options.down) return unreachable<Session>();
      if (others.has(id)) return { ok: false, status: 404, reason: 'HTTP 404' };
      const session = sessions.get(id);
      return session ? { ok: true, status: 200, data: session } : { ok: false, status: 404, reason: 'HTTP 404' };
    },
    writeSession: async (body) => {
      calls.push(`write ${body.id}`);
      writes.push(body);
      const session = sessions.get(body.id);
      if (options.down || !session) return null;
      const updated: Session = {
        ...session,
        record: { ...session.record, flowOuter: body.flowOuter, abTestData: body.abTestData, gclid: body.gclid, testEventCode: body.testEventCode, ipInfo: body.ipInfo, attribution: body.attribution ?? {} },
      };
      sessions.set(body.id, updated);
      return updated;
    },
    lookUpIp: async () => (options.down ? undefined : ipInfo),
    confirmEmail: async (usid) => {
      confirmed.push(usid);
      return null;
    },
    abTestData: () => ({ paywall: 'b' }),
    readStoredId: () => stored,
    storeId: (id) => {
      stored = id;
    },
    newId: () => newIds.shift() ?? SECOND_NEW_ID,
  };
  return { services, sessions, calls, writes, confirmed, stored: () => stored };
}

function start(world: ReturnType<typeof fakeWorld>, flow = loadTestFlow()) {
  const actor = createActor(createVisitorSessionMachine(sessionRules(flow, appPages), world.services));
  // The address changes the machine asks for, in order.
  const urls: Array<{ pathname: string; search: string }> = [];
  let seq = 0;
  actor.subscribe((snapshot) => {
    const request = snapshot.context.urlRequest;
    if (request && request.seq > seq) {
      seq = request.seq;
      urls.push({ pathname: request.pathname, search: request.search });
    }
  });
  actor.start();
  /** Opens an address, and follows the machine's own URL replacement as the router would. */
  const visit = async (pathname: string, search = '', hash = '') => {
    const before = urls.length;
    actor.send({ type: 'VISIT', pathname, search, hash });
    await waitFor(actor, (s) => s.matches('ready') || s.matches('sentToStart'));
    const replaced = urls[before];
    if (replaced && urls.length === before + 1) {
      actor.send({ type: 'VISIT', pathname: replaced.pathname, search: replaced.search, hash });
      await waitFor(actor, (s) => s.matches('ready') || s.matches('sentToStart'));
    }
    return actor.getSnapshot();
  };
  return { actor, urls, visit };
}

describe('the visitor session', () => {
  it('gives a new visitor an id, puts it in the URL as usid and saves the visit to a new session', async () => {
    const world = fakeWorld();
    const { urls, visit } = start(world);
    const snapshot = await visit('/', '?flowOuter=true&gclid=Cj0abc&test_event_code=TEST123&utm_source=facebook&utm_campaign=spring', '#!promo');
    expect(urls[0]).toEqual({ pathname: '/', search: '?flowOuter=true&gclid=Cj0abc&test_event_code=TEST123&utm_source=facebook&utm_campaign=spring&usid=0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b' });
    expect(world.stored()).toBe('0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b');
    expect(world.calls).toEqual(['create 0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b', 'write 0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b', 'get 0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b']);
    expect(world.writes[0]).toEqual({
      id: '0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b',
      flowOuter: true,
      abTestData: { paywall: 'b' },
      gclid: true,
      testEventCode: 'TEST123',
      ipInfo,
      attribution: { utmSource: 'facebook', utmCampaign: 'spring', hash: 'promo' },
    });
    expect(snapshot.matches('ready')).toBe(true);
    expect(snapshot.context.session?.record.flowOuter).toBe(true);
  });

  it('reuses the stored id of a returning visitor and keeps what an earlier visit saved', async () => {
    const world = fakeWorld();
    await start(world).visit('/', '?flowOuter=1&gclid=x');
    const again = start(world);
    await again.visit('/privacy-policy');
    expect(again.urls[0]?.search).toBe('?usid=0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b');
    const last = world.writes.at(-1);
    expect(last).toMatchObject({ id: '0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b', flowOuter: true, gclid: true });
  });

  it('continues the session named by the URL rather than the stored one', async () => {
    const world = fakeWorld({ storedId: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', sessions: ['1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e'] });
    const snapshot = await start(world).visit('/quiz/2-3', '?usid=2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e');
    expect(snapshot.context.id).toBe('2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e');
    expect(world.stored()).toBe('2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e');
    expect(snapshot.matches('ready')).toBe(true);
  });

  it('sends a visitor without a session from a quiz page to / and drops quiz, keeping the other parameters', async () => {
    const world = fakeWorld();
    const { urls, actor } = start(world);
    actor.send({ type: 'VISIT', pathname: '/quiz/2-3', search: '?quiz=2-3&utm_source=tiktok', hash: '' });
    await waitFor(actor, (s) => s.matches('sentToStart'));
    expect(urls).toEqual([{ pathname: '/', search: '?utm_source=tiktok' }]);
    expect(world.calls).toEqual([]);
  });

  it('sends a visitor whose session the server does not know to /', async () => {
    const world = fakeWorld({ storedId: '3c4d5e6f-7a8b-4c3d-ae4f-5a6b7c8d9e0f' });
    const { urls, actor } = start(world);
    actor.send({ type: 'VISIT', pathname: '/quiz/2-3', search: '?usid=3c4d5e6f-7a8b-4c3d-ae4f-5a6b7c8d9e0f', hash: '' });
    await waitFor(actor, (s) => s.matches('sentToStart'));
    expect(urls).toEqual([{ pathname: '/', search: '?usid=3c4d5e6f-7a8b-4c3d-ae4f-5a6b7c8d9e0f' }]);
  });

  it('keeps a visitor on their quiz page when the server cannot be reached, and ends the wait for Back', async () => {
    const world = fakeWorld({ storedId: '4d5e6f7a-8b9c-4d4e-bf5a-6b7c8d9e0f1a', down: true });
    const { urls, visit } = start(world);
    const snapshot = await visit('/quiz/2-3', '?usid=4d5e6f7a-8b9c-4d4e-bf5a-6b7c8d9e0f1a');
    expect(snapshot.matches('ready')).toBe(true);
    expect(urls).toEqual([]);
  });

  it('adds the usid to a quiz page that lacks it once the session is confirmed', async () => {
    const world = fakeWorld({ storedId: '4d5e6f7a-8b9c-4d4e-bf5a-6b7c8d9e0f1a', sessions: ['4d5e6f7a-8b9c-4d4e-bf5a-6b7c8d9e0f1a'] });
    const { urls, visit } = start(world);
    await visit('/quiz/1-2');
    expect(urls).toEqual([{ pathname: '/quiz/1-2', search: '?usid=4d5e6f7a-8b9c-4d4e-bf5a-6b7c8d9e0f1a' }]);
    expect(world.writes).toEqual([]);
  });

  it('does nothing on /404, nor on a payment-return page when payment=true', async () => {
    const world = fakeWorld();
    const flow = loadTestFlow();
    const { visit } = start(world, { ...flow, session: { refreshOn: ['welcome'], skipOnPaymentReturn: ['email'] } });
    expect((await visit('/404')).matches('ready')).toBe(true);
    expect((await visit('/email', '?payment=true')).matches('ready')).toBe(true);
    expect(world.calls).toEqual([]);
  });

  it('confirms the email of a visitor who arrives from our email (utm_email_id=1), once', async () => {
    const world = fakeWorld({ sessions: ['2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e'] });
    const { visit } = start(world);
    await visit('/', '?usid=2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e&utm_email_id=1');
    await visit('/privacy-policy', '?usid=2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e&utm_email_id=1');
    expect(world.confirmed).toEqual(['2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e']);
  });

  it('finishes the landing\'s session work when the visitor taps on before it is done', async () => {
    const world = fakeWorld();
    const { actor, urls } = start(world);
    actor.send({ type: 'VISIT', pathname: '/', search: '?gclid=abc', hash: '' });
    actor.send({ type: 'VISIT', pathname: '/quiz/1-1', search: '?gclid=abc', hash: '' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(world.calls).toEqual(['create 0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b', 'write 0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b', 'get 0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b']);
    expect(world.writes[0]?.gclid).toBe(true);
    expect(urls.map((u) => u.pathname + u.search)).toEqual(['/?gclid=abc&usid=0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b', '/quiz/1-1?gclid=abc&usid=0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b']);
  });

  it('saves a visit once per page load, and again when the parameters change', async () => {
    const world = fakeWorld();
    const { visit } = start(world);
    await visit('/', '?utm_source=a');
    await visit('/quiz/1-1', '?utm_source=a&usid=0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b');
    await visit('/', '?utm_source=a&usid=0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b');
    expect(world.writes).toHaveLength(1);
    await visit('/', '?utm_source=b&usid=0f8e2a3c-5b7d-4e1f-9a6b-3c2d1e0f9a8b');
    expect(world.writes.map((w) => w.attribution?.utmSource)).toEqual(['a', 'b']);
  });

  it('gives a visitor who opens a link with another visitor\'s usid a session of their own, never that one', async () => {
    const world = fakeWorld({ othersSessions: [OTHERS_ID] });
    const { urls, visit } = start(world);
    const snapshot = await visit('/', `?utm_source=mail&usid=${OTHERS_ID}`);
    expect(world.calls).toEqual([`create ${OTHERS_ID}`, `create ${NEW_ID}`, `write ${NEW_ID}`, `get ${NEW_ID}`]);
    expect(urls.at(-1)).toEqual({ pathname: '/', search: `?utm_source=mail&usid=${NEW_ID}` });
    expect(world.stored()).toBe(NEW_ID);
    expect(snapshot.context.id).toBe(NEW_ID);
    expect(world.writes.map((w) => w.id)).toEqual([NEW_ID]);
  });

  it('sends a visitor from a quiz page with another visitor\'s usid to the start, where they get their own session', async () => {
    const world = fakeWorld({ othersSessions: [OTHERS_ID] });
    const { urls, actor, visit } = start(world);
    actor.send({ type: 'VISIT', pathname: '/quiz/2-3', search: `?usid=${OTHERS_ID}`, hash: '' });
    await waitFor(actor, (s) => s.matches('sentToStart'));
    expect(urls).toEqual([{ pathname: '/', search: `?usid=${OTHERS_ID}` }]);
    const snapshot = await visit('/', `?usid=${OTHERS_ID}`);
    expect(snapshot.context.id).toBe(NEW_ID);
    expect(world.writes.map((w) => w.id)).toEqual([NEW_ID]);
  });

  it('stops asking for new ids when the server refuses every one, and lets the visitor on', async () => {
    const world = fakeWorld({ othersSessions: [OTHERS_ID, NEW_ID, SECOND_NEW_ID], newIds: [NEW_ID, SECOND_NEW_ID] });
    const snapshot = await start(world).visit('/', `?usid=${OTHERS_ID}`);
    expect(world.calls.filter((c) => c.startsWith('create'))).toEqual([`create ${OTHERS_ID}`, `create ${NEW_ID}`, `create ${SECOND_NEW_ID}`]);
    expect(snapshot.matches('ready')).toBe(true);
  });

  it('ignores a usid that is not a random v4 UUID and assigns a new one', async () => {
    const world = fakeWorld();
    const snapshot = await start(world).visit('/', '?usid=visitor-0001');
    expect(snapshot.context.id).toBe(NEW_ID);
    expect(world.calls[0]).toBe(`create ${NEW_ID}`);
  });
});

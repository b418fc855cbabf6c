import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loadTestFlow } from '../../../tests/support/load-test-flow';
import { sessionRules } from '../../engine/session-rules';
import type { IpInfo, Session, SessionWrite } from '../../services/api-contract';
import type { CallResult } from '../../services/api-call';
import { createVisitorSessionMachine, type SessionServices } from './visitor-session-machine';

const appPages = { refresh: ['/privacy-policy', '/terms-of-use', '/cookie-policy', '/understanding-astrology'], skip: ['/404'] };
const ipInfo: IpInfo = { ip: '8.8.8.8', city: 'Mountain View', country: 'US', postal: '94043', loc: '37.422,-122.085', timezone: 'America/Los_Angeles' };

/** An in-memory subscription server and browser storage, standing in for the real ones. */
function fakeWorld(options: { down?: boolean; storedId?: string; sessions?: string[] } = {}) {
  const sessions = new Map<string, Session>();
  const calls: string[] = [];
  const writes: SessionWrite[] = [];
  const confirmed: string[] = [];
  let stored = options.storedId ?? null;
  const newSession = (id: string): Session => ({
    id,
    user: null,
    record: { flowOuter: false, abTestData: {}, ipInfo: null, altPayout: false, gclid: false, testEventCode: null, attribution: {} },
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
  });
  for (const id of options.sessions ?? []) sessions.set(id, newSession(id));
  const unreachable = <T>(): CallResult<T> => ({ ok: false, status: null, reason: 'TypeError: Failed to fetch' });
  const services: SessionServices = {
    createSession: async (id) => {
      calls.push(`create ${id}`);
      if (options.down) return null;
      if (!sessions.has(id)) sessions.set(id, newSession(id));
      return sessions.get(id) ?? null;
    },
    getSession: async (id) => {
      calls.push(`get ${id}`);
      if (options.down) return unreachable<Session>();
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
    newId: () => 'new-visitor-0001',
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
    expect(urls[0]).toEqual({ pathname: '/', search: '?flowOuter=true&gclid=Cj0abc&test_event_code=TEST123&utm_source=facebook&utm_campaign=spring&usid=new-visitor-0001' });
    expect(world.stored()).toBe('new-visitor-0001');
    expect(world.calls).toEqual(['create new-visitor-0001', 'write new-visitor-0001', 'get new-visitor-0001']);
    expect(world.writes[0]).toEqual({
      id: 'new-visitor-0001',
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
    expect(again.urls[0]?.search).toBe('?usid=new-visitor-0001');
    const last = world.writes.at(-1);
    expect(last).toMatchObject({ id: 'new-visitor-0001', flowOuter: true, gclid: true });
  });

  it('continues the session named by the URL rather than the stored one', async () => {
    const world = fakeWorld({ storedId: 'stored-visitor-1', sessions: ['stored-visitor-1', 'emailed-visitor-1'] });
    const snapshot = await start(world).visit('/quiz/2-3', '?usid=emailed-visitor-1');
    expect(snapshot.context.id).toBe('emailed-visitor-1');
    expect(world.stored()).toBe('emailed-visitor-1');
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
    const world = fakeWorld({ storedId: 'forgotten-visitor' });
    const { urls, actor } = start(world);
    actor.send({ type: 'VISIT', pathname: '/quiz/2-3', search: '?usid=forgotten-visitor', hash: '' });
    await waitFor(actor, (s) => s.matches('sentToStart'));
    expect(urls).toEqual([{ pathname: '/', search: '?usid=forgotten-visitor' }]);
  });

  it('keeps a visitor on their quiz page when the server cannot be reached, and ends the wait for Back', async () => {
    const world = fakeWorld({ storedId: 'known-visitor-1', down: true });
    const { urls, visit } = start(world);
    const snapshot = await visit('/quiz/2-3', '?usid=known-visitor-1');
    expect(snapshot.matches('ready')).toBe(true);
    expect(urls).toEqual([]);
  });

  it('adds the usid to a quiz page that lacks it once the session is confirmed', async () => {
    const world = fakeWorld({ storedId: 'known-visitor-1', sessions: ['known-visitor-1'] });
    const { urls, visit } = start(world);
    await visit('/quiz/1-2');
    expect(urls).toEqual([{ pathname: '/quiz/1-2', search: '?usid=known-visitor-1' }]);
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
    const world = fakeWorld({ sessions: ['emailed-visitor-1'] });
    const { visit } = start(world);
    await visit('/', '?usid=emailed-visitor-1&utm_email_id=1');
    await visit('/privacy-policy', '?usid=emailed-visitor-1&utm_email_id=1');
    expect(world.confirmed).toEqual(['emailed-visitor-1']);
  });

  it('finishes the landing\'s session work when the visitor taps on before it is done', async () => {
    const world = fakeWorld();
    const { actor, urls } = start(world);
    actor.send({ type: 'VISIT', pathname: '/', search: '?gclid=abc', hash: '' });
    actor.send({ type: 'VISIT', pathname: '/quiz/1-1', search: '?gclid=abc', hash: '' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(world.calls).toEqual(['create new-visitor-0001', 'write new-visitor-0001', 'get new-visitor-0001']);
    expect(world.writes[0]?.gclid).toBe(true);
    expect(urls.map((u) => u.pathname + u.search)).toEqual(['/?gclid=abc&usid=new-visitor-0001', '/quiz/1-1?gclid=abc&usid=new-visitor-0001']);
  });

  it('saves a visit once per page load, and again when the parameters change', async () => {
    const world = fakeWorld();
    const { visit } = start(world);
    await visit('/', '?utm_source=a');
    await visit('/quiz/1-1', '?utm_source=a&usid=new-visitor-0001');
    await visit('/', '?utm_source=a&usid=new-visitor-0001');
    expect(world.writes).toHaveLength(1);
    await visit('/', '?utm_source=b&usid=new-visitor-0001');
    expect(world.writes.map((w) => w.attribution?.utmSource)).toEqual(['a', 'b']);
  });
});

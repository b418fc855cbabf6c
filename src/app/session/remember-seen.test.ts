import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import flowJson from '../../../flows/astrology.json';
import { compileFlow, restoreSnapshot } from '../../engine/compile-flow';
import { defaultFlags, pathFor } from '../../engine/flow-graph';
import { validateFlow } from '../../engine/validate-flow';
import { pendingEffects } from '../../engine/test-support/pending-effects';
import type { Session } from '../../shared/contract/subscription';
import { rememberSeen } from './remember-seen';
import { productKinds } from '../../engine/kinds/product-kinds';

const checked = validateFlow(structuredClone(flowJson), { kinds: productKinds });
if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
const flow = checked.flow;
const machine = compileFlow(flow, { kinds: productKinds, effects: pendingEffects(flow) });
const usid = '3f0c8a52-8a0e-4d6b-9d1e-2f4a5b6c7d8e';

function session(seenScreens: string[]): Session {
  return {
    id: usid,
    user: null,
    record: { flowOuter: false, abTestData: {}, ipInfo: null, altPayout: false, gclid: false, testEventCode: null, attribution: {}, seenScreens },
    createdAt: '2026-06-01T12:00:00.000Z',
    updatedAt: '2026-06-01T12:00:00.000Z',
  };
}

/** The visitor session as rememberSeen reads it: its id and the session as last loaded, changed by the test. */
function sessionActor(id: string | null, loaded: Session | null) {
  let context = { id, session: loaded };
  const listeners: Array<(snapshot: { context: typeof context }) => void> = [];
  return {
    getSnapshot: () => ({ context }),
    subscribe: (listener: (snapshot: { context: typeof context }) => void) => listeners.push(listener),
    set(next: { id: string | null; session: Session | null }) {
      context = next;
      for (const listener of listeners) listener({ context });
    },
  };
}

function funnelOnPrices(seen: string[] = []) {
  const progress = { screen: 'select-price', answers: {}, trail: pathFor(flow, {}), seen };
  return createActor(machine, { snapshot: restoreSnapshot(machine, progress, defaultFlags(flow)) }).start();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('rememberSeen', () => {
  it('saves each discount page the funnel shows on the session, once, and not what the session already remembers', async () => {
    const funnel = funnelOnPrices();
    const markSeen = vi.fn(async (_id: string, screen: string) => session(screen === 'sale' ? ['sale'] : ['sale', screen]));
    rememberSeen(funnel, sessionActor(usid, session([])), markSeen);
    funnel.send({ type: 'RETURN', screen: 'sale' });
    await settle();
    funnel.send({ type: 'RETURN', screen: 'secret-discount' });
    await settle();
    expect(markSeen.mock.calls).toEqual([
      [usid, 'sale'],
      [usid, 'secret-discount'],
    ]);
    funnel.send({ type: 'RETURN', screen: 'select-price' });
    await settle();
    expect(markSeen).toHaveBeenCalledTimes(2);
  });

  it('gives the funnel what the session remembers from another tab, so leaving checkout no longer shows /sale', () => {
    const funnel = funnelOnPrices();
    const markSeen = vi.fn(async () => null);
    const sessions = sessionActor(usid, null);
    rememberSeen(funnel, sessions, markSeen);
    sessions.set({ id: usid, session: session(['sale']) });
    expect(funnel.getSnapshot().context.seen).toEqual(['sale']);
    funnel.send({ type: 'RETURN', screen: 'sale' });
    expect(funnel.getSnapshot().value).toEqual({ 'select-price': 'editing' });
    expect(markSeen).not.toHaveBeenCalled();
  });

  it('waits for the session id before saving, and tries a failed save again at the next change', async () => {
    const funnel = funnelOnPrices(['sale']);
    const markSeen = vi.fn<(id: string, screen: string) => Promise<Session | null>>().mockResolvedValueOnce(null).mockResolvedValue(session(['sale']));
    const sessions = sessionActor(null, null);
    rememberSeen(funnel, sessions, markSeen);
    expect(markSeen).not.toHaveBeenCalled();
    sessions.set({ id: usid, session: null });
    await settle();
    expect(markSeen).toHaveBeenCalledTimes(1);
    sessions.set({ id: usid, session: session([]) });
    await settle();
    expect(markSeen).toHaveBeenCalledTimes(2);
    sessions.set({ id: usid, session: session(['sale']) });
    await settle();
    expect(markSeen).toHaveBeenCalledTimes(2);
  });
});

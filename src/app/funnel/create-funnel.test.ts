import { describe, it, expect } from 'vitest';
import { screenIdOf } from '../../engine/compile-flow';
import flowJson from '../../../flows/astrology.json';
import { validateFlow } from '../../engine/validate-flow';
import { saveProgress, storageKey, type ProgressStorage } from '../../engine/persistence';
import { pathFor } from '../../engine/flow-graph';
import { funnelPaths } from '../../../tests/model/funnel-paths';
import { createFunnel } from './create-funnel';

const result = validateFlow(flowJson);
if (!result.ok) throw new Error('flows/astrology.json is invalid');
const flow = result.flow;

/** Storage that records every write, as localStorage would receive them. */
function recordingStorage() {
  const items = new Map<string, string>();
  const writes: string[] = [];
  const storage: ProgressStorage = {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      writes.push(v);
      items.set(k, v);
    },
    removeItem: (k) => void items.delete(k),
  };
  return { storage, writes, items };
}

describe('createFunnel', () => {
  it('saves after every change, never the email, and restores the visitor where they were', () => {
    // A model path's way through the quiz to the email screen.
    const toEmail = funnelPaths(flow).paths.find((p) => p.resume);
    if (!toEmail?.resume) throw new Error('no model path past the email screen');
    const { storage, writes, items } = recordingStorage();

    const actor = createFunnel(flow, storage);
    for (const step of toEmail.steps.slice(0, toEmail.resume.step)) actor.send(step.event);
    expect(screenIdOf(actor.getSnapshot())).toBe('email');
    // No submit effect is registered here: the address is held and the visitor moves on.
    actor.send({ type: 'SUBMIT_EMAIL', email: 'maya@example.com' });
    expect(actor.getSnapshot().context.email).toBe('maya@example.com');
    expect(writes.length).toBeGreaterThan(10);
    for (const raw of writes) expect(raw).not.toContain('@');
    expect(JSON.parse(writes.at(-1) ?? '{}')).toMatchObject({ screen: 'get-access' });
    const answers = actor.getSnapshot().context.answers;
    actor.stop();

    const again = createFunnel(flow, storage);
    expect(screenIdOf(again.getSnapshot())).toBe('get-access');
    expect(again.getSnapshot().context.answers).toEqual(answers);
    expect(again.getSnapshot().context.email).toBeNull();
    expect(items.has(storageKey(flow))).toBe(true);
    again.stop();
  });

  it('runs the effects of the screen it restores the visitor to (the price page loads its plans again after a reload)', async () => {
    const { fromPromise } = await import('xstate');
    const { storage } = recordingStorage();
    const runs: string[] = [];
    const effects = Object.fromEntries(
      ['loadPlans', 'submitEmail', 'startCheckout', 'loadOffers', 'purchaseOffers', 'orderReports'].map((name) => [name, fromPromise(async () => void runs.push(name))]),
    );
    // Saved on the price page, as the app saves it.
    saveProgress(storage, flow, { screen: 'select-price', answers: {}, trail: pathFor(flow, {}) });
    const again = createFunnel(flow, storage, effects);
    expect(screenIdOf(again.getSnapshot())).toBe('select-price');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toEqual(['loadPlans']);
    again.stop();
  });
});

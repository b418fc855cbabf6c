import { describe, expect, it } from 'vitest';
import flowJson from '../../../flows/astrology.json';
import { validateFlow } from '../../engine/validate-flow';
import { compileFlow, screenIdOf } from '../../engine/compile-flow';
import { loadProgress } from '../../engine/persistence';
import { pendingEffects } from '../../engine/test-support/pending-effects';
import type { EffectResults } from '../effect-output-map';
import { createFunnel } from './create-funnel';
import { productKinds } from '../../engine/kinds/product-kinds';

const validated = validateFlow(flowJson, { kinds: productKinds });
if (!validated.ok) throw new Error('flows/astrology.json is invalid');
const flow = validated.flow;
const machine = compileFlow<EffectResults>(flow, { kinds: productKinds, effects: pendingEffects(flow) as never });

class MemoryStorage {
  items = new Map<string, string>();
  writes = 0;
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void (this.writes++, this.items.set(k, v));
  removeItem = (k: string) => void this.items.delete(k);
}

describe('saving the visitor\'s progress', () => {
  it('after the next paint, once for every change of one frame, with the last of them', () => {
    const storage = new MemoryStorage();
    const waiting: Array<() => void> = [];
    const funnel = createFunnel(flow, productKinds, machine, storage, (task) => void waiting.push(task));
    const written = storage.writes;
    funnel.send({ type: 'NEXT' });
    funnel.send({ type: 'ANSWER', value: 'single' });
    // Nothing written while the next screen is being painted; one write waits.
    expect(storage.writes).toBe(written);
    expect(waiting).toHaveLength(1);
    waiting.splice(0).forEach((task) => task());
    expect(storage.writes).toBe(written + 1);
    const saved = loadProgress(storage, flow, productKinds);
    expect(saved?.screen).toBe(screenIdOf(funnel.getSnapshot()));
    expect(saved?.answers).toEqual({ '1-1': 'single' });
  });

  it('at once without a paint to wait for', () => {
    const storage = new MemoryStorage();
    const funnel = createFunnel(flow, productKinds, machine, storage);
    funnel.send({ type: 'NEXT' });
    expect(loadProgress(storage, flow, productKinds)?.screen).toBe(screenIdOf(funnel.getSnapshot()));
  });
});

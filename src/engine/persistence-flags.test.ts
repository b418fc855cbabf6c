import { MemoryStorage } from './test-support/memory-storage';
import { describe, it, expect } from 'vitest';
import flowJson from '../../flows/astrology.json';
import type { Flow } from './generated/flow-types';
import { validateFlow } from './validate-flow';
import { loadProgress, saveProgress, storageKey } from './persistence';
import { pathFor } from './flow-graph';
import { productKinds } from './kinds/product-kinds';

function loadFlow(edit: (data: typeof flowJson) => void = () => {}): Flow {
  const data = structuredClone(flowJson);
  edit(data);
  const result = validateFlow(data, { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

const flow = loadFlow();
const now = new Date(2026, 0, 15, 12, 0, 0);


/** On /sale after leaving checkout and continuing from the payment error page (discounts on). */
function onSale(of: Flow) {
  return { screen: 'sale', answers: { '5-1': 'mxp_astrelle_trial_1_2900_live', '5-4': 'continue' }, trail: [...pathFor(of, {}), 'payment-error', 'sale'] };
}

function storedRaw(of: Flow, data: Record<string, unknown>): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(storageKey(of), JSON.stringify({ flowId: of.id, flowVersion: of.version, ...data }));
  return storage;
}

describe('saved flag assignments', () => {
  it('come back exactly as saved', () => {
    const storage = new MemoryStorage();
    const assigned = { accessHeadline: 'b', priceSet: 'trial_price_test', discounts: true };
    saveProgress(storage, flow, { ...onSale(flow), assigned });
    expect(loadProgress(storage, flow, productKinds, now)).toEqual({ flowId: flow.id, flowVersion: flow.version, ...onSale(flow), assigned, seen: [], migrations: [] });
  });

  it('are written only for declared flags with allowed values: nothing else rides along', () => {
    const storage = new MemoryStorage();
    saveProgress(storage, flow, { ...onSale(flow), assigned: { priceSet: 'maya@example.com', campaign: 'x', discounts: true } });
    const raw = storage.getItem(storageKey(flow)) ?? '';
    expect(raw).not.toContain('@');
    expect(JSON.parse(raw).assigned).toEqual({ discounts: true });
  });

  it('are none for progress saved before assignments were kept', () => {
    expect(loadProgress(storedRaw(flow, onSale(flow)), flow, productKinds, now)?.assigned).toEqual({});
  });

  it('drop the whole progress when they are not a map of values (tampered)', () => {
    for (const assigned of [['priceSet'], 'trial_price_test', null]) {
      expect(loadProgress(storedRaw(flow, { ...onSale(flow), assigned }), flow, productKinds, now), JSON.stringify(assigned)).toBeNull();
    }
  });

  it('lose only an assignment the flow no longer allows: the experiment ended or changed', () => {
    const loaded = loadProgress(storedRaw(flow, { ...onSale(flow), assigned: { oldTest: 'b', priceSet: 'cheap', accessHeadline: 'b' } }), flow, productKinds, now);
    expect(loaded?.screen).toBe('sale');
    expect(loaded?.assigned).toEqual({ accessHeadline: 'b' });
  });

  it('decide which trails fit: a visitor shown the discounts off cannot be restored on /sale', () => {
    expect(loadProgress(storedRaw(flow, { ...onSale(flow), assigned: { discounts: false } }), flow, productKinds, now)).toBeNull();
  });

  it('decide which trails fit: one shown the discounts on is restored on /sale where they are off by default', () => {
    const off = loadFlow((data) => (data.flags.discounts.default = false));
    expect(loadProgress(storedRaw(off, { ...onSale(off), assigned: { discounts: true } }), off, productKinds, now)?.screen).toBe('sale');
    expect(loadProgress(storedRaw(off, { ...onSale(off), assigned: {} }), off, productKinds, now)).toBeNull();
  });
});

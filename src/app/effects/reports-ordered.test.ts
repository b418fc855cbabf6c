import { describe, expect, it } from 'vitest';
import { reportsOrderedKey, reportsOrderedStore } from './reports-ordered';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[reportsOrderedKey, initial]]);
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('the record of ordered reports', () => {
  it('keeps the keys in localStorage as a JSON array, so a reload (a new store) still knows them', () => {
    const storage = memoryStorage();
    reportsOrderedStore(storage).add('plan:mxp_trial_1');
    reportsOrderedStore(storage).add('purchase:pur_1');
    reportsOrderedStore(storage).add('plan:mxp_trial_1');
    expect(JSON.parse(storage.items.get(reportsOrderedKey)!)).toEqual(['purchase:pur_1', 'plan:mxp_trial_1']);
    const reloaded = reportsOrderedStore(storage);
    expect(reloaded.has('plan:mxp_trial_1')).toBe(true);
    expect(reloaded.has('purchase:pur_1')).toBe(true);
    expect(reloaded.has('purchase:pur_2')).toBe(false);
  });

  it('sees what another tab ordered after it was created', () => {
    const storage = memoryStorage();
    const here = reportsOrderedStore(storage);
    reportsOrderedStore(storage).add('purchase:pur_9');
    expect(here.has('purchase:pur_9')).toBe(true);
  });

  it('never stores an email', () => {
    const storage = memoryStorage();
    const store = reportsOrderedStore(storage);
    store.add('plan:maya@example.com');
    expect(store.has('plan:maya@example.com')).toBe(false);
    expect(storage.items.has(reportsOrderedKey)).toBe(false);
    // Nor keeps one that got into storage some other way.
    const tainted = memoryStorage('["maya@example.com","plan:p1"]');
    reportsOrderedStore(tainted).add('purchase:pur_1');
    expect(JSON.parse(tainted.items.get(reportsOrderedKey)!)).toEqual(['plan:p1', 'purchase:pur_1']);
  });

  it.each(['not json', '{"plan:p1":true}', 'null', '42', '[1,null,{"a":1}]'])('reads garbage in storage (%s) as nothing ordered, and replaces it', (garbage) => {
    const storage = memoryStorage(garbage);
    const store = reportsOrderedStore(storage);
    expect(store.has('plan:p1')).toBe(false);
    store.add('plan:p1');
    expect(JSON.parse(storage.items.get(reportsOrderedKey)!)).toEqual(['plan:p1']);
  });

  it('remembers the keys for this page load when storage is missing or refuses writes', () => {
    const none = reportsOrderedStore(null);
    none.add('plan:p1');
    expect(none.has('plan:p1')).toBe(true);
    const full = reportsOrderedStore({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    full.add('plan:p1');
    expect(full.has('plan:p1')).toBe(true);
  });
});

import type { ProgressStorage } from '../persistence';

/** An in-memory stand-in for localStorage, for tests of what is saved. */
export class MemoryStorage implements ProgressStorage {
  readonly items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, value: string) {
    this.items.set(k, value);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

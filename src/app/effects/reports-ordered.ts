/** localStorage key of the entitlements whose reports this browser has already ordered. */
export const reportsOrderedKey = 'astrelle:reports-ordered';

/** Most entitlement keys kept (the newest): a visitor has a few; this only bounds garbage. */
const MAX_KEYS = 200;

/**
 * Which entitlements (`plan:{productId}`, `purchase:{purchaseId}`) this browser has ordered the
 * reports of, so a reload of a success page never orders them twice.
 */
export interface ReportsOrdered {
  has(key: string): boolean;
  add(key: string): void;
}

/** A key may never hold an email (spec: no personal data in localStorage). */
const isSafeKey = (key: unknown): key is string => typeof key === 'string' && key.length > 0 && key.length <= 128 && !key.includes('@');

/**
 * The store, backed by `storage` (localStorage in the browser) as a JSON array of keys. Storage is read
 * on every call, so another tab's orders count too. Garbage in storage reads as nothing stored; a storage
 * that is missing or refuses writes still remembers the keys for this page load.
 */
export function reportsOrderedStore(storage: Pick<Storage, 'getItem' | 'setItem'> | null): ReportsOrdered {
  const remembered = new Set<string>();
  const stored = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(reportsOrderedKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isSafeKey) : [];
    } catch {
      return [];
    }
  };
  return {
    has: (key) => remembered.has(key) || stored().includes(key),
    add: (key) => {
      if (!isSafeKey(key)) return;
      remembered.add(key);
      const keys = [...stored().filter((k) => k !== key), key].slice(-MAX_KEYS);
      try {
        storage?.setItem(reportsOrderedKey, JSON.stringify(keys));
      } catch {
        // Storage is a convenience: without it this page load still remembers the key.
      }
    },
  };
}

import { normalizePlaceText } from './normalize-place-text';

// How names become search keys, and the sorted-array helpers the index is searched with.

export const APOSTROPHE = /['‘’`´ʼʻ]/;
const SAINT_PREFIX = /^(st|ste|saint|sainte) /;
const SAINT_SWAPS: Record<string, string> = { st: 'saint', ste: 'sainte', saint: 'st', sainte: 'ste' };
/** A character above ASCII (U+0080 and up). */
export const NON_ASCII = /[\u0080-\uffff]/;
// Above every character a normalized key can hold, so `prefix + HIGHEST` bounds the prefix range.
export const HIGHEST = '\uffff';

/** Every normalized spelling a name should be found by. */
export function searchKeys(name: string): string[] {
  const spaced = normalizePlaceText(name, 'space');
  if (!spaced) return [];
  const keys = [spaced];
  if (APOSTROPHE.test(name)) {
    const dropped = normalizePlaceText(name, 'drop');
    if (dropped && dropped !== spaced) keys.push(dropped);
  }
  // GeoNames spells "St. Louis" but "Saint Paul"; visitors type either.
  if (spaced.startsWith('s')) {
    for (let i = keys.length - 1; i >= 0; i--) {
      const saint = SAINT_PREFIX.exec(keys[i]!);
      if (saint) keys.push(SAINT_SWAPS[saint[1]!] + keys[i]!.slice(saint[1]!.length));
    }
  }
  return keys;
}


/** Code-unit order, the order the index is sorted in. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** First index whose key is not below `target` in the same code-unit order the index is sorted in. */
export function lowerBound(keys: readonly string[], target: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keys[mid]! < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

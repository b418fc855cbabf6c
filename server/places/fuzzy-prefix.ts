// The typo-tolerant part of place search: a start of a name within one or two edits of what was typed.

const MAX_KEY = 64;
const MAX_QUERY = 64;
/** The edit table, one column per character of the key: column j is the query against the key's first j characters. */
const table = new Int32Array((MAX_KEY + 1) * (MAX_QUERY + 1));

/**
 * Calls `found(i, distance)` for each of the sorted `keys` whose start is within `most` edits (insert, delete,
 * substitute, swap two neighbours) of the whole `query`, with the fewest edits (1 to `most`; exact starts are the
 * prefix search's). Keys that share a start share the table's columns, and a start already too far from the query
 * skips every key that begins with it, so a bucket of thousands of keys costs a fraction of a millisecond.
 */
export function fuzzyPrefixMatches(
  query: string,
  keys: readonly string[],
  most: number,
  found: (i: number, distance: number) => void,
  from = 0,
  to = keys.length,
): void {
  const m = Math.min(query.length, MAX_QUERY);
  const rows = m + 1;
  const cap = most + 1;
  const at = (j: number, i: number) => j * rows + i;
  for (let i = 0; i <= m; i++) table[at(0, i)] = i > cap ? cap : i;
  // best[j]: the fewest edits of the whole query against key starts of j' ≤ j characters (j' ≥ m - most).
  const best = new Int32Array(MAX_KEY + 1).fill(most + 1);
  const columnMin = new Int32Array(MAX_KEY + 1);
  columnMin[0] = 0;
  best[0] = m <= most ? m : most + 1;
  let previous = '';
  let computed = 0;
  for (let k = from; k < to; k++) {
    const key = keys[k]!;
    // Too short to hold the query, less the edits allowed.
    if (key.length < m - most) continue;
    const n = Math.min(key.length, m + most, MAX_KEY);
    // Columns still valid: those of the start this key shares with the previous one.
    let shared = 0;
    const limit = Math.min(computed, n, previous.length);
    while (shared < limit && previous.charCodeAt(shared) === key.charCodeAt(shared)) shared++;
    let j = shared + 1;
    let dead = false;
    for (; j <= n; j++) {
      const c = key.charCodeAt(j - 1);
      table[at(j, 0)] = j > cap ? cap : j;
      let low = j > cap ? cap : j;
      // Only the band |i - j| ≤ most can stay within `most` edits; outside it a cell is just "too far".
      const from = j - most > 1 ? j - most : 1;
      const to = j + most < m ? j + most : m;
      if (from > 1) table[at(j, from - 1)] = cap;
      if (to < m) table[at(j, to + 1)] = cap;
      for (let i = from; i <= to; i++) {
        const q = query.charCodeAt(i - 1);
        let value = table[at(j - 1, i - 1)]! + (q === c ? 0 : 1);
        const del = table[at(j - 1, i)]! + 1;
        if (del < value) value = del;
        const ins = table[at(j, i - 1)]! + 1;
        if (ins < value) value = ins;
        if (i > 1 && j > 1 && q === key.charCodeAt(j - 2) && query.charCodeAt(i - 2) === c) {
          const swap = table[at(j - 2, i - 2)]! + 1;
          if (swap < value) value = swap;
        }
        if (value > cap) value = cap;
        table[at(j, i)] = value;
        if (value < low) low = value;
      }
      columnMin[j] = low;
      const whole = table[at(j, m)]!;
      best[j] = Math.min(best[j - 1]!, j >= m - most ? whole : most + 1);
      // Too far already (this column and the one before, which a swap may still use): no longer start can do better.
      if (low > most && columnMin[j - 1]! > most) {
        dead = true;
        break;
      }
    }
    computed = dead ? j : n;
    previous = key;
    if (dead) {
      // Every following key with the same first j characters is as far.
      const start = key.slice(0, j);
      while (k + 1 < to && keys[k + 1]!.startsWith(start)) k++;
      continue;
    }
    const distance = best[n]!;
    if (distance >= 1 && distance <= most) found(k, distance);
  }
}


/**
 * A time zone's UTC offsets through its whole recorded history, from the tz database (see the README's "Time-zone
 * data"), and the offset in force at a local wall-clock date and time. One module for the server (which holds every
 * zone's history, server/tz/zone-histories.json) and the browser (which gets the history of the zone of the place the
 * visitor picks): both read the same data the same way, so every browser gives the same offset for the same birth.
 *
 * The browser's own tz data (Intl) is not used: it drops the pre-1970 history of zones the tz database has folded into
 * others (Europe/Amsterdam before 1940, Asia/Bahrain, Atlantic/Reykjavik, Africa/Dakar…), which the backzone data keeps.
 */

/** A zone's history as the server sends it and a place answer keeps it. */
export interface ZoneHistory {
  /** The canonical IANA id, such as "Europe/Amsterdam". */
  zone: string;
  /** The tz data version it comes from, such as "2026f". */
  version: string;
  /** Seconds east of UTC; offsets[0] is in force before the first transition (local mean time, usually). */
  offsets: number[];
  /**
   * The changes of offset, oldest first, space-separated: `<seconds since the previous change>.<index into offsets>`,
   * both in base 36; the first change's seconds count from the Unix epoch (negative before 1970). Transitions are
   * written out to 2037; the offset of the last one stays in force after it.
   */
  transitions: string;
}

interface Decoded {
  /** UTC seconds of each change. */
  at: number[];
  /** The offset in force from each change on (seconds); offsetAfter[-1] is offsets[0]. */
  offsetAfter: number[];
  initial: number;
}

const MAX_OFFSET_S = 26 * 3600;
const decoded = new WeakMap<ZoneHistory, Decoded>();

function decode(history: ZoneHistory): Decoded {
  const known = decoded.get(history);
  if (known) return known;
  const at: number[] = [];
  const offsetAfter: number[] = [];
  let time = 0;
  for (const token of history.transitions.split(' ')) {
    if (token === '') continue;
    const [delta, index] = token.split('.') as [string, string | undefined];
    const offset = history.offsets[parseInt(index ?? '', 36)];
    const step = parseInt(delta, 36);
    if (offset === undefined || !Number.isFinite(step)) throw new RangeError(`Malformed zone history for ${history.zone}: ${JSON.stringify(token)}`);
    time += step;
    at.push(time);
    offsetAfter.push(offset);
  }
  const initial = history.offsets[0];
  if (initial === undefined) throw new RangeError(`Malformed zone history for ${history.zone}: no offsets`);
  const result = { at, offsetAfter, initial };
  decoded.set(history, result);
  return result;
}

/** Whether `value` has the shape of a zone history (a place answer restored from storage is checked with it). */
export function isZoneHistory(value: unknown): value is ZoneHistory {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.zone === 'string' &&
    typeof v.version === 'string' &&
    Array.isArray(v.offsets) &&
    v.offsets.length > 0 &&
    v.offsets.every((o) => Number.isInteger(o) && Math.abs(o as number) <= MAX_OFFSET_S) &&
    typeof v.transitions === 'string' &&
    /^(?:-?[0-9a-z]+\.[0-9a-z]+(?: -?[0-9a-z]+\.[0-9a-z]+)*)?$/.test(v.transitions)
  );
}

/** The index of the last change at or before `utcSeconds` (-1: before the first). */
function lastChangeAt(at: number[], utcSeconds: number): number {
  let low = 0;
  let high = at.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (at[mid]! <= utcSeconds) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** The offset (seconds east of UTC) in force at a UTC instant. */
export function offsetAtInstant(history: ZoneHistory, utcSeconds: number): number {
  const { at, offsetAfter, initial } = decode(history);
  const i = lastChangeAt(at, utcSeconds);
  return i < 0 ? initial : offsetAfter[i]!;
}

/**
 * The offset (seconds east of UTC) in force at a local wall-clock reading, given as seconds since 1970-01-01T00:00 of
 * that wall clock. A reading that never happened (in the gap of a change forward) gets the offset in force before
 * the gap; a reading that happened twice (in the overlap of a change back) gets the offset of its first occurrence.
 * These are the rules of Python's zoneinfo with fold=0 and of the product before this module.
 */
export function offsetAtWallClock(history: ZoneHistory, wallSeconds: number): number {
  const { at, offsetAfter, initial } = decode(history);
  const offsetOf = (i: number) => (i < 0 ? initial : offsetAfter[i]!);
  // Intervals (i = -1 before the first change) that may hold the reading: their UTC spans near wall - offset.
  const first = lastChangeAt(at, wallSeconds - MAX_OFFSET_S);
  let beforeGap: number | null = null;
  for (let i = first; i < at.length; i += 1) {
    const start = i < 0 ? -Infinity : at[i]!;
    if (start > wallSeconds + MAX_OFFSET_S) break;
    const end = i + 1 < at.length ? at[i + 1]! : Infinity;
    const utc = wallSeconds - offsetOf(i);
    // The earliest interval that holds the reading is its first occurrence.
    if (utc >= start && utc < end) return offsetOf(i);
    // The reading falls after this interval's end (by its own offset): if no later interval holds it, it is in the
    // gap that follows this one.
    if (utc >= end) beforeGap = offsetOf(i);
  }
  return beforeGap ?? offsetOf(first);
}

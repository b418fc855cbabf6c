/**
 * UTC offsets for a local wall-clock date and time in an IANA time zone.
 *
 * From the zone's full history (src/engine/zone-history.ts: the tz database with its backzone data, the same on
 * every browser and on the server) when the caller has it; otherwise from the runtime's `Intl.DateTimeFormat`,
 * whose tz data knows DST and today's rules but not the pre-1970 history of zones folded into others (a place
 * answer saved before the histories existed).
 */
import { offsetAtWallClock, type ZoneHistory } from './zone-history';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;

/** Formatters are costly to build, and a funnel asks about the same zone repeatedly. */
const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatterCache.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        calendar: 'gregory',
        numberingSystem: 'latn',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new RangeError(`Unknown IANA time zone: ${JSON.stringify(timeZone)}`);
    }
    formatterCache.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether this runtime's tz data knows the zone by name (an older phone may not know a recent one). */
export function isKnownZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Milliseconds of a wall-clock reading treated as if it were UTC.
 * `setUTCFullYear` is used because `Date.UTC` maps years 0-99 to 1900-1999.
 */
function wallClockMs(year: number, month: number, day: number, hour: number, minute: number, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function parseLocal(localDate: string, localTime: string): number {
  const dateMatch = DATE_PATTERN.exec(localDate);
  if (!dateMatch) {
    throw new RangeError(`Malformed date ${JSON.stringify(localDate)}: expected YYYY-MM-DD`);
  }
  const timeMatch = TIME_PATTERN.exec(localTime);
  if (!timeMatch) {
    throw new RangeError(`Malformed time ${JSON.stringify(localTime)}: expected HH:MM`);
  }
  const [year, month, day] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hour, minute] = timeMatch.slice(1).map(Number) as [number, number];
  if (hour > 23 || minute > 59) {
    throw new RangeError(`Invalid time of day ${JSON.stringify(localTime)}`);
  }
  const ms = wallClockMs(year, month, day, hour, minute);
  // Round-tripping catches impossible dates such as 2021-02-30, which Date silently rolls over.
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Invalid calendar date ${JSON.stringify(localDate)}`);
  }
  return ms;
}

/** Exact offset (ms east of UTC, possibly with seconds for old LMT rules) in force at a UTC instant. */
function offsetMsAt(formatter: Intl.DateTimeFormat, utcMs: number): number {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(utcMs)) parts[type] = value;
  const wall = wallClockMs(
    Number(parts.year),
    Number(parts.month),
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  // Formatting drops the instant's milliseconds, so compare against the whole second.
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The exact UTC offset, in seconds east of UTC, in force in a zone (its history) at a local wall-clock date and
 * time: Amsterdam on 1930-07-01 at 12:00 = 4772 (+1:19:32). A nonexistent local time (in a gap) gets the offset in
 * force just before the gap; an ambiguous one (in an overlap) the offset of its first occurrence.
 *
 * @throws RangeError on a malformed date or time
 */
export function utcOffsetSeconds(history: ZoneHistory, localDate: string, localTime: string): number {
  return offsetAtWallClock(history, parseLocal(localDate, localTime) / 1000);
}

/** Seconds to whole minutes, half away from zero, so east and west offsets such as -0:44:30 round alike. */
function toMinutes(seconds: number): number {
  return Math.sign(seconds) * Math.round(Math.abs(seconds) / 60) || 0;
}

/**
 * Returns the UTC offset, in whole minutes east of UTC, in force in an IANA time zone
 * at a local wall-clock date and time (e.g. New York in January = -300, Kolkata = 330).
 *
 * With the zone's history (preferred), from the full tz database; with a zone name only, from the runtime's.
 * A nonexistent local time (in a DST gap) gets the offset in force just before the gap;
 * an ambiguous time (in an overlap) gets the offset of its first occurrence.
 * Old local-mean-time offsets with seconds are rounded to the nearest minute.
 *
 * @param timeZone - the zone's history, or an IANA zone name, e.g. `America/New_York`
 * @param localDate - local date as `YYYY-MM-DD`
 * @param localTime - local time as `HH:MM` (24-hour)
 * @throws RangeError on an unknown zone or a malformed date or time
 */
export function utcOffsetMinutes(timeZone: string | ZoneHistory, localDate: string, localTime: string): number {
  if (typeof timeZone !== 'string') return toMinutes(utcOffsetSeconds(timeZone, localDate, localTime));
  const formatter = formatterFor(timeZone);
  const wall = parseLocal(localDate, localTime);

  // Offsets a day either side bracket any transition near this wall time; a zone
  // never changes its offset twice within 24 hours in practice.
  const before = offsetMsAt(formatter, wall - DAY_MS);
  const after = offsetMsAt(formatter, wall + DAY_MS);
  const valid = [before, after].filter((offset) => offsetMsAt(formatter, wall - offset) === offset);

  // No consistent reading means a gap: keep the pre-gap offset. Two readings mean an
  // overlap: the larger offset gives the earlier UTC instant, i.e. the first occurrence.
  const offsetMs = valid.length === 0 ? before : Math.max(...valid);
  return toMinutes(offsetMs / 1000);
}

/**
 * Converts a local wall-clock date and time with a known UTC offset into the UTC instant.
 *
 * @param localDate - local date as `YYYY-MM-DD`
 * @param localTime - local time as `HH:MM` (24-hour)
 * @param offsetMinutes - minutes east of UTC, e.g. -300 for New York in winter
 * @throws RangeError on a malformed date or time, or a non-finite offset
 */
export function localDateTimeToUtc(localDate: string, localTime: string, offsetMinutes: number): Date {
  if (!Number.isFinite(offsetMinutes)) {
    throw new RangeError(`Invalid UTC offset ${String(offsetMinutes)}: expected minutes east of UTC`);
  }
  return new Date(parseLocal(localDate, localTime) - offsetMinutes * MINUTE_MS);
}

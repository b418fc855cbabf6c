/**
 * Birth data in one place: how a birth date and a birth time are written, and what stands in for one a visitor did not
 * give (or does not know). The place screen's UTC offset, the sky at birth and the payloads all read a birth through
 * here, so they never disagree on a default or on which times count.
 */

/** Birth date when none was given (the visitor's or the partner's). */
export const DEFAULT_BIRTH_DATE = '2000-01-01';

/** Birth time when the visitor does not know it (12:00:00 in the astro user payload). */
export const DEFAULT_BIRTH_TIME = '12:00';

/** Birth place when none was given. */
export const DEFAULT_BIRTH_PLACE = {
  latitude: 40.7127753,
  longitude: -74.0059728,
  place: 'New York, NY, United States',
  utcOffsetMinutes: -300,
} as const;

/** The time answer's value for "I don't know". */
export const UNKNOWN_TIME = 'dont_know';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const clockPattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True when `value` is a real calendar date written YYYY-MM-DD (rejects 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = datePattern.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** True when `value` is a time of day written HH:MM on the 24-hour clock. */
export function isClockTime(value: string): boolean {
  return clockPattern.test(value);
}

/** A birth date and time as answered, with the defaults in place of a missing, invalid or unknown one. */
export function birthMoment(date: unknown, time: unknown): { date: string; time: string } {
  const day = typeof date === 'string' ? date.trim() : '';
  const clock = typeof time === 'string' ? time.trim() : '';
  return { date: isCalendarDate(day) ? day : DEFAULT_BIRTH_DATE, time: isClockTime(clock) ? clock : DEFAULT_BIRTH_TIME };
}

/**
 * The defaults for birth data a visitor did not give. One module with no dependencies,
 * shared by the sky at birth and the payload builders.
 */

/** Birth time when the visitor does not know it (12:00:00 in the astro user payload). */
export const DEFAULT_BIRTH_TIME = '12:00';

/** Birth date when none was given (the visitor's or the partner's). */
export const DEFAULT_BIRTH_DATE = '2000-01-01';

/** Birth place when none was given. */
export const DEFAULT_BIRTH_PLACE = {
  latitude: 40.7127753,
  longitude: -74.0059728,
  place: 'New York, NY, United States',
  utcOffsetMinutes: -300,
} as const;

/** The time answer's value for "I don't know". */
export const UNKNOWN_TIME = 'dont_know';

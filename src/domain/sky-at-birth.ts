/**
 * Sun and Moon signs at a birth instant, from real ephemerides (astronomy-engine)
 * rather than date-range tables, so cusp births land on the correct side.
 */
import { EclipticGeoMoon, SunPosition } from 'astronomy-engine';
import { localDateTimeToUtc } from '../engine/utc-offset';

export type ZodiacSign =
  | 'aries'
  | 'taurus'
  | 'gemini'
  | 'cancer'
  | 'leo'
  | 'virgo'
  | 'libra'
  | 'scorpio'
  | 'sagittarius'
  | 'capricorn'
  | 'aquarius'
  | 'pisces';

export type Element = 'fire' | 'earth' | 'air' | 'water';

export interface SignInfo {
  sign: ZodiacSign;
  /** Display name, e.g. `Aries`. */
  name: string;
  /** Unicode glyph, e.g. `♈`. */
  symbol: string;
  element: Element;
  /** The body's ecliptic longitude in degrees, 0 <= longitude < 360. */
  longitude: number;
}

export interface SkyAtBirthInput {
  /** Local birth date, `YYYY-MM-DD`. */
  date: string;
  /** Local birth time `HH:MM`; `dont_know`, empty or missing means unknown. */
  time?: string | null | undefined;
  /** UTC offset at birth in minutes east of UTC; missing means the place is unknown. */
  utcOffsetMinutes?: number | null | undefined;
}

export interface SkyAtBirth {
  sun: SignInfo;
  moon: SignInfo;
  /**
   * The Moon signs the birth may have: with a known time, `moon` alone; with an unknown one, the Moon's signs over the
   * whole birth date, in order: one, or two when the Moon changed sign that day (it takes about 2.5 days to cross a
   * sign), in which case only the birth time can tell which.
   */
  moonSigns: SignInfo[];
  /** The birth instant actually used. */
  instant: Date;
  /** True when the birth time was unknown and DEFAULT_BIRTH_TIME was used. */
  assumedTime: boolean;
  /** True when the UTC offset was unknown and DEFAULT_BIRTH_PLACE's offset was used. */
  assumedPlace: boolean;
}

import { DEFAULT_BIRTH_PLACE, DEFAULT_BIRTH_TIME, UNKNOWN_TIME } from '../engine/birth-data';

export { DEFAULT_BIRTH_PLACE, DEFAULT_BIRTH_TIME };

// Ordered from 0° Aries: index = floor(longitude / 30).
const SIGNS: ReadonlyArray<Omit<SignInfo, 'longitude'>> = [
  { sign: 'aries', name: 'Aries', symbol: '♈', element: 'fire' },
  { sign: 'taurus', name: 'Taurus', symbol: '♉', element: 'earth' },
  { sign: 'gemini', name: 'Gemini', symbol: '♊', element: 'air' },
  { sign: 'cancer', name: 'Cancer', symbol: '♋', element: 'water' },
  { sign: 'leo', name: 'Leo', symbol: '♌', element: 'fire' },
  { sign: 'virgo', name: 'Virgo', symbol: '♍', element: 'earth' },
  { sign: 'libra', name: 'Libra', symbol: '♎', element: 'air' },
  { sign: 'scorpio', name: 'Scorpio', symbol: '♏', element: 'water' },
  { sign: 'sagittarius', name: 'Sagittarius', symbol: '♐', element: 'fire' },
  { sign: 'capricorn', name: 'Capricorn', symbol: '♑', element: 'earth' },
  { sign: 'aquarius', name: 'Aquarius', symbol: '♒', element: 'air' },
  { sign: 'pisces', name: 'Pisces', symbol: '♓', element: 'water' },
];

function normalizeDegrees(degrees: number): number {
  // The outer modulo matters: a tiny negative such as -1e-15 plus 360 rounds to exactly 360.
  return ((degrees % 360) + 360) % 360;
}

function signIndex(longitude: number): number {
  return Math.floor(normalizeDegrees(longitude) / 30);
}

/**
 * Returns the tropical zodiac sign for an ecliptic longitude: 30° per sign from 0° Aries.
 * Longitudes outside 0..360 are wrapped, so -1 is Pisces and 361 is Aries.
 *
 * @param longitude - ecliptic longitude in degrees
 * @throws RangeError on a non-finite longitude
 */
export function signFromLongitude(longitude: number): ZodiacSign {
  if (!Number.isFinite(longitude)) {
    throw new RangeError(`Invalid ecliptic longitude ${String(longitude)}`);
  }
  return SIGNS[signIndex(longitude)]!.sign;
}

function signInfo(longitude: number): SignInfo {
  const normalized = normalizeDegrees(longitude);
  return { ...SIGNS[signIndex(normalized)]!, longitude: normalized };
}

/**
 * Computes the Sun and Moon signs for a birth, filling in product-spec defaults:
 * 12:00 local time when the time is unknown, New York standard time (UTC-5) when the place is.
 *
 * The Sun uses its apparent geocentric ecliptic longitude of date; the Moon its geocentric
 * ecliptic longitude referred to the true equinox of date, as astrologers' ephemerides do.
 *
 * @param input - local birth date, optional local time and optional UTC offset in minutes
 * @throws RangeError on a malformed date or time, or a non-finite offset
 */
export function skyAtBirth(input: SkyAtBirthInput): SkyAtBirth {
  const knownTime = input.time && input.time !== UNKNOWN_TIME ? input.time : null;
  const knownOffset = input.utcOffsetMinutes ?? null;
  const instant = localDateTimeToUtc(
    input.date,
    knownTime ?? DEFAULT_BIRTH_TIME,
    knownOffset ?? DEFAULT_BIRTH_PLACE.utcOffsetMinutes,
  );

  const moon = signInfo(EclipticGeoMoon(instant).lon);
  const offset = knownOffset ?? DEFAULT_BIRTH_PLACE.utcOffsetMinutes;
  const moonAt = (time: string) => signInfo(EclipticGeoMoon(localDateTimeToUtc(input.date, time, offset)).lon);
  const moonSigns =
    knownTime !== null
      ? [moon]
      : [moonAt('00:00'), moon, moonAt('23:59')].filter((sign, i, all) => all.findIndex((other) => other.sign === sign.sign) === i);
  return {
    sun: signInfo(SunPosition(instant).elon),
    moon,
    moonSigns,
    instant,
    assumedTime: knownTime === null,
    assumedPlace: knownOffset === null,
  };
}

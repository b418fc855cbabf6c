import { isZoneHistory, type ZoneHistory } from './zone-history';
import type { Screen, PlaceScreen } from './generated/flow-types';

/**
 * The answer of a place screen, plus the zone so the offset can be recomputed: from the zone's whole history in the
 * tz database (see the README's "Time-zone data") when the app could fetch it, else from the browser's own tz data.
 */
export interface PlaceAnswer {
  latitude: number;
  longitude: number;
  place: string;
  utcOffsetMinutes: number;
  timeZone: string;
  zoneHistory?: ZoneHistory;
}

/**
 * A place as the place screen sends it: what the visitor picked and its zone, without the UTC offset, which the
 * machine computes as it keeps the answer (the offset in force at the birth moment the screen names).
 */
export type PlacePick = Omit<PlaceAnswer, 'utcOffsetMinutes'>;

export type AnswerValue = string | string[] | PlaceAnswer | PlacePick;
export type Answers = Record<string, AnswerValue>;

/** Screens that store an answer under an answer key. */
export type QuestionScreen = Extract<Screen, { answerKey: string }>;

export function isQuestionScreen(screen: Screen): screen is QuestionScreen {
  return 'answerKey' in screen;
}

/** Why an answer is refused; screens map it to the flow's message text. */
export type AnswerProblem =
  | 'required'
  | 'tooLong'
  | 'invalid'
  | 'future'
  | 'tooEarly'
  | 'tooYoung'
  | 'tooFew'
  | 'tooMany'
  | 'pick'
  | 'unavailable'
  | 'unknownOption';


/** Today's date in the visitor's own calendar, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The latest birth date, YYYY-MM-DD, of someone who is `age` years old or older today in the visitor's own calendar:
 * the same day and month, `age` years back. Someone born on 29 February comes of age on 1 March in other years (the
 * 29th is not a date then, and a later date compares after it).
 */
export function latestBirthDate(age: number, now: Date = new Date()): string {
  const today = todayIso(now);
  return `${String(Number(today.slice(0, 4)) - age).padStart(4, '0')}${today.slice(4)}`;
}

/** A picked place (coordinates in range, a label, a zone), with or without its offset. */
export function isPlacePick(value: unknown): value is PlacePick {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.latitude === 'number' && Math.abs(v.latitude) <= 90 &&
    typeof v.longitude === 'number' && Math.abs(v.longitude) <= 180 &&
    typeof v.place === 'string' && v.place.length > 0 &&
    typeof v.timeZone === 'string' &&
    (v.zoneHistory === undefined || isZoneHistory(v.zoneHistory))
  );
}

/** A complete place answer (coordinates in range, a label, a whole-minute offset, a zone). */
export function isPlaceAnswer(value: unknown): value is PlaceAnswer {
  if (!isPlacePick(value)) return false;
  const offset = (value as { utcOffsetMinutes?: unknown }).utcOffsetMinutes;
  return typeof offset === 'number' && Number.isInteger(offset) && Math.abs(offset) <= 16 * 60;
}

/**
 * A pragmatic address check: one @, a dotted domain, no spaces. The server is the real judge;
 * this catches typos such as a missing @ or a trailing dot before anything is sent.
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  return /^[^\s@"<>()[\]\\,;:]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,63}$/i.test(value);
}

export type { PlaceScreen };

import { isZoneHistory, type ZoneHistory } from './zone-history';
import { isCalendarDate, isClockTime } from './birth-data';
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

export type AnswerValue = string | string[] | PlaceAnswer;
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

/** A complete place answer (coordinates in range, a label, a whole-minute offset, a zone). */
export function isPlaceAnswer(value: unknown): value is PlaceAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.latitude === 'number' && Math.abs(v.latitude) <= 90 &&
    typeof v.longitude === 'number' && Math.abs(v.longitude) <= 180 &&
    typeof v.place === 'string' && v.place.length > 0 &&
    typeof v.utcOffsetMinutes === 'number' && Number.isInteger(v.utcOffsetMinutes) && Math.abs(v.utcOffsetMinutes) <= 16 * 60 &&
    typeof v.timeZone === 'string' &&
    (v.zoneHistory === undefined || isZoneHistory(v.zoneHistory))
  );
}

/**
 * Checks an answer against the rules of its screen. Returns null when the answer is acceptable.
 * The machine's guard and the screens' inline messages both use this, so they never disagree.
 */
export function answerProblem(screen: Screen, value: unknown, now: Date = new Date()): AnswerProblem | null {
  switch (screen.kind) {
    case 'single-choice':
      if (typeof value !== 'string' || value === '') return 'required';
      return screen.options.some((o) => o.value === value) ? null : 'unknownOption';
    case 'multiple-choice': {
      if (!Array.isArray(value) || value.length < screen.minSelected) return 'tooFew';
      if (value.length > screen.maxSelected) return 'tooMany';
      const known = new Set(screen.options.map((o) => o.value));
      const unique = new Set(value);
      return unique.size === value.length && value.every((v) => typeof v === 'string' && known.has(v)) ? null : 'unknownOption';
    }
    case 'text':
      if (typeof value !== 'string' || value.trim() === '') return 'required';
      return value.trim().length > screen.maxLength ? 'tooLong' : null;
    case 'date':
      if (typeof value !== 'string' || value === '') return 'required';
      if (!isCalendarDate(value)) return 'invalid';
      if (value < screen.minDate) return 'tooEarly';
      if (value > todayIso(now)) return 'future';
      return screen.minAge !== undefined && value > latestBirthDate(screen.minAge, now) ? 'tooYoung' : null;
    case 'time':
      if (typeof value !== 'string' || value === '') return 'required';
      return value === screen.dontKnow.value || isClockTime(value) ? null : 'invalid';
    case 'place':
      return isPlaceAnswer(value) ? null : 'pick';
    case 'email':
      if (typeof value !== 'string' || value.trim() === '') return 'required';
      return isEmailAddress(value.trim()) ? null : 'invalid';
    case 'price':
      // A plan's productId; which plans exist is the server's to say, so only its form is checked here.
      return typeof value === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(value) ? null : 'required';
    case 'payment-error':
      if (typeof value !== 'string' || value === '') return 'required';
      return value === screen.primary.value || value === screen.secondary.value ? null : 'unknownOption';
    case 'offers':
      // Offer ids (none is an answer: the visitor skips the offers); which exist is the server's to say.
      if (!Array.isArray(value)) return 'required';
      return new Set(value).size === value.length && value.length <= 20 && value.every((v) => typeof v === 'string' && /^[a-z0-9_]{1,64}$/.test(v)) ? null : 'invalid';
    default:
      return null;
  }
}

/**
 * A pragmatic address check: one @, a dotted domain, no spaces. The server is the real judge;
 * this catches typos such as a missing @ or a trailing dot before anything is sent.
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  return /^[^\s@"<>()[\]\\,;:]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,63}$/i.test(value);
}

/** The values a question can store that a condition may test (option values, the time's "don't know"). */
export function enumeratedValues(screen: Screen): string[] | null {
  switch (screen.kind) {
    case 'single-choice':
    case 'multiple-choice':
      return screen.options.map((o) => o.value);
    case 'time':
      return [screen.dontKnow.value];
    case 'payment-error':
      return [screen.primary.value, screen.secondary.value];
    default:
      return null;
  }
}

export type { PlaceScreen };

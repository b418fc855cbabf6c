import type { Answers, PlaceAnswer } from '../engine/answers';
import { isCalendarDate, isPlaceAnswer } from '../engine/answers';
import { DEFAULT_BIRTH_DATE, DEFAULT_BIRTH_PLACE, DEFAULT_BIRTH_TIME, UNKNOWN_TIME } from './birth-defaults';

/** Which answers hold the visitor's profile (the spec's step ids; spec §2). */
export interface ProfileKeys {
  name: string;
  birthDate: string;
  birthTime: string;
  birthPlace: string;
  gender: string;
  relationship: string;
  partnerBirthDate: string;
  partnerBirthTime: string;
  partnerBirthPlace: string;
}

/** The astrology flow's step ids. */
export const astrologyProfileKeys: ProfileKeys = {
  name: '2-1',
  birthDate: '2-2',
  birthTime: '2-3',
  birthPlace: '2-4',
  gender: '2-5',
  relationship: '1-1',
  partnerBirthDate: '4-0-2',
  partnerBirthTime: '4-1',
  partnerBirthPlace: '4-2',
};

/** The relationship answer that brings in the partner's data (spec §9). */
export const IN_RELATIONSHIP = 'in_relationships';

/** A birth as the payloads need it, every default of spec §5 applied. */
export interface Birth {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
  place: Pick<PlaceAnswer, 'latitude' | 'longitude' | 'place' | 'utcOffsetMinutes'>;
}

function text(answers: Answers, key: string): string {
  const value = answers[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** The birth from three answers: missing date 2000-01-01, missing or unknown time 12:00, missing place New York. */
export function birthFrom(answers: Answers, keys: { date: string; time: string; place: string }): Birth {
  const date = text(answers, keys.date);
  const time = text(answers, keys.time);
  const place = answers[keys.place];
  return {
    date: isCalendarDate(date) ? date : DEFAULT_BIRTH_DATE,
    time: /^([01]\d|2[0-3]):[0-5]\d$/.test(time) && time !== UNKNOWN_TIME ? time : DEFAULT_BIRTH_TIME,
    place: isPlaceAnswer(place)
      ? { latitude: place.latitude, longitude: place.longitude, place: place.place, utcOffsetMinutes: place.utcOffsetMinutes }
      : DEFAULT_BIRTH_PLACE,
  };
}

/** The visitor's profile as the payload builders read it. */
export function visitorProfile(answers: Answers, keys: ProfileKeys = astrologyProfileKeys) {
  const relationship = text(answers, keys.relationship);
  return {
    name: text(answers, keys.name),
    gender: text(answers, keys.gender),
    relationship,
    birth: birthFrom(answers, { date: keys.birthDate, time: keys.birthTime, place: keys.birthPlace }),
    partnerBirth:
      relationship === IN_RELATIONSHIP
        ? birthFrom(answers, { date: keys.partnerBirthDate, time: keys.partnerBirthTime, place: keys.partnerBirthPlace })
        : null,
  };
}

export type VisitorProfile = ReturnType<typeof visitorProfile>;

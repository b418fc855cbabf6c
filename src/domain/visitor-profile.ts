import type { Answers, PlaceAnswer } from '../engine/answers';
import type { Profile } from '../engine/generated/flow-types';
import { isPlaceAnswer } from '../engine/answers';
import { birthMoment, DEFAULT_BIRTH_PLACE } from '../engine/birth-data';

/** A birth as the payloads need it, every default for missing birth data applied (engine/birth-data.ts). */
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
  const place = answers[keys.place];
  return {
    ...birthMoment(answers[keys.date], answers[keys.time]),
    place: isPlaceAnswer(place)
      ? { latitude: place.latitude, longitude: place.longitude, place: place.place, utcOffsetMinutes: place.utcOffsetMinutes }
      : DEFAULT_BIRTH_PLACE,
  };
}

/**
 * The visitor's profile as the payload builders read it, from the answers the flow's `profile` names by
 * role (never a step id written here): a renamed answer key is renamed there too, and flow:check refuses
 * a role no question of its kind answers. The partner's birth only for a visitor whose relationship
 * answer is the flow's `inRelationship` (spec: in_relationships).
 */
export function visitorProfile(answers: Answers, roles: Profile) {
  const relationship = text(answers, roles.relationship);
  return {
    name: text(answers, roles.name),
    gender: text(answers, roles.gender),
    relationship,
    birth: birthFrom(answers, { date: roles.birthDate, time: roles.birthTime, place: roles.birthPlace }),
    partnerBirth:
      relationship === roles.inRelationship
        ? birthFrom(answers, { date: roles.partnerBirthDate, time: roles.partnerBirthTime, place: roles.partnerBirthPlace })
        : null,
  };
}

export type VisitorProfile = ReturnType<typeof visitorProfile>;

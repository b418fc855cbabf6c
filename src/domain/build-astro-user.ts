import type { AstroUserPayload } from '../shared/contract/astro';
import type { IpInfo } from '../shared/contract/subscription';
import type { VisitorProfile } from './visitor-profile';

export interface AstroUserInput {
  profile: VisitorProfile;
  email: string;
  usid: string;
  /** The visitor came through the outer flow (flowOuter): not "legal". */
  flowOuter: boolean;
  /** The IP lookup's answer; null when it failed or the address is unknown. */
  ipInfo: IpInfo | null;
  /** The browser's own time zone, used when the IP lookup has none. */
  browserTimeZone: string;
}

/** "lat,lon" → numbers, or null when it does not parse to a real position. */
function parseLoc(loc: string | undefined): { latitude: number; longitude: number } | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(loc ?? '');
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

/**
 * The astro server user: username, email, usid, isLegal (true unless the outer flow),
 * gender, relationship, birthday {date, time as HH:MM:SS}, location from the IP lookup, locale en,
 * timezone. Defaults: date 2000-01-01, time 12:00:00 when missing or unknown, location 0,0
 * when the IP location is missing.
 */
export function buildAstroUser(input: AstroUserInput): AstroUserPayload {
  const { profile } = input;
  return {
    username: profile.name,
    email: input.email,
    usid: input.usid,
    isLegal: !input.flowOuter,
    gender: profile.gender,
    relationship: profile.relationship,
    birthday: { date: profile.birth.date, time: `${profile.birth.time}:00` },
    location: parseLoc(input.ipInfo?.loc) ?? { latitude: 0, longitude: 0 },
    locale: 'en',
    timezone: input.ipInfo?.timezone || input.browserTimeZone,
  };
}

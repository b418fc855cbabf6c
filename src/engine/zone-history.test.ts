import { describe, expect, it } from 'vitest';
import { isZoneHistory, offsetAtInstant, offsetAtWallClock, type ZoneHistory } from './zone-history';
import { utcOffsetMinutes, utcOffsetSeconds } from './utc-offset';
import { isPlaceAnswer, type Answers } from './answers';
import { refreshPlaceOffsets } from './place-offsets';
import flowJson from '../../flows/astrology.json';
import { validateFlow } from './validate-flow';
import { productKinds } from './kinds/product-kinds';

function astrologyFlow() {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

// A made-up zone, so the reading rules are checked on numbers worked out by hand: +0:30 until 1970-01-01T00:00Z,
// then +1:00 (a gap of 30 minutes at 00:30 → 01:00 local), back to +0:30 at 1970-01-02T00:00Z (an overlap of 30
// minutes: 01:00 → 00:30 local).
const madeUp: ZoneHistory = { zone: 'Test/Made_Up', version: 'test', offsets: [1800, 3600], transitions: `0.1 ${(86_400).toString(36)}.0` };
const wall = (iso: string) => Date.parse(`${iso}Z`) / 1000;

describe('zone histories', () => {
  it('give the offset in force at an instant, and before the first change the first offset', () => {
    expect(offsetAtInstant(madeUp, -1)).toBe(1800);
    expect(offsetAtInstant(madeUp, 0)).toBe(3600);
    expect(offsetAtInstant(madeUp, 86_399)).toBe(3600);
    expect(offsetAtInstant(madeUp, 86_400)).toBe(1800);
  });

  it('read a wall clock: before a gap its offset, in an overlap the first occurrence', () => {
    expect(offsetAtWallClock(madeUp, wall('1970-01-01T00:29'))).toBe(1800);
    // 00:30-00:59 never happened: the offset before the gap.
    expect(offsetAtWallClock(madeUp, wall('1970-01-01T00:30'))).toBe(1800);
    expect(offsetAtWallClock(madeUp, wall('1970-01-01T00:59'))).toBe(1800);
    expect(offsetAtWallClock(madeUp, wall('1970-01-01T01:00'))).toBe(3600);
    // 00:30-00:59 on 2 January happened twice: the first time, at +1:00.
    expect(offsetAtWallClock(madeUp, wall('1970-01-02T00:29'))).toBe(3600);
    expect(offsetAtWallClock(madeUp, wall('1970-01-02T00:30'))).toBe(3600);
    expect(offsetAtWallClock(madeUp, wall('1970-01-02T00:59'))).toBe(3600);
    expect(offsetAtWallClock(madeUp, wall('1970-01-02T01:00'))).toBe(1800);
  });

  it('round seconds to whole minutes half away from zero for the answer, and keep them exact on request', () => {
    const lmt: ZoneHistory = { zone: 'Test/Lmt', version: 'test', offsets: [1172, -2670], transitions: `${(86_400).toString(36)}.1` };
    expect(utcOffsetSeconds(lmt, '1969-06-01', '12:00')).toBe(1172);
    expect(utcOffsetMinutes(lmt, '1969-06-01', '12:00')).toBe(20);
    expect(utcOffsetMinutes(lmt, '1971-06-01', '12:00')).toBe(-45);
  });

  it('are checked before a restored answer is trusted', () => {
    expect(isZoneHistory(madeUp)).toBe(true);
    expect(isZoneHistory({ ...madeUp, offsets: [] })).toBe(false);
    expect(isZoneHistory({ ...madeUp, offsets: [999_999] })).toBe(false);
    expect(isZoneHistory({ ...madeUp, transitions: '<script>' })).toBe(false);
    expect(isZoneHistory({ ...madeUp, transitions: '' })).toBe(true);
    const place = { latitude: 52.37, longitude: 4.89, place: 'Amsterdam, North Holland, Netherlands', utcOffsetMinutes: 80, timeZone: 'Europe/Amsterdam' };
    expect(isPlaceAnswer(place)).toBe(true);
    expect(isPlaceAnswer({ ...place, zoneHistory: madeUp })).toBe(true);
    expect(isPlaceAnswer({ ...place, zoneHistory: { zone: 'x' } })).toBe(false);
  });

  it('follow a changed birth date: the place answer\'s offset is read again from its history', () => {
    const flow = astrologyFlow();
    const screen = flow.screens.find((s) => s.kind === 'place' && s.id === 'profile-place-of-birth');
    if (!screen || screen.kind !== 'place') throw new Error('no birth place screen');
    const place = { latitude: 0, longitude: 0, place: 'Nowhere, Test', utcOffsetMinutes: 30, timeZone: 'Test/Made_Up', zoneHistory: madeUp };
    const answers: Answers = { [screen.dateFrom]: '1969-12-31', ...(screen.timeFrom ? { [screen.timeFrom]: '12:00' } : {}), [screen.answerKey]: place };
    // Test/Made_Up is no zone the runtime knows: only the history can give +1:00 for the new date.
    const moved = refreshPlaceOffsets(flow, { ...answers, [screen.dateFrom]: '1970-01-01' }, screen.dateFrom);
    expect(moved[screen.answerKey]).toEqual({ ...place, utcOffsetMinutes: 60 });
  });
});

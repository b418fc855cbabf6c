import { describe, it, expect } from 'vitest';
import { localDateTimeToUtc, utcOffsetMinutes } from './utc-offset';

describe('utcOffsetMinutes', () => {
  it('gives -300 for New York in winter', () => {
    expect(utcOffsetMinutes('America/New_York', '2021-01-15', '12:00')).toBe(-300);
  });

  it('gives -240 for New York in summer', () => {
    expect(utcOffsetMinutes('America/New_York', '2021-07-15', '12:00')).toBe(-240);
  });

  it('follows the US 2007 DST rule change (April start before, March start after)', () => {
    // 2006: DST began 2 April, so 1 April was still EST. 2007: DST began 11 March.
    expect(utcOffsetMinutes('America/New_York', '2006-04-01', '12:00')).toBe(-300);
    expect(utcOffsetMinutes('America/New_York', '2007-03-20', '12:00')).toBe(-240);
  });

  it('gives +60 all year for London during British Standard Time (1968-1971)', () => {
    expect(utcOffsetMinutes('Europe/London', '1970-01-15', '12:00')).toBe(60);
    expect(utcOffsetMinutes('Europe/London', '1970-07-15', '12:00')).toBe(60);
    expect(utcOffsetMinutes('Europe/London', '1975-01-15', '12:00')).toBe(0);
  });

  it('gives +120 for London during wartime double summer time', () => {
    expect(utcOffsetMinutes('Europe/London', '1941-06-01', '12:00')).toBe(120);
  });

  it('gives +330 for Kolkata', () => {
    expect(utcOffsetMinutes('Asia/Kolkata', '2000-01-01', '12:00')).toBe(330);
  });

  it('gives +660 for Sydney in January (southern summer time)', () => {
    expect(utcOffsetMinutes('Australia/Sydney', '2020-01-15', '12:00')).toBe(660);
    expect(utcOffsetMinutes('Australia/Sydney', '2020-07-15', '12:00')).toBe(600);
  });

  it('uses the pre-gap standard offset for a nonexistent spring-forward time', () => {
    // 2021-03-14 02:00-02:59 never happened in New York.
    expect(utcOffsetMinutes('America/New_York', '2021-03-14', '02:30')).toBe(-300);
    expect(utcOffsetMinutes('America/New_York', '2021-03-14', '01:59')).toBe(-300);
    expect(utcOffsetMinutes('America/New_York', '2021-03-14', '03:00')).toBe(-240);
    // Southern hemisphere: Sydney skipped 02:00-02:59 on 2021-10-03.
    expect(utcOffsetMinutes('Australia/Sydney', '2021-10-03', '02:30')).toBe(600);
  });

  it('uses the first occurrence for an ambiguous fall-back time', () => {
    // 2021-11-07 01:00-01:59 happened twice in New York: first EDT, then EST.
    expect(utcOffsetMinutes('America/New_York', '2021-11-07', '01:30')).toBe(-240);
    expect(utcOffsetMinutes('America/New_York', '2021-11-07', '00:59')).toBe(-240);
    expect(utcOffsetMinutes('America/New_York', '2021-11-07', '02:00')).toBe(-300);
    // Sydney repeated 02:00-02:59 on 2021-04-04: first daylight time, then standard.
    expect(utcOffsetMinutes('Australia/Sydney', '2021-04-04', '02:30')).toBe(660);
  });

  it('uses the pre-gap offset for a calendar day a zone skipped entirely', () => {
    // Samoa jumped the date line: 2011-12-30 does not exist in Apia.
    expect(utcOffsetMinutes('Pacific/Apia', '2011-12-29', '12:00')).toBe(-600);
    expect(utcOffsetMinutes('Pacific/Apia', '2011-12-30', '12:00')).toBe(-600);
    expect(utcOffsetMinutes('Pacific/Apia', '2011-12-31', '12:00')).toBe(840);
  });

  it('gives +840 for Kiritimati, which was -600 before its 1995 date-line move', () => {
    expect(utcOffsetMinutes('Pacific/Kiritimati', '2020-01-01', '12:00')).toBe(840);
    expect(utcOffsetMinutes('Pacific/Kiritimati', '1990-01-01', '12:00')).toBe(-600);
  });

  it('gives +345 for Kathmandu now and +330 before 1986', () => {
    expect(utcOffsetMinutes('Asia/Kathmandu', '2020-01-01', '12:00')).toBe(345);
    expect(utcOffsetMinutes('Asia/Kathmandu', '1985-06-01', '12:00')).toBe(330);
  });

  it('gives +240 for Moscow in 2011-2014 permanent summer time and +180 after', () => {
    expect(utcOffsetMinutes('Europe/Moscow', '2012-01-15', '12:00')).toBe(240);
    expect(utcOffsetMinutes('Europe/Moscow', '2013-07-15', '12:00')).toBe(240);
    expect(utcOffsetMinutes('Europe/Moscow', '2015-01-15', '12:00')).toBe(180);
  });

  it('gives -120 for Sao Paulo summer time in 2018 and -180 after Brazil dropped DST', () => {
    expect(utcOffsetMinutes('America/Sao_Paulo', '2018-01-15', '12:00')).toBe(-120);
    expect(utcOffsetMinutes('America/Sao_Paulo', '2020-01-15', '12:00')).toBe(-180);
  });

  it('rounds historical offsets with seconds to the nearest minute', () => {
    // Madras Time, +5:21:10, was used in Kolkata's zone until 1906.
    expect(utcOffsetMinutes('Asia/Kolkata', '1900-01-01', '12:00')).toBe(321);
    // Monrovia Mean Time, -0:44:30, rounds away from zero like its eastern counterparts.
    expect(utcOffsetMinutes('Africa/Monrovia', '1950-01-01', '12:00')).toBe(-45);
  });

  it('handles dates back to 1900', () => {
    expect(utcOffsetMinutes('America/New_York', '1900-01-01', '00:00')).toBe(-300);
    expect(utcOffsetMinutes('Europe/Berlin', '1900-01-01', '12:00')).toBe(60);
  });

  it('throws a RangeError naming an unknown zone', () => {
    expect(() => utcOffsetMinutes('Mars/Olympus_Mons', '2020-01-01', '12:00')).toThrow(RangeError);
    expect(() => utcOffsetMinutes('Mars/Olympus_Mons', '2020-01-01', '12:00')).toThrow(/Mars\/Olympus_Mons/);
    expect(() => utcOffsetMinutes('', '2020-01-01', '12:00')).toThrow(RangeError);
  });

  it('throws a RangeError on a malformed or impossible date or time', () => {
    expect(() => utcOffsetMinutes('UTC', '2021-1-1', '12:00')).toThrow(RangeError);
    expect(() => utcOffsetMinutes('UTC', '2021-02-30', '12:00')).toThrow(RangeError);
    expect(() => utcOffsetMinutes('UTC', '2021-01-01', '24:00')).toThrow(RangeError);
    expect(() => utcOffsetMinutes('UTC', '2021-01-01', '9:00')).toThrow(RangeError);
    expect(() => utcOffsetMinutes('UTC', '2021-01-01', '12:60')).toThrow(RangeError);
  });
});

describe('localDateTimeToUtc', () => {
  it('subtracts the offset from the wall-clock time', () => {
    expect(localDateTimeToUtc('2021-07-04', '12:00', -240).toISOString()).toBe('2021-07-04T16:00:00.000Z');
    expect(localDateTimeToUtc('1879-03-14', '11:30', 40).toISOString()).toBe('1879-03-14T10:50:00.000Z');
  });

  it('crosses the date line when the offset demands it', () => {
    expect(localDateTimeToUtc('2021-01-01', '02:00', 330).toISOString()).toBe('2020-12-31T20:30:00.000Z');
    expect(localDateTimeToUtc('2021-12-31', '20:00', -600).toISOString()).toBe('2022-01-01T06:00:00.000Z');
  });

  it('round-trips with utcOffsetMinutes for a zone', () => {
    const offset = utcOffsetMinutes('Asia/Kathmandu', '2020-01-01', '00:10');
    expect(localDateTimeToUtc('2020-01-01', '00:10', offset).toISOString()).toBe('2019-12-31T18:25:00.000Z');
  });

  it('throws a RangeError on a malformed date, time or offset', () => {
    expect(() => localDateTimeToUtc('2021/07/04', '12:00', 0)).toThrow(RangeError);
    expect(() => localDateTimeToUtc('2021-07-04', 'noon', 0)).toThrow(RangeError);
    expect(() => localDateTimeToUtc('2021-07-04', '12:00', Number.NaN)).toThrow(RangeError);
  });
});

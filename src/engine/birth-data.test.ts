import { describe, expect, it } from 'vitest';
import { birthMoment, DEFAULT_BIRTH_DATE, DEFAULT_BIRTH_TIME, isClockTime, UNKNOWN_TIME } from './birth-data';

describe('a birth moment', () => {
  it('keeps a real date and a 24-hour time as answered', () => {
    expect(birthMoment('1990-05-17', '06:30')).toEqual({ date: '1990-05-17', time: '06:30' });
    expect(birthMoment(' 1990-05-17 ', ' 23:59 ')).toEqual({ date: '1990-05-17', time: '23:59' });
  });

  it('puts the defaults in place of a missing, unknown or impossible date or time, the same for every reader', () => {
    expect(DEFAULT_BIRTH_DATE).toBe('2000-01-01');
    expect(DEFAULT_BIRTH_TIME).toBe('12:00');
    for (const time of [undefined, null, '', UNKNOWN_TIME, '24:00', '12:60', '7:30', 730]) {
      expect(birthMoment('1990-05-17', time).time, String(time)).toBe('12:00');
    }
    for (const date of [undefined, '', '2023-02-30', '17/05/1990', 19900517]) {
      expect(birthMoment(date, '06:30').date, String(date)).toBe('2000-01-01');
    }
  });

  it('reads a time of day on the 24-hour clock only', () => {
    expect(['00:00', '09:05', '23:59'].every(isClockTime)).toBe(true);
    expect(['24:00', '9:05', '09:5', '09:60', 'noon'].some(isClockTime)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseSince } from './since';

describe('parseSince', () => {
  it('reads a whole number and a unit: seconds, minutes, hours, days, weeks', () => {
    expect(parseSince('45s')).toBe(45_000);
    expect(parseSince('30m')).toBe(1_800_000);
    expect(parseSince('1h')).toBe(3_600_000);
    expect(parseSince('2d')).toBe(172_800_000);
    expect(parseSince('1w')).toBe(604_800_000);
    expect(parseSince('36500d')).toBe(36_500 * 86_400_000);
  });

  it('refuses anything else with one line saying what is expected', () => {
    for (const text of ['', 'h', '1', '0h', '0s', '1.5h', '-1h', '1 h', ' 1h', '1H', '1y', '1hour', '1e3s', '36501d', '99999999999999999999d', '1h\n2h']) {
      let message = '';
      try {
        parseSince(text);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, JSON.stringify(text)).toContain('is not a duration: expected a whole number and a unit (s, m, h, d or w), such as 30m, 1h or 2d');
      expect(message).not.toContain('\n');
    }
  });
});

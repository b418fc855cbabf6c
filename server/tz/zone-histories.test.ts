import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { offsetAtInstant, offsetAtWallClock } from '../../src/engine/zone-history';
import { utcOffsetSeconds } from '../../src/engine/utc-offset';
import { canonicalZone, tzDataVersion, zoneHistory, zoneNames } from './zone-histories';

// Offsets from the full tz database (with the backzone data), checked against Python's zoneinfo reading
// compiled zone files of the same tz version (tests/fixtures/tz-reference.txt.gz, written by scripts/tz-reference.py):
// every change of offset 1900-2025 of a dozen zones (readings before, at, inside and after each), the historical
// cases (see the README's "Time-zone data"), and 3,000 random births across every zone of zone.tab.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const referenceText = gunzipSync(readFileSync(join(repoRoot, 'tests', 'fixtures', 'tz-reference.txt.gz'))).toString('utf8');
const reference = referenceText
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [zone, date, time, offset] = line.split(' ') as [string, string, string, string];
    return { zone, date, time, offset: Number(offset) };
  });

const hms = (seconds: number) => {
  const a = Math.abs(seconds);
  return `${seconds < 0 ? '-' : '+'}${Math.floor(a / 3600)}:${String(Math.floor((a % 3600) / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
};

describe('zone histories (server/tz, tz data with backzone)', () => {
  it('are of one tz version: the source, the built histories and the reference', () => {
    const source = readFileSync(join(repoRoot, 'server', 'tz', 'tzdata.zi'), 'utf8');
    const version = /^# version (\S+)/m.exec(source)?.[1];
    expect(version).toMatch(/^\d{4}[a-z]$/);
    expect(tzDataVersion()).toBe(version);
    expect(referenceText.split('\n', 1)[0]).toContain(`# tz ${version}:`);
    // The README states the version the product runs on.
    expect(readFileSync(join(repoRoot, 'README.md'), 'utf8')).toContain(`tz data ${version}`);
  });

  it(`agree with Python's zoneinfo on every one of the ${reference.length.toLocaleString('en')} reference readings`, () => {
    expect(reference.length).toBeGreaterThan(1000);
    const wrong: string[] = [];
    for (const { zone, date, time, offset } of reference) {
      const ours = utcOffsetSeconds(zoneHistory(zone)!, date, time);
      if (ours !== offset) wrong.push(`${zone} ${date} ${time}: ${hms(ours)}, zoneinfo ${hms(offset)}`);
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it('cover every change of a dozen zones 1900-2025, both ways, and every zone of zone.tab', () => {
    const zones = new Set(reference.map((r) => r.zone));
    for (const zone of ['America/New_York', 'Europe/London', 'Europe/Amsterdam', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Sao_Paulo']) {
      const history = zoneHistory(zone)!;
      // Each change in the span has a reading a minute before it and at it, by the clock of before the change.
      const start = Date.UTC(1900, 0, 1) / 1000;
      const end = Date.UTC(2026, 0, 1) / 1000 - 86_400;
      let t = 0;
      const changes: number[] = [];
      for (const token of history.transitions.split(' ')) {
        t += parseInt(token.split('.')[0]!, 36);
        if (t > start && t < end) changes.push(t);
      }
      expect(changes.length).toBeGreaterThan(0);
      const readings = new Set(reference.filter((r) => r.zone === zone).map((r) => `${r.date}T${r.time}`));
      for (const change of changes) {
        const before = offsetAtInstant(history, change - 1);
        const wall = new Date((change + before) * 1000).toISOString().slice(0, 16);
        expect(readings.has(wall), `${zone}: the reference reads ${wall}`).toBe(true);
      }
    }
    expect(zones.size).toBeGreaterThan(300);
  });

  it('know the pre-1970 history the browsers drop', () => {
    const at = (zone: string, date: string, time = '12:00') => hms(utcOffsetSeconds(zoneHistory(zone)!, date, time));
    expect(at('Europe/Amsterdam', '1930-01-15')).toBe('+0:19:32');
    expect(at('Europe/Amsterdam', '1930-07-01')).toBe('+1:19:32');
    expect(at('Europe/Amsterdam', '1939-01-15')).toBe('+0:20:00');
    expect(at('Europe/Amsterdam', '1939-07-01')).toBe('+1:20:00');
    expect(at('Europe/Amsterdam', '1950-01-15')).toBe('+1:00:00');
    expect(at('Asia/Bahrain', '1944-06-01')).toBe('+4:00:00');
    expect(at('Atlantic/Reykjavik', '1918-01-15')).toBe('-1:00:00');
    expect(at('Africa/Dakar', '1906-01-15')).toBe('-1:09:44');
    expect(at('Indian/Antananarivo', '1939-01-15')).toBe('+3:00:00');
    // Today's rules: a reading in the gap gets the offset before it, one in the overlap its first occurrence.
    expect(at('America/New_York', '2021-03-14', '02:30')).toBe('-5:00:00');
    expect(at('America/New_York', '2021-11-07', '01:30')).toBe('-4:00:00');
    expect(at('Europe/London', '1990-03-25', '01:30')).toBe('+0:00:00');
    expect(at('Europe/London', '1990-10-28', '01:30')).toBe('+1:00:00');
    expect(at('Australia/Lord_Howe', '2021-04-04', '01:45')).toBe('+11:00:00');
  });

  it('follow links to the zone they name, and know no made-up name', () => {
    expect(canonicalZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(zoneHistory('Asia/Calcutta')?.zone).toBe('Asia/Kolkata');
    expect(canonicalZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalZone('Europe/Amsterdam')).toBe('Europe/Amsterdam');
    expect(canonicalZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalZone('constructor')).toBeNull();
    expect(canonicalZone('__proto__')).toBeNull();
    const { zones, links } = zoneNames();
    expect(zones.length).toBeGreaterThan(400);
    for (const link of links) expect(canonicalZone(link), link).not.toBeNull();
  });

  it('are what scripts/tz-build.mjs builds from server/tz/tzdata.zi (the committed file is not edited by hand)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'astrelle-tz-'));
    try {
      const out = join(dir, 'zone-histories.json');
      execFileSync(process.execPath, [join(repoRoot, 'scripts', 'tz-build.mjs'), '--out', out], { stdio: 'pipe' });
      expect(readFileSync(out, 'utf8') === readFileSync(join(repoRoot, 'server', 'tz', 'zone-histories.json'), 'utf8')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('read a wall clock the way the instants say, across every zone', () => {
    // For any instant, the wall clock it shows reads back to that offset unless the reading is in an overlap.
    for (const zone of zoneNames().zones) {
      const history = zoneHistory(zone)!;
      for (const year of [1905, 1944, 1977, 2003, 2024]) {
        const instant = Date.UTC(year, 5, 15, 9, 0) / 1000;
        const offset = offsetAtInstant(history, instant);
        const wall = instant + offset;
        const back = offsetAtWallClock(history, wall);
        expect([offset, offsetAtInstant(history, wall - back)], `${zone} ${year}`).toContain(back);
      }
    }
  });
});

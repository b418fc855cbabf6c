#!/usr/bin/env python3
"""Writes tests/fixtures/tz-reference.txt.gz: UTC offsets of local birth times, computed by Python's zoneinfo (an
independent reading of the tz database: its own TZif parser and its own local-time rules, fold=0) from compiled
zone files, for the test that checks src/engine/zone-history.ts against it (issue 14).

    python3 scripts/tz-reference.py ZONEINFO_DIR

ZONEINFO_DIR: compiled zone files with the backzone data, of the same tz version as server/tz/tzdata.zi, such as
Debian's tzdata package unpacked (apt-get download tzdata && dpkg -x tzdata_*.deb pkg: pkg/usr/share/zoneinfo).
"""
import gzip
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

root = Path(sys.argv[1])
version = next(l.split()[2] for l in (root / 'tzdata.zi').read_text().splitlines() if l.startswith('# version'))
zones_tab = sorted({l.split('\t')[2] for l in (root / 'zone.tab').read_text().splitlines() if l and not l.startswith('#')})
cache = {}


def zone(name):
    if name not in cache:
        with open(root / name, 'rb') as f:
            cache[name] = ZoneInfo.from_file(f, key=name)
    return cache[name]


def offset(name, wall):
    """Seconds east of UTC at a local reading (fold=0: before a gap, the first of an overlap)."""
    return int(wall.replace(tzinfo=zone(name), fold=0).utcoffset().total_seconds())


cases = {}


def add(name, wall):
    wall = wall.replace(second=0, microsecond=0)
    if datetime(1900, 1, 1) <= wall < datetime(2026, 1, 1):
        cases[(name, wall)] = offset(name, wall)


# Every change of offset from 1900 to 2025 of a dozen zones (DST both ways, a 30-minute DST, southern hemisphere,
# pre-1970 history from the backzone data): readings just before, at, inside and just after each change, on both
# sides' clocks, and noon of the day.
DOZEN = ['America/New_York', 'America/Chicago', 'America/Sao_Paulo', 'Europe/London', 'Europe/Amsterdam', 'Europe/Berlin',
         'Europe/Moscow', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney', 'Australia/Lord_Howe', 'Africa/Cairo']
for name in DOZEN:
    z = zone(name)
    t = datetime(1899, 12, 31, tzinfo=timezone.utc)
    end = datetime(2026, 1, 2, tzinfo=timezone.utc)
    step = timedelta(hours=1)
    before = t.astimezone(z).utcoffset()
    # Hour steps find each change; a binary search finds its second.
    while t < end:
        after_t = t + step
        now = after_t.astimezone(z).utcoffset()
        if now != before:
            low, high = t, after_t
            while high - low > timedelta(seconds=1):
                mid = low + (high - low) / 2
                if mid.astimezone(z).utcoffset() == before:
                    low = mid
                else:
                    high = mid
            change = high.replace(tzinfo=None)
            for side in (before, now):
                base = change + side
                for minutes in (-61, -1, 0, 1, 30, 59, 60):
                    add(name, base + timedelta(minutes=minutes))
            add(name, (change + before).replace(hour=12, minute=0))
            before = now
        t = after_t

# The historical cases of issue 14 and more zones folded into others by the main data.
for name, text in [('Europe/Amsterdam', '1930-07-01 12:00'), ('Europe/Amsterdam', '1930-01-15 12:00'), ('Europe/Amsterdam', '1939-01-15 12:00'),
                   ('Asia/Bahrain', '1944-06-01 12:00'), ('Atlantic/Reykjavik', '1918-01-15 12:00'), ('Africa/Dakar', '1906-01-15 12:00'),
                   ('Indian/Antananarivo', '1939-01-15 12:00'), ('Europe/Oslo', '1930-07-01 12:00'), ('Europe/Stockholm', '1900-06-01 12:00'),
                   ('Africa/Bamako', '1920-01-01 12:00'), ('Asia/Kuwait', '1940-01-01 12:00'), ('America/Montreal', '1920-07-01 12:00'),
                   ('Europe/Luxembourg', '1920-07-01 12:00'), ('Europe/Monaco', '1910-01-01 12:00'), ('Africa/Kampala', '1930-01-01 12:00')]:
    add(name, datetime.fromisoformat(text))

# Random births in every zone of zone.tab.
rng = random.Random(14)
span = int((datetime(2026, 1, 1) - datetime(1900, 1, 1)).total_seconds() // 60)
for _ in range(3000):
    add(rng.choice(zones_tab), datetime(1900, 1, 1) + timedelta(minutes=rng.randrange(span)))

out = Path(__file__).resolve().parent.parent / 'tests' / 'fixtures' / 'tz-reference.txt.gz'
lines = [f'# tz {version}: UTC offsets (seconds east) by Python zoneinfo, fold=0; written by scripts/tz-reference.py',
         '# zone local-date local-time offset']
lines += [f'{n} {w:%Y-%m-%d} {w:%H:%M} {o}' for (n, w), o in sorted(cases.items())]
# Gzipped (90 KB instead of 780 KB), with no time stamp in the header: the same data writes the same bytes.
out.write_bytes(gzip.compress(('\n'.join(lines) + '\n').encode(), mtime=0))
print(f'{len(cases)} cases, tz {version}, into {out}')

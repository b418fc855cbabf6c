#!/usr/bin/env node
// Builds server/tz/zone-histories.json from server/tz/tzdata.zi: every zone's UTC offsets through its whole
// recorded history, including the pre-1970 history of zones the main tz data folds into others (the backzone data,
// which tzdata.zi carries for every zone of zone.tab). zic compiles the text; the compiled files are read here.
//
//   node scripts/tz-build.mjs [--out FILE]      (npm run tz:build)
//
// zic comes with the C library's tools (Debian: libc-bin). The output is committed: nothing at install or run time
// needs zic. How to update the data: README, "Time-zone data".
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const source = join(root, 'server', 'tz', 'tzdata.zi');
const outFlag = process.argv.indexOf('--out');
const target = outFlag > 0 ? process.argv[outFlag + 1] : join(root, 'server', 'tz', 'zone-histories.json');

/** Reads a compiled zone (RFC 8536, version 2 or later): its 64-bit transitions and local time types. */
export function readTzif(buffer) {
  if (buffer.toString('latin1', 0, 4) !== 'TZif') throw new Error('not a TZif file');
  const header = (at) => {
    const count = (i) => buffer.readUInt32BE(at + 20 + 4 * i);
    return { isut: count(0), isstd: count(1), leap: count(2), time: count(3), type: count(4), char: count(5) };
  };
  const v1 = header(0);
  let at = 44 + v1.time * 5 + v1.type * 6 + v1.char + v1.leap * 8 + v1.isstd + v1.isut;
  const h = header(at);
  at += 44;
  const times = [];
  for (let i = 0; i < h.time; i += 1, at += 8) times.push(Number(buffer.readBigInt64BE(at)));
  const indices = [];
  for (let i = 0; i < h.time; i += 1) indices.push(buffer[at++]);
  const types = [];
  for (let i = 0; i < h.type; i += 1, at += 6) types.push(buffer.readInt32BE(at));
  return { times, indices, types };
}

/** One zone's history in the form src/engine/zone-history.ts reads: distinct offsets and delta-coded changes. */
export function encodeHistory(zone, version, { times, indices, types }) {
  const offsets = [types[0]];
  const tokens = [];
  let current = types[0];
  let previous = 0;
  for (let i = 0; i < times.length; i += 1) {
    const offset = types[indices[i]];
    // A change of name or of daylight-saving flag only: the offset, all that a birth chart needs, stays.
    if (offset === current) continue;
    let index = offsets.indexOf(offset);
    if (index < 0) index = offsets.push(offset) - 1;
    tokens.push(`${(times[i] - previous).toString(36)}.${index.toString(36)}`);
    previous = times[i];
    current = offset;
  }
  return { zone, version, offsets, transitions: tokens.join(' ') };
}

/** zic: on the PATH, or where Debian (libc-bin) and others put it, which a PATH without the sbin folders misses. */
function zicPath() {
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean).concat(['/usr/sbin', '/usr/bin', '/sbin', '/usr/local/sbin'])) {
    if (existsSync(join(dir, 'zic'))) return join(dir, 'zic');
  }
  throw new Error('zic not found: install the C library tools (Debian: libc-bin) or IANA tzcode');
}

function main() {
  const text = readFileSync(source, 'utf8');
  const version = /^# version (\S+)/m.exec(text)?.[1];
  if (!version) throw new Error(`${source} has no "# version" line`);
  const zones = text.split('\n').filter((l) => l.startsWith('Z ')).map((l) => l.split(' ')[1]);
  const links = Object.fromEntries(text.split('\n').filter((l) => l.startsWith('L ')).map((l) => { const [, to, from] = l.split(' '); return [from, to]; }));
  const out = mkdtempSync(join(tmpdir(), 'astrelle-zic-'));
  try {
    // -b fat: every transition written out up to 2037 (not left to the POSIX rule at the end of the file).
    execFileSync(zicPath(), ['-b', 'fat', '-d', out, source], { stdio: ['ignore', 'inherit', 'inherit'] });
    const histories = {};
    for (const zone of zones.sort()) {
      const { offsets, transitions } = encodeHistory(zone, version, readTzif(readFileSync(join(out, zone))));
      histories[zone] = { offsets, transitions };
    }
    const sortedLinks = Object.fromEntries(Object.entries(links).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(target, `${JSON.stringify({ version, zones: histories, links: sortedLinks })}\n`);
    console.log(`tz ${version}: ${zones.length} zones, ${Object.keys(links).length} links -> ${target} (${readFileSync(target).length} bytes)`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();

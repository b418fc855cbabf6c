import type { ZoneHistory } from '../../src/engine/zone-history';
// Bundled into dist-server/main.js by scripts/build-server.mjs (250 KB, parsed once at start-up in a few ms).
import data from './zone-histories.json' with { type: 'json' };

/** server/tz/zone-histories.json, built from server/tz/tzdata.zi by scripts/tz-build.mjs (npm run tz:build). */
interface ZoneHistoriesFile {
  version: string;
  zones: Record<string, Omit<ZoneHistory, 'zone' | 'version'>>;
  /** Old and alternative names (Asia/Calcutta) to the zone they now name (Asia/Kolkata). */
  links: Record<string, string>;
}

const histories = new Map<string, ZoneHistory>();

function file(): ZoneHistoriesFile {
  return data as ZoneHistoriesFile;
}

/** The tz data version the histories come from ("2026f"). */
export function tzDataVersion(): string {
  return file().version;
}

/** The canonical id of a zone name (links followed), or null when the tz data has no such name. */
export function canonicalZone(name: string): string | null {
  const { zones, links } = file();
  let id = name;
  // Links point at zones; a chain is followed a few steps at most.
  for (let hops = 0; hops < 4 && !Object.hasOwn(zones, id); hops += 1) {
    if (!Object.hasOwn(links, id)) return null;
    id = links[id]!;
  }
  return Object.hasOwn(zones, id) ? id : null;
}

/** A zone's whole history (by its canonical id or any link to it), or null for a name the tz data does not know. */
export function zoneHistory(name: string): ZoneHistory | null {
  const id = canonicalZone(name);
  if (!id) return null;
  let history = histories.get(id);
  if (!history) {
    history = { zone: id, version: file().version, ...file().zones[id]! };
    histories.set(id, history);
  }
  return history;
}

/** Every zone id and link the data knows. */
export function zoneNames(): { zones: string[]; links: string[] } {
  return { zones: Object.keys(file().zones), links: Object.keys(file().links) };
}

import { normalizePlaceText } from './normalize-place-text';
import type { Region } from './regions';

// What a place is called in the list a visitor picks from: unique, as short as it can be.

/**
 * Each place's label, unique in the gazetteer: "Name, Region, Country" (the region left out when it is the name:
 * "Berlin, Germany" is in the State of Berlin); places alike after that carry their second-level division, then
 * their coordinates.
 */
export function buildLabels(
  names: readonly string[],
  placeCountries: Uint16Array,
  placeRegions: Uint16Array,
  placeAdmin1: Uint16Array,
  admin2Of: readonly string[],
  latitudes: Float64Array,
  longitudes: Float64Array,
  countries: ReadonlyArray<{ code: string; name: string }>,
  regions: ReadonlyArray<Region | undefined>,
  admin1List: ReadonlyArray<{ name: string } | undefined>,
): string[] {
  const regionPart = (i: number): string => {
    const name = names[i]!;
    const region = regions[placeRegions[i]!]?.abbreviation ?? admin1List[placeAdmin1[i]!]?.name;
    return region && normalizePlaceText(region) !== normalizePlaceText(name) ? `, ${region}` : '';
  };
  const labels = names.map((name, i) => `${name}${regionPart(i)}, ${countries[placeCountries[i]!]!.name}`);
  const alike = (list: readonly string[]): Map<string, number[]> => {
    const groups = new Map<string, number[]>();
    list.forEach((label, i) => {
      const group = groups.get(label);
      if (group) group.push(i);
      else groups.set(label, [i]);
    });
    return new Map([...groups].filter(([, group]) => group.length > 1));
  };
  for (const group of alike(labels).values()) {
    for (const i of group) {
      const district = admin2Of[i];
      if (district && normalizePlaceText(district) !== normalizePlaceText(names[i]!)) labels[i] = `${names[i]}, ${district}${labels[i]!.slice(names[i]!.length)}`;
    }
  }
  for (const group of alike(labels).values()) {
    for (const i of group) labels[i] = `${labels[i]} (${coordinates(latitudes[i]!, longitudes[i]!)})`;
  }
  return labels;
}

/** "22.57° N, 88.36° E". */
function coordinates(latitude: number, longitude: number): string {
  return `${Math.abs(latitude).toFixed(2)}° ${latitude >= 0 ? 'N' : 'S'}, ${Math.abs(longitude).toFixed(2)}° ${longitude >= 0 ? 'E' : 'W'}`;
}

import { COUNTRY_ALIASES } from './country-aliases';
import { compareStrings, HIGHEST, lowerBound, searchKeys } from './place-keys';
import type { Region } from './regions';

// The ", country or region" part of a query ("springfield il", "paris, france"): which places it leaves in.

/** Which countries and regions a typed qualifier such as "il" or "fra" may mean. */
export interface Qualifier {
  /** 1 for each country (by index in the country table) the qualifier may mean. */
  countries: Uint8Array;
  /** 1 for each region (by index in the region table) the qualifier may mean. */
  regions: Uint8Array;
  /** 1 for each first administrative region (by index in the admin1 table) the qualifier may mean. */
  admin1: Uint8Array;
  /** 1 for each second-level division (by index in the admin2 table) the qualifier may mean. */
  admin2: Uint8Array;
}

/**
 * Builds the lookup from a typed qualifier to the countries and regions it may mean: codes must
 * match exactly ("il"), names and aliases by prefix so results stay put while someone is typing
 * "paris fr", "paris fra", "paris france".
 */
export function buildQualifierResolver(
  countries: ReadonlyArray<{ code: string; name: string }>,
  regions: ReadonlyArray<Region | undefined>,
  admin1List: ReadonlyArray<{ name: string } | undefined>,
  admin2List: readonly string[],
): (text: string) => Qualifier | undefined {
  type Target = { country?: number; region?: number; admin1?: number; admin2?: number };
  const byCode = new Map<string, Target[]>();
  const named: Array<{ key: string } & Target> = [];
  const addCode = (code: string, target: Target): void => {
    const key = code.toLowerCase();
    byCode.set(key, [...(byCode.get(key) ?? []), target]);
  };
  const addNames = (texts: readonly string[], target: Target): void => {
    for (const text of texts) {
      for (const key of searchKeys(text)) {
        named.push({ key, ...target });
        // "Province of Batangas", "City of London": found by its proper name too.
        const of = key.lastIndexOf(' of ');
        if (of > 0) named.push({ key: key.slice(of + 4), ...target });
      }
    }
  };

  countries.forEach(({ code, name }, country) => {
    addCode(code, { country });
    addNames([name, ...(COUNTRY_ALIASES[code] ?? [])], { country });
  });
  regions.forEach((region, index) => {
    if (!region) return;
    if (region.abbreviation) addCode(region.abbreviation, { region: index });
    addNames([region.name], { region: index });
  });
  // Every country's first administrative regions by name: "newport wales", "san jose batangas".
  admin1List.forEach((admin1, index) => {
    if (admin1) addNames([admin1.name], { admin1: index });
  });
  // And their districts, which labels name where a region is not enough: "san jose batangas".
  admin2List.forEach((admin2, index) => {
    if (admin2) addNames([admin2], { admin2: index });
  });
  named.sort((a, b) => compareStrings(a.key, b.key));
  const namedKeys = named.map((entry) => entry.key);

  return (text) => {
    if (!text) return undefined;
    const matches = [...(byCode.get(text) ?? [])];
    const end = lowerBound(namedKeys, text + HIGHEST);
    for (let i = lowerBound(namedKeys, text); i < end; i++) matches.push(named[i]!);
    if (matches.length === 0) return undefined;
    const qualifier: Qualifier = {
      countries: new Uint8Array(countries.length),
      regions: new Uint8Array(regions.length),
      admin1: new Uint8Array(admin1List.length),
      admin2: new Uint8Array(admin2List.length),
    };
    for (const { country, region, admin1, admin2 } of matches) {
      if (country !== undefined) qualifier.countries[country] = 1;
      if (region !== undefined) qualifier.regions[region] = 1;
      if (admin1 !== undefined) qualifier.admin1[admin1] = 1;
      if (admin2 !== undefined) qualifier.admin2[admin2] = 1;
    }
    return qualifier;
  };
}

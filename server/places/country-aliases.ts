/**
 * Other names visitors use for a country, beyond its ISO code and the English name Intl gives
 * ("United States", "Türkiye", "Myanmar (Burma)"). Matched as prefixes after normalization.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['usa', 'u s', 'u s a', 'united states of america', 'america'],
  GB: ['uk', 'u k', 'great britain', 'britain'],
  AE: ['uae', 'u a e', 'emirates'],
  TR: ['turkey'],
  NL: ['holland', 'the netherlands'],
  CZ: ['czech republic'],
  KR: ['korea', 'republic of korea'],
  KP: ['dprk'],
  RU: ['russian federation'],
  MM: ['burma'],
  CD: ['drc', 'dr congo', 'democratic republic of the congo'],
  CG: ['republic of the congo'],
  CI: ['ivory coast', 'cote divoire'],
  CV: ['cabo verde'],
  SZ: ['swaziland'],
  MK: ['macedonia'],
  VA: ['holy see', 'vatican'],
  PS: ['palestine'],
  VN: ['viet nam'],
  LA: ['lao'],
  TL: ['east timor'],
  MO: ['macau'],
  VI: ['us virgin islands'],
  GM: ['the gambia'],
  BS: ['the bahamas'],
  PH: ['the philippines'],
};

/** A first-level subdivision that visitors name when telling same-named places apart. */
export interface Region {
  /** Postal-style abbreviation shown in labels and accepted as a search qualifier; absent when none is customary. */
  abbreviation?: string;
  /** English name, accepted as a search qualifier ("springfield illinois"). */
  name: string;
}

type RegionTable = Readonly<Record<string, Readonly<Record<string, Region>>>>;

function abbreviated(names: Record<string, string>): Record<string, Region> {
  return Object.fromEntries(Object.entries(names).map(([code, name]) => [code, { abbreviation: code, name }]));
}

/**
 * Regions by ISO country code, then GeoNames admin1 code. Only countries whose admin codes map to
 * abbreviations people write in addresses are listed with one: elsewhere GeoNames codes are numbers
 * ("FR 11") or opaque ("GR ESYE31") and would only clutter a label.
 */
export const REGIONS: RegionTable = {
  US: abbreviated({
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
    CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
    HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
    LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
    MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
    NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota',
    OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island',
    SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont',
    VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  }),
  // GeoNames numbers Canadian provinces; these are Canada Post's abbreviations for them.
  CA: {
    '01': { abbreviation: 'AB', name: 'Alberta' },
    '02': { abbreviation: 'BC', name: 'British Columbia' },
    '03': { abbreviation: 'MB', name: 'Manitoba' },
    '04': { abbreviation: 'NB', name: 'New Brunswick' },
    '05': { abbreviation: 'NL', name: 'Newfoundland and Labrador' },
    '07': { abbreviation: 'NS', name: 'Nova Scotia' },
    '08': { abbreviation: 'ON', name: 'Ontario' },
    '09': { abbreviation: 'PE', name: 'Prince Edward Island' },
    '10': { abbreviation: 'QC', name: 'Quebec' },
    '11': { abbreviation: 'SK', name: 'Saskatchewan' },
    '12': { abbreviation: 'YT', name: 'Yukon' },
    '13': { abbreviation: 'NT', name: 'Northwest Territories' },
    '14': { abbreviation: 'NU', name: 'Nunavut' },
  },
  // Likewise numbered in GeoNames; abbreviations as Australia Post writes them.
  AU: {
    '01': { abbreviation: 'ACT', name: 'Australian Capital Territory' },
    '02': { abbreviation: 'NSW', name: 'New South Wales' },
    '03': { abbreviation: 'NT', name: 'Northern Territory' },
    '04': { abbreviation: 'QLD', name: 'Queensland' },
    '05': { abbreviation: 'SA', name: 'South Australia' },
    '06': { abbreviation: 'TAS', name: 'Tasmania' },
    '07': { abbreviation: 'VIC', name: 'Victoria' },
    '08': { abbreviation: 'WA', name: 'Western Australia' },
  },
  CH: abbreviated({
    AG: 'Aargau', AI: 'Appenzell Innerrhoden', AR: 'Appenzell Ausserrhoden', BE: 'Bern',
    BL: 'Basel-Landschaft', BS: 'Basel-Stadt', FR: 'Fribourg', GE: 'Geneva', GL: 'Glarus',
    GR: 'Graubünden', JU: 'Jura', LU: 'Lucerne', NE: 'Neuchâtel', NW: 'Nidwalden', OW: 'Obwalden',
    SG: 'St. Gallen', SH: 'Schaffhausen', SO: 'Solothurn', SZ: 'Schwyz', TG: 'Thurgau', TI: 'Ticino',
    UR: 'Uri', VD: 'Vaud', VS: 'Valais', ZG: 'Zug', ZH: 'Zurich',
  }),
  // "London, England" is how people write it, but "ENG" is not an abbreviation anyone uses.
  GB: {
    ENG: { name: 'England' },
    SCT: { name: 'Scotland' },
    WLS: { name: 'Wales' },
    NIR: { name: 'Northern Ireland' },
  },
};

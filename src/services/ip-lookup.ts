import type { IpInfo } from '../shared/contract/subscription';
import type { IpLookupResponse } from '../shared/contract/ip-lookup';
import { absoluteUrl, callApi, createHttp } from './api-call';
import type { AppConfig } from './config';

export const ipLookupMessage = 'cannot get IP info';

/** Maps the geolocation service's answer (ip-api.com's fields) to the spec's IP info. */
export function toIpInfo(response: IpLookupResponse): IpInfo | undefined {
  if (response.status !== 'success') return undefined;
  return {
    ip: response.query,
    city: response.city,
    country: response.countryCode,
    postal: response.zip,
    loc: `${response.lat},${response.lon}`,
    timezone: response.timezone,
  };
}

/**
 * The IP lookup client: `GET {url}?key={key}` for the caller's own address. Returns undefined (not
 * null, as the spec says) when the service fails or does not know the address.
 */
export function createIpLookup(config: Pick<AppConfig, 'ipLookupUrl' | 'ipLookupKey' | 'requestTimeoutMs'>) {
  // The URL is the endpoint itself, not a prefix: ip-api answers for the caller at `/json?key=`. It is no visitor
  // data: no credential goes with it, and a third-party service answering `Access-Control-Allow-Origin: *` works.
  const http = createHttp('', config.requestTimeoutMs, undefined, 'omit');
  const url = absoluteUrl(config.ipLookupUrl);
  return async function lookUpIp(): Promise<IpInfo | undefined> {
    const result = await callApi<IpLookupResponse>(ipLookupMessage, () => http.get(url, { searchParams: { key: config.ipLookupKey } }));
    return result.ok ? toIpInfo(result.data) : undefined;
  };
}

export type IpLookup = ReturnType<typeof createIpLookup>;

/**
 * The query parameters the app reads, plus the URL hash with a leading `#` or `#!`
 * removed. Absent parameters are undefined.
 */
export interface VisitParams {
  quiz?: string;
  usid?: string;
  flowOuter?: string;
  gclid?: string;
  originalUrlAd?: string;
  noAdset?: string;
  testEventCode?: string;
  utmSource?: string;
  utmCampaign?: string;
  utmContent?: string;
  utmTerm?: string;
  utmEmailId?: string;
  payment?: string;
  hash?: string;
}

const names = {
  quiz: 'quiz',
  usid: 'usid',
  flowOuter: 'flowOuter',
  gclid: 'gclid',
  originalUrlAd: 'original_url_ad',
  noAdset: 'no_adset',
  testEventCode: 'test_event_code',
  utmSource: 'utm_source',
  utmCampaign: 'utm_campaign',
  utmContent: 'utm_content',
  utmTerm: 'utm_term',
  utmEmailId: 'utm_email_id',
  payment: 'payment',
} as const satisfies Record<Exclude<keyof VisitParams, 'hash'>, string>;

/** Reads the visit's parameters from `location.search` and `location.hash`. */
export function readVisitParams(search: string, hash: string): VisitParams {
  const query = new URLSearchParams(search);
  const params: VisitParams = {};
  for (const [key, name] of Object.entries(names) as Array<[keyof typeof names, string]>) {
    const value = query.get(name);
    if (value !== null) params[key] = value;
  }
  const value = hash.replace(/^#!?/, '');
  if (value !== '') params.hash = value;
  return params;
}

/** A boolean flag in the URL: present and not "false" or "0" (so `?flowOuter` alone counts). */
export function isFlagSet(value: string | undefined): boolean {
  return value !== undefined && value !== 'false' && value !== '0';
}

/** `search` with some parameters removed (e.g. `quiz` when the visitor is sent back to /). */
export function withoutParams(search: string, drop: readonly string[]): string {
  const query = new URLSearchParams(search);
  for (const name of drop) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/** `search` with one parameter set, keeping the others in their order. */
export function withParam(search: string, name: string, value: string): string {
  const query = new URLSearchParams(search);
  query.set(name, value);
  return `?${query.toString()}`;
}

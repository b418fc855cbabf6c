import type { IpInfo, Session, SessionWrite } from '../../shared/contract/subscription';
import { isFlagSet, type VisitParams } from './visit-params';

type Attribution = NonNullable<SessionWrite['attribution']>;

/**
 * The body of `POST /sessions/write/{id}` for a visit (id, flowOuter, abTestData, gclid,
 * testEventCode, ipInfo, plus the visit's ad attribution). What this visit's URL does not say is
 * kept from the session, so opening a public page without the ad's parameters never erases them.
 */
export function buildSessionWrite(
  id: string,
  params: VisitParams,
  session: Session | null,
  ipInfo: IpInfo | undefined,
  abTestData: Record<string, unknown>,
): SessionWrite {
  const record = session?.record;
  const attribution: Attribution = { ...record?.attribution };
  const fromUrl: Attribution = {
    utmSource: params.utmSource,
    utmCampaign: params.utmCampaign,
    utmContent: params.utmContent,
    utmTerm: params.utmTerm,
    originalUrlAd: params.originalUrlAd,
    noAdset: params.noAdset,
    hash: params.hash,
  };
  for (const [key, value] of Object.entries(fromUrl) as Array<[keyof Attribution, string | undefined]>) {
    if (value !== undefined) attribution[key] = value;
  }
  return {
    id,
    flowOuter: params.flowOuter !== undefined ? isFlagSet(params.flowOuter) : (record?.flowOuter ?? false),
    abTestData: { ...record?.abTestData, ...abTestData },
    gclid: params.gclid !== undefined ? params.gclid !== '' : (record?.gclid ?? false),
    testEventCode: params.testEventCode ?? record?.testEventCode ?? null,
    ipInfo: ipInfo ?? record?.ipInfo ?? null,
    attribution,
  };
}

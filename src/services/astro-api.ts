import type { AstroUser, AstroUserPayload, ReportOrder, ReportOrderReceipt, EmailConfirmation } from '../shared/contract/astro';
import { callApi, createHttp, dataOrNull, type HttpOptions } from './api-call';
import type { AppConfig } from './config';

/** The fixed console messages for astro server failures (see the README's "Backend calls and the visitor session"). */
export const astroMessages = {
  createUser: 'cannot create astro server user',
  getUser: 'cannot get astro server user data',
  updateUser: 'cannot update astro server user',
  orderReports: 'cannot send astrology report(s)',
  confirmEmail: 'cannot confirm astro user email',
} as const;

/**
 * The astro server client. Each call returns its data, or null when it failed; the
 * failure is logged with the spec's message and never thrown, so the funnel carries on.
 */
export function createAstroApi(config: Pick<AppConfig, 'astroApiUrl'> & HttpOptions) {
  const http = createHttp(config.astroApiUrl, config.requestTimeoutMs, config.fetch, 'include', config.startRequests);
  return {
    /** POST /api/v2/user/create */
    createUser: async (payload: AstroUserPayload): Promise<AstroUser | null> =>
      dataOrNull(await callApi<AstroUser>(astroMessages.createUser, () => http.post('api/v2/user/create', { json: payload }))),
    /** GET /api/v2/user/email?email= (null also when there is no such user). */
    getUserByEmail: async (email: string): Promise<AstroUser | null> =>
      dataOrNull(await callApi<AstroUser>(astroMessages.getUser, () => http.get('api/v2/user/email', { searchParams: { email } }), { expected: [404] })),
    /** PUT /api/v2/user/profile/email?email= */
    updateUser: async (email: string, payload: AstroUserPayload): Promise<AstroUser | null> =>
      dataOrNull(await callApi<AstroUser>(astroMessages.updateUser, () => http.put('api/v2/user/profile/email', { searchParams: { email }, json: payload }))),
    /** PUT /api/v2/user/confirm-email?usid= */
    confirmEmail: async (usid: string): Promise<EmailConfirmation | null> =>
      dataOrNull(await callApi<EmailConfirmation>(astroMessages.confirmEmail, () => http.put('api/v2/user/confirm-email', { searchParams: { usid } }))),
    /** POST /api/astrology/report */
    orderReports: async (order: ReportOrder): Promise<ReportOrderReceipt | null> =>
      dataOrNull(await callApi<ReportOrderReceipt>(astroMessages.orderReports, () => http.post('api/astrology/report', { json: order }))),
  };
}

export type AstroApi = ReturnType<typeof createAstroApi>;

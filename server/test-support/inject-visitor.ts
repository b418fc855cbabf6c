import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { PAGE_FLOW_ELEMENT_ID, type PageFlow } from '../../src/shared/page-flow';

/**
 * One visitor's browser against an app under `inject`: it keeps the cookies the server sets (the visitor credential,
 * the signed flow cookie) and sends them back. `app` is read at each request (a test may build the server later).
 */
export function injectVisitor(app: () => FastifyInstance) {
  const jar = new Map<string, string>();
  const request = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app().inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    for (const set of response.cookies) jar.set(set.name, set.value);
    return response;
  };
  return {
    jar,
    page: (url: string) => request({ method: 'GET', url, headers: { accept: 'text/html' } }),
    get: (url: string) => request({ method: 'GET', url }),
    post: (url: string, payload: unknown) => request({ method: 'POST', url, payload: payload as never, headers: { 'content-type': 'application/json' } }),
    /** A form post, as the hosted checkout page's form sends it. */
    form: (url: string, fields: Record<string, string>) =>
      request({ method: 'POST', url, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' } }),
  };
}

/** The page flow the server wrote into a page (the version it serves this visitor). */
export function pageFlowIn(html: string): PageFlow {
  const match = new RegExp(`<script type="application/json" id="${PAGE_FLOW_ELEMENT_ID}">(.*?)</script>`).exec(html);
  if (!match) throw new Error(`no page flow in ${html.slice(0, 200)}`);
  return JSON.parse(match[1]!) as PageFlow;
}

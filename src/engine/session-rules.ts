import type { Flow } from './generated/flow-types';

/**
 * What the visitor session does on a page:
 * - `refresh`: a public page; assign or reuse the visitor's id, put it in the URL, refresh the
 *   session and save the visit once the URL's usid matches;
 * - `require`: a valid session is needed, else the visitor is sent to /;
 * - `skip`: no session handling at all (also paths that are no page: the app shows /404 for them).
 */
export type SessionRule = 'refresh' | 'require' | 'skip';

/** The app's own pages outside the flow, by path. */
export interface AppPageRules {
  refresh: readonly string[];
  skip: readonly string[];
}

/**
 * Builds the function that tells a path's session rule: the flow's `session` lists by screen
 * (its start screen refreshes when the flow has none), the app's own pages, `require` for every
 * other screen of the flow, and `skip` for a path that is no page at all (it becomes /404).
 */
export function sessionRules(flow: Flow, appPages: AppPageRules) {
  const lists = flow.session ?? { refreshOn: [flow.start] };
  const routeOf = new Map(flow.screens.map((s) => [s.id, s.route]));
  const routes = (ids: readonly string[] | undefined) => new Set((ids ?? []).flatMap((id) => routeOf.get(id) ?? []));
  const refresh = new Set([...routes(lists.refreshOn), ...appPages.refresh]);
  const skip = new Set([...routes(lists.skipOn), ...appPages.skip]);
  const skipOnPaymentReturn = routes(lists.skipOnPaymentReturn);
  const screenRoutes = new Set(routeOf.values());
  return (pathname: string, paymentReturn: boolean): SessionRule => {
    if (skip.has(pathname) || (paymentReturn && skipOnPaymentReturn.has(pathname))) return 'skip';
    if (refresh.has(pathname)) return 'refresh';
    return screenRoutes.has(pathname) ? 'require' : 'skip';
  };
}

export type SessionRuleOf = ReturnType<typeof sessionRules>;

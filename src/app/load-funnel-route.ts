/** The funnel chunk's import, shared by main.tsx (to start the download at once) and the router. */
export const loadFunnelRoute = () => import('./funnel/funnel-route');

/** The visitor session's chunk (session machine and HTTP clients), also started at once by main.tsx. */
export const loadVisitorSession = () => import('./session/visitor-session-view');

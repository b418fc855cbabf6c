/** The funnel chunk's import, shared by main.tsx (to start the download at once) and the router. */
export const loadFunnelRoute = () => import('./funnel/funnel-route');

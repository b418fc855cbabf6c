/** The funnel chunk's import, shared by main.tsx (to start the download at once) and the router. */
export const loadFunnelRoute = () => import('./funnel/funnel-route');

/** The address bar's one writer (a small chunk), also started at once by main.tsx. */
export const loadAddressBar = () => import('./address-bar/address-bar');

/** The composed app (engine, clients, effects, session: its own chunk), started once by main.tsx. */
export const loadAppRoot = () => import('./compose-browser-app').then((m) => m.composeBrowserApp());

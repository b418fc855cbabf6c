/**
 * Pages outside the funnel that the app renders itself. The flow checker refuses a screen route
 * that would be hidden behind one of them and a back path that leads nowhere; the server answers
 * them with 200.
 */
export const publicPaths: readonly string[] = ['/privacy-policy', '/terms-of-use', '/cookie-policy', '/understanding-astrology', '/404'];

/**
 * Pages outside the funnel that the app renders itself. The flow checker refuses a screen route
 * that would be hidden behind one of them and a back path that leads nowhere; the server answers
 * them with 200.
 */
export const publicPaths: readonly string[] = ['/privacy-policy', '/terms-of-use', '/cookie-policy', '/understanding-astrology', '/404'];

/** How the visitor session treats the app's own pages: /404 skips it; the others are public pages that refresh it. */
export const appSessionPages = {
  refresh: publicPaths.filter((path) => path !== '/404'),
  skip: ['/404'],
};

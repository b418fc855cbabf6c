import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { App } from './app';
import { LandingFallback } from './landing-fallback';

/**
 * Renders a page at build time (scripts/build.mjs): the landing's HTML and its styles, so a phone
 * paints the welcome screen from the HTML alone; the client then hydrates it. The funnel chunk is
 * lazy, so its Suspense boundary renders the landing fallback here, which the client takes over.
 */
export function prerender(url: string): { html: string; styles: string } {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <StaticRouter location={url}>
          <App prerenderedLanding={LandingFallback} />
        </StaticRouter>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

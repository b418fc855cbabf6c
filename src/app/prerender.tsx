import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { App } from './app';
import { PrerenderedLanding } from './prerendered-landing';
import { landingQuestionStyle } from './landing-question-style';
import type { PageFlow } from '../shared/page-flow';

// What the build needs besides the renderer to write the built flow's landing (scripts/build.mjs).
export { pageFlowOf, pageFlowElement } from '../shared/page-flow';
export { productKinds } from '../engine/kinds/product-kinds';

/**
 * Renders the landing of a flow version on the server (the build compiles this module for it, into dist-ssr/): its
 * HTML and its styles, so a phone paints the welcome screen from the HTML alone, and shows its first question at a
 * tap with no script but the landing's inline one; the client then hydrates it with the same version's page flow. The
 * funnel chunk is lazy, so its Suspense boundary renders the prerendered landing here, which the funnel takes over.
 */
export function prerender(url: string, pageFlow: PageFlow): { html: string; styles: string } {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <StaticRouter location={url}>
          <App pageFlow={pageFlow} prerenderedLanding={PrerenderedLanding} />
        </StaticRouter>,
      ),
    );
    return { html, styles: sheet.getStyleTags() + landingQuestionStyle(pageFlow.landing) };
  } finally {
    sheet.seal();
  }
}

/**
 * The landing paints from prerendered HTML long before its JavaScript has run (on a phone over a slow
 * network, seconds). A tap on its call to action in that time must not be lost, so index.html carries this
 * tiny script inline in <head> (vite.config.ts puts it there): it runs before the page's first paint and
 * records a tap on the call to action as an attribute of <html>. The funnel consumes it once it runs
 * (src/app/landing-intent.ts); from then on taps are the funnel's own and the script ignores them.
 *
 * The script is plain text with no imports, because it is also read by the build (into the HTML) and by the
 * server, which allows exactly this script through the Content-Security-Policy by its SHA-256 hash.
 */

/** Marks the landing's call to action (the welcome screen's button). */
export const startCtaAttribute = 'data-start-cta';
/** Set on <html> by a tap on the call to action made before the funnel ran. */
export const startRequestedAttribute = 'data-start-requested';
/** Set on <html> once the funnel runs: taps are then handled by the funnel itself. */
export const funnelRunningAttribute = 'data-funnel-running';

export const earlyTapScript =
  `document.addEventListener('click',function(e){var h=document.documentElement,t=e.target;` +
  `if(!h.hasAttribute('${funnelRunningAttribute}')&&t instanceof Element&&t.closest('[${startCtaAttribute}]'))` +
  `h.setAttribute('${startRequestedAttribute}','')},true);`;

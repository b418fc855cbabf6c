/**
 * The landing paints from prerendered HTML and its inline CSS alone, with no JavaScript running: the app's code loads
 * only when it is needed (see the README's "Speed"). index.html carries this tiny script inline in <head>
 * (vite.config.ts puts it there) and it runs before the page's first paint. It does three things:
 * - it records a tap on the call to action, as an attribute of <html>, made before the funnel's code has arrived
 *   (on a phone over a slow network, seconds); the funnel consumes it once it runs (src/app/landing-intent.ts), and
 *   from then on taps are the funnel's own and the script ignores them;
 * - it records the visitor's first input (a tap, a click, a key) as an attribute of <html>: what waits for one
 *   (src/app/analytics/start-gate.ts) knows that it came before its own code did;
 * - on the prerendered landing, whose <html> names the app's entry module (scripts/build.mjs writes
 *   `data-app-entry`), it fetches that module and the ones it imports next, and imports it, on the first input or once
 *   the page is idle after load (each preload in a task of its own: on a slow phone a dozen of them in one task made
 *   a long one); elsewhere the entry is an ordinary module script of the page and the attribute is
 *   absent.
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
/** Marks a control of the prerendered shell (the menu button) whose tap before the shell is hydrated is replayed. */
export const replayClickAttribute = 'data-replay-click';
/** Set on <html> by a tap on such a control before the shell ran: the control's `data-replay-click` value. */
export const earlyClickAttribute = 'data-early-click';
/** Set on <html> once the shell (the header) is hydrated: its controls then handle their own taps. */
export const shellRunningAttribute = 'data-shell-running';
/** Set on <html> by the visitor's first input (pointerdown, keydown or touchstart). */
export const firstInputAttribute = 'data-first-input';
/**
 * On the prerendered landing's <html>: the URL of the app's entry module, loaded by this script when it is needed,
 * then (space-separated) those of the modules the entry imports next, fetched at the same time (modulepreload)
 * instead of one round trip after another.
 */
export const appEntryAttribute = 'data-app-entry';
/** The events that count as the visitor's first input, here and in src/app/analytics/start-gate.ts. */
export const firstInputEvents = ['pointerdown', 'keydown', 'touchstart'] as const;

export const earlyTapScript =
  `(function(){var h=document.documentElement,w=window,n=0;` +
  `function load(){var s=(h.getAttribute('${appEntryAttribute}')||'').split(' ');if(n||!s[0])return;n=1;` +
  `s.forEach(function(u){setTimeout(function(){var l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.appendChild(l)})});` +
  `setTimeout(function(){import(s[0]).catch(function(){n=0})})}` +
  `document.addEventListener('click',function(e){var t=e.target,r;if(!(t instanceof Element))return;` +
  `if(!h.hasAttribute('${funnelRunningAttribute}')&&t.closest('[${startCtaAttribute}]'))h.setAttribute('${startRequestedAttribute}','');` +
  `r=t.closest('[${replayClickAttribute}]');` +
  `if(r&&!h.hasAttribute('${shellRunningAttribute}'))h.setAttribute('${earlyClickAttribute}',r.getAttribute('${replayClickAttribute}'))},true);` +
  `${JSON.stringify(firstInputEvents).replace(/"/g, "'")}.forEach(function(t){w.addEventListener(t,function(){h.setAttribute('${firstInputAttribute}','');load()},{capture:true,passive:true})});` +
  `w.addEventListener('load',function(){(w.requestIdleCallback||setTimeout)(load)})})();`;

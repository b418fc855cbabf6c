/**
 * The landing paints from prerendered HTML and its inline CSS alone, with no JavaScript running: the app's code loads
 * after it (see the README's "Speed"). index.html carries this tiny script inline in <head> (vite.config.ts puts it
 * there) and it runs before the page's first paint. Until the funnel runs, it answers the landing's taps itself:
 * - a tap on the call to action is recorded as an attribute of <html>, which the funnel takes once it runs
 *   (src/app/landing-intent.ts). Where the landing has a first question prerendered after it (its stylesheet,
 *   src/app/landing-question-style.ts, names it), the tap also shows that question at once (an attribute of <html>
 *   the stylesheet reads), puts its address in the address bar as a history entry of the app's router (the shape of
 *   src/app/address-bar/history-entry.ts), tells the router (a popstate, which it reads the address from), and moves
 *   focus to the question's heading once it is painted. Back and forward between the two entries show the landing or
 *   the question again, and withdraw or renew the request;
 * - a tap on a control of that question (an option, a checkbox, a link) is marked with its order, and looks chosen:
 *   the funnel clicks it again once it runs. A button acts rather than toggles, so a later button's tap replaces an
 *   earlier one's;
 * - a tap on a control of the prerendered shell (the menu button) is recorded, and replayed once the shell runs;
 * - the visitor's first input (a tap, a click, a key) is recorded as an attribute of <html>: what waits for one
 *   (src/app/analytics/start-gate.ts) knows that it came before its own code did;
 * - on the prerendered landing, whose <html> names the app's entry module and the ones the first taps need
 *   (scripts/build.mjs writes `data-app-entry`), it fetches them at low priority once the page has painted what its
 *   load brought (its largest paint) and is idle (or at the first input), each preload in a task of its own, and
 *   imports the entry; elsewhere the entry is an ordinary module script of the page and the attribute is absent.
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
/** Set on <html> while the landing's first question is shown in the landing's place (before the funnel runs). */
export const landingQuestionAttribute = 'data-landing-question';
/** On a control of the landing's first question tapped before the funnel ran: the tap's order, from 1. */
export const earlyTapAttribute = 'data-early-tap';
/** The id of the landing's first-question stylesheet, whose `data-route` and `data-screen` name the question. */
export const LANDING_QUESTION_STYLE_ID = 'astrelle-landing-question';
/** The controls whose taps on the landing's first question are kept; a button among them acts, the others toggle. */
const earlyControls = 'button,a[href],label,input[type=checkbox],input[type=radio],[role=button],[role=checkbox],[role=radio],[role=option]';
/** How long after the load event the app's modules wait for the landing's largest paint, at most. */
const LARGEST_PAINT_WAIT_MS = 1000;
/** The events that count as the visitor's first input, here and in src/app/analytics/start-gate.ts. */
export const firstInputEvents = ['pointerdown', 'keydown', 'touchstart'] as const;

export const earlyTapScript =
  `(function(){var h=document.documentElement,d=document,w=window,n=0,k=0,A='${earlyTapAttribute}';` +
  // The landing's first question, shown or not, with the request to start.
  `function q(){return h.hasAttribute('${funnelRunningAttribute}')?null:d.getElementById('${LANDING_QUESTION_STYLE_ID}')}` +
  `function show(on){['${landingQuestionAttribute}','${startRequestedAttribute}'].forEach(function(a){on?h.setAttribute(a,''):h.removeAttribute(a)})}` +
  `function load(){var s=(h.getAttribute('${appEntryAttribute}')||'').split(' ');if(n||!s[0])return;n=1;` +
  `s.forEach(function(u){setTimeout(function(){var l=d.createElement('link');l.rel='modulepreload';l.href=u;l.setAttribute('fetchpriority','low');d.head.appendChild(l)})});` +
  `setTimeout(function(){import(s[0]).catch(function(){n=0})})}` +
  `d.addEventListener('click',function(e){var t=e.target,r,s,c,y;if(!(t instanceof Element))return;s=q();` +
  `if(!h.hasAttribute('${funnelRunningAttribute}')&&t.closest('[${startCtaAttribute}]')){h.setAttribute('${startRequestedAttribute}','');` +
  `if(s&&!h.hasAttribute('${landingQuestionAttribute}')){show(1);` +
  `y=history.state;history.pushState({usr:{behind:location.pathname},key:Math.random().toString(36).slice(2,10),idx:(y&&y.idx|0)+1},'',s.getAttribute('data-route')+location.search+location.hash);` +
  `w.dispatchEvent(new PopStateEvent('popstate',{state:history.state}));` +
  `c=d.querySelector('[data-screen="'+s.getAttribute('data-screen')+'"] h1');y=d.activeElement;c&&requestAnimationFrame(function(){setTimeout(function(){(d.activeElement===y||d.activeElement===d.body||!d.activeElement)&&c.focus()})})}}` +
  `else if(s&&h.hasAttribute('${landingQuestionAttribute}')&&(r=t.closest('[data-screen]'))&&r.getAttribute('data-screen')===s.getAttribute('data-screen')&&(c=t.closest(${JSON.stringify(earlyControls).replace(/"/g, "'")}))&&r.contains(c)){` +
  `e.preventDefault();if(c.tagName==='BUTTON')r.querySelectorAll('button['+A+']').forEach(function(b){b.removeAttribute(A)});c.setAttribute(A,++k)}` +
  `r=t.closest('[${replayClickAttribute}]');` +
  `if(r&&!h.hasAttribute('${shellRunningAttribute}'))h.setAttribute('${earlyClickAttribute}',r.getAttribute('${replayClickAttribute}'))},true);` +
  `w.addEventListener('popstate',function(){var s=q();s&&show(location.pathname===s.getAttribute('data-route'))});` +
  `${JSON.stringify(firstInputEvents).replace(/"/g, "'")}.forEach(function(t){w.addEventListener(t,function(){h.setAttribute('${firstInputAttribute}','');load()},{capture:true,passive:true})});` +
  // After the load event, once what it loaded is painted (the page group's art, decoded after it: the landing's
  // largest paint; a second at most), then an idle moment.
  `w.addEventListener('load',function(){var t=performance.now(),o,f=function(){o&&o.disconnect();o=0;(w.requestIdleCallback||setTimeout)(load)};` +
  `try{o=new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(o&&e.startTime>=t)setTimeout(f)})});o.observe({type:'largest-contentful-paint',buffered:true})}catch(e){}` +
  `setTimeout(function(){o!==0&&f()},${LARGEST_PAINT_WAIT_MS})})})();`;

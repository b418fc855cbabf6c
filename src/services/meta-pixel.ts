/**
 * The Meta (Facebook) pixel, without inline script (the page's CSP allows no inline code): `loadPixel` builds the
 * `fbq` queue exactly as Meta's base code does and adds `<script async src=".../fbevents.js">`; the helpers queue the
 * funnel's four ad events (PageView, Lead, ViewContent, InitiateCheckout). Every helper does nothing when
 * `window.fbq` is not a function (no pixel id, no advertising consent, a blocker), so callers never check.
 *
 * Nothing personal is ever passed: `init` carries no advanced-matching data, automatic configuration (which reads
 * buttons and page metadata) is off, and the event parameters are a fixed list of product fields.
 *
 * Import this module lazily (`await import('../services/meta-pixel')`): the landing does not need it.
 */

export const pixelScriptUrl = 'https://connect.facebook.net/en_US/fbevents.js';

/** The `fbq` function as Meta's base code makes it: it queues calls until fbevents.js takes over (`callMethod`). */
export interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  /** The calls made before fbevents.js arrived, as `arguments` objects. */
  queue: ArrayLike<unknown>[];
  push: Fbq;
  loaded: boolean;
  version: string;
  /** Set: fbevents.js does not fire its own PageView on history changes (the app fires one per screen). */
  disablePushState?: boolean;
  /** Set: fbevents.js keeps every explicit PageView (it drops all but the first otherwise). */
  allowDuplicatePageViews?: boolean;
}

/** Where the pixel lives: the window, or a stand-in in tests. */
export interface PixelHost {
  fbq?: unknown;
  _fbq?: unknown;
}

function host(): PixelHost {
  return globalThis as PixelHost;
}

function pixel(): Fbq | null {
  const fbq = host().fbq;
  return typeof fbq === 'function' ? (fbq as Fbq) : null;
}

/** True when `fbq` is there (loaded by us, or by someone else). */
export function pixelPresent(): boolean {
  return pixel() !== null;
}

/**
 * Meta's base code, in code: creates the `fbq` queue (unless one exists) and adds fbevents.js, then queues, in the
 * order Meta documents: `consent revoke` before `init` (so nothing is sent until consent is given), automatic
 * configuration off, `init` without user data, and `consent grant`. Call it only once advertising consent is granted
 * (or use `applyAdvertisingConsent`). It fires no event: call `trackPageView()` for the screen being shown.
 * Returns false, doing nothing, when the id is empty or `fbq` already exists.
 */
export function loadPixel(pixelId: string, doc: Document = document): boolean {
  const target = host();
  if (pixelId === '' || target.fbq) return false;
  const n = function () {
    // The base code's own body: hand the call to fbevents.js once it is there, queue its `arguments` until then.
    // eslint-disable-next-line prefer-rest-params
    const args = arguments;
    if (n.callMethod) Reflect.apply(n.callMethod, n, Array.from(args));
    else n.queue.push(args);
  } as Fbq;
  target.fbq = n;
  if (!target._fbq) target._fbq = n;
  n.push = n;
  n.loaded = true;
  n.version = '2.0';
  n.queue = [];
  n.disablePushState = true;
  n.allowDuplicatePageViews = true;

  const script = doc.createElement('script');
  script.async = true;
  script.src = pixelScriptUrl;
  const first = doc.getElementsByTagName('script')[0];
  if (first?.parentNode) first.parentNode.insertBefore(script, first);
  else doc.head.appendChild(script);

  n('consent', 'revoke');
  n('set', 'autoConfig', false, pixelId);
  n('init', pixelId);
  n('consent', 'grant');
  return true;
}

/** `fbq('consent', 'grant' | 'revoke')`: the pixel resumes or stops at once (no-op without the pixel). */
export function setPixelConsent(granted: boolean): void {
  pixel()?.('consent', granted ? 'grant' : 'revoke');
}

/**
 * Follows the advertising choice: granted with an id and no pixel yet loads it (returns true: fire the screen's
 * PageView then); granted with the pixel there sends `consent grant`; refused sends `consent revoke` (and never
 * loads anything). Call it at start and on every change of the consent store.
 */
export function applyAdvertisingConsent(pixelId: string, advertising: boolean, doc?: Document): boolean {
  if (!advertising) {
    setPixelConsent(false);
    return false;
  }
  if (!pixelPresent()) return loadPixel(pixelId, doc);
  setPixelConsent(true);
  return false;
}

/** The event parameters the app sends: product fields only, never anything about the visitor. */
export interface PixelContentParams {
  content_ids?: readonly string[];
  content_type?: 'product' | 'product_group';
  content_name?: string;
  content_category?: string;
  value?: number;
  /** ISO 4217, e.g. "USD". */
  currency?: string;
  num_items?: number;
}

export interface CheckoutParams {
  value: number;
  currency: string;
  content_ids: readonly string[];
}

/** A string that could be an email address is never sent, whatever field it arrived in. */
const personal = /@/;

function productFields(params: PixelContentParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const text = (v: unknown) => typeof v === 'string' && v !== '' && !personal.test(v);
  if (Array.isArray(params.content_ids)) {
    const ids = params.content_ids.filter(text);
    if (ids.length > 0) out.content_ids = [...ids];
  }
  if (params.content_type === 'product' || params.content_type === 'product_group') out.content_type = params.content_type;
  if (text(params.content_name)) out.content_name = params.content_name;
  if (text(params.content_category)) out.content_category = params.content_category;
  if (typeof params.value === 'number' && Number.isFinite(params.value)) out.value = params.value;
  if (typeof params.currency === 'string' && /^[A-Za-z]{3}$/.test(params.currency)) out.currency = params.currency.toUpperCase();
  if (typeof params.num_items === 'number' && Number.isInteger(params.num_items) && params.num_items >= 0) out.num_items = params.num_items;
  return out;
}

function track(name: string, params?: Record<string, unknown>, eventId?: string): void {
  const fbq = pixel();
  if (!fbq) return;
  if (eventId) fbq('track', name, params ?? {}, { eventID: eventId });
  else if (params && Object.keys(params).length > 0) fbq('track', name, params);
  else fbq('track', name);
}

/** PageView: on every screen (and once right after `loadPixel`). */
export function trackPageView(): void {
  track('PageView');
}

/** Lead: the email was submitted (the address itself never goes to Meta). `eventId` deduplicates with the Conversions API. */
export function trackLead(eventId?: string): void {
  track('Lead', undefined, eventId);
}

/** ViewContent: the paywall (price selection) is shown, with the plans on offer. */
export function trackViewContent(params: PixelContentParams = {}, eventId?: string): void {
  track('ViewContent', productFields(params), eventId);
}

/** InitiateCheckout: payment starts; `eventId` (e.g. the order id) deduplicates with the Conversions API. */
export function trackInitiateCheckout(params: CheckoutParams, eventId: string): void {
  track('InitiateCheckout', productFields(params), eventId);
}

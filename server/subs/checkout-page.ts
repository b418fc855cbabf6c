import { createHash } from 'node:crypto';
import type { CheckoutStatus, Provider } from '../../src/shared/contract/subscription';
import type { DeclineReason } from './checkout-orders';
import { APPROVED_CARD, DECLINED_CARD, PAYPAL_BUYER, PAYPAL_DECLINED_BUYER, type PaymentField } from './sandbox-payment';

// The sandbox hosted checkout pages, rendered as one self-contained HTML document each: one inline style sheet
// (allowed by its hash in the page's CSP), no scripts, no images, nothing fetched. Every value that comes from
// a request or the database is escaped.

/** What the page says about the product. */
export interface PageProduct {
  name: string;
  type: 'TRIAL' | 'SUBSCRIPTION' | 'FIXED';
  priceCents: number;
  trialPriceCents: number;
  /** "14 days" */
  trialDuration: string | null;
  /** "1 month" */
  subscriptionDuration: string | null;
}

export interface CheckoutPageView {
  provider: Provider;
  /** The seller's name ("Astrelle"). */
  merchant: string;
  product: PageProduct;
  /** What is charged now. */
  amountCents: number;
  status: CheckoutStatus;
  declineReason: DeclineReason | null;
  /** For a paid checkout: "card ending 4242". */
  paymentMethod: string | null;
  /** Where the form posts. */
  payAction: string;
  /** The "Cancel and return" link. */
  cancelHref: string;
  /** Where the outcome's link goes (paid, declined or cancelled). */
  returnHref: string;
  /** The form's mistake, when it is shown again. */
  error?: { field: PaymentField; message: string };
  /** What to put back in the form (never the card number or the CVC). */
  values?: { cardName?: string; expiry?: string; paypalEmail?: string };
}

const CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2937;background:#e9ecf2}
.page{max-width:480px;margin:0 auto;background:#fff;min-height:100vh}
@media (min-width:600px){.page{margin:48px auto;min-height:0;border-radius:16px;box-shadow:0 12px 40px rgba(15,23,42,.14);overflow:hidden}}
.brand{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:16px 20px}
.maxpay .brand{background:#0f172a;color:#fff}
.paypal .brand{background:#fff;border-bottom:1px solid #e5e7eb}
.wordmark{margin:0;font-size:24px;font-weight:800;letter-spacing:-.02em;line-height:1}
.maxpay .wordmark b{color:#34d399}
.paypal .wordmark{font-style:italic;color:#003087}
.paypal .wordmark b{color:#0070ba}
.badge{font-size:12px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;padding:4px 10px;border-radius:999px;background:#fbbf24;color:#422006;white-space:nowrap}
.sandbox{margin:0;padding:10px 20px;background:#fef3c7;color:#78350f;font-size:14px;border-bottom:1px solid #fde68a}
main{padding:20px}
.merchant{margin:0;color:#4b5563;font-size:14px}
h1{margin:4px 0 14px;font-size:21px;line-height:1.3;color:#111827}
.due{display:flex;justify-content:space-between;align-items:baseline;gap:12px;margin:0;padding:12px 0;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb}
.due span{color:#4b5563}
.due strong{font-size:30px;line-height:1.1;color:#111827}
.terms{margin:12px 0 0;font-size:15px;color:#374151}
.terms strong{color:#111827}
h2{font-size:17px;margin:24px 0 12px;color:#111827}
form{margin:0}
.field{margin:0 0 14px}
.row{display:flex;gap:12px}
.row .field{flex:1;min-width:0}
label{display:block;margin:0 0 6px;font-size:14px;font-weight:600;color:#111827}
input{display:block;width:100%;margin:0;padding:12px;font:inherit;color:#111827;background:#fff;border:1px solid #8b93a1;border-radius:8px}
input:focus{outline:3px solid #93c5fd;outline-offset:1px;border-color:#2563eb}
input[aria-invalid="true"]{border-color:#b91c1c;border-width:2px}
.field-error{margin:6px 0 0;font-size:14px;color:#b91c1c}
.alert{margin:0 0 16px;padding:12px 14px;border:1px solid #fecaca;border-radius:8px;background:#fef2f2;color:#991b1b;font-size:15px}
button{display:block;width:100%;margin:6px 0 0;padding:14px 16px;font:inherit;font-size:17px;font-weight:700;border:0;border-radius:10px;cursor:pointer}
button:focus-visible,.action:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.maxpay button{background:#047857;color:#fff}
.maxpay button:hover{background:#065f46}
.paypal button{background:#ffc439;color:#111827;border-radius:999px}
.paypal button:hover{background:#f2ba36}
.secure{margin:10px 0 0;text-align:center;font-size:13px;color:#4b5563}
.tests{margin:20px 0 0;padding:12px 16px;border:1px dashed #cbd5e1;border-radius:10px;background:#f8fafc;font-size:14px}
.tests h2{margin:0 0 8px;font-size:15px}
.tests ul{margin:0;padding:0;list-style:none}
.tests li{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:4px 12px;padding:5px 0;border-top:1px solid #e2e8f0}
.tests li:first-child{border-top:0}
.tests li span{margin-left:auto}
.tests p{margin:6px 0 0;color:#4b5563}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:14px;padding:2px 6px;border-radius:4px;background:#e0e7ff;color:#1e1b4b;overflow-wrap:anywhere}
.ok{color:#047857;font-weight:600}
.ko{color:#b91c1c;font-weight:600}
.cancel{margin:20px 0 0;text-align:center}
a{color:#1d4ed8}
.outcome{margin:24px 0 0;text-align:center}
.outcome svg{display:block;margin:0 auto 8px}
.outcome h2{margin:0 0 6px;font-size:20px}
.outcome p{margin:0 0 16px;color:#374151}
.action{display:block;padding:14px 16px;border-radius:10px;background:#1d4ed8;color:#fff;font-weight:700;text-decoration:none;text-align:center}
.action:hover{background:#1e40af}
footer{padding:4px 20px 20px;text-align:center;font-size:12px;color:#4b5563}
`;

const styleHash = `sha256-${createHash('sha256').update(CSS).digest('base64')}`;

/** The CSP of the hosted pages: nothing but their own style sheet; forms post to us (and redirect to the app). */
export function checkoutPagePolicy(appOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    `style-src '${styleHash}'`,
    ["form-action 'self'", ...appOrigins].join(' '),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
const PROVIDER_NAMES: Record<Provider, string> = { maxpay: 'maxpay', paypal: 'PayPal' };

/** The hosted page of a checkout: the payment form while it is open, its outcome afterwards. */
export function renderCheckoutPage(view: CheckoutPageView): string {
  const amount = usd(view.amountCents);
  const title = view.status === 'open' ? `Pay ${amount} to ${view.merchant}` : `${outcomeTitle(view)}: ${view.merchant}`;
  const body = view.status === 'open' ? (view.provider === 'maxpay' ? cardForm(view) : paypalForm(view)) : outcome(view);
  return layout(view.provider, title, `${summary(view)}${body}`);
}

/** The page for a checkout id that does not exist. */
export function renderMissingCheckoutPage(): string {
  return messagePage('Checkout not found', 'This checkout does not exist or its link is incomplete. Go back to the app and start the payment again.');
}

/** A plain page with a heading and a message (errors outside a known checkout). */
export function messagePage(heading: string, message: string): string {
  return layout(undefined, heading, `<div class="outcome">${icon('info')}<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(message)}</p></div>`);
}

function layout(provider: Provider | undefined, title: string, content: string): string {
  const brand = provider
    ? `<div class="brand"><p class="wordmark">${provider === 'maxpay' ? 'max<b>pay</b>' : 'Pay<b>Pal</b>'}</p><span class="badge">${escapeHtml(PROVIDER_NAMES[provider])} sandbox</span></div>`
    : '<div class="brand"><p class="wordmark">Checkout</p><span class="badge">Sandbox</span></div>';
  const providerName = provider ? `${PROVIDER_NAMES[provider]} sandbox` : 'the sandbox checkout';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style>${CSS}</style></head>` +
    `<body class="${provider ?? 'maxpay'}"><div class="page"><header>${brand}` +
    '<p class="sandbox" role="note"><strong>Sandbox: no real money.</strong> A test stand-in for the payment provider; no real account is charged.</p></header>' +
    `<main>${content}</main>` +
    `<footer>Hosted by ${escapeHtml(providerName)} for testing.</footer>` +
    '</div></body></html>'
  );
}

function summary(view: CheckoutPageView): string {
  return (
    `<p class="merchant">${escapeHtml(view.merchant)}</p>` +
    `<h1>${escapeHtml(view.product.name)}</h1>` +
    `<p class="due"><span>${view.status === 'paid' ? 'Paid' : 'Due today'}</span><strong>${usd(view.amountCents)}</strong></p>` +
    `<p class="terms">${billingTerms(view.product)}</p>`
  );
}

/** What the buyer agrees to pay, in words ("14-day trial for $1.00, then $29.00 per month"). Escaped HTML. */
export function billingTerms(product: PageProduct): string {
  const price = usd(product.priceCents);
  const period = periodPhrase(product.subscriptionDuration ?? '1 month');
  if (product.type === 'TRIAL') {
    const trial = product.trialDuration ?? '';
    return (
      `<strong>${escapeHtml(trialPhrase(trial))} for ${usd(product.trialPriceCents)}, then ${price} ${escapeHtml(period)}.</strong> ` +
      `Cancel before the trial ends to pay nothing more; otherwise ${price} is charged ${escapeHtml(recurrence(product.subscriptionDuration ?? '1 month'))} until you cancel.`
    );
  }
  if (product.type === 'SUBSCRIPTION') return `<strong>${price} ${escapeHtml(period)}</strong>, renewed automatically until you cancel.`;
  return '<strong>One-time payment.</strong> No subscription, nothing more is charged.';
}

/** "14 days" → "14-day trial". */
function trialPhrase(duration: string): string {
  const match = /^(\d+)\s+(day|week|month|year)s?$/i.exec(duration.trim());
  return match ? `${match[1]}-${match[2]!.toLowerCase()} trial` : `${duration} trial`.trim();
}

/** "1 month" → "every month", "3 months" → "every 3 months". */
function recurrence(duration: string): string {
  const period = periodPhrase(duration);
  return period.startsWith('per ') ? `every ${period.slice(4)}` : period;
}

/** "1 month" → "per month", "3 months" → "every 3 months". */
function periodPhrase(duration: string): string {
  const match = /^(\d+)\s+(day|week|month|year)s?$/i.exec(duration.trim());
  if (!match) return `every ${duration}`;
  return match[1] === '1' ? `per ${match[2]!.toLowerCase()}` : `every ${match[1]} ${match[2]!.toLowerCase()}s`;
}

function cardForm(view: CheckoutPageView): string {
  const amount = usd(view.amountCents);
  return (
    '<section class="tests" aria-labelledby="tests-title"><h2 id="tests-title">Test cards</h2><ul>' +
    `<li><code>${groupDigits(APPROVED_CARD)}</code><span class="ok">succeeds</span></li>` +
    `<li><code>${groupDigits(DECLINED_CARD)}</code><span class="ko">is declined</span></li>` +
    '</ul><p>Any name, any future expiry (such as 12/34), any 3-digit CVC.</p></section>' +
    '<h2>Pay with card</h2>' +
    formOpen(view) +
    field(view, { name: 'cardName', label: 'Name on card', autocomplete: 'cc-name', value: view.values?.cardName, extra: 'autocapitalize="words" spellcheck="false"' }) +
    field(view, { name: 'cardNumber', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234', extra: 'maxlength="23"' }) +
    '<div class="row">' +
    field(view, { name: 'expiry', label: 'Expiry (MM/YY)', autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', value: view.values?.expiry, extra: 'maxlength="7"' }) +
    field(view, { name: 'cvc', label: 'CVC', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', extra: 'maxlength="4"' }) +
    '</div>' +
    `<button type="submit">Pay ${amount}</button>` +
    '<p class="secure">Card details go to the maxpay sandbox; the shop never sees them.</p>' +
    '</form>' +
    cancelLink(view)
  );
}

function paypalForm(view: CheckoutPageView): string {
  const amount = usd(view.amountCents);
  return (
    '<section class="tests" aria-labelledby="tests-title"><h2 id="tests-title">Sandbox accounts</h2><ul>' +
    `<li><code>${PAYPAL_BUYER}</code><span class="ok">approves</span></li>` +
    `<li><code>${PAYPAL_DECLINED_BUYER}</code><span class="ko">is declined</span></li>` +
    '</ul><p>Any password works.</p></section>' +
    '<h2>Log in to PayPal sandbox</h2>' +
    formOpen(view) +
    field(view, { name: 'paypalEmail', label: 'Sandbox account email', autocomplete: 'username', type: 'email', value: view.values?.paypalEmail ?? PAYPAL_BUYER, extra: 'spellcheck="false" autocapitalize="off"' }) +
    field(view, { name: 'password', label: 'Password', autocomplete: 'current-password', type: 'password', value: 'sandbox' }) +
    `<button type="submit">Approve and pay ${amount}</button>` +
    '<p class="secure">You are approving a sandbox payment; no PayPal account is charged.</p>' +
    '</form>' +
    cancelLink(view)
  );
}

function formOpen(view: CheckoutPageView): string {
  // The summary says what happened; the field's own message says what to fix.
  const alert = view.error ? `<p class="alert" role="alert">Nothing was charged. Check the highlighted field: ${escapeHtml(FIELD_NAMES[view.error.field])}.</p>` : '';
  return `${alert}<form method="post" action="${escapeHtml(view.payAction)}">`;
}

const FIELD_NAMES: Record<PaymentField, string> = {
  cardName: 'name on card',
  cardNumber: 'card number',
  expiry: 'expiry',
  cvc: 'CVC',
  paypalEmail: 'sandbox account email',
  password: 'password',
};

interface FieldSpec {
  name: PaymentField;
  label: string;
  autocomplete: string;
  type?: 'text' | 'email' | 'password';
  inputmode?: 'numeric';
  placeholder?: string;
  value?: string;
  extra?: string;
}

function field(view: CheckoutPageView, spec: FieldSpec): string {
  const error = view.error?.field === spec.name ? view.error.message : undefined;
  const attributes = [
    `id="${spec.name}"`,
    `name="${spec.name}"`,
    `type="${spec.type ?? 'text'}"`,
    `autocomplete="${spec.autocomplete}"`,
    'required',
    spec.inputmode ? `inputmode="${spec.inputmode}"` : '',
    spec.placeholder ? `placeholder="${escapeHtml(spec.placeholder)}"` : '',
    spec.value ? `value="${escapeHtml(spec.value)}"` : '',
    error ? `aria-invalid="true" aria-describedby="${spec.name}-error" autofocus` : '',
    spec.extra ?? '',
  ].filter(Boolean);
  return (
    `<div class="field"><label for="${spec.name}">${escapeHtml(spec.label)}</label><input ${attributes.join(' ')}>` +
    (error ? `<p class="field-error" id="${spec.name}-error">${escapeHtml(error)}</p>` : '') +
    '</div>'
  );
}

function cancelLink(view: CheckoutPageView): string {
  return `<p class="cancel"><a href="${escapeHtml(view.cancelHref)}">Cancel and return to ${escapeHtml(view.merchant)}</a></p>`;
}

function outcomeTitle(view: CheckoutPageView): string {
  if (view.status === 'paid') return 'Payment successful';
  if (view.status === 'cancelled') return 'Checkout cancelled';
  if (view.declineReason !== 'already_purchased') return 'Payment declined';
  return view.product.type === 'FIXED' ? 'You already have this' : 'You already have a subscription';
}

function outcome(view: CheckoutPageView): string {
  const merchant = escapeHtml(view.merchant);
  let text: string;
  let kind: 'ok' | 'ko' | 'info';
  if (view.status === 'paid') {
    kind = 'ok';
    const method = view.paymentMethod ? ` with ${escapeHtml(view.paymentMethod)}` : '';
    text = `You paid ${usd(view.amountCents)} to ${merchant}${method}. This checkout is complete; it cannot be paid again.`;
  } else if (view.status === 'cancelled') {
    kind = 'info';
    text = 'You cancelled this checkout. No money was taken.';
  } else if (view.declineReason === 'already_purchased') {
    kind = 'info';
    // A plan: any active subscription of the buyer, maybe to another plan (sale_1 after trial_1).
    text = view.product.type === 'FIXED' ? 'This email already has this product, so nothing was charged.' : 'This email already has an active subscription, so nothing was charged.';
  } else {
    kind = 'ko';
    text = `The payment was declined and no money was taken. Go back to ${merchant} to try again.`;
  }
  return (
    `<div class="outcome" role="status">${icon(kind)}<h2>${escapeHtml(outcomeTitle(view))}</h2><p>${text}</p>` +
    `<a class="action" href="${escapeHtml(view.returnHref)}">Return to ${merchant}</a></div>`
  );
}

function icon(kind: 'ok' | 'ko' | 'info'): string {
  const colour = kind === 'ok' ? '#047857' : kind === 'ko' ? '#b91c1c' : '#1d4ed8';
  const mark =
    kind === 'ok'
      ? '<path d="M15 24.5l6 6 12-13" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>'
      : kind === 'ko'
        ? '<path d="M17 17l14 14M31 17L17 31" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>'
        : '<path d="M24 22v11M24 15v1" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>';
  return `<svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="24" fill="${colour}"/>${mark}</svg>`;
}

/** "$1.00" */
export function usd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function groupDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

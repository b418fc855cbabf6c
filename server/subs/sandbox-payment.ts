import type { Provider, StoredPaymentMethod } from '../../src/shared/contract/subscription';

// What the sandbox providers decide about a payment form, without any I/O. The test accounts are shown on the
// hosted page; they are the whole of the "bank".

/** The card that is always approved. */
export const APPROVED_CARD = '4242424242424242';
/** The card that is always declined. */
export const DECLINED_CARD = '4000000000000002';
/** The PayPal sandbox buyer that is approved (any password). */
export const PAYPAL_BUYER = 'buyer@sandbox.paypal.example';
/** The PayPal sandbox buyer that is declined. */
export const PAYPAL_DECLINED_BUYER = 'declined@sandbox.paypal.example';
const PAYPAL_SANDBOX_DOMAIN = '@sandbox.paypal.example';

/** The fields of the hosted pages' forms, as posted. */
export type PaymentForm = Readonly<Record<string, string | undefined>>;

export type CardField = 'cardName' | 'cardNumber' | 'expiry' | 'cvc';
export type PaypalField = 'paypalEmail' | 'password';
export type PaymentField = CardField | PaypalField;

export type PaymentDecision =
  /** Charged: `paymentMethod` is what may be stored and shown ("card ending 4242"). */
  | { outcome: 'approved'; paymentMethod: string }
  | { outcome: 'declined' }
  /** The form is wrong: show it again with `message` at `field`. */
  | { outcome: 'invalid'; field: PaymentField; message: string };

const MAX_FIELD_LENGTH = 200;

/**
 * Decides a sandbox payment: checks the form like a provider would (card: name, Luhn, expiry not past, CVC;
 * PayPal: a sandbox account and a password) and approves or declines it by the test accounts.
 *
 * @param today the date the card's expiry is compared with (UTC month).
 */
export function decidePayment(provider: Provider, form: PaymentForm, today: Date = new Date()): PaymentDecision {
  return provider === 'maxpay' ? decideCard(form, today) : decidePaypal(form);
}

function decideCard(form: PaymentForm, today: Date): PaymentDecision {
  const name = (form.cardName ?? '').trim();
  if (name === '') return invalid('cardName', 'Enter the name on the card.');
  if (name.length > 100) return invalid('cardName', 'The name on the card must be at most 100 characters.');
  const digits = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (digits === '') return invalid('cardNumber', 'Enter the card number.');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return invalid('cardNumber', 'This card number is not valid. Check it, or use one of the test cards.');
  const expiry = checkExpiry(form.expiry ?? '', today);
  if (expiry) return invalid('expiry', expiry);
  const cvc = (form.cvc ?? '').trim();
  if (!/^\d{3,4}$/.test(cvc)) return invalid('cvc', 'Enter the 3 or 4 digits of the security code (CVC).');
  if (digits === DECLINED_CARD) return { outcome: 'declined' };
  return { outcome: 'approved', paymentMethod: `card ending ${digits.slice(-4)}` };
}

function decidePaypal(form: PaymentForm): PaymentDecision {
  const email = (form.paypalEmail ?? '').trim().toLowerCase();
  if (email === '') return invalid('paypalEmail', 'Enter the email of a PayPal sandbox account.');
  if (email.length > MAX_FIELD_LENGTH || !email.endsWith(PAYPAL_SANDBOX_DOMAIN) || !/^[a-z0-9._+-]+@/.test(email)) {
    return invalid('paypalEmail', `Use a PayPal sandbox account, such as ${PAYPAL_BUYER}.`);
  }
  if ((form.password ?? '') === '') return invalid('password', 'Enter a password (any password works in the sandbox).');
  if (email === PAYPAL_DECLINED_BUYER) return { outcome: 'declined' };
  return { outcome: 'approved', paymentMethod: `PayPal ${email}` };
}

/** Why an expiry (MM/YY, also MM/YYYY and MMYY) is not acceptable today, or undefined when it is. */
function checkExpiry(text: string, today: Date): string | undefined {
  // A phone's numeric keypad has no "/": MMYY is read as MM/YY.
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(text);
  if (!match) return 'Enter the expiry date as MM/YY.';
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'The expiry month must be from 01 to 12.';
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const cardMonth = year * 12 + (month - 1);
  // A card is valid to the end of its expiry month.
  if (cardMonth < thisMonth) return 'This card has expired.';
  if (cardMonth > thisMonth + 20 * 12) return 'The expiry date is too far in the future.';
  return undefined;
}

/**
 * What a stored method (as `decidePayment` made it) may show the buyer: a card's last four digits, or that it is
 * PayPal (the account's address stays on the server). undefined for a text of no known form.
 */
export function describeStoredMethod(provider: Provider, stored: string): StoredPaymentMethod | undefined {
  const card = /^card ending (\d{4})$/.exec(stored);
  if (card) return { provider, type: 'card', last4: card[1]! };
  if (stored.startsWith('PayPal ')) return { provider, type: 'paypal' };
  return undefined;
}

/** The Luhn check digit test every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function invalid(field: PaymentField, message: string): PaymentDecision {
  return { outcome: 'invalid', field, message };
}

import { describe, expect, it } from 'vitest';
import { decidePayment, passesLuhn, type PaymentForm } from './sandbox-payment';

const today = new Date('2026-05-15T12:00:00Z');
const card = (overrides: PaymentForm = {}): PaymentForm => ({ cardName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/29', cvc: '123', ...overrides });
const paypal = (overrides: PaymentForm = {}): PaymentForm => ({ paypalEmail: 'buyer@sandbox.paypal.example', password: 'anything', ...overrides });

describe('decidePayment (maxpay card)', () => {
  it('approves the success test card and stores only its last four digits', () => {
    expect(decidePayment('maxpay', card(), today)).toEqual({ outcome: 'approved', paymentMethod: 'card ending 4242' });
  });

  it('declines the decline test card', () => {
    expect(decidePayment('maxpay', card({ cardNumber: '4000 0000 0000 0002' }), today)).toEqual({ outcome: 'declined' });
  });

  it('approves any other valid card, written with or without spaces and dashes', () => {
    expect(decidePayment('maxpay', card({ cardNumber: '5555-5555-5555-4444' }), today)).toEqual({ outcome: 'approved', paymentMethod: 'card ending 4444' });
    expect(decidePayment('maxpay', card({ cardNumber: '378282246310005', cvc: '1234' }), today)).toEqual({ outcome: 'approved', paymentMethod: 'card ending 0005' });
  });

  it('accepts a card expiring this month, MM/YYYY, and MMYY typed without the slash', () => {
    expect(decidePayment('maxpay', card({ expiry: '05/26' }), today).outcome).toBe('approved');
    expect(decidePayment('maxpay', card({ expiry: '5 / 2027' }), today).outcome).toBe('approved');
    expect(decidePayment('maxpay', card({ expiry: '1229' }), today).outcome).toBe('approved');
  });

  it.each([
    ['a missing name', { cardName: '' }, 'cardName'],
    ['a blank name', { cardName: '   ' }, 'cardName'],
    ['a name over 100 characters', { cardName: 'n'.repeat(101) }, 'cardName'],
    ['a missing number', { cardNumber: undefined }, 'cardNumber'],
    ['a number failing Luhn', { cardNumber: '4242 4242 4242 4241' }, 'cardNumber'],
    ['a number with letters', { cardNumber: '4242 4242 4242 424a' }, 'cardNumber'],
    ['a number of 11 digits', { cardNumber: '42424242424' }, 'cardNumber'],
    ['a number of 20 digits', { cardNumber: '42424242424242424242' }, 'cardNumber'],
    ['an expiry last month', { expiry: '04/26' }, 'expiry'],
    ['month 13', { expiry: '13/29' }, 'expiry'],
    ['month 00', { expiry: '00/29' }, 'expiry'],
    ['an expiry of three digits', { expiry: '129' }, 'expiry'],
    ['an expiry with a dash', { expiry: '12-29' }, 'expiry'],
    ['an expiry without the year', { expiry: '12/' }, 'expiry'],
    ['an expiry more than 20 years ahead', { expiry: '12/2050' }, 'expiry'],
    ['a missing CVC', { cvc: '' }, 'cvc'],
    ['a CVC of 2 digits', { cvc: '12' }, 'cvc'],
    ['a CVC of 5 digits', { cvc: '12345' }, 'cvc'],
    ['a CVC with letters', { cvc: '12a' }, 'cvc'],
  ])('refuses %s, naming the field', (_case, overrides, field) => {
    const decision = decidePayment('maxpay', card(overrides), today);
    expect(decision).toMatchObject({ outcome: 'invalid', field });
    expect(decision.outcome === 'invalid' && decision.message.length).toBeGreaterThan(5);
  });

  it('checks the form before the decline card: an invalid decline card is invalid, not declined', () => {
    expect(decidePayment('maxpay', card({ cardNumber: '4000 0000 0000 0002', cvc: '' }), today)).toMatchObject({ outcome: 'invalid', field: 'cvc' });
  });
});

describe('decidePayment (PayPal sandbox)', () => {
  it('approves the sandbox buyer with any password', () => {
    expect(decidePayment('paypal', paypal())).toEqual({ outcome: 'approved', paymentMethod: 'PayPal buyer@sandbox.paypal.example' });
    expect(decidePayment('paypal', paypal({ paypalEmail: ' Buyer@Sandbox.PayPal.example ', password: 'x' }))).toEqual({ outcome: 'approved', paymentMethod: 'PayPal buyer@sandbox.paypal.example' });
  });

  it('declines the declined sandbox account', () => {
    expect(decidePayment('paypal', paypal({ paypalEmail: 'declined@sandbox.paypal.example' }))).toEqual({ outcome: 'declined' });
  });

  it.each([
    ['a missing email', { paypalEmail: '' }, 'paypalEmail'],
    ['a real email', { paypalEmail: 'ada@example.com' }, 'paypalEmail'],
    ['a look-alike domain', { paypalEmail: 'buyer@sandbox.paypal.example.evil' }, 'paypalEmail'],
    ['no local part', { paypalEmail: '@sandbox.paypal.example' }, 'paypalEmail'],
    ['a missing password', { password: '' }, 'password'],
  ])('refuses %s, naming the field', (_case, overrides, field) => {
    expect(decidePayment('paypal', paypal(overrides))).toMatchObject({ outcome: 'invalid', field });
  });

  it('refuses a card form posted to PayPal', () => {
    expect(decidePayment('paypal', card())).toMatchObject({ outcome: 'invalid', field: 'paypalEmail' });
  });
});

describe('passesLuhn', () => {
  it.each([['4242424242424242', true], ['4000000000000002', true], ['79927398713', true], ['4242424242424241', false], ['79927398710', false]])('%s → %s', (digits, expected) => {
    expect(passesLuhn(digits)).toBe(expected);
  });
});

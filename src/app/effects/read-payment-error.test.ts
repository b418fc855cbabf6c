import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { loadTestFlow, screenById } from '../../../tests/support/load-test-flow';
import type { AppEffectInput, AppResults } from '../effect-output-map';
import { paymentErrorReason, readPaymentError } from './read-payment-error';

const screen = screenById(loadTestFlow(), 'payment-error');

async function read(search: string, results: AppResults = {}, flags: AppEffectInput['flags'] = { discounts: true }) {
  const query = new URLSearchParams(search);
  const effect = readPaymentError({ paymentErrorReturn: () => ({ payment: query.get('payment'), reason: query.get('reason') }) });
  const input: AppEffectInput = { screen, answers: {}, email: null, results, flags, seen: [] };
  return toPromise(createActor(effect, { input }).start());
}

describe('readPaymentError', () => {
  it("gives the hosted payment's reason for a decline and for an already bought plan", async () => {
    expect((await read('?usid=u&payment=true&reason=declined')).outcome).toBe('declined');
    expect((await read('?usid=u&payment=true&reason=already_purchased')).outcome).toBe('already_purchased');
  });

  it('tells a cancelled payment, and is unknown without a reason it knows', async () => {
    expect((await read('?usid=u&payment=cancelled')).outcome).toBe('cancelled');
    expect((await read('?usid=u')).outcome).toBe('unknown');
    expect((await read('?payment=true&reason=stolen')).outcome).toBe('unknown');
    expect((await read('?reason=declined')).outcome).toBe('unknown');
  });

  it('is unknown when this page could not even start the payment, whatever an earlier return left in the address', async () => {
    expect((await read('?payment=true&reason=declined', { startCheckout: { outcome: 'failed' } })).outcome).toBe('unknown');
    expect(paymentErrorReason({ payment: 'true', reason: 'declined' }, 'subscribed')).toBe('declined');
  });

  it('says where the secondary action leads now: the discounted prices, or the prices when discounts are off', async () => {
    expect((await read('?payment=true&reason=declined')).secondaryTo).toBe('sale');
    expect((await read('?payment=true&reason=declined', {}, { discounts: false })).secondaryTo).toBe('select-price');
  });
});

import { describe, expect, it } from 'vitest';
import { queuedAdEvents, type AdEvents } from './ad-events';

function recorder() {
  const calls: string[] = [];
  const target: AdEvents = {
    pageView: () => void calls.push('PageView'),
    lead: (id) => void calls.push(`Lead ${id}`),
    viewContent: (p) => void calls.push(`ViewContent ${p.content_ids.join(',')}`),
    initiateCheckout: (p, id) => void calls.push(`InitiateCheckout ${p.value} ${p.currency} ${id}`),
  };
  return { calls, target };
}

describe('ad events before the pixel loads', () => {
  it('are held, replayed in order when it attaches, then passed straight on', () => {
    const queue = queuedAdEvents();
    queue.pageView();
    queue.viewContent({ content_ids: ['p1'], currency: 'USD' });
    const { calls, target } = recorder();
    queue.attach(target);
    queue.initiateCheckout({ value: 1.99, currency: 'USD', content_ids: ['p1'] }, 'chk_1');
    expect(calls).toEqual(['PageView', 'ViewContent p1', 'InitiateCheckout 1.99 USD chk_1']);
  });

  it('at most 50 wait, the latest', () => {
    const queue = queuedAdEvents();
    queue.lead('l1');
    for (let i = 0; i < 60; i += 1) queue.pageView();
    const { calls, target } = recorder();
    queue.attach(target);
    expect(calls).toHaveLength(50);
    expect(calls.every((c) => c === 'PageView')).toBe(true);
  });
});

describe('ad events when advertising consent is withdrawn', () => {
  it('drops what is held, and everything raised until consent is given again: none reaches the pixel, then or later', () => {
    const queue = queuedAdEvents();
    queue.lead('before');
    queue.clear();
    queue.pageView();
    const { calls, target } = recorder();
    queue.attach(target);
    expect(calls).toEqual([]);
  });

  it('lets go of a pixel it had: nothing more is passed to it, and a new grant passes on only what comes after', () => {
    const queue = queuedAdEvents();
    const { calls, target } = recorder();
    queue.attach(target);
    queue.pageView();
    queue.clear();
    queue.lead('while-refused');
    queue.viewContent({ content_ids: ['p1'], currency: 'USD' });
    expect(calls).toEqual(['PageView']);
    queue.attach(target);
    queue.lead('after');
    expect(calls).toEqual(['PageView', 'Lead after']);
  });
});

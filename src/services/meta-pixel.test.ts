// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyAdvertisingConsent,
  loadPixel,
  pixelPresent,
  pixelScriptUrl,
  setPixelConsent,
  trackInitiateCheckout,
  trackLead,
  trackPageView,
  trackViewContent,
  type Fbq,
} from './meta-pixel';

type PixelWindow = Window & { fbq?: unknown; _fbq?: unknown };
const win = window as PixelWindow;

afterEach(() => {
  delete win.fbq;
  delete win._fbq;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** What the pixel queued, as plain arrays (the base code queues `arguments` objects). */
function queued(): unknown[][] {
  return (win.fbq as Fbq).queue.map((args) => Array.from(args));
}

function scripts(): string[] {
  return Array.from(document.querySelectorAll('script')).map((s) => s.src);
}

describe('every helper without the pixel', () => {
  it('does nothing and never throws when fbq is absent or not a function', () => {
    for (const value of [undefined, null, {}, 'fbq']) {
      win.fbq = value;
      expect(() => {
        trackPageView();
        trackLead('lead-1');
        trackViewContent({ content_ids: ['1'] });
        trackInitiateCheckout({ value: 19, currency: 'USD', content_ids: ['2'] }, 'order-1');
        setPixelConsent(true);
        setPixelConsent(false);
      }).not.toThrow();
    }
    expect(scripts()).toEqual([]);
  });
});

describe('loadPixel (the base code, without inline script)', () => {
  it('builds the fbq queue as the snippet does and adds the async fbevents.js script', () => {
    expect(loadPixel('1234567890')).toBe(true);
    const fbq = win.fbq as Fbq;
    expect(typeof fbq).toBe('function');
    expect(win._fbq).toBe(fbq);
    expect(fbq.push).toBe(fbq);
    expect(fbq.loaded).toBe(true);
    expect(fbq.version).toBe('2.0');
    expect(Array.isArray(fbq.queue)).toBe(true);
    // Queued as `arguments` objects, like the snippet.
    expect(Object.prototype.toString.call(fbq.queue[0])).toBe('[object Arguments]');
    const script = document.querySelector('script')!;
    expect(script.src).toBe(pixelScriptUrl);
    expect(script.async).toBe(true);
    expect(script.textContent).toBe('');
    expect(document.querySelectorAll('script[src]')).toHaveLength(1);
  });

  it('revokes consent before init, turns automatic configuration off, inits with no user data, then grants', () => {
    loadPixel('1234567890');
    expect(queued()).toEqual([
      ['consent', 'revoke'],
      ['set', 'autoConfig', false, '1234567890'],
      ['init', '1234567890'],
      ['consent', 'grant'],
    ]);
  });

  it('lets the app count PageViews per screen: no history PageViews, duplicates kept', () => {
    loadPixel('1234567890');
    const fbq = win.fbq as Fbq;
    expect(fbq.disablePushState).toBe(true);
    expect(fbq.allowDuplicatePageViews).toBe(true);
  });

  it('puts the script before the first script of the page, as the snippet does', () => {
    const app = document.createElement('script');
    app.src = 'http://localhost/assets/app.js';
    document.head.appendChild(app);
    loadPixel('1234567890');
    expect(scripts()).toEqual([pixelScriptUrl, 'http://localhost/assets/app.js']);
  });

  it('does nothing without an id, or when fbq already exists', () => {
    expect(loadPixel('')).toBe(false);
    expect(win.fbq).toBeUndefined();
    const existing = vi.fn();
    win.fbq = existing;
    expect(loadPixel('1234567890')).toBe(false);
    expect(win.fbq).toBe(existing);
    expect(existing).not.toHaveBeenCalled();
    expect(scripts()).toEqual([]);
  });

  it('hands calls to fbevents.js once it has set callMethod', () => {
    loadPixel('1234567890');
    const fbq = win.fbq as Fbq;
    const callMethod = vi.fn();
    fbq.callMethod = callMethod;
    trackPageView();
    expect(callMethod).toHaveBeenCalledWith('track', 'PageView');
    expect(queued()).toHaveLength(4);
  });
});

describe('applyAdvertisingConsent (the loader follows the advertising choice)', () => {
  it('loads only with an id and advertising granted', () => {
    expect(applyAdvertisingConsent('', true)).toBe(false);
    expect(pixelPresent()).toBe(false);
    expect(applyAdvertisingConsent('1234567890', false)).toBe(false);
    expect(pixelPresent()).toBe(false);
    expect(scripts()).toEqual([]);
    expect(applyAdvertisingConsent('1234567890', true)).toBe(true);
    expect(pixelPresent()).toBe(true);
    expect(scripts()).toEqual([pixelScriptUrl]);
  });

  it('revokes and grants again at once once the pixel is there, never loading twice', () => {
    applyAdvertisingConsent('1234567890', true);
    expect(applyAdvertisingConsent('1234567890', false)).toBe(false);
    expect(applyAdvertisingConsent('1234567890', true)).toBe(false);
    expect(queued().slice(4)).toEqual([
      ['consent', 'revoke'],
      ['consent', 'grant'],
    ]);
    expect(scripts()).toEqual([pixelScriptUrl]);
  });
});

describe('the four ad events', () => {
  function withPixel() {
    const fbq = vi.fn();
    win.fbq = fbq;
    return fbq;
  }

  it('PageView', () => {
    const fbq = withPixel();
    trackPageView();
    expect(fbq.mock.calls).toEqual([['track', 'PageView']]);
  });

  it('Lead, with an event id for deduplication when given, and nothing about the visitor', () => {
    const fbq = withPixel();
    trackLead();
    trackLead('lead-7f3a');
    expect(fbq.mock.calls).toEqual([
      ['track', 'Lead'],
      ['track', 'Lead', {}, { eventID: 'lead-7f3a' }],
    ]);
  });

  it('ViewContent with the plans on offer', () => {
    const fbq = withPixel();
    trackViewContent({ content_ids: ['1', '2', '3'], content_type: 'product', content_name: 'Paywall', value: 19, currency: 'usd' });
    trackViewContent();
    trackViewContent({ content_ids: ['1'] }, 'view-1');
    expect(fbq.mock.calls).toEqual([
      ['track', 'ViewContent', { content_ids: ['1', '2', '3'], content_type: 'product', content_name: 'Paywall', value: 19, currency: 'USD' }],
      ['track', 'ViewContent'],
      ['track', 'ViewContent', { content_ids: ['1'] }, { eventID: 'view-1' }],
    ]);
  });

  it('InitiateCheckout with value, currency, content ids and the event id', () => {
    const fbq = withPixel();
    trackInitiateCheckout({ value: 29.99, currency: 'EUR', content_ids: ['2'] }, 'order-42');
    expect(fbq.mock.calls).toEqual([['track', 'InitiateCheckout', { value: 29.99, currency: 'EUR', content_ids: ['2'] }, { eventID: 'order-42' }]]);
  });

  it('never passes personal data, even when a caller slips it in', () => {
    const fbq = withPixel();
    const sneaky = { value: 19, currency: 'USD', content_ids: ['2', 'maya@example.com'], email: 'maya@example.com', fn: 'Maya', content_name: 'maya@example.com' };
    trackInitiateCheckout(sneaky as never, 'order-1');
    trackViewContent(sneaky as never);
    expect(fbq.mock.calls).toEqual([
      ['track', 'InitiateCheckout', { value: 19, currency: 'USD', content_ids: ['2'] }, { eventID: 'order-1' }],
      ['track', 'ViewContent', { value: 19, currency: 'USD', content_ids: ['2'] }],
    ]);
    expect(JSON.stringify(fbq.mock.calls)).not.toMatch(/maya/i);
  });

  it('queues the events on the stub while fbevents.js is blocked', () => {
    loadPixel('1234567890');
    trackPageView();
    trackLead('lead-1');
    expect(queued().slice(4)).toEqual([
      ['track', 'PageView'],
      ['track', 'Lead', {}, { eventID: 'lead-1' }],
    ]);
  });
});

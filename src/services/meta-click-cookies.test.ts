// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { buildSubscriptionUser, cookieValue } from '../domain/build-subscription-user';
import {
  adClickCookieMaxAgeSeconds,
  adClickCookies,
  cookieDomain,
  fbclidOf,
  rememberAdClick,
  subdomainIndex,
  writeAdClickCookies,
  type CookieJar,
} from './meta-click-cookies';

// A real fbclid: mixed case, digits, '-' and '_'; it must arrive in the cookie exactly as in the URL.
const fbclid = 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk';
const nowMs = 1596403881668;
const fixedRandom = () => 0.0116446470;

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}
afterEach(clearCookies);

/**
 * A cookie jar that answers as a browser on `host` would: a Domain cookie is kept only when the host is that domain or
 * under it and the domain is not a public suffix. Records each cookie string written.
 */
function browserJar(host: string, publicSuffixes = ['com', 'example', 'co.uk', 'uk']): CookieJar & { written: string[]; kept: Map<string, string> } {
  const kept = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    kept,
    get cookie() {
      return [...kept].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      written.push(text);
      const [pair, ...attributes] = text.split(';').map((s) => s.trim());
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      const domain = attributes.find((a) => a.startsWith('Domain='))?.slice('Domain='.length);
      if (domain !== undefined && (publicSuffixes.includes(domain) || !(host === domain || host.endsWith(`.${domain}`)))) return;
      if (attributes.includes('Max-Age=0')) kept.delete(name);
      else kept.set(name, value);
    },
  };
}

describe('fbclidOf: the parameter exactly as the URL has it', () => {
  it('keeps case and characters, reads the first one, ignores similar names', () => {
    expect(fbclidOf(`?utm_source=fb&fbclid=${fbclid}&x=1`)).toBe(fbclid);
    expect(fbclidOf(`fbclid=AbC_1-2&fbclid=other`)).toBe('AbC_1-2');
    expect(fbclidOf('?my_fbclid=abc&fbclid2=def')).toBeNull();
    expect(fbclidOf('?fbclid=')).toBeNull();
    expect(fbclidOf('?fbclid')).toBeNull();
    expect(fbclidOf('')).toBeNull();
    // Never decoded: what is in the URL is what is stored (and such a value is then refused, see below).
    expect(fbclidOf('?fbclid=Ab%2BcD')).toBe('Ab%2BcD');
  });
});

describe('subdomainIndex (Meta: com 0, example.com 1, www.example.com 2)', () => {
  it('counts the labels less one', () => {
    expect(subdomainIndex('com')).toBe(0);
    expect(subdomainIndex('example.com')).toBe(1);
    expect(subdomainIndex('.example.com')).toBe(1);
    expect(subdomainIndex('www.example.com')).toBe(2);
    expect(subdomainIndex('localhost')).toBe(0);
  });
});

describe('adClickCookies: the values to set when the pixel is off and an fbclid arrives', () => {
  it('forms _fbc and _fbp as Meta documents: milliseconds, fbclid unaltered, 10 random digits', () => {
    expect(adClickCookies({ cookies: '', fbclid, nowMs, domain: 'astrelle.com', random: fixedRandom })).toEqual({
      _fbc: `fb.1.1596403881668.${fbclid}`,
      _fbp: 'fb.1.1596403881668.1104801823',
    });
  });

  it('makes _fbp ten digits at both ends of the random range', () => {
    const fbp = (r: number) => adClickCookies({ cookies: '', fbclid: 'a', nowMs, domain: 'astrelle.com', random: () => r })._fbp;
    expect(fbp(0)).toBe('fb.1.1596403881668.1000000000');
    expect(fbp(0.999999999999)).toBe('fb.1.1596403881668.9999999999');
  });

  it('uses the index of the cookie domain', () => {
    expect(adClickCookies({ cookies: '', fbclid: 'AbC', nowMs, domain: 'localhost', random: fixedRandom })._fbc).toBe('fb.0.1596403881668.AbC');
    expect(adClickCookies({ cookies: '', fbclid: 'AbC', nowMs, domain: 'www.astrelle.com', random: fixedRandom })._fbc).toBe('fb.2.1596403881668.AbC');
  });

  it('sets nothing without an fbclid', () => {
    expect(adClickCookies({ cookies: '', fbclid: null, nowMs, domain: 'astrelle.com', random: fixedRandom })).toEqual({});
  });

  it('keeps an existing _fbp, and an _fbc that already holds this click', () => {
    const cookies = `_fbp=fb.1.1500000000000.1234567890; _fbc=fb.1.1500000000000.${fbclid}`;
    expect(adClickCookies({ cookies, fbclid, nowMs, domain: 'astrelle.com', random: fixedRandom })).toEqual({});
  });

  it('replaces a stale _fbc when a new click arrives, keeping _fbp', () => {
    const cookies = '_fbp=fb.1.1500000000000.1234567890; _fbc=fb.1.1500000000000.OldClick';
    expect(adClickCookies({ cookies, fbclid: 'NewClick', nowMs, domain: 'astrelle.com', random: fixedRandom })).toEqual({
      _fbc: 'fb.1.1596403881668.NewClick',
    });
  });

  it('refuses an fbclid it cannot store unaltered, or one too long for the subscription user', () => {
    for (const bad of ['Ab%2BcD', 'a;b', 'a b', 'a,b', 'a"b', 'a\\b']) {
      expect(adClickCookies({ cookies: '', fbclid: bad, nowMs, domain: 'astrelle.com', random: fixedRandom })).toEqual({});
    }
    const prefix = 'fb.1.1596403881668.';
    const longest = 'x'.repeat(512 - prefix.length);
    expect(adClickCookies({ cookies: '', fbclid: longest, nowMs, domain: 'astrelle.com', random: fixedRandom })._fbc).toHaveLength(512);
    expect(adClickCookies({ cookies: '', fbclid: `${longest}x`, nowMs, domain: 'astrelle.com', random: fixedRandom })).toEqual({});
  });
});

describe('cookieDomain: the widest domain the browser accepts, as fbevents.js finds it', () => {
  it('is the registrable domain, never a public suffix, and leaves no probe behind', () => {
    const jar = browserJar('www.astrelle.com');
    expect(cookieDomain('www.astrelle.com', jar)).toBe('astrelle.com');
    expect(jar.cookie).toBe('');
    expect(cookieDomain('app.astrelle.co.uk', browserJar('app.astrelle.co.uk'))).toBe('astrelle.co.uk');
  });

  it('is none for localhost, an IP address, or a browser that accepts no domain cookie', () => {
    expect(cookieDomain('localhost', browserJar('localhost'))).toBeNull();
    expect(cookieDomain('127.0.0.1', browserJar('127.0.0.1'))).toBeNull();
    expect(cookieDomain('[::1]', browserJar('[::1]'))).toBeNull();
    expect(cookieDomain('www.astrelle.com', browserJar('elsewhere.org'))).toBeNull();
  });
});

describe('writeAdClickCookies', () => {
  it('writes first-party cookies for 90 days, Path=/, SameSite=Lax, on the domain, Secure on https', () => {
    const jar = browserJar('www.astrelle.com');
    writeAdClickCookies({ _fbc: 'fb.1.1.AbC', _fbp: 'fb.1.1.1234567890' }, jar, { domain: 'astrelle.com', secure: true });
    expect(adClickCookieMaxAgeSeconds).toBe(7776000);
    expect(jar.written).toEqual([
      '_fbc=fb.1.1.AbC; Path=/; Max-Age=7776000; SameSite=Lax; Domain=astrelle.com; Secure',
      '_fbp=fb.1.1.1234567890; Path=/; Max-Age=7776000; SameSite=Lax; Domain=astrelle.com; Secure',
    ]);
  });
});

describe('rememberAdClick, then the subscription user', () => {
  it('on www.astrelle.com: cookies on astrelle.com with index 1, sent as they are', () => {
    const jar = browserJar('www.astrelle.com');
    const page = { search: `?utm_source=facebook&fbclid=${fbclid}`, hostname: 'www.astrelle.com', protocol: 'https:' };
    expect(rememberAdClick(page, jar, nowMs, fixedRandom)).toEqual({ _fbc: `fb.1.1596403881668.${fbclid}`, _fbp: 'fb.1.1596403881668.1104801823' });
    expect(jar.written.filter((w) => w.startsWith('_fb')).every((w) => w.includes('Domain=astrelle.com'))).toBe(true);
    const user = buildSubscriptionUser({
      email: 'maya@example.com', flowOuter: false, project: 'astrelle', ipInfo: null,
      fbc: cookieValue(jar.cookie, '_fbc'), fbp: cookieValue(jar.cookie, '_fbp'), userAgent: 'UA',
    });
    expect(user.fbc).toBe(`fb.1.1596403881668.${fbclid}`);
    expect(user.fbp).toBe('fb.1.1596403881668.1104801823');
  });

  it('in the real document (jsdom on localhost): host-only cookies that cookieValue reads back exactly', () => {
    const page = { search: `?fbclid=${fbclid}`, hostname: window.location.hostname, protocol: window.location.protocol };
    expect(page.hostname).toBe('localhost');
    rememberAdClick(page, document, nowMs, fixedRandom);
    expect(cookieValue(document.cookie, '_fbc')).toBe(`fb.0.1596403881668.${fbclid}`);
    expect(cookieValue(document.cookie, '_fbp')).toBe('fb.0.1596403881668.1104801823');
    // A second visit with the same click changes nothing.
    expect(rememberAdClick(page, document, nowMs + 60_000, () => 0.5)).toEqual({});
    expect(cookieValue(document.cookie, '_fbp')).toBe('fb.0.1596403881668.1104801823');
  });

  it('without an fbclid writes nothing', () => {
    const jar = browserJar('www.astrelle.com');
    expect(rememberAdClick({ search: '?utm_source=fb', hostname: 'www.astrelle.com', protocol: 'https:' }, jar, nowMs, fixedRandom)).toEqual({});
    expect(jar.written).toEqual([]);
  });
});

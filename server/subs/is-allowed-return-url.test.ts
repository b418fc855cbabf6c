import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATHS, isAllowedReturnUrl, type ReturnUrlRules } from './is-allowed-return-url';

const rules: ReturnUrlRules = { origins: ['https://app.example', 'http://localhost:5173'], paths: DEFAULT_RETURN_PATHS };
const encode = encodeURIComponent;

describe('isAllowedReturnUrl', () => {
  it.each([
    ['/payment-success'],
    ['/payment-error'],
    ['/sale'],
    ['/secret-discount'],
    ['/select-price'],
    ['/signup-offer'],
    ['/signup-offer-success'],
    ['/payment-success?usid=v_abc123def'],
    ['/payment-success?usid=v_abc&plan=trial_1&x=%20y%2Fz'],
    ['/payment-success?'],
    ['/sale?next=%252F%252Fevil.example'],
    ['https://app.example/payment-success'],
    ['https://app.example/payment-error?usid=v_abc123def'],
    ['https://app.example:443/select-price'],
    ['HTTPS://APP.EXAMPLE/signup-offer'],
    ['http://localhost:5173/payment-success?usid=abcdefgh'],
  ])('allows %s', (url) => {
    expect(isAllowedReturnUrl(url, rules)).toBe(true);
  });

  it.each([
    // other origins, however written
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with an allowed path', '//evil.example/payment-success'],
    ['three slashes', '///evil.example/payment-success'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash with an allowed path', '/\\evil.example/payment-success'],
    ['two backslashes', '\\\\evil.example/payment-success'],
    ['a scheme without slashes', 'https:evil.example'],
    ['a scheme without slashes and an allowed path', 'https:/payment-success'],
    ['http with an allowed path on another origin', 'http://evil.example/payment-success'],
    ['https with an allowed path on another origin', 'https://evil.example/payment-success'],
    ['an allowed origin over plain http', 'http://app.example/payment-success'],
    ['an allowed origin on another port', 'https://app.example:8443/payment-success'],
    ['a suffix of an allowed host', 'https://app.example.evil.example/payment-success'],
    ['an allowed host with a trailing dot', 'https://app.example./payment-success'],
    ['an encoded dot in the host', 'https://app%2Eexample/payment-success'],
    ['userinfo', 'https://app@evil.example/payment-success'],
    ['userinfo naming the allowed host', 'https://app.example@evil.example/payment-success'],
    ['userinfo with a password', 'https://user:pass@app.example/payment-success'],
    ['an encoded userinfo separator', 'https://app.example%40evil.example/payment-success'],
    ['a relative path', 'payment-success'],
    ['a dot-relative path', './payment-success'],
    ['an empty string', ''],
    ['a lone slash', '/'],
    // other schemes
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)'],
    ['javascript: after a slash-looking prefix', '/javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['data: base64', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['ftp:', 'ftp://app.example/payment-success'],
    ['file:', 'file:///etc/passwd'],
    // encodings of the above
    ['a percent-encoded protocol-relative URL', '%2F%2Fevil.example'],
    ['a double-encoded protocol-relative URL', '%252F%252Fevil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['an encoded second slash in lower case', '/%2fevil.example'],
    ['a double-encoded second slash', '/%252Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a double-encoded backslash', '/%255Cevil.example'],
    ['an encoded javascript: URL', encode('javascript:alert(1)')],
    ['a double-encoded javascript: URL', encode(encode('javascript:alert(1)'))],
    ['an encoded absolute URL', encode('https://evil.example/payment-success')],
    ['a double-encoded absolute URL', encode(encode('https://evil.example/payment-success'))],
    ['an encoded allowed path', '/payment%2Dsuccess'],
    ['an encoded slash in the path', '%2Fpayment-success'],
    // paths
    ['an unknown path', '/admin'],
    ['an allowed path with a trailing slash', '/payment-success/'],
    ['an allowed path in another case', '/Payment-Success'],
    ['a longer path', '/payment-success/extra'],
    ['a path that escapes with ..', '/payment-success/../../evil.example'],
    ['a path that climbs back to an allowed page', '/sale/../payment-success'],
    ['a leading ..', '/../payment-success'],
    ['an encoded ..', '/%2E%2E/payment-success'],
    ['a . segment', '/./payment-success'],
    ['a semicolon path parameter', '/payment-success;evil'],
    ['an allowed origin with an unknown path', 'https://app.example/admin'],
    ['an allowed origin without a path', 'https://app.example'],
    ['an allowed origin with a lone slash', 'https://app.example/'],
    // fragments, whitespace, control and odd characters
    ['a fragment', '/payment-success#top'],
    ['a fragment that looks like a host', '/payment-success#//evil.example'],
    ['a fragment in an absolute URL', 'https://app.example/payment-success#x'],
    ['a leading space', ' /payment-success'],
    ['a trailing space', '/payment-success '],
    ['a space in the query', '/payment-success?a=b c'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a newline inside the slashes', '/\n/evil.example'],
    ['a carriage return', '/payment-success\r'],
    ['a NUL character', '/payment-success\u0000'],
    ['DEL', '/payment-success\u007f'],
    ['an encoded newline in the query', '/payment-success?a=%0A'],
    ['an encoded NUL', '/payment-success?a=%00'],
    ['an encoded DEL', '/payment-success?a=%7F'],
    ['a non-ASCII character', '/payment-succéss'],
    ['a full-width slash', '/／evil.example'],
    ['an email in the query', '/payment-success?email=ada@example.com'],
    ['an encoded email in the query', '/payment-success?email=ada%40example.com'],
    ['a malformed percent escape', '/payment-success?a=%zz'],
    ['a truncated percent escape', '/payment-success?a=%4'],
    ['angle brackets', '/payment-success?a=<script>'],
    ['a double quote', '/payment-success?a="x"'],
    ['a backslash in the query', '/payment-success?a=\\'],
    ['a URL over 2048 characters', `/payment-success?a=${'x'.repeat(2048)}`],
  ])('refuses %s', (_case, url) => {
    expect(isAllowedReturnUrl(url, rules)).toBe(false);
  });

  it.each([[undefined], [null], [42], [{ toString: () => '/payment-success' }], [['/payment-success']]])('refuses the non-string %s', (value) => {
    expect(isAllowedReturnUrl(value, rules)).toBe(false);
  });

  it('allows absolute URLs only on the listed origins', () => {
    expect(isAllowedReturnUrl('https://app.example/sale', { origins: [], paths: ['/sale'] })).toBe(false);
    expect(isAllowedReturnUrl('https://app.example/sale', { origins: ['https://app.example/'], paths: ['/sale'] })).toBe(true);
    expect(isAllowedReturnUrl('https://app.example/sale', { origins: ['not a url', 'javascript:alert(1)'], paths: ['/sale'] })).toBe(false);
  });

  it('allows only the configured paths', () => {
    const custom = { origins: [], paths: ['/thanks'] };
    expect(isAllowedReturnUrl('/thanks?x=1', custom)).toBe(true);
    expect(isAllowedReturnUrl('/payment-success', custom)).toBe(false);
  });

  it('accepts a URL of exactly 2048 characters', () => {
    const url = `/payment-success?a=${'x'.repeat(2048 - '/payment-success?a='.length)}`;
    expect(url).toHaveLength(2048);
    expect(isAllowedReturnUrl(url, rules)).toBe(true);
  });
});

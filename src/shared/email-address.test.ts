import { describe, expect, it } from 'vitest';
import { holdsEmailAddress, redactEmailAddresses } from './email-address';

/** The loose pattern as one regular expression: what the linear scan must agree with (but quadratic). */
const REFERENCE = /[\w.!$%&'*+=^`{|}~-]+(?:@|%40)[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}/gi;

const SAMPLES = [
  'ada@example.com',
  'Ada.Lovelace+funnel@Mail.Example.CO.UK',
  'contact: ada@example.com, thanks',
  'https://app.example/email?email=ada%40example.com&usid=1',
  'ada%40example.com',
  'a@b.co',
  '@example.com',
  'ada@',
  'ada@example',
  'ada@example.c',
  'ada@@example.com',
  'ada@-.xx',
  'fastify@5.1.0',
  'node_modules/.pnpm/fastify@5.12.8/node_modules',
  '%40example.com',
  'x%%40example.com',
  'ada @ example.com',
  '',
  'screen_shown',
  'x@y.z1',
  'über@example.com',
  'a@b.c.de',
  'two: ada@example.com and bob%40example.org; a third maya@mail.example.co.uk.',
  'a%40b@example.com',
  'ada@example.com@example.org',
];

describe('email addresses in text', () => {
  it('finds and redacts exactly what the reference pattern matches', () => {
    for (const sample of SAMPLES) {
      expect(holdsEmailAddress(sample), sample).toBe(sample.search(REFERENCE) !== -1);
      expect(redactEmailAddresses(sample, '[redacted]'), sample).toBe(sample.replace(REFERENCE, '[redacted]'));
    }
  });

  it('agrees with the reference on random strings of address characters', () => {
    const alphabet = ['a', 'b', '1', '.', '-', '@', '%', '4', '0', 'co', 'x', ' ', '+'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i += 1) {
      const text = Array.from({ length: 1 + Math.floor(next() * 24) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      expect(redactEmailAddresses(text, '#'), text).toBe(text.replace(REFERENCE, '#'));
    }
  });

  it('scans a megabyte built to make the pattern backtrack (the reference would take minutes)', () => {
    const megabyte = 1024 * 1024;
    const hostile = [
      'x'.repeat(megabyte),
      `${'x'.repeat(megabyte)}@`,
      'a@'.repeat(megabyte / 2),
      `a@${'1.'.repeat(megabyte / 2)}`,
      `a@${`${'9'.repeat(1000)}.`.repeat(megabyte / 1001)}`,
      'a%40'.repeat(megabyte / 4),
    ];
    for (const text of hostile) {
      expect(holdsEmailAddress(text)).toBe(false);
      expect(redactEmailAddresses(text, '#')).toBe(text);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isPersonalString } from './personal-data';

describe('isPersonalString', () => {
  it('is true for an email address anywhere in the string and for an IP address, v4 or v6', () => {
    for (const text of ['ada@example.com', 'see ada%40example.com', '203.0.113.7', '2001:db8::1', '::1']) expect(isPersonalString(text), text).toBe(true);
    for (const text of ['$remote', 'profile-name', '1.2.3', 'v1.2.3.4.5', '[Amplitude] Page Viewed', 'fastify@5.1.0']) expect(isPersonalString(text), text).toBe(false);
  });
});

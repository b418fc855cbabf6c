/**
 * Anything shaped like an email address, plain or percent-encoded (`%40`), to redact from logs and console
 * messages. Deliberately loose (a guard, not a validator): a run of address characters, `@` or `%40`, and a host
 * name ending in a letters-only label, so `fastify@5.1.0` in a stack trace's package path is left alone.
 */
export const EMAIL_ADDRESS = /[\w.!$%&'*+=^`{|}~-]+(?:@|%40)[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}/gi;

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { earlyTapScript } from '../src/shared/early-tap';

/** Options for the headers added to responses. */
export interface SecurityHeaderOptions {
  /** Extra origins the page may fetch from (connect-src), such as "https://api.example.com". */
  connectSrc?: readonly string[];
  /** Extra origins scripts may come from (the ad pixel's, when configured). */
  scriptSrc?: readonly string[];
  /** Extra origins images may come from (the ad pixel's event image). */
  imgSrc?: readonly string[];
}

type OnSendHook = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

/** The one inline script the pages may run: the landing's early-tap recorder, allowed by its hash. */
export const earlyTapScriptSource = `'sha256-${createHash('sha256').update(earlyTapScript).digest('base64')}'`;

// Anything that could end a directive or the header itself must not come in through an option.
const UNSAFE_SOURCE = /[\s;,'"]/;

/**
 * Powerful browser features the pages may not use, nor any frame in them: the funnel needs none (it asks
 * for a birthplace by search, never by geolocation, and takes payment through a form, not PaymentRequest),
 * so a script that ever got in could not reach the camera, the location or the sensors either.
 *
 * Only features every Chromium knows are listed: an unknown one is a console error ("Unrecognized feature")
 * on every page, which the end-to-end tests count as a failure. Chromium parses a feature only while its
 * runtime flag is on, so left out are `bluetooth` (Web Bluetooth is experimental on Linux), and
 * `interest-cohort` (FLoC, long gone) and `browsing-topics` (both gated on the Topics API, which Chromium
 * is retiring): nothing could call Topics here anyway, as the CSP admits no third-party script or frame.
 */
export const permissionsPolicy = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'magnetometer', 'gyroscope', 'accelerometer']
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Builds an onSend hook that sets `X-Content-Type-Options: nosniff` on every response and, on
 * HTML, a Content-Security-Policy, Referrer-Policy and Permissions-Policy unless the route set its own. Scripts may only come
 * from our origin (no eval, and no inline script but the early-tap recorder, by its hash); styles may be inline because styled-components injects style tags at
 * run time. JSON and other answers that are not HTML get no Permissions-Policy: it governs documents, and they are none.
 *
 * @throws {Error} when a connectSrc entry contains whitespace, quotes, commas or semicolons.
 */
export function securityHeaders(options: SecurityHeaderOptions = {}): OnSendHook {
  const connectSrc = options.connectSrc ?? [];
  const scriptSrc = options.scriptSrc ?? [];
  const imgSrc = options.imgSrc ?? [];
  for (const [directive, sources] of [['connect-src', connectSrc], ['script-src', scriptSrc], ['img-src', imgSrc]] as const) {
    for (const source of sources) {
      if (!source || UNSAFE_SOURCE.test(source)) throw new Error(`Invalid ${directive} source: ${JSON.stringify(source)}`);
    }
  }
  const policy = [
    "default-src 'self'",
    [`script-src 'self' ${earlyTapScriptSource}`, ...scriptSrc].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...imgSrc].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSrc].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

  return async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      // A route with a stricter policy of its own (the hosted checkout pages) keeps it.
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
      if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      if (!reply.hasHeader('permissions-policy')) reply.header('permissions-policy', permissionsPolicy);
    }
    return payload;
  };
}

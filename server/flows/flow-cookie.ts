import type { FastifyReply, FastifyRequest } from 'fastify';
import { CREDENTIAL_MAX_AGE_SECONDS } from '../auth/visitor-credential';

/**
 * The flow version a visitor is kept on: an httpOnly cookie signed with the session secrets, set by the server on the
 * first page it serves them. The browser never chooses a version: it cannot read or forge this cookie, and session
 * creation records what it names. A preview link's version carries the link's expiry and a preview mark.
 */
export const FLOW_COOKIE = 'astrelle_flow';
/** Over HTTPS, as the visitor credential: a `__Host-` cookie no sibling subdomain or plain-HTTP page can plant. */
export const SECURE_FLOW_COOKIE = `__Host-${FLOW_COOKIE}`;

export interface FlowPin {
  flowId: string;
  version: number;
  /** Opened through a preview link, valid until then (ms since the epoch); absent for a visitor's own version. */
  previewUntil?: number;
  /** The experiment whose arm the version is: session creation records the visitor as exposed to it. */
  experimentId?: string;
  /** The visitor's key (newVisitorKey): what their arm of an experiment is drawn from. */
  key?: string;
}

const VALUE = /^([a-z0-9][a-z0-9_-]{0,63})\.([1-9][0-9]{0,8})(?:\.p([1-9][0-9]{0,14}))?(?:\.x(exp_[0-9a-f]{16}))?(?:\.k([A-Za-z0-9_-]{22}))?$/;

function isSecure(request: FastifyRequest): boolean {
  return request.server.credentialCrossSite || request.protocol === 'https';
}

/** The version the request's cookie keeps the visitor on, or null (none, forged, malformed, an expired preview). */
export function flowPinOf(request: FastifyRequest, now = Date.now()): FlowPin | null {
  const name = isSecure(request) ? SECURE_FLOW_COOKIE : FLOW_COOKIE;
  const raw = request.cookies?.[name];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || value === null) return null;
  const match = VALUE.exec(value);
  if (!match) return null;
  const pin: FlowPin = { flowId: match[1]!, version: Number(match[2]) };
  if (match[3] !== undefined) {
    pin.previewUntil = Number(match[3]);
    if (pin.previewUntil <= now) return null;
  }
  if (match[4] !== undefined) pin.experimentId = match[4];
  if (match[5] !== undefined) pin.key = match[5];
  return pin;
}

/** Keeps the visitor on `pin` (a preview for as long as its link is valid). */
export function setFlowPin(request: FastifyRequest, reply: FastifyReply, pin: FlowPin): void {
  const secure = isSecure(request);
  const value = `${pin.flowId}.${pin.version}${pin.previewUntil !== undefined ? `.p${pin.previewUntil}` : ''}${pin.experimentId ? `.x${pin.experimentId}` : ''}${pin.key ? `.k${pin.key}` : ''}`;
  const maxAge = pin.previewUntil !== undefined ? Math.max(1, Math.floor((pin.previewUntil - Date.now()) / 1000)) : CREDENTIAL_MAX_AGE_SECONDS;
  reply.setCookie(secure ? SECURE_FLOW_COOKIE : FLOW_COOKIE, value, {
    signed: true,
    httpOnly: true,
    path: '/',
    maxAge,
    // Lax: the visitor's return from the hosted payment page (a top-level navigation) carries it.
    sameSite: request.server.credentialCrossSite ? 'none' : 'lax',
    secure,
  });
}

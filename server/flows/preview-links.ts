import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Preview tokens: an editor opens a stored version (published or not) in a browser with `/?preview=<token>`. The
 * token names the flow and version and when it expires, signed with HMAC-SHA256 under a key derived from the session
 * secrets (SESSION_SECRET), which every process of a deployment shares: a link made by one process opens on any.
 * The first secret signs, any verifies (rotation, as the visitor credential).
 */

/** How long a preview link opens its version. */
export const PREVIEW_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export interface PreviewClaim {
  flowId: string;
  version: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const TOKEN = /^([a-z0-9][a-z0-9_-]{0,63})\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,14})\.([A-Za-z0-9_-]{43})$/;

function keyOf(secret: string): Buffer {
  // A key of its own: a preview signature is never a valid visitor credential signature, nor the other way round.
  return createHmac('sha256', secret).update('astrelle flow preview').digest();
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export interface PreviewSigner {
  /** A token for the version, valid until `now + PREVIEW_LINK_TTL_MS`. */
  tokenFor(flowId: string, version: number, now?: number): { token: string; expiresAt: number };
  /** The version a token opens, or null when it is malformed, forged or expired. */
  verify(token: string, now?: number): PreviewClaim | null;
}

export function previewSigner(secrets: readonly string[]): PreviewSigner {
  if (secrets.length === 0) throw new Error('preview links need at least one signing secret');
  const keys = secrets.map(keyOf);
  return {
    tokenFor(flowId, version, now = Date.now()) {
      const expiresAt = now + PREVIEW_LINK_TTL_MS;
      const payload = `${flowId}.${version}.${expiresAt}`;
      return { token: `${payload}.${sign(keys[0]!, payload)}`, expiresAt };
    },
    verify(token, now = Date.now()) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, flowId, version, expiresAt, signature] = match as unknown as [string, string, string, string, string];
      const payload = `${flowId}.${version}.${expiresAt}`;
      const given = Buffer.from(signature);
      const valid = keys.some((key) => {
        const expected = Buffer.from(sign(key, payload));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (!valid || Number(expiresAt) <= now) return null;
      return { flowId, version: Number(version), expiresAt: Number(expiresAt) };
    },
  };
}

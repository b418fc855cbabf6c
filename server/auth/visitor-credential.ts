import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isVisitorId } from '../../src/shared/contract/visitor-id';
import { ApiRequestError } from '../api/errors';

// The visitor credential (see the README's "Trust model"): an httpOnly cookie, issued when a visitor's session is
// created, holding the session id signed with the server's secret. Whoever holds it is that visitor; knowing a usid
// (it is in URLs) is not enough to read or change anything of theirs. JavaScript never sees it.

/** The cookie's name over plain HTTP (local runs). */
export const CREDENTIAL_COOKIE = 'astrelle_visitor';
/**
 * The cookie's name over HTTPS: browsers accept a `__Host-` cookie only from a secure origin, for Path=/ and
 * with no Domain, so a sibling subdomain or a plain-HTTP man in the middle cannot plant one of its own.
 */
export const SECURE_CREDENTIAL_COOKIE = `__Host-${CREDENTIAL_COOKIE}`;
/** How long a browser keeps the credential (Chromium caps cookies at 400 days). */
export const CREDENTIAL_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** The shortest secret accepted: 32 characters of a random base64url string is 192 bits. */
export const MIN_SECRET_LENGTH = 32;
const SECRET_FILE_NAME = 'session-secret';

/** How the credential is signed and sent. */
export interface CredentialOptions {
  /** Signing secrets, newest first: the first signs, any verifies (rotation). */
  secrets: readonly string[];
  /**
   * The APIs are called from another site (CORS_ORIGINS): the cookie must then be SameSite=None, which
   * browsers accept only with Secure, so such a deployment must be served over HTTPS.
   */
  crossSite?: boolean;
}

/**
 * Registers the cookie parser with the signing secrets on the whole server, so that every API scope can
 * read the credential.
 */
export async function registerCredential(app: FastifyInstance, options: CredentialOptions): Promise<void> {
  if (options.secrets.length === 0) throw new Error('the visitor credential needs at least one signing secret');
  for (const secret of options.secrets) {
    if (secret.length < MIN_SECRET_LENGTH) throw new Error(`SESSION_SECRET: each secret must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  await app.register(fastifyCookie, { secret: [...options.secrets], hook: 'onRequest' });
  app.decorate('credentialCrossSite', options.crossSite === true);
}

declare module 'fastify' {
  interface FastifyInstance {
    credentialCrossSite: boolean;
  }
}

/** Whether the credential goes out Secure (and `__Host-` named): behind HTTPS, and always when cross-site. */
function isSecure(request: FastifyRequest): boolean {
  return request.server.credentialCrossSite || request.protocol === 'https';
}

/** The credential's signed value: the visitor id and when it was issued (seconds), `{id}~{issuedAt}`. */
export function credentialValue(visitor: string, issuedAtSeconds: number): string {
  return `${visitor}~${issuedAtSeconds}`;
}

/**
 * The visitor the request's credential names, or null when it has none, a forged, malformed or expired one,
 * or more than one (a cookie planted beside the visitor's own must not decide which one counts).
 */
export function visitorOf(request: FastifyRequest): string | null {
  const name = isSecure(request) ? SECURE_CREDENTIAL_COOKIE : CREDENTIAL_COOKIE;
  const header = request.headers.cookie ?? '';
  if (header.split(';').filter((pair) => pair.trimStart().startsWith(`${name}=`)).length !== 1) return null;
  const raw = request.cookies?.[name];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || value === null) return null;
  const [visitor, issued, ...rest] = value.split('~');
  if (visitor === undefined || issued === undefined || rest.length > 0 || !/^\d{1,12}$/.test(issued) || !isVisitorId(visitor)) return null;
  // Expired on the server too, not only in the browser: a copied cookie stops working after the same time.
  const age = Date.now() / 1000 - Number(issued);
  return age >= -CLOCK_SKEW_SECONDS && age <= CREDENTIAL_MAX_AGE_SECONDS ? visitor : null;
}

/** How far in the future an issue time may be (another server's clock). */
const CLOCK_SKEW_SECONDS = 300;

/**
 * The visitor the request's credential names; a 401 naming "credential" when there is none (a plain HTTP
 * call, or a browser that never created its session here).
 */
export function requireVisitor(request: FastifyRequest): string {
  const visitor = visitorOf(request);
  if (!visitor) throw new ApiRequestError(401, 'This call needs the visitor credential that the server sets when a session is created.', 'credential');
  return visitor;
}

/** A 403 on `field` unless `value` is the request's visitor: a visitor acts only as themselves. */
export function assertSelf(visitor: string, value: string | undefined, field: string): void {
  if (value !== visitor) throw new ApiRequestError(403, `${field} must be the id of the visitor whose credential this request carries.`, field);
}

/** Sets (or renews: a new issue time) the credential naming `visitor` on the response. */
export function issueCredential(request: FastifyRequest, reply: FastifyReply, visitor: string): void {
  const secure = isSecure(request);
  reply.setCookie(secure ? SECURE_CREDENTIAL_COOKIE : CREDENTIAL_COOKIE, credentialValue(visitor, Math.floor(Date.now() / 1000)), {
    signed: true,
    httpOnly: true,
    path: '/',
    maxAge: CREDENTIAL_MAX_AGE_SECONDS,
    sameSite: request.server.credentialCrossSite ? 'none' : 'lax',
    // Behind HTTPS (TRUST_PROXY makes X-Forwarded-Proto count); always for SameSite=None, which needs it.
    secure,
  });
}

/**
 * The signing secrets: SESSION_SECRET (comma-separated, newest first, for rotation), or else one generated
 * on first start and kept in the data directory (mode 0600), so credentials survive restarts.
 *
 * @throws {Error} when SESSION_SECRET holds a secret shorter than MIN_SECRET_LENGTH.
 */
export async function loadSessionSecrets(value: string | undefined, dataDir: string): Promise<string[]> {
  const given = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (given.length > 0) {
    const short = given.find((s) => s.length < MIN_SECRET_LENGTH);
    if (short !== undefined) throw new Error(`SESSION_SECRET: each secret must be at least ${MIN_SECRET_LENGTH} characters long (openssl rand -base64 48)`);
    return given;
  }
  const file = join(dataDir, SECRET_FILE_NAME);
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': two servers starting together on one data directory agree on the first one written.
    await writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  await chmod(file, 0o600).catch(() => undefined);
  const stored = (await readFile(file, 'utf8')).trim();
  if (stored.length < MIN_SECRET_LENGTH) throw new Error(`${file} holds no usable session secret: delete it to make a new one, or set SESSION_SECRET`);
  return [stored];
}

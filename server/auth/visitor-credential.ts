import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isVisitorId } from '../../src/services/visitor-id';
import { ApiRequestError } from '../api/errors';

// The visitor credential (design §6): an httpOnly cookie, issued when a visitor's session is created, holding
// the session id signed with the server's secret. Whoever holds it is that visitor; knowing a usid (it is in
// URLs) is not enough to read or change anything of theirs. JavaScript never sees it.

/** The cookie's name. */
export const CREDENTIAL_COOKIE = 'astrelle_visitor';
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

/** The visitor the request's credential names, or null when it has none, a forged one or a malformed one. */
export function visitorOf(request: FastifyRequest): string | null {
  const raw = request.cookies?.[CREDENTIAL_COOKIE];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  return valid && value !== null && isVisitorId(value) ? value : null;
}

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

/** Sets (or renews) the credential naming `visitor` on the response. */
export function issueCredential(request: FastifyRequest, reply: FastifyReply, visitor: string): void {
  const crossSite = request.server.credentialCrossSite;
  reply.setCookie(CREDENTIAL_COOKIE, visitor, {
    signed: true,
    httpOnly: true,
    path: '/',
    maxAge: CREDENTIAL_MAX_AGE_SECONDS,
    sameSite: crossSite ? 'none' : 'lax',
    // Behind HTTPS (TRUST_PROXY makes X-Forwarded-Proto count); always for SameSite=None, which needs it.
    secure: crossSite || request.protocol === 'https',
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

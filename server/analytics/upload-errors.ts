import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from '../db/busy';
import { ERRORS, type UploadError } from './amplitude-wire';

/** An upload refused with Amplitude's answer: its status and body. */
export class UploadRefused extends Error {
  readonly statusCode: number;
  readonly body: UploadError;

  constructor(statusCode: number, body: Omit<UploadError, 'code'>) {
    super(body.error);
    this.name = 'UploadRefused';
    this.statusCode = statusCode;
    this.body = { code: statusCode, ...body };
  }
}

/**
 * The event log's error handler: every answer has Amplitude's shape, `{ code, error, ... }`, because the
 * Browser SDK reads the status from the body's `code` and treats a body without one as an unknown failure
 * that it retries (@amplitude/analytics-core's transports/base.js). Fastify's own refusals keep their status:
 * 413 for a body over the endpoint's limit (the SDK then halves its batch), 415 for another content type; a
 * database locked by another process is a 503 with Retry-After (nothing was stored; Amplitude documents 503 as
 * safe to retry). Request bodies never reach the log: a 4xx is not logged, and JSON.parse's message (which quotes
 * the body) is never used.
 */
export function uploadErrorHandler(error: FastifyError | UploadRefused, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof UploadRefused) {
    // The request limit's 429 comes before the body is read: closing the connection spares reading the rest of it.
    if (error.statusCode === 429) reply.header('connection', 'close');
    return reply.code(error.statusCode).send(error.body);
  }
  if (isDatabaseBusy(error)) {
    request.log.warn({ err: error }, 'database busy');
    return reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send(answer(503, 'The database is busy; try again in a moment.'));
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(answer(status, 'Something went wrong.'));
  }
  // Refused for its length before it is read (or read up to the limit): the rest of it is not read either.
  if (status === 413) return reply.code(413).header('connection', 'close').send(answer(413, ERRORS.payloadTooLarge));
  if (status === 415) return reply.code(415).send(answer(415, 'Content-Type must be application/json or text/plain (JSON text).'));
  // Fastify's other refusals (say, a body shorter than its Content-Length) name no value of the body.
  return reply.code(status).send(answer(status, error.message));
}

function answer(code: number, error: string): UploadError {
  return { code, error };
}

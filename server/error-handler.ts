import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from './db/busy';

/** The JSON body of every error response. */
export interface ErrorBody {
  error: string;
  message: string;
  /** For validation errors and conflicts: the request field at fault as a dotted path, such as "q" or "yourData.month". */
  field?: string;
}

/**
 * Fastify error handler: a schema validation failure becomes a 400 naming the field at fault, so a
 * client can point at the right input; a database locked by another process is a 503 with Retry-After
 * (nothing was written, trying again is safe); other client errors keep their status and message, and
 * server errors are logged and answered without internals.
 *
 * @example app.setErrorHandler(jsonErrorHandler)
 */
export function jsonErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.validation) {
    const body: ErrorBody = { error: STATUS_CODES[400]!, message: error.message };
    const field = validationField(error);
    if (field) body.field = field;
    return reply.code(400).send(body);
  }
  if (isDatabaseBusy(error)) {
    request.log.warn({ err: error }, 'database busy');
    const body: ErrorBody = { error: STATUS_CODES[503]!, message: 'The database is busy; try again in a moment.' };
    return reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send(body);
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ error: STATUS_CODES[status] ?? 'Error', message: 'Something went wrong.' });
  }
  const body: ErrorBody = { error: STATUS_CODES[status] ?? 'Error', message: error.message };
  const field = (error as { field?: unknown }).field;
  if (typeof field === 'string') body.field = field;
  // Fastify's body parser errors (empty or unparsable JSON) are about the body as a whole.
  else if (status === 400 && error.code?.startsWith('FST_ERR_CTP_')) body.field = 'body';
  return reply.code(status).send(body);
}

function validationField(error: FastifyError): string | undefined {
  const [first] = error.validation ?? [];
  if (!first) return error.validationContext;
  const path = first.instancePath.split('/').filter(Boolean).map(unescapePointer);
  // Ajv reports a missing or unknown property against its parent object, naming it only in params.
  const params = first.params as { missingProperty?: unknown; additionalProperty?: unknown };
  const named = params.missingProperty ?? params.additionalProperty;
  if (typeof named === 'string') path.push(named);
  return path.join('.') || error.validationContext;
}

// JSON Pointer escapes "~" and "/" in property names.
function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

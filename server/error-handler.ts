import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The JSON body of every error response. */
export interface ErrorBody {
  error: string;
  message: string;
  /** For validation errors: the request field at fault, such as "q" or "limit". */
  field?: string;
}

/**
 * Fastify error handler: a schema validation failure becomes a 400 naming the field at fault, so a
 * client can point at the right input; other client errors keep their status and message, and
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
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ error: STATUS_CODES[status] ?? 'Error', message: 'Something went wrong.' });
  }
  return reply.code(status).send({ error: STATUS_CODES[status] ?? 'Error', message: error.message });
}

function validationField(error: FastifyError): string | undefined {
  const [first] = error.validation ?? [];
  if (!first) return error.validationContext;
  // Ajv reports a missing property against its parent object, naming it only in params.
  const missing = (first.params as { missingProperty?: unknown }).missingProperty;
  if (typeof missing === 'string') return missing;
  const path = first.instancePath.split('/').filter(Boolean).join('.');
  return path || error.validationContext;
}

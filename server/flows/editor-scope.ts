import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseBusy } from '../db/busy';
import { refuseWithoutEditor, type EditorTokens } from './editor-tokens';

// What every route of the editor API (/editor) shares: the editor's token checked before a body is read, bodies kept
// as text (a flow's problems are located by line and column in it), refusals as one-line JSON naming the field, and a
// database that cannot be reached answered 503 with nothing changed.

/** The largest body an editor may send (a flow): the product's flow is under 50 KB. */
export const MAX_FLOW_BYTES = 1024 * 1024;

const FLOW_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const VERSION = /^[1-9][0-9]{0,8}$/;

/** A refusal: its status, a one-line message that starts with the field at fault, and that field. */
export class EditorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

function send(reply: FastifyReply, status: number, message: string, extra: Record<string, unknown> = {}) {
  return reply.code(status).send({ error: STATUS_CODES[status] ?? 'Error', message, ...extra });
}

/** The `flowId` path parameter, checked. */
export function flowIdOf(request: FastifyRequest): string {
  const { flowId } = request.params as { flowId: string };
  if (!FLOW_ID.test(flowId)) throw new EditorError(400, `flowId: "${flowId}" is not a flow id (lower-case letters, digits, - and _)`, { field: 'flowId' });
  return flowId;
}

/** The `version` path parameter, checked. */
export function versionOf(request: FastifyRequest): number {
  const { version } = request.params as { version: string };
  if (!VERSION.test(version)) throw new EditorError(400, `version: "${version}" is not a version number`, { field: 'version' });
  return Number(version);
}

/**
 * A JSON object body, parsed: a 400 naming `body` for anything else, and a 400 naming the first field that is not
 * one of `fields`.
 */
export function objectBody(text: unknown, fields: readonly string[], example: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(typeof text === 'string' ? text : '');
  } catch (error) {
    throw new EditorError(400, `body: not valid JSON: ${(error as Error).message}`, { field: 'body' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new EditorError(400, `body: expected ${example}`, { field: 'body' });
  for (const key of Object.keys(body)) {
    if (!fields.includes(key)) throw new EditorError(400, `${key}: not a field here (${fields.join(', ')})`, { field: key });
  }
  return body as Record<string, unknown>;
}

/** A stored version number as a body field may hold it. */
export function isVersionNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value < 1e9;
}

/**
 * Sets the editor API's rules on its scope and returns how a handler learns the editor's name (the token's name in
 * EDITOR_TOKENS, for the audit rows).
 */
export function setUpEditorScope(scope: FastifyInstance, tokens: EditorTokens): (request: FastifyRequest) => string {
  // The flow's text as sent: its problems are located by line and column in it.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: MAX_FLOW_BYTES }, (_request, body, done) => done(null, body));
  scope.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof EditorError) return send(reply, error.status, error.message, error.extra);
    if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 413, `body: a flow may be at most ${MAX_FLOW_BYTES} bytes (1 MiB)`, { field: 'body' });
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(reply, 415, 'send the flow as application/json', { field: 'content-type' });
    if (error.statusCode === 429) return reply.code(429).send(error);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(reply, error.statusCode, error.message);
    // The database is down or locked: nothing was changed (each change is one transaction).
    request.log.error({ err: error }, 'editor request failed');
    const status = isDatabaseBusy(error) || !error.statusCode ? 503 : 500;
    return send(reply, status, status === 503 ? 'the flow store cannot be reached; nothing was changed, try again' : 'something went wrong; nothing was changed');
  });
  // Checked after the rate limit (route onRequest hooks) and before the body is read: a wrong token counts against the
  // address's limit, and a stranger's megabyte is never parsed.
  scope.decorateRequest('editor', '');
  scope.addHook('preParsing', async (request, reply, payload) => {
    const name = tokens.editorOf(request.headers.authorization);
    if (name) {
      (request as FastifyRequest & { editor: string }).editor = name;
      return payload;
    }
    refuseWithoutEditor(reply.header('connection', 'close'), tokens);
    return reply as never;
  });
  return (request: FastifyRequest) => (request as FastifyRequest & { editor: string }).editor;
}

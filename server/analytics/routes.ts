import fastifyCors from '@fastify/cors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/open';
import { ENDPOINT_LIMITS, ERRORS, type Endpoint, type UploadSuccess } from './amplitude-wire';
import { appendEvents } from './event-log';
import { UploadRefused, uploadErrorHandler } from './upload-errors';
import { checkUpload } from './upload-validation';

export interface AnalyticsOptions {
  store: Store;
  /** Per client address limit of each endpoint (route option of @fastify/rate-limit). */
  rateLimit: { max: number; timeWindow: number };
  /** Other origins allowed to post (CORS); same-origin posts need nothing. */
  corsOrigins: readonly string[];
}

/** A parsed upload body and its size as received, for Amplitude's `payload_size_bytes`. */
class ReceivedUpload {
  constructor(
    readonly value: unknown,
    readonly sizeBytes: number,
  ) {}
}

const PATHS: Record<Endpoint, string> = { httpapi: '/2/httpapi', batch: '/batch' };
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The first-party event log, mounted under /analytics: `POST /analytics/2/httpapi` and `POST /analytics/batch`
 * take and answer what Amplitude's HTTP V2 and Batch Event Upload APIs do (amplitude-wire.ts), so the Browser
 * SDK can post to it with `serverUrl`. Any api_key is accepted; it only tags the rows.
 *
 * Bodies are JSON sent as application/json (fetch, XHR) or text/plain (navigator.sendBeacon, which the SDK's
 * beacon transport uses: `text/plain;charset=UTF-8`). Compressed bodies are refused (415): the SDK compresses
 * only for Amplitude's own hosts, or with `enableRequestBodyCompression`.
 */
export const analyticsRoutes: FastifyPluginAsync<AnalyticsOptions> = async (scope, { store, rateLimit, corsOrigins }) => {
  scope.removeAllContentTypeParsers();
  for (const type of ['application/json', 'text/plain']) scope.addContentTypeParser(type, { parseAs: 'buffer' }, parseUpload);
  scope.setErrorHandler(uploadErrorHandler);
  scope.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') throw new UploadRefused(415, { error: 'Content-Encoding is not accepted: send the JSON uncompressed.' });
  });
  scope.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  if (corsOrigins.length > 0) {
    // The listed origins only, as for the other APIs; without credentials, since nothing here reads a cookie.
    await scope.register(fastifyCors, { origin: [...corsOrigins], methods: ['POST'], allowedHeaders: ['content-type'], maxAge: 600 });
  }

  for (const endpoint of ['httpapi', 'batch'] as const) {
    const limits = ENDPOINT_LIMITS[endpoint];
    scope.post(PATHS[endpoint], {
      bodyLimit: limits.bodyBytes,
      config: {
        rateLimit: {
          ...rateLimit,
          // In Amplitude's shape: a 429 without `code` would read as an unknown failure to the SDK.
          errorResponseBuilder: (_request, context) =>
            new UploadRefused(429, { error: `Too many requests from this address: at most ${context.max} a minute here. Try again in ${context.after}.` }),
        },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const received = request.body;
        if (!(received instanceof ReceivedUpload)) throw new UploadRefused(400, { error: ERRORS.missingBody });
        const check = checkUpload(received.value, limits);
        if (!check.ok) return reply.code(check.status).send(check.body);
        const receivedAt = new Date();
        await appendEvents(store, check.upload, receivedAt);
        const answer: UploadSuccess = {
          code: 200,
          events_ingested: check.upload.events.length,
          payload_size_bytes: received.sizeBytes,
          server_upload_time: receivedAt.getTime(),
        };
        return reply.code(200).send(answer);
      },
    });
  }
};

// JSON.parse's own message quotes the body, so it is neither answered nor logged.
async function parseUpload(_request: FastifyRequest, body: Buffer): Promise<ReceivedUpload> {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new UploadRefused(400, { error: ERRORS.invalidJson });
  }
  if (text.trim() === '') throw new UploadRefused(400, { error: ERRORS.missingBody });
  try {
    return new ReceivedUpload(JSON.parse(text), body.length);
  } catch {
    throw new UploadRefused(400, { error: ERRORS.invalidJson });
  }
}

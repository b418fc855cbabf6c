import fastifyCors from '@fastify/cors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/open';
import { BUSY_RETRY_AFTER_SECONDS } from '../db/busy';
import { ENDPOINT_LIMITS, ERRORS, type Endpoint } from './amplitude-wire';
import { keepDeclared } from './declared-only';
import type { EventCatalogue } from './event-catalogue';
import { EventWriter } from './event-writer';
import { ceilingMessage, formatMegabytes, secondsToNextUtcDay, uploadAnswer } from './upload-answer';
import { UploadRefused, uploadErrorHandler } from './upload-errors';
import { eventStoredBytes } from './event-log';
import { admitAll, UploadQuotas, type UploadQuotaSettings } from './upload-quotas';
import { checkUpload } from './upload-validation';

export interface AnalyticsOptions {
  store: Store;
  /** What the log stores: the events the served flows, the app and the SDK declare, with their properties. */
  catalogue: EventCatalogue;
  /** Per client address limit of each endpoint (route option of @fastify/rate-limit). */
  rateLimit: { max: number; timeWindow: number };
  /** Events per device and per client address, a second and a day. */
  quotas: UploadQuotaSettings;
  /** Bytes of events stored at most on one UTC day. */
  dailyCeilingBytes: number;
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
/** Nothing of the upload was stored: Amplitude's clients send a 503 again later. */
const BUSY = { code: 503, error: 'The event log is busy; try again in a moment.' };
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The first-party event log, mounted under /analytics: `POST /analytics/2/httpapi` and `POST /analytics/batch`
 * take and answer what Amplitude's HTTP V2 and Batch Event Upload APIs do (amplitude-wire.ts), so the Browser
 * SDK can post to it with `serverUrl`. Any api_key is accepted; it only tags the rows.
 *
 * Bodies are JSON sent as application/json (fetch, XHR) or text/plain (navigator.sendBeacon, which the SDK's
 * beacon transport uses: `text/plain;charset=UTF-8`). Compressed bodies are refused (415): the SDK compresses
 * only for Amplitude's own hosts, or with `enableRequestBodyCompression`.
 *
 * An upload that passed Amplitude's checks goes through the log's own defences against filling the disk, in order:
 * what nobody declared is dropped (declared-only.ts), the quotas per device and address (upload-quotas.ts), then the
 * writer with its daily ceiling and bounded backlog (event-writer.ts).
 */
export const analyticsRoutes: FastifyPluginAsync<AnalyticsOptions> = async (scope, { store, catalogue, rateLimit, quotas, dailyCeilingBytes, corsOrigins }) => {
  const uploadQuotas = new UploadQuotas(quotas);
  const writer = new EventWriter(store, {
    dailyCeilingBytes,
    onFull: (day) => scope.log.warn({ day, dailyCeilingBytes }, 'event log: the daily ceiling is reached; uploads are refused until 00:00 UTC'),
  });
  scope.addHook('onClose', async () => writer.drained());
  scope.removeAllContentTypeParsers();
  for (const type of ['application/json', 'text/plain']) scope.addContentTypeParser(type, { parseAs: 'buffer' }, (_request: FastifyRequest, body: Buffer) => parseUpload(body));
  scope.setErrorHandler(uploadErrorHandler);
  scope.addHook('onRequest', async (request, reply) => {
    // Before the body is read: a body refused here costs nothing to parse, so a flood that finds the day's ceiling
    // reached or the writer full takes next to no time from the sessions and payments.
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') return refuseUnread(reply, 415).send({ code: 415, error: 'Content-Encoding is not accepted: send the JSON uncompressed.' });
    if (request.method !== 'POST') return undefined;
    // Every body is counted against its address before it is read, so its length must be known: the SDK's fetch, XHR
    // and sendBeacon always send it.
    const length = declaredLength(request);
    if (length === null) return refuseUnread(reply, 411).send({ code: 411, error: 'Content-Length is required: send the body with its length, not chunked.' });
    const now = new Date();
    if (writer.isFull(now)) return refuseUnread(reply, 429, secondsToNextUtcDay(now)).send({ code: 429, error: ceilingMessage(dailyCeilingBytes) });
    if (writer.isBusy()) return refuseUnread(reply, 503, BUSY_RETRY_AFTER_SECONDS).send(BUSY);
    const verdict = uploadQuotas.admitBytes(request.ip, length);
    if (verdict.ok) return undefined;
    return refuseUnread(reply, 429, verdict.retryAfterSeconds).send({ code: 429, error: `Too many bytes uploaded from this address: at most ${formatMegabytes(quotas.addressBytesPerMinute)} a minute here. Try again in ${verdict.retryAfterSeconds} s.` });
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
        const { kept, invalid } = keepDeclared(check.upload.events, catalogue);
        // On a day whose ceiling is reached nothing is counted against the quotas: nothing is taken anyway.
        const apiKey = check.upload.apiKey;
        const admission = writer.isFull(receivedAt) ? admitAll(kept) : uploadQuotas.admit(request.ip, kept, ({ event }) => eventStoredBytes(apiKey, event));
        const written = await writer.append(apiKey, admission.admitted, receivedAt, received.sizeBytes);
        if (written === 'busy') {
          return reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send(BUSY);
        }
        const answer = uploadAnswer({ sizeBytes: received.sizeBytes, receivedAt, kept, invalid, admission, written, dailyCeilingBytes, epsThreshold: quotas.devicePerSecond });
        if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
        return reply.code(answer.status).send(answer.body);
      },
    });
  }
};

// JSON.parse's own message quotes the body, so it is neither answered nor logged.
async function parseUpload(body: Buffer): Promise<ReceivedUpload> {
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

/** The body's size as its Content-Length says; null when it does not say (a body sent chunked). */
function declaredLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  const length = Number(header);
  return header !== undefined && Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/**
 * A refusal sent before the body is read. The connection is closed after it: kept open, the server would have to read
 * the rest of the body (up to 20 MB) only to throw it away before the next request could be parsed.
 */
function refuseUnread(reply: FastifyReply, status: 411 | 415 | 429 | 503, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(status).header('connection', 'close');
}

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A body made once and kept in its three encodings: a phone on a slow network gets a third of the bytes. */
export interface EncodedBody {
  raw: Buffer;
  br: Buffer;
  gz: Buffer;
}

/** Compresses once, at the highest levels: each body is sent many times and made once per flow version. */
export function encodeBody(text: string): EncodedBody {
  const raw = Buffer.from(text);
  return { raw, br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gz: gzipSync(raw, { level: 9 }) };
}

/** Sends the encoding the request accepts (brotli, then gzip, else none); `vary` names what else picked the body. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, vary = 'accept-encoding'): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply.header('vary', vary);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gz : body.raw);
}

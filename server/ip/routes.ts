import { createHash, timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../src/shared/contract/common';
import { IpLookupParams, IpLookupQuery, IpLookupResponse } from '../../src/shared/contract/ip-lookup';
import { ApiRequestError } from '../api/errors';
import type { GeoLocator } from './geo';

export interface IpLookupOptions {
  /** Opens (once, on first use) the database behind the lookups. */
  locator: () => Promise<GeoLocator>;
  /** When set, `?key=` must equal it (403 otherwise), as ip-api.com pro does; unset, any key is accepted. */
  key?: string;
  /** Per client address limit (route option of @fastify/rate-limit); none when absent. */
  rateLimit?: { max: number; timeWindow: number };
}

/**
 * ip-api.com pro compatible lookup, mounted under /ip: `GET /ip/json?key=` answers for the caller's
 * address (X-Forwarded-For counts only behind a trusted proxy: TRUST_PROXY), `GET /ip/json/:ip?key=` for
 * the given one. Like ip-api, a lookup that finds nothing is a 200 with `status: "fail"`.
 */
export async function ipLookupRoutes(scope: FastifyInstance, options: IpLookupOptions): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  let locator: Promise<GeoLocator> | undefined;
  const open = (): Promise<GeoLocator> =>
    (locator ??= options.locator().catch((error: unknown) => {
      locator = undefined; // try again on the next request
      throw error;
    }));
  const expectedKey = options.key ? digest(options.key) : undefined;

  app.addHook('onRequest', async (request) => {
    if (!expectedKey) return;
    const given = (request.query as { key?: unknown }).key;
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expectedKey)) {
      throw new ApiRequestError(403, 'A valid key is required.', 'key');
    }
  });

  const response = { 200: IpLookupResponse, 400: ApiError, 403: ApiError };

  // Unlimited only where the server was built without limits (a test of the lookup alone).
  const config = { rateLimit: options.rateLimit ?? false } as const;

  app.get('/json', {
    schema: { querystring: IpLookupQuery, response },
    config,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return (await open()).lookup(request.ip);
    },
  });

  app.get('/json/:ip', {
    schema: { querystring: IpLookupQuery, params: IpLookupParams, response },
    config,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return (await open()).lookup(request.params.ip);
    },
  });
}

// Comparing fixed-length digests keeps the comparison constant-time whatever the key's length.
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

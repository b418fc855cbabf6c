import type { FastifyInstance } from 'fastify';
import { loadGazetteer, PLACE_SEARCH_LIMIT } from './gazetteer';

interface SearchQuery {
  q: string;
  limit: number;
}

const MAX_QUERY_LENGTH = 100;

const placeSchema = {
  type: 'object',
  required: ['id', 'name', 'country', 'countryCode', 'label', 'latitude', 'longitude', 'timeZone', 'population'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    region: { type: 'string' },
    country: { type: 'string' },
    countryCode: { type: 'string' },
    label: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    timeZone: { type: 'string' },
    population: { type: 'integer' },
  },
} as const;

/**
 * Registers `GET /places/search?q=&limit=`: birthplace autocomplete over the gazetteer. Answers
 * `{ query, results }`, cacheable for a day since the data only changes with a deploy.
 */
export function registerPlaceSearch(app: FastifyInstance): void {
  app.get<{ Querystring: SearchQuery }>('/places/search', {
    schema: {
      querystring: {
        type: 'object',
        required: ['q'],
        properties: {
          q: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH },
          limit: { type: 'integer', minimum: 1, maximum: PLACE_SEARCH_LIMIT.max, default: PLACE_SEARCH_LIMIT.default },
        },
      },
      response: {
        200: {
          type: 'object',
          required: ['query', 'results'],
          properties: { query: { type: 'string' }, results: { type: 'array', items: placeSchema } },
        },
      },
    },
    // Length limits apply to what was typed, not to stray spaces around it: trim before the schema runs.
    preValidation: async (request) => {
      // Not yet validated, so q may be missing or repeated (an array).
      const query: { q?: unknown } = request.query;
      if (typeof query.q === 'string') query.q = query.q.trim();
    },
    handler: async (request, reply) => {
      const { q, limit } = request.query;
      reply.header('cache-control', 'public, max-age=86400');
      return { query: q, results: loadGazetteer().search(q, limit) };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { loadGazetteer, PLACE_SEARCH_LIMIT } from './gazetteer';
import { tzDataVersion, zoneHistory } from '../tz/zone-histories';

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
    admin1: { type: 'string' },
    matched: { type: 'string' },
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

/** IANA zone names: "Europe/Amsterdam", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "EST5EDT". */
const ZONE_NAME = '^[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+){0,2}$';

/**
 * Registers `GET /places/zone?id=`: a time zone's whole history from the tz database (server/tz), which the app
 * keeps with the birthplace the visitor picks and reads with src/engine/zone-history.ts. A link's name (Asia/Calcutta)
 * answers the zone it names (Asia/Kolkata); a name the tz data does not know is a 400 naming `id`.
 */
export function registerZoneHistory(app: FastifyInstance): void {
  app.get<{ Querystring: { id: string } }>('/places/zone', {
    schema: {
      querystring: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: ZONE_NAME } },
      },
      response: {
        200: {
          type: 'object',
          required: ['zone', 'version', 'offsets', 'transitions'],
          properties: {
            zone: { type: 'string' },
            version: { type: 'string' },
            offsets: { type: 'array', items: { type: 'integer' } },
            transitions: { type: 'string' },
          },
        },
      },
    },
    handler: async (request, reply) => {
      const history = zoneHistory(request.query.id);
      if (!history) {
        return reply.code(400).send({ error: 'Bad Request', message: `querystring/id is not a time zone of the tz data ${tzDataVersion()}`, field: 'id' });
      }
      // The same for a day whatever the visitor: it changes only with a deploy of new tz data.
      reply.header('cache-control', 'public, max-age=86400');
      return history;
    },
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

// With the u flag a well-formed pair is one code point, so only an unpaired half matches.
const LONE_SURROGATE = /\p{Cs}/u;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Replaces the JSON body parser of an API scope with one that names what is wrong:
 * - unparsable JSON → 400, field "body";
 * - an empty body → no body (routes with a body schema then answer 400, field "body");
 * - a `__proto__`, `constructor` or `prototype` key anywhere → 400 naming it (nothing can reach an
 *   object's prototype, and such keys are never stored);
 * - a string containing U+0000 or an unpaired surrogate anywhere → 400 naming it: PostgreSQL text cannot
 *   hold NUL and a lone surrogate cannot be stored as UTF-8, so both databases would change the value.
 * The size limit stays Fastify's bodyLimit (413).
 */
export function useStrictJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      done(badRequest(`Body is not valid JSON: ${(error as Error).message}`, 'body'), undefined);
      return;
    }
    const problem = findUnsafeValue(value, '');
    if (problem) {
      done(badRequest(problem.message, problem.field), undefined);
      return;
    }
    done(null, value);
  });
}

interface Problem {
  field: string;
  message: string;
}

/** The first forbidden key or unstorable string in a parsed JSON value, depth first. */
export function findUnsafeValue(value: unknown, path: string): Problem | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { field: path || 'body', message: `${path || 'body'} must not contain the NUL character (U+0000)` };
    if (LONE_SURROGATE.test(value)) return { field: path || 'body', message: `${path || 'body'} must not contain an unpaired surrogate` };
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const problem = findUnsafeValue(value[i], path ? `${path}.${i}` : String(i));
      if (problem) return problem;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const field = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key)) return { field, message: `${field}: the property name "${key}" is not allowed` };
    const keyProblem = findUnsafeValue(key, field);
    if (keyProblem) return keyProblem;
    const problem = findUnsafeValue((value as Record<string, unknown>)[key], field);
    if (problem) return problem;
  }
  return undefined;
}

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

/** Deeper JSON than this is refused (400): no contract shape nests near it, and walking it costs stack. */
export const MAX_JSON_DEPTH = 32;

/** The first forbidden key, unstorable string or too-deep nesting in a parsed JSON value, depth first. */
export function findUnsafeValue(root: unknown, rootPath = ''): Problem | undefined {
  // Iterative, so a hostile body cannot overflow the stack.
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: rootPath, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    const field = path || 'body';
    if (typeof value === 'string') {
      const problem = stringProblem(value, field);
      if (problem) return problem;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { field, message: `${field} is nested more than ${MAX_JSON_DEPTH} levels deep` };
    const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    if (!Array.isArray(value)) {
      for (const [key] of entries) {
        const keyPath = path ? `${path}.${key}` : key;
        if (FORBIDDEN_KEYS.has(key)) return { field: keyPath, message: `${keyPath}: the property name "${key}" is not allowed` };
        const keyProblem = stringProblem(key, keyPath);
        if (keyProblem) return keyProblem;
      }
    }
    // Pushed in reverse so the first entry is looked at first.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

function stringProblem(value: string, field: string): Problem | undefined {
  if (value.includes('\u0000')) return { field, message: `${field} must not contain the NUL character (U+0000)` };
  if (LONE_SURROGATE.test(value)) return { field, message: `${field} must not contain an unpaired surrogate` };
  return undefined;
}

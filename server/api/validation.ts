import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { contractFormats } from '../../src/shared/contract/common';

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ useDefaults: true, allErrors: false, strict: false, ...options });
  // "full" checks calendar dates (no February 30) and real times.
  addFormats(ajv, { mode: 'full' });
  for (const [name, validate] of Object.entries(contractFormats)) ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}

// Bodies are strict: a wrong type is an error, not a coercion ("5" is not 5), and an unknown property is
// rejected (not silently dropped). Query strings and path parameters are text by nature: values are
// coerced to the schema's types and unknown parameters ignored, as Fastify does by default.
const bodyAjv = createAjv({ coerceTypes: false, removeAdditional: false });
const textAjv = createAjv({ coerceTypes: 'array', removeAdditional: true });

/**
 * The validator compiler of the API scopes (`app.setValidatorCompiler(apiValidatorCompiler)`): strict
 * bodies, lenient query strings, both knowing the contract's formats (email, date, time-zone).
 */
export const apiValidatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema as object);
};

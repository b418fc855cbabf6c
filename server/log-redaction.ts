import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactEmailAddresses } from '../src/shared/email-address';

// Query parameters whose values identify a person or unlock a service: the visitor's email, the IP lookup's
// key and the visitor id (usid). Compared with the decoded, lower-cased parameter name.
const SECRET_PARAMS: ReadonlySet<string> = new Set(['email', 'key', 'usid']);

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

// Where a parameter may start inside the query. Fastify's query parser splits on `&` only; `?`, `#` and `;`
// count here too, so that a value holding a nested URL (`next=/x?email=…`), a fragment or a `;`-separated
// list (which some proxies, and find-my-way with useSemicolonDelimiter, split on) cannot hide a secret one.
const PARAM_START = /[&?#;]/g;
// Where a parameter's name ends: at its `=`, or at the start of the next parameter when it has no value.
const NAME_END = /[=&?#;]/g;
// Where a secret parameter's value ends: only at the next `&`, as the query parser reads it.
const VALUE_END = /&/g;

// Decoding a name more than this many times gains nothing: no proxy in front of us decodes that often.
const MAX_NAME_DECODES = 3;

/**
 * Replaces the values of the `email`, `key` and `usid` query parameters in `url` with `[redacted]`, so an
 * access log never holds them. Names match case-insensitively and after percent-decoding (`%65mail`,
 * `EMAIL`), every occurrence counts, and the path and all other parameters are left exactly as they were.
 *
 * The query starts at the first `?` or `#`: Fastify's router (find-my-way) splits the path off at either.
 * A secret value runs to the next `&`, as the query parser reads it, so a `#` or `;` inside it cannot keep
 * part of it out of the redaction.
 *
 * @example redactUrl('/users?email=ada%40example.com&project=astrelle') // '/users?email=[redacted]&project=astrelle'
 */
export function redactUrl(url: string): string {
  const queryStart = url.search(/[?#]/);
  if (queryStart === -1) return url;
  let out = url.slice(0, queryStart + 1);
  let position = queryStart + 1;
  while (position <= url.length) {
    const nameEnd = nextIndex(url, NAME_END, position);
    if (url[nameEnd] === '=' && SECRET_PARAMS.has(paramName(url.slice(position, nameEnd)))) {
      const valueEnd = nextIndex(url, VALUE_END, nameEnd + 1);
      out += `${url.slice(position, nameEnd)}=${REDACTED}`;
      if (valueEnd === url.length) return out;
      out += '&';
      position = valueEnd + 1;
      continue;
    }
    const segmentEnd = nextIndex(url, PARAM_START, position);
    out += url.slice(position, segmentEnd + 1);
    position = segmentEnd + 1;
  }
  return out;
}

/**
 * Redacts free text that may quote URLs or addresses (an error's message and stack, a log message such as
 * Fastify's "Route GET:/x?email=… not found"): the secret query values of every URL in it, as
 * {@link redactUrl} does, and anything that looks like an email address, plain or with `@` percent-encoded.
 */
export function redactText(text: string): string {
  return redactEmailAddresses(text.replace(/[^\s"'<>`]*[?#][^\s"'<>`]*/g, redactUrl), REDACTED);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A request URL as the access log keeps it: the query's email, key and usid values redacted (redactUrl), and in
 * the path every UUID (the usid of /subs/sessions/{usid}) and anything shaped like an email replaced, so no line
 * ties a request to a visitor.
 */
export function redactRequestUrl(url: string): string {
  const queryStart = url.search(/[?#]/);
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const rest = queryStart === -1 ? '' : redactUrl(url.slice(queryStart));
  return redactEmailAddresses(path.replace(UUID, '[usid]'), REDACTED) + rest;
}

// A type alias rather than an interface: Fastify's serializer type wants an index signature, which only
// aliases get implicitly.
/** What the access log records of a request: no headers (cookies, authorization) and a redacted URL. */
export type LoggedRequest = {
  method: string;
  url: string;
  host: string;
  remoteAddress: string;
  remotePort: number | undefined;
};

/**
 * The `req` serializer: Fastify's default fields (method, url, host, remoteAddress, remotePort) with the URL
 * redacted. Fastify's own also logs the `accept-version` header; we use no versioned routes, and keeping
 * headers out entirely means a cookie or an authorization header can never reach a log line.
 */
export function serializeRequest(request: FastifyRequest): LoggedRequest {
  return {
    method: request.method,
    url: redactRequestUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** An error as the log records it: pino's standard shape, with every string in it redacted. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

// Causes are followed at most this deep (a cycle or a runaway chain must not stall a log line).
const MAX_CAUSES = 10;

function causesOf(error: ErrorLike): ErrorLike[] {
  const chain = [error];
  for (let cause = error.cause; isErrorLike(cause) && !chain.includes(cause) && chain.length <= MAX_CAUSES; cause = cause.cause) {
    chain.push(cause);
  }
  return chain;
}

/**
 * The `err` serializer. Replaces pino's standard one (Fastify does not let ours wrap it) with the same shape:
 * type, message and stack including the causes', and the error's own enumerable fields. An error message
 * often quotes what it failed on: a URL (ky's "Request timed out: GET …?email=…", Fastify's "Reply was already
 * sent, did you forget to "return reply" in "/x?email=…"") or a value (PostgreSQL's `detail`, "Key (email)=(ada@example.com) already exists"), so
 * every string in it is redacted with {@link redactText}.
 */
export function serializeError(error: unknown): LoggedError {
  if (!isErrorLike(error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  return serializeErrorLike(error, new Set());
}

function serializeErrorLike(error: ErrorLike, seen: Set<unknown>): LoggedError {
  seen.add(error);
  const chain = causesOf(error);
  const logged: LoggedError = {
    type: typeof error.constructor === 'function' ? error.constructor.name : String(error.name),
    message: redactText(chain.map((e) => e.message).filter(Boolean).join(': ')),
    stack: redactText(chain.map((e) => (typeof e.stack === 'string' ? e.stack : '')).join('\ncaused by: ')),
  };
  if (Array.isArray(error.errors)) {
    logged.aggregateErrors = error.errors.map((inner: unknown) => (isErrorLike(inner) && !seen.has(inner) ? serializeErrorLike(inner, seen) : redactValue(inner, seen, 0)));
  }
  for (const [key, value] of Object.entries(error)) {
    // The causes are already in message and stack, as pino's serializer has them.
    if (key in logged || key === 'cause') continue;
    logged[key] = isErrorLike(value) && !seen.has(value) ? serializeErrorLike(value, seen) : redactValue(value, seen, 0);
  }
  return logged;
}

// Plain data is followed this deep; anything deeper is dropped rather than logged unredacted.
const MAX_DEPTH = 4;

function redactValue(value: unknown, seen: Set<unknown>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value) || depth >= MAX_DEPTH) return '[omitted]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item: unknown) => redactValue(item, seen, depth + 1));
  const prototype: unknown = Object.getPrototypeOf(value);
  // Class instances (a Request, a Buffer, a socket) are not data: logging them was never useful and could be huge.
  if (prototype !== Object.prototype && prototype !== null) return `[${value.constructor?.name ?? 'object'}]`;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactValue(item, seen, depth + 1)]));
}

/** Where log lines go instead of standard output: anything with `write`, such as a stream (tests capture it). */
export interface LogDestination {
  write(line: string): unknown;
}

/** The Fastify `logger` option in its object form (Fastify's and pino's options), as {@link redactingLoggerOptions} builds it. */
export type RedactingLoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * Fastify logger options (pino) that keep personal data out of the logs: requests are logged by
 * {@link serializeRequest} (redacted URL, no headers), errors by {@link serializeError}, and string
 * arguments of every log call (Fastify's "Route GET:/x?email=… not found" and "Reply was already sent, did
 * you forget to "return reply" in the "/x?email=…" route?" quote the raw URL) go through {@link redactText}.
 *
 * Objects logged under other keys are not inspected: log a URL as `req` or through `redactUrl`.
 *
 * @param destination where lines go; standard output when absent.
 */
export function redactingLoggerOptions(destination?: LogDestination): RedactingLoggerOptions {
  return {
    level: 'info',
    serializers: { req: serializeRequest, err: serializeError },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg: unknown) => (typeof arg === 'string' ? redactText(arg) : arg)) as typeof args;
        return method.apply(this, redacted);
      },
    },
    ...(destination ? { stream: { write: (line: string) => void destination.write(line) } } : {}),
  };
}

function nextIndex(text: string, pattern: RegExp, from: number): number {
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  return match ? match.index : text.length;
}

// The name as the query parser would read it: `+` is a space and `%XX` a byte. Decoded byte by byte (not
// decodeURIComponent) so a malformed sequence cannot throw, and a few times over so `%2565mail` counts too.
function paramName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  for (let i = 0; i < MAX_NAME_DECODES && name.includes('%'); i++) {
    const decoded = name.replace(/%([\da-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === name) break;
    name = decoded;
  }
  return name.toLowerCase();
}

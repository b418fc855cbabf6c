import { randomUUID } from 'node:crypto';
import { CREDENTIAL_COOKIE } from '../auth/visitor-credential';

/** One HTTP answer: status, parsed JSON body (or the text when it is not JSON) and headers. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A new visitor id as the app makes them (a random v4 UUID). */
export const newVisitorId = (): string => randomUUID();

/**
 * A browser as the reference server sees it, for tests over real HTTP: it keeps the visitor credential cookie
 * the server sets (the last one set wins, as in a browser) and sends it with every call, like the app's ky
 * clients do. `TestBrowser.anonymous` sends no cookie at all (an attacker with curl).
 */
export class TestBrowser {
  private cookie: string | null = null;

  constructor(private readonly baseUrl: () => string) {}

  /** The visitor id the held credential names, or null before a session was created. */
  get visitorId(): string | null {
    if (!this.cookie) return null;
    // `{id}~{issuedAt}.{signature}`
    const value = decodeURIComponent(this.cookie.slice(CREDENTIAL_COOKIE.length + 1));
    return value.slice(0, value.lastIndexOf('.')).split('~')[0] ?? null;
  }

  /** The raw `name=value` of the credential cookie (to forge or replay it in a test). */
  get credential(): string | null {
    return this.cookie;
  }

  /** Replaces the held cookie (null: none), e.g. with a forged or another visitor's one. */
  useCredential(cookie: string | null): void {
    this.cookie = cookie;
  }

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
    const sent = init.headers as Record<string, string>;
    if (this.cookie && sent.cookie === undefined) sent.cookie = this.cookie;
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      sent['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl()}${path}`, { ...init, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0]!;
      if (pair.startsWith(`${CREDENTIAL_COOKIE}=`)) this.cookie = pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  post<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>> {
    return this.call<T>('POST', path, body, headers);
  }

  put<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>> {
    return this.call<T>('PUT', path, body, headers);
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>): Promise<Answer<T>> {
    return this.call<T>('GET', path, undefined, headers);
  }

  /** Creates a session (201) and takes its credential, as the app's landing does; returns the visitor id. */
  async startSession(id: string = newVisitorId()): Promise<string> {
    const answer = await this.post('/subs/sessions/create', { id });
    if (answer.status !== 201) throw new Error(`session create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return id;
  }
}

import { Redis } from 'ioredis';

/**
 * The Redis the processes of one deployment share (REDIS_URL), for what must be counted across all of them: the rate
 * limits. The server serves without it: a command is never queued while Redis is away (it fails at once, so a
 * request never waits on it), the client reconnects on its own, and the way Redis went down and came back is logged
 * once each, not per request.
 */
export interface SharedRedis {
  readonly client: Redis;
  /** Whether the last word from Redis was that it is there (connected and answering). */
  readonly up: boolean;
  /** "redis://host:port/db" with no password, for logs and /readyz. */
  readonly description: string;
  /**
   * A command failed (the connection may not have noticed yet, or Redis was only slow): Redis counts as away for a
   * second, then is tried again.
   */
  failed(error: Error): void;
  /** A command succeeded: Redis is there (said once, if it had been said to be away). */
  succeeded(): void;
  close(): Promise<void>;
}

/** How long a command may take before it counts as a failure: a rate limit must never hold a request up. */
const COMMAND_TIMEOUT_MS = 500;
/** The longest wait between two reconnection attempts. */
const MAX_RECONNECT_WAIT_MS = 2000;
/** After a failed command, how long Redis is left alone before a command is tried there again. */
const AFTER_FAILURE_MS = 1000;

/** Opens a connection to `url` (redis:// or rediss://); it connects in the background. */
export function connectSharedRedis(url: string, log: { warn(message: string): void; info(message: string): void } = console): SharedRedis {
  const description = describeRedisUrl(url);
  const client = new Redis(url, {
    // Fail a command at once while disconnected, instead of queueing it until Redis is back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_WAIT_MS),
  });
  // null: neither up nor down has been logged yet.
  let logged: 'up' | 'down' | null = null;
  // After a failed command on a connection that still looks open (a timeout), Redis is left alone until then.
  let leftAloneUntil = 0;
  const markDown = (reason: string) => {
    if (logged === 'down') return;
    logged = 'down';
    log.warn(`Redis at ${description} is unreachable (${reason}): rate limits are counted by each process alone until it is back`);
  };
  const markUp = () => {
    if (logged === 'down') log.info(`Redis at ${description} is back: rate limits are shared again`);
    logged = 'up';
  };
  client.on('ready', markUp);
  // The client reconnects by itself; without a listener, each failed attempt would print a stack trace.
  client.on('error', (error: Error) => markDown(error.message));
  client.on('close', () => {
    if (logged === 'up') markDown('connection closed');
  });
  return {
    client,
    get up() {
      return client.status === 'ready' && Date.now() >= leftAloneUntil;
    },
    description,
    failed: (error) => {
      leftAloneUntil = Date.now() + AFTER_FAILURE_MS;
      markDown(error.message);
    },
    succeeded: () => {
      if (logged !== 'up') markUp();
    },
    close: async () => {
      client.disconnect();
    },
  };
}

/** The URL with any user name and password left out. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'an invalid REDIS_URL';
  }
}

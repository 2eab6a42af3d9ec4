import { Redis } from "ioredis";

/**
 * A Redis client that fails fast: no offline queue (a command while disconnected is refused at once rather
 * than held until Redis returns), a timeout on every command, no retries of a command, and reconnection
 * in the background forever. Nothing that waits on it can hang a player for longer than `timeoutMs`.
 */
export function fastFailingRedis(url: string, timeoutMs: number, log: (line: string) => void): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: timeoutMs,
    connectTimeout: Math.max(1000, timeoutMs * 2),
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
    lazyConnect: true,
  });
  // One line per outage, not one per reconnection attempt.
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log(`redis: ${error.message}; rooms in play go on, new rooms and joins through the directory are refused until it is back`);
  });
  redis.on("ready", () => {
    if (down) log("redis: connected again");
    down = false;
  });
  return redis;
}

/** Connects, or throws a clear error after `waitMs`. */
export async function connectRedis(redis: Redis, waitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.connect(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from Redis within ${waitMs} ms`)), waitMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an error came from Redis being down or slow (as opposed to a bug). */
export function isRedisOutage(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /enableOfflineQueue|timed out|Connection is closed|ECONNREFUSED|ECONNRESET|EPIPE|Stream isn't writeable|max retries|LOADING|READONLY|NOAUTH/i.test(message);
}

// Rate limits for sign-in, registration, forgot-password and viewers' reports (rate-limiter-flexible): 5 attempts
// a minute per IP and per email (or user) by default (AUTH_RATE_LIMIT). The counters live in PostgreSQL (the app's pool, the
// `rate_limiter_flexible` table of migration 0001), or in Redis when REDIS_URL is set, so that they hold across
// processes and restarts; while Redis is unreachable each process counts in memory. Better Auth's own limiter
// is off (server/domain/auth/auth.ts).
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '#server/db/client.ts';
import { HttpError } from './errors.ts';

export const RATE_LIMIT_WINDOW_SECONDS = 60;
export type LimitedAction = 'login' | 'register' | 'forgot' | 'verify' | 'report';

export class RateLimitError extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, 'too_many_requests', `Too many attempts. Try again in ${retryAfter} seconds.`);
  }
}

export type RateLimits = ReturnType<typeof createRateLimits>;

export function createRateLimits(options: {
  db: Database;
  /** Counters in Redis instead of PostgreSQL. */
  redisUrl?: string;
  /** Attempts allowed per key in a window. */
  points?: number;
  log?: { error: (object: object, message: string) => void };
}) {
  const points = options.points ?? 5;
  let redis: Promise<Redis> | undefined;
  if (options.redisUrl) {
    const url = options.redisUrl;
    redis = import('ioredis').then(({ Redis: Client }) => {
      // No offline queue: while Redis is away a command fails at once and the memory insurance counts.
      const client = new Client(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      client.on('error', (err) => options.log?.error({ err }, 'rate-limit redis error'));
      // The first requests wait for the connection (a second at most) rather than count in memory.
      return new Promise<Redis>((resolve) => {
        const timer = setTimeout(() => resolve(client), 1000);
        client.once('ready', () => {
          clearTimeout(timer);
          resolve(client);
        });
      });
    });
  }

  const limiters = new Map<LimitedAction, Promise<RateLimiterAbstract>>();
  const limiter = (action: LimitedAction) => {
    let found = limiters.get(action);
    if (!found) {
      const common = { keyPrefix: `phim:${action}`, points, duration: RATE_LIMIT_WINDOW_SECONDS };
      found = redis
        ? redis.then(
            (client) =>
              new RateLimiterRedis({
                ...common,
                storeClient: client,
                // While Redis is unreachable, each process counts on its own rather than refusing everyone.
                insuranceLimiter: new RateLimiterMemory(common),
              }),
          )
        : Promise.resolve(
            new RateLimiterPostgres({
              ...common,
              storeClient: options.db.$client,
              storeType: 'pool',
              tableName: 'rate_limiter_flexible',
              tableCreated: true,
            }),
          );
      limiters.set(action, found);
    }
    return found;
  };

  return {
    /** Counts one attempt against every key (`ip:1.2.3.4`, `email:a@b.c`); throws 429 when any is spent. */
    async consume(action: LimitedAction, keys: string[]) {
      const store = await limiter(action);
      const results = await Promise.allSettled(keys.map((key) => store.consume(key)));
      let wait = 0;
      for (const result of results) {
        if (result.status === 'fulfilled') continue;
        if (result.reason instanceof RateLimiterRes)
          wait = Math.max(wait, result.reason.msBeforeNext);
        else throw result.reason;
      }
      if (wait > 0) throw new RateLimitError(Math.max(1, Math.ceil(wait / 1000)));
    },
    async close() {
      if (!redis) return;
      const client = await redis;
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect(); // also stops reconnecting
    },
  };
}

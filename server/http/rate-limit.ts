// Rate limits kept in PostgreSQL (rate-limiter-flexible), so they hold across processes and restarts:
// sign-in, registration and forgot-password allow 5 attempts a minute per IP and per email.
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '#server/db/client.ts';
import { HttpError } from './errors.ts';

export const RATE_LIMIT_WINDOW_SECONDS = 60;
export type LimitedAction = 'login' | 'register' | 'forgot';

export class RateLimitError extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, 'too_many_requests', `Too many attempts. Try again in ${retryAfter} seconds.`);
  }
}

export type RateLimits = ReturnType<typeof createRateLimits>;

export function createRateLimits(db: Database, points = 5) {
  const limiters = new Map<LimitedAction, RateLimiterPostgres>();
  const limiter = (action: LimitedAction) => {
    let found = limiters.get(action);
    if (!found) {
      found = new RateLimiterPostgres({
        storeClient: db.$client,
        storeType: 'pool',
        tableName: 'rate_limiter_flexible',
        tableCreated: true,
        keyPrefix: action,
        points,
        duration: RATE_LIMIT_WINDOW_SECONDS,
      });
      limiters.set(action, found);
    }
    return found;
  };
  return {
    /** Counts one attempt against every key (`ip:1.2.3.4`, `email:a@b.c`); throws 429 when any is spent. */
    async consume(action: LimitedAction, keys: string[]) {
      const results = await Promise.allSettled(keys.map((key) => limiter(action).consume(key)));
      let wait = 0;
      for (const result of results) {
        if (result.status === 'fulfilled') continue;
        if (result.reason instanceof RateLimiterRes)
          wait = Math.max(wait, result.reason.msBeforeNext);
        else throw result.reason;
      }
      if (wait > 0) throw new RateLimitError(Math.max(1, Math.ceil(wait / 1000)));
    },
  };
}

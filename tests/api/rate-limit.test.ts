// Where the rate-limit counters live: PostgreSQL by default (so they hold across processes), Redis when
// REDIS_URL is set. The Redis case needs a `redis-server` binary (apt install redis-server); CI always has one.
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/app-utils.ts';
import { hasRedis, startRedis, type TestRedis } from '#tests/redis-utils.ts';
import { Client } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

async function sixSignIns(t: TestApp, email: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    const response = await new Client(t.app).post('/api/auth/login', {
      email,
      password: 'wrong-password-1',
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('PostgreSQL store (the default)', () => {
  const t = withTestApp();

  it('keeps the counters in the rate_limiter_flexible table, so every process sees them', async () => {
    expect(await sixSignIns(t, 'pg-counted@example.com')).toEqual([422, 422, 422, 422, 422, 429]);
    const rows = await t.db.execute<{ key: string; points: number }>(
      sql`select key, points from rate_limiter_flexible where key like '%pg-counted@example.com'`,
    );
    expect(rows.rows).toEqual([{ key: 'phim:login:email:pg-counted@example.com', points: 6 }]);
  });
});

describe.skipIf(!hasRedis)('Redis store (REDIS_URL)', () => {
  let t: TestApp;
  let redisServer: TestRedis;
  let url: string;
  beforeAll(async () => {
    redisServer = await startRedis();
    url = redisServer.url;
    t = await createTestApp({ env: { REDIS_URL: url } });
  });
  afterAll(async () => {
    await t?.close();
    await redisServer?.stop();
  });

  it('counts in Redis, not in PostgreSQL', async () => {
    expect(await sixSignIns(t, 'redis-counted@example.com')).toEqual([
      422, 422, 422, 422, 422, 429,
    ]);
    const redis = new Redis(url);
    try {
      expect(await redis.get('phim:login:email:redis-counted@example.com')).toBe('6');
      expect(await redis.pttl('phim:login:email:redis-counted@example.com')).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
    const rows = await t.db.execute(sql`select key from rate_limiter_flexible`);
    expect(rows.rows).toEqual([]);
  });

  it('counts in memory while Redis is away, instead of failing every sign-in', async () => {
    await redisServer.stop();
    expect(await sixSignIns(t, 'redis-away@example.com')).toEqual([422, 422, 422, 422, 422, 429]);
  });
});

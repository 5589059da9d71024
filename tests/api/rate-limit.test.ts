// Where the rate-limit counters live: PostgreSQL by default (so they hold across processes), Redis when
// REDIS_URL is set. The Redis case needs a `redis-server` binary (apt install redis-server); CI always has one.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '#server/db/embedded.ts';
import { createTestApp, type TestApp } from '#tests/app-utils.ts';
import { Client } from './accounts-client.ts';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
// CI installs redis-server (.ci/run): there a missing binary is a broken install, not a reason to skip.
if (process.env.CI && !hasRedis)
  throw new Error('redis-server is not installed (apt-get install redis-server).');

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
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

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
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await findFreePort();
    url = `redis://127.0.0.1:${port}`;
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => {}); // refused until the server listens
    for (let i = 0; i < 100; i += 1) {
      try {
        await probe.connect();
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    await probe.quit();
    t = await createTestApp({ env: { REDIS_URL: url } });
  });
  afterAll(async () => {
    await t?.close();
    server?.kill('SIGTERM');
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
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    expect(await sixSignIns(t, 'redis-away@example.com')).toEqual([422, 422, 422, 422, 422, 429]);
  });
});

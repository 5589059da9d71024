// Starting a whole server: first admin, the data-folder lock, health without a database (the demo seed has its own
// file, tests/api/demo-seed.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/client.ts';
import { findFreePort } from '#server/db/embedded.ts';
import { users } from '#server/db/schema/index.ts';
import { DataDirLockedError } from '#server/data-dir-lock.ts';
import { startServer, type RunningServer } from '#server/start.ts';
import { createTestDatabase } from '#tests/db-utils.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-boot-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(env: Record<string, string>) {
  const server: RunningServer = await startServer(
    loadConfig(
      {},
      { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: tempDir(), ...env },
    ),
    { web: false },
  );
  cleanups.push(server.stop);
  return server;
}

describe('first start', () => {
  it('creates the configured first admin once, verified, with the admin role', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const env = {
      DATABASE_URL: database.url,
      ADMIN_EMAIL: 'Boss@Phim.test',
      ADMIN_PASSWORD: 'correct-horse-9',
    };
    const first = await start(env);
    expect(first.firstAdmin).toEqual({ email: 'boss@phim.test', password: undefined });
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    await first.stop();

    const second = await start(env);
    expect(second.firstAdmin).toBeNull();
    const rows = await database.db.select().from(users).where(eq(users.email, 'boss@phim.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role.split(',')).toContain('admin');
    expect(rows[0]?.emailVerified).toBe(true);
  });

  it('generates a password when none is configured and returns it to be printed once', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const server = await start({ DATABASE_URL: database.url });
    expect(server.firstAdmin?.email).toBe('admin@phim.local');
    expect(server.firstAdmin?.password).toMatch(/^[\w-]{16,}$/);
  });
});

describe('the data folder lock', () => {
  it('refuses a second embedded server on the same folder and touches nothing', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'phim.lock'), String(process.ppid));
    const before = fs.readdirSync(dir);
    await expect(
      startServer(loadConfig({}, { PORT: 0, LOG_LEVEL: 'silent', DATA_DIR: dir }), { web: false }),
    ).rejects.toBeInstanceOf(DataDirLockedError);
    expect(fs.readdirSync(dir)).toEqual(before);
  });
});

describe('health without a database', () => {
  it('answers 503 with db down', async () => {
    const port = await findFreePort();
    const db = createDatabase(`postgres://nobody:x@127.0.0.1:${port}/none`);
    const app = await buildApp({
      config: loadConfig({}, { LOG_LEVEL: 'silent', DATA_DIR: tempDir() }),
      db,
      authSecret: 'test-secret-test-secret-test-secret-123',
      web: false,
    });
    cleanups.push(async () => {
      await app.close();
      await db.$client.end();
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', db: 'down' });
  });
});

// Starts one PostgreSQL for the whole run; each test file makes its own database on it. The embedded one by default;
// with TEST_PG=system, a throw-away cluster of the machine's PostgreSQL 15 (`npm run test:api:pg15`, decision 053).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { startSystemPostgres } from './system-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_PG === 'system') {
    const system = await startSystemPostgres({ password: 'phim-test' });
    console.log(`API tests on the system PostgreSQL ${system.version}`);
    project.provide('databaseUrl', system.url);
    return () => system.stop();
  }
  if (process.env.TEST_PG && process.env.TEST_PG !== 'embedded')
    throw new Error(`TEST_PG is "${process.env.TEST_PG}": use system or embedded.`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'phim-test-pg-'));
  await fs.chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    password: 'phim-test',
    log: pino({ level: 'warn' }),
  });
  project.provide('databaseUrl', pg.url);
  return async () => {
    await pg.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}

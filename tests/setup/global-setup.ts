// Starts one embedded PostgreSQL for the whole run; each test file makes its own database on it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
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

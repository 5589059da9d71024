// Builds the real Fastify app on a fresh test database, for API tests through inject().
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '#server/app.ts';
import { loadConfig, type Env } from '#server/config.ts';
import { createDatabase, type Database } from '#server/db/client.ts';
import { createTestDatabase } from './db-utils.ts';

export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-123';

export type TestApp = {
  app: FastifyInstance;
  /** The test database, for arranging rows that have no API yet. */
  db: Database;
  /** Its URL (a worker or another node of the same site connects to it). */
  databaseUrl: string;
  dataDir: string;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Serve the production build from build/ (run `npm run build` first). */
  web?: boolean;
  env?: Partial<Env>;
  /** Extra routes for a test, registered before the app is ready. */
  register?: (app: FastifyInstance) => Promise<void>;
  /** A logger of the test's own (to read what the app logs). */
  logger?: AppOptions['logger'];
  /**
   * Another node of the same site: this app uses that one's database (kept when this one closes) and data folder,
   * as two web nodes behind one proxy do.
   */
  nodeOf?: TestApp;
};

/** Fails with what to do when the production build, which the page tests serve, is not there. */
export function requireBuild() {
  if (!existsSync('build/server/index.js'))
    throw new Error('Run "npm run build" before these tests.');
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (options.web) requireBuild();
  const shared = options.nodeOf;
  const dataDir = shared
    ? shared.dataDir
    : await fs.mkdtemp(path.join(os.tmpdir(), 'phim-test-data-'));
  const database = shared
    ? { db: createDatabase(shared.databaseUrl, { max: 4 }), url: shared.databaseUrl, drop: null }
    : await createTestDatabase();
  const config = loadConfig({}, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({
    config,
    db: database.db,
    authSecret: TEST_AUTH_SECRET,
    web: options.web ?? false,
    logger: options.logger,
  });
  await options.register?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    dataDir,
    close: async () => {
      await app.close();
      if (!database.drop) return database.db.$client.end();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

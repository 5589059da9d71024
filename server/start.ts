// Boots a whole Phim server: data folder, database (embedded or external), migrations, first admin, HTTP.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { buildApp, logRedactPaths } from './app.ts';
import type { Config } from './config.ts';
import { createDatabase, migrateDatabase, type Database } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { loadSecrets } from './secrets.ts';

export type RunningServer = {
  app: FastifyInstance;
  db: Database;
  url: string;
  log: Logger;
  firstAdmin: { email: string; password?: string } | null;
  stop: () => Promise<void>;
};

export function createLogger(config: Config): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: { paths: logRedactPaths, censor: '[redacted]' },
  });
}

export async function startServer(
  config: Config,
  options: {
    log?: Logger;
    seed?: (app: FastifyInstance, db: Database) => Promise<void>;
    /** Serve the React app (off in API-only tests). */
    web?: boolean;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? createLogger(config);
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        log.error({ err: error }, 'shutdown step failed');
      }
    }
  };

  try {
    // The lock comes before anything is written to the folder.
    if (!config.DATABASE_URL) cleanups.push(lockDataDir(config.dataDir));
    const secrets = loadSecrets(config.dataDir, config);
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
        dir: path.join(config.dataDir, 'pg'),
        password: secrets.pgPassword,
        log,
      });
      cleanups.push(() => withTimeout(embedded.stop(), 10_000));
      databaseUrl = embedded.url;
    }
    const db = createDatabase(databaseUrl);
    cleanups.push(() => db.$client.end());
    await migrateDatabase(db);

    const app = await buildApp({
      config,
      db,
      authSecret: secrets.authSecret,
      logger: log,
      web: options.web,
    });
    // Stopped in reverse: HTTP first (bounded), then the job queue (transcodes go back to the queue), then the
    // pool. The queue has its own step so that a slow HTTP close cannot leave it running past the pool.
    cleanups.push(() => app.services.jobs.stop(config.SHUTDOWN_TIMEOUT_MS));
    cleanups.push(() => withTimeout(app.close(), config.SHUTDOWN_TIMEOUT_MS));

    const admin = await app.services.auth.ensureFirstAdmin({
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    if (options.seed) await options.seed(app, db);
    // The job queue runs in this process (transcodes, clean-ups).
    await app.services.jobs.start({ workers: true });
    // Which ffmpeg transcodes here, its version and mode: once, without holding up start-up.
    void app.services.media.report(log);

    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    return {
      app,
      db,
      url: `http://localhost:${port}`,
      log,
      firstAdmin: admin.created ? { email: admin.email, password: admin.password } : null,
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

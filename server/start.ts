// Boots a whole Phim server: data folder, database (embedded or external), migrations, first admin, HTTP.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { createDatabase, migrateDatabase, type Database } from './db/client.ts';
import { openDatabase, withTimeout, type OpenedDatabase } from './db/open.ts';
import { cleanupSteps } from './lifecycle.ts';
import { createLogger } from './log.ts';

export { createLogger } from './log.ts';

export type RunningServer = {
  app: FastifyInstance;
  db: Database;
  url: string;
  log: Logger;
  firstAdmin: { email: string; password?: string } | null;
  stop: () => Promise<void>;
};

export async function startServer(
  config: Config,
  options: {
    log?: Logger;
    seed?: (app: FastifyInstance, db: Database) => Promise<void>;
    /** Serve the React app (off in API-only tests). */
    web?: boolean;
    /** The database, when the caller began opening it already (main.ts, while this module loaded). */
    database?: Promise<OpenedDatabase>;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? createLogger(config);
  const cleanups = cleanupSteps(log);
  const cleanup = () => cleanups.run();

  try {
    const opened = await (options.database ?? openDatabase(config, log));
    for (const step of opened.cleanups) cleanups.push(step);
    const { secrets } = opened;
    const db = createDatabase(opened.url);
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

    // The job queue runs in this process (transcodes, clean-ups), unless JOBS=off leaves it to `npm run worker`.
    // Its schema and the first admin are both waits on PostgreSQL (most of a first start): made side by side.
    const workers = config.JOBS === 'on';
    const [admin] = await Promise.all([
      app.services.auth.ensureFirstAdmin({
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
      }),
      app.services.jobs.start({ workers }),
    ]);
    if (options.seed) await options.seed(app, db);
    // Which ffmpeg transcodes here, its version and mode: once, without holding up start-up.
    if (workers) void app.services.media.report(log);
    else log.info('jobs are off here (JOBS=off): a worker process runs them');

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

// Boots a worker (decision 053): the job queue's workers, schedules and job timers on the site's external database,
// and no web server. Web nodes then run with JOBS=off and only send jobs; several workers share the queue (pg-boss
// hands each job to one of them; a transcode's row is claimed in the database).
import http from 'node:http';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createDatabase, migrateDatabase, pingDatabase } from './db/client.ts';
import { withTimeout } from './db/open.ts';
import { cleanupSteps } from './lifecycle.ts';
import { createServices, type Services } from './services.ts';

export class WorkerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerConfigError';
  }
}

export type RunningWorker = {
  services: Services;
  /** The health endpoint's address (WORKER_HEALTH_PORT), if any. */
  healthUrl: string | null;
  stop: () => Promise<void>;
};

/** What a worker needs that a web node can do without; throws a WorkerConfigError saying what to set. */
export function checkWorkerConfig(config: Config): { databaseUrl: string; authSecret: string } {
  if (!config.DATABASE_URL)
    throw new WorkerConfigError(
      'npm run worker needs DATABASE_URL: the embedded PostgreSQL belongs to the one web process (npm start), ' +
        'which runs the jobs itself. Give the web nodes and the workers one external PostgreSQL, and JOBS=off to the ' +
        'web nodes.',
    );
  if (!config.AUTH_SECRET)
    throw new WorkerConfigError(
      'npm run worker needs AUTH_SECRET, the same value as every web node of the site (a secret generated into ' +
        'DATA_DIR differs from one data folder to another).',
    );
  return { databaseUrl: config.DATABASE_URL, authSecret: config.AUTH_SECRET };
}

export async function startWorker(
  config: Config,
  options: { log: Logger },
): Promise<RunningWorker> {
  const { log } = options;
  const { databaseUrl, authSecret } = checkWorkerConfig(config);
  const cleanups = cleanupSteps(log);
  const cleanup = () => cleanups.run();
  try {
    const db = createDatabase(databaseUrl);
    cleanups.push(() => db.$client.end());
    // Whichever process of the site starts first migrates; the others wait for it and find nothing left to do.
    await migrateDatabase(db);
    // A worker runs the jobs whatever a shared environment file says about the web nodes' JOBS.
    const services = createServices({ config: { ...config, JOBS: 'on' }, db, authSecret, log });
    cleanups.push(() => services.history.stop());
    cleanups.push(() => services.rateLimits.close());
    // Settings (the site's name in mail) follow the back office's writes; events reach the web nodes' sockets.
    await services.changes.start();
    cleanups.push(() => services.changes.stop());
    cleanups.push(() => services.relay.stop());
    await services.settings.start();
    // Stopped first: running transcodes are killed and go back to the queue, for this or another worker.
    cleanups.push(() => services.jobs.stop(config.SHUTDOWN_TIMEOUT_MS));
    await services.jobs.start({ workers: true });
    void services.media.report(log);

    let stopping = false;
    let healthUrl: string | null = null;
    if (config.WORKER_HEALTH_PORT) {
      const server = http.createServer((request, response) => {
        void (async () => {
          const path = (request.url ?? '').split('?')[0];
          if (request.method !== 'GET' || path !== '/health') {
            response.writeHead(404, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }));
            return;
          }
          const database = await pingDatabase(db);
          const ok = database && !stopping;
          response.writeHead(ok ? 200 : 503, {
            'content-type': 'application/json',
            'cache-control': 'no-store',
          });
          response.end(
            JSON.stringify({
              status: ok ? 'ok' : 'unavailable',
              role: 'worker',
              database: database ? 'up' : 'down',
              jobs: stopping ? 'stopping' : 'running',
            }),
          );
        })();
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.WORKER_HEALTH_PORT, config.HOST, () => resolve());
      });
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      healthUrl = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}/health`;
      cleanups.push(
        () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      );
    }
    cleanups.push(() => {
      stopping = true;
    });
    return {
      services,
      healthUrl,
      stop: () => withTimeout(cleanup(), 3 * config.SHUTDOWN_TIMEOUT_MS + 5000).then(() => {}),
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

// Command-line entry of a worker: `npm run worker` (the bundle, build/phim/worker.js) or `npm run dev:worker` (tsx).
// It runs the site's jobs (transcodes, view rolls, purges, backups, notifications) and serves no pages; web nodes
// run with JOBS=off (decision 053).
try {
  process.loadEnvFile('.env');
} catch {
  // No .env file: the environment alone configures the worker.
}
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

async function main() {
  const nodeModule = (await import('node:module')) as { enableCompileCache?: () => unknown };
  nodeModule.enableCompileCache?.();
  const { ConfigError, loadConfig } = await import('./config.ts');
  const { createLogger } = await import('./log.ts');
  const { startWorker, WorkerConfigError } = await import('./start-worker.ts');
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config);
  let worker;
  try {
    worker = await startWorker(config, { log });
  } catch (error) {
    if (error instanceof WorkerConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    log.fatal({ err: error }, 'the Phim worker could not start');
    process.exit(1);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    await worker.stop();
    log.info('worker stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  log.info(
    { pid: process.pid, health: worker.healthUrl, transcodes: config.TRANSCODE_CONCURRENCY },
    'worker started',
  );
  // Whatever LOG_LEVEL says, as `npm start` prints its address: scripts and service managers wait for this line.
  process.stdout.write(
    `Phim worker is running (pid ${process.pid}${worker.healthUrl ? `, health ${worker.healthUrl}` : ''})\n`,
  );
}

void main();

export {};

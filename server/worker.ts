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
  const { loadConfigOrExit, startOrExit, stopOnSignals } = await import('./lifecycle.ts');
  const { createLogger } = await import('./log.ts');
  const { startWorker, WorkerConfigError } = await import('./start-worker.ts');
  const config = loadConfigOrExit(process.env);
  const log = createLogger(config);
  const worker = await startOrExit(() => startWorker(config, { log }), {
    log,
    what: 'the Phim worker',
    plain: [WorkerConfigError],
  });
  stopOnSignals(log, 'worker', () => worker.stop());
  log.info(
    { health: worker.healthUrl, transcodes: config.TRANSCODE_CONCURRENCY },
    'worker started',
  );
  // Whatever LOG_LEVEL says, as `npm start` prints its address: scripts and service managers wait for this line.
  process.stdout.write(
    `Phim worker is running (pid ${process.pid}${worker.healthUrl ? `, health ${worker.healthUrl}` : ''})\n`,
  );
}

void main();

export {};

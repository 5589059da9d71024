// The first steps of a start, before the app is loaded: the data folder's lock, the secrets, and the database:
// the embedded PostgreSQL started (and on a first run initialised), or the configured one. main.ts begins them
// while the rest of the server is still loading, so the two overlap (decision 039).
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import { loadSecrets, type Secrets } from '../secrets.ts';

export type OpenedDatabase = {
  url: string;
  secrets: Secrets;
  /** Undo, in reverse order: stop the embedded server, release the lock. */
  cleanups: Array<() => Promise<void> | void>;
};

export async function openDatabase(config: Config, log: Logger): Promise<OpenedDatabase> {
  const cleanups: OpenedDatabase['cleanups'] = [];
  try {
    // The lock comes before anything is written to the folder.
    if (!config.DATABASE_URL) cleanups.push(lockDataDir(config.dataDir));
    const secrets = loadSecrets(config.dataDir, config);
    if (config.DATABASE_URL) return { url: config.DATABASE_URL, secrets, cleanups };
    // Loaded only when used: an external database needs none of it.
    const { startEmbeddedPostgres } = await import('./embedded.ts');
    const embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'pg'),
      password: secrets.pgPassword,
      log,
    });
    cleanups.push(async () => {
      await withTimeout(embedded.stop(), 10_000);
    });
    return { url: embedded.url, secrets, cleanups };
  } catch (error) {
    for (const step of cleanups.reverse()) await step();
    throw error;
  }
}

export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
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

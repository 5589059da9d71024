// The database handle: one node-postgres pool wrapped by Drizzle, and the migrator.
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

const migrationsFolder = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  return drizzle(pool, { schema }) as Database;
}

export async function migrateDatabase(db: Database) {
  await migrate(db, { migrationsFolder });
}

/** True when the database answers a trivial query within the timeout. */
export async function pingDatabase(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.$client.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

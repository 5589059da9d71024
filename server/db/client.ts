// The database handle: one node-postgres pool wrapped by Drizzle, and the migrator.
import path from 'node:path';
import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../paths.ts';
import * as schema from './schema/index.ts';
import { CLOSE_THRESHOLD } from '#server/domain/catalog/search.service.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/**
 * Every connection's own settings: search's close threshold (search.service.ts) as the session's, so that the first
 * and usual pass of a search is one statement, without a transaction to set it.
 */
const SESSION_SETTINGS = `set pg_trgm.word_similarity_threshold = ${CLOSE_THRESHOLD}`;

const migrationsFolder = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Awaited before the pool hands a new connection out.
    onConnect: (client) => client.query(SESSION_SETTINGS),
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  return drizzle(pool, { schema }) as Database;
}

const dialect = new PgDialect();

/**
 * Runs `query` as a named statement with its values written into its text, so that each connection plans it once
 * and then runs the kept plan (decision 073): the plan made for those very values, not a generic one. Planning was
 * a third of the home page's statements' time at 100,000 movies. Only for statements whose texts are few and whose
 * values come from the site's own configuration (the home page's sections), never from a visitor's input: every
 * connection keeps every such statement until it closes.
 */
export function queryWithKeptPlan(db: Database, query: SQL) {
  const { sql: text } = dialect.sqlToQuery(query.inlineParams());
  const name = `kept-${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  return db.$client.query<Record<string, unknown>>({ name, text });
}

/** Any fixed number: the advisory lock that lets one process at a time migrate (decision 053). */
const MIGRATION_LOCK = 7_406_053;

/**
 * Applies the migrations not yet applied. Every process of a site (web nodes, workers) calls it at start-up, and they
 * may start together: a session-level advisory lock lets one migrate while the others wait, then find nothing to do.
 */
export async function migrateDatabase(db: Database) {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(db, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
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

// A fresh, migrated database per test file on the run's embedded PostgreSQL, dropped afterwards.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, migrateDatabase, type Database } from '#server/db/client.ts';

export async function createTestDatabase(): Promise<{
  db: Database;
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = inject('databaseUrl');
  const name = `phim_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), { max: 4 });
  await migrateDatabase(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.$client.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

// The browser tests' way into the server's embedded PostgreSQL, for states no API makes yet: its port is in
// DATA_DIR/pg/postmaster.pid, its password in DATA_DIR/secrets.json.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Runs `sql` with `values` on the test server's database and answers the rows. */
export async function query(sql: string, values: unknown[] = []) {
  const dataDir = process.env.PHIM_E2E_DATA_DIR!;
  const { pgPassword } = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
  ) as { pgPassword: string };
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user: 'postgres',
    password: pgPassword,
    database: 'postgres',
  });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** A viewer follows a movie, as the follow list stores it. */
export async function insertFollow(userId: string, movieId: number) {
  await query('insert into follows (user_id, movie_id) values ($1, $2)', [userId, movieId]);
}

// A throw-away cluster of the machine's own PostgreSQL (Debian's 15 by default) for `TEST_PG=system`: the API suite
// then runs against the server a scale-out install uses instead of the embedded one (decision 053). PostgreSQL
// refuses to run as root, so as root the cluster belongs to the `postgres` system user, as the embedded one does.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from '#server/db/embedded.ts';

export const SYSTEM_PG_BIN = process.env.TEST_PG_BIN || '/usr/lib/postgresql/15/bin';

export type SystemPostgres = { url: string; version: string; stop: () => Promise<void> };

function owner(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** initdb into a fresh folder, start `postgres` on a free loopback port, wait until it answers. */
export async function startSystemPostgres(options: { password: string }): Promise<SystemPostgres> {
  const initdb = path.join(SYSTEM_PG_BIN, 'initdb');
  await fs.access(initdb).catch(() => {
    throw new Error(
      `TEST_PG=system needs PostgreSQL's server binaries in ${SYSTEM_PG_BIN} (apt-get install postgresql-15, ` +
        'or set TEST_PG_BIN).',
    );
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'phim-test-pg15-'));
  await fs.chmod(dir, 0o755);
  const data = path.join(dir, 'data');
  const pwfile = path.join(dir, 'pwfile');
  await fs.mkdir(data, { mode: 0o700 });
  await fs.writeFile(pwfile, options.password, { mode: 0o644 });
  const user = owner();
  if (user) await fs.chown(data, user.uid, user.gid);
  const run = (args: string[]) => execFileSync(initdb, args, { stdio: 'pipe', ...user });
  run([
    ...['-D', data, '-U', 'postgres', '--pwfile', pwfile, '--auth', 'scram-sha-256'],
    ...['--encoding', 'UTF8', '--locale', 'C.UTF-8', '--no-sync'],
  ]);
  const port = await findFreePort();
  const server = spawn(
    path.join(SYSTEM_PG_BIN, 'postgres'),
    [
      ...['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
      ...['-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      // A throw-away cluster: durability buys nothing.
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], ...user },
  );
  let log = '';
  server.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/postgres`;
  const version = await (async () => {
    for (let attempt = 0; ; attempt += 1) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        const result = await client.query<{ v: string }>(
          "select current_setting('server_version') as v",
        );
        await client.end();
        return result.rows[0]!.v;
      } catch (error) {
        await client.end().catch(() => {});
        if (server.exitCode !== null || attempt > 200)
          throw new Error(`PostgreSQL in ${data} did not start: ${String(error)}\n${log}`, {
            cause: error,
          });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  })();
  return {
    url,
    version,
    stop: async () => {
      // SIGINT: PostgreSQL's fast shutdown (sessions ended, no waiting for clients).
      if (server.exitCode === null) server.kill('SIGINT');
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

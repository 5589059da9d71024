// The pieces of the loopback topology, each a child process of the test (or, for s3rver, a server inside it):
// Debian's PostgreSQL 15 on a throwaway cluster, Debian's Redis, s3rver, Phim web nodes and workers, Debian's
// nginx. Everything started is registered for teardown, which runs on success, on failure, on Ctrl-C and, as a
// last resort, synchronously at exit (SIGKILL and rm), so no process or temporary folder outlives the run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '#server/paths.ts';
import { nginxMainConfig } from './deploy-files.ts';
import { SYSTEM_PG_BIN } from '#tests/setup/system-postgres.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const REDIS = process.env.REDIS_SERVER_PATH ?? 'redis-server';

type Step = { name: string; run: () => Promise<void> | void; sync: () => void };
const steps: Step[] = [];
let tornDown = false;

/** Registers an undo; `sync` is the last-resort version for the 'exit' event (no awaiting there). */
export function onTeardown(name: string, run: Step['run'], sync: Step['sync']) {
  steps.push({ name, run, sync });
}

/** Undoes everything in reverse order of start; safe to call twice. */
export async function teardown() {
  if (tornDown) return;
  tornDown = true;
  for (const step of steps.splice(0).reverse()) {
    try {
      await step.run();
    } catch (error) {
      console.error(`teardown: ${step.name}: ${String(error)}`);
      step.sync();
    }
  }
}

process.once('exit', () => {
  for (const step of steps.splice(0).reverse()) {
    try {
      step.sync();
    } catch {
      // Nothing more can be done at exit.
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: tearing the topology down`);
    void teardown().finally(() => process.exit(130));
  });

/** A temporary folder the `postgres` and `nobody` users can walk into (the test runs as root in CI). */
export function makeTempRoot() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-topology-'));
  fs.chmodSync(dir, 0o755);
  onTeardown(
    'temporary folder',
    () => fs.rmSync(dir, { recursive: true, force: true }),
    () => fs.rmSync(dir, { recursive: true, force: true }),
  );
  return dir;
}

export async function waitForPort(port: number, timeoutMs = 20_000, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`exited (${child.exitCode ?? child.signalCode}) before listening on ${port}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
}

export async function assertPortFree(port: number) {
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  if (!free)
    throw new Error(`port ${port} is taken: another topology run, or something else, uses it`);
}

export type Managed = {
  name: string;
  child: ChildProcess;
  pid: number;
  output: () => string;
  exited: Promise<void>;
  alive: () => boolean;
  /** SIGKILL, as a crash or an OOM kill would end it. */
  kill: () => Promise<void>;
  /** The process's own graceful stop signal, then SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
};

/** Spawns a child kept for teardown; its output is kept (printed when the run fails). */
export function manage(
  name: string,
  argv: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    uid?: number;
    gid?: number;
    stopSignal?: NodeJS.Signals;
  } = {},
): Managed {
  const [command, ...args] = argv;
  const child = spawn(command!, args, {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: options.env ?? process.env,
    uid: options.uid,
    gid: options.gid,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: a kill takes its children (ffmpeg under a node) with it, as systemd's
    // control-group kill does; otherwise a killed node's ffmpeg would go on writing as an orphan.
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => (output += `\nspawn error: ${String(error)}`));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  };
  const kill = async () => {
    if (alive()) {
      killGroup();
      await exited;
    }
    killGroup();
  };
  const stop = async (graceMs = 15_000) => {
    if (alive()) {
      child.kill(options.stopSignal ?? 'SIGTERM');
      const timer = setTimeout(killGroup, graceMs);
      await exited;
      clearTimeout(timer);
    }
    // Whatever it left behind.
    killGroup();
  };
  const managed: Managed = {
    name,
    child,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    alive,
    kill,
    stop,
  };
  onTeardown(name, () => stop(), killGroup);
  return managed;
}

/** Debian's PostgreSQL 15 on a throwaway cluster (fsync off: it is thrown away), with a `phim` role and database. */
export async function startPostgres(root: string, port: number) {
  const dir = path.join(root, 'pg');
  fs.mkdirSync(dir, { mode: 0o700 });
  // Postgres refuses to run as root; as root it runs as Debian's `postgres` user (as the embedded server does).
  const asUser: { uid?: number; gid?: number } = {};
  if (os.userInfo().uid === 0) {
    const id = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    asUser.uid = id('-u');
    asUser.gid = id('-g');
    if (!Number.isInteger(asUser.uid) || asUser.uid <= 0)
      throw new Error('Running as root, and there is no `postgres` user to run PostgreSQL as');
    fs.chownSync(dir, asUser.uid, asUser.gid);
  }
  const superPassword = 'topology-super';
  const pwfile = path.join(root, 'pg-password');
  fs.writeFileSync(pwfile, superPassword, { mode: 0o644 });
  const init = spawnSync(
    path.join(SYSTEM_PG_BIN, 'initdb'),
    [
      ...['-D', dir, '-U', 'postgres', '--pwfile', pwfile],
      ...['--auth=scram-sha-256', '--encoding=UTF8', '--locale=C.UTF-8'],
    ],
    { encoding: 'utf8', ...asUser },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const server = manage(
    'PostgreSQL 15',
    [
      path.join(SYSTEM_PG_BIN, 'postgres'),
      ...['-D', dir, '-p', String(port)],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...['-c', 'fsync=off', '-c', 'max_connections=200'],
    ],
    { ...asUser, stopSignal: 'SIGINT' },
  );
  await waitForPort(port, 20_000, server.child);
  const { default: pg } = await import('pg');
  const admin = new pg.Client({
    connectionString: `postgres://postgres:${superPassword}@127.0.0.1:${port}/postgres`,
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.connect();
      break;
    } catch (error) {
      // Listening, but still starting up ("the database system is starting up").
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const password = 'phim-topology-password';
  // As docs/deploy.md sets it up: an owner role that is not a superuser (pg_trgm and unaccent are trusted).
  await admin.query(`create role phim login password '${password}'`);
  await admin.query('create database phim owner phim');
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.end();
  return {
    url: `postgres://phim:${password}@127.0.0.1:${port}/phim`,
    version: rows[0]!.server_version,
    server,
  };
}

/** Debian's Redis, nothing saved to disk. */
export async function startRedis(root: string, port: number) {
  const dir = path.join(root, 'redis');
  fs.mkdirSync(dir);
  const server = manage('Redis', [
    REDIS,
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
    ...['--save', '', '--appendonly', 'no'],
  ]);
  await waitForPort(port, 10_000, server.child);
  return { url: `redis://127.0.0.1:${port}`, server };
}

/**
 * s3rver (a real S3-protocol server) with one bucket. The S3 driver's tests keep a server of their own in
 * tests/s3-utils.ts, with what s3rver 3.7 lacks and @tus/s3-store needs (ListParts, AbortMultipartUpload): when
 * that file exists it is used; otherwise a plain s3rver on `port`, its files in `root/s3`.
 */
export async function startS3(root: string, port: number, bucket: string) {
  const helper = path.join(PROJECT_ROOT, 'tests', 's3-utils.ts');
  if (fs.existsSync(helper)) {
    type TestS3 = {
      settings: { endpoint?: string };
      stop: () => Promise<void>;
    };
    const { startS3: startTestS3 } = (await import(pathToFileURL(helper).href)) as {
      startS3: (bucket: string) => Promise<TestS3>;
    };
    const s3 = await startTestS3(bucket);
    onTeardown(
      's3rver',
      () => s3.stop(),
      () => {},
    );
    return {
      endpoint: s3.settings.endpoint!,
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
  }
  const dir = path.join(root, 's3');
  fs.mkdirSync(dir);
  const { default: S3rver } = await import('s3rver');
  const s3 = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await s3.run();
  onTeardown(
    's3rver',
    () => s3.close(),
    () => {
      // Inside this process: it ends with it.
    },
  );
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
}

/** Debian's nginx in the foreground with the given site, its pid, logs and temporary files in `root/nginx`. */
export async function startNginx(root: string, port: number, site: string) {
  const prefix = path.join(root, 'nginx');
  fs.mkdirSync(prefix);
  fs.chmodSync(prefix, 0o755);
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxMainConfig(prefix, site));
  const check = spawnSync(
    NGINX,
    ['-t', '-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf],
    {
      encoding: 'utf8',
    },
  );
  if (check.status !== 0)
    throw new Error(`nginx -t refused the configuration:\n${check.stderr}${check.stdout}`);
  const server = manage(
    'nginx',
    [NGINX, '-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'],
    // SIGQUIT: nginx's graceful stop.
    { stopSignal: 'SIGQUIT' },
  );
  await waitForPort(port, 10_000, server.child);
  return { url: `http://127.0.0.1:${port}`, server, errorLog: path.join(prefix, 'error.log') };
}

/** The pids of the processes whose parent is `parent` and whose command is `name` (ffmpeg under a node). */
export function childrenNamed(parent: number, name: string) {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && comm === name) pids.push(Number(entry));
    } catch {
      // Gone since the listing.
    }
  }
  return pids;
}

// Several processes of one site on one database (decision 053): a worker (`startWorker`, what `npm run worker` runs)
// transcodes what a web node queued, and its events reach the web node's sockets with and without Redis; a worker
// stopped mid-transcode leaves the video to another; web nodes with JOBS=off run no workers or schedules; and two web
// nodes answer the same whichever one a request reaches (sessions, CSRF, rate limits, public reads, build id).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Env } from '#server/config.ts';
import { createDatabase, migrateDatabase } from '#server/db/client.ts';
import { findFreePort } from '#server/db/embedded.ts';
import { videos } from '#server/db/schema/index.ts';
import { WAKE_POLL_SECONDS } from '#server/jobs.ts';
import { REALTIME_PATH } from '#server/realtime/realtime.ts';
import { startServer } from '#server/start.ts';
import {
  checkWorkerConfig,
  startWorker,
  WorkerConfigError,
  type RunningWorker,
} from '#server/start-worker.ts';
import { createTestApp, requireBuild, TEST_AUTH_SECRET, type TestApp } from '#tests/app-utils.ts';
import { createTestDatabase } from '#tests/db-utils.ts';
import { createMovie, createVideo } from '#tests/factories.ts';
import { makeTestClip } from '#tests/media-utils.ts';
import { hasRedis, startRedis, type TestRedis } from '#tests/redis-utils.ts';
import { waitFor } from '#tests/wait-utils.ts';
import { Client, signInFirstAdmin, signInWithToken } from './accounts-client.ts';

const ADMIN = { email: 'boss@example.com', password: 'admin-secret-2026' };
const quiet = pino({ level: 'silent' });
const sockets: Socket[] = [];
const workers: RunningWorker[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const worker of workers) await worker.stop();
});

/** A worker of the site `web` belongs to: its database and data folder, the shared secret. */
async function worker(web: TestApp, env: Partial<Env> = {}) {
  const config = loadConfig(
    {},
    {
      DATA_DIR: web.dataDir,
      DATABASE_URL: web.databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      LOG_LEVEL: 'silent',
      SHUTDOWN_TIMEOUT_MS: 5000,
      ...env,
    },
  );
  const running = await startWorker(config, { log: quiet });
  workers.push(running);
  return running;
}

async function listen(node: TestApp) {
  await node.app.listen({ port: 0, host: '127.0.0.1' });
  const address = node.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** An admin's socket on `node` (token mode), connected and in its rooms. */
async function adminSocket(node: TestApp, url: string) {
  await node.app.services.auth.ensureFirstAdmin(ADMIN);
  const { token } = await signInWithToken(node.app, ADMIN.email, ADMIN.password);
  const socket = connect(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // Rooms are joined just after the connection.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return socket;
}

/** Every `event` the socket hears from now on. */
function record(socket: Socket, event: string) {
  const heard: unknown[] = [];
  socket.on(event, (payload: unknown) => heard.push(payload));
  return heard;
}

describe('a worker', () => {
  it('refuses to start without an external database or the shared secret, saying what to set', () => {
    const base = { DATA_DIR: '/tmp/phim-unused', LOG_LEVEL: 'silent' as const };
    expect(() => checkWorkerConfig(loadConfig({}, base))).toThrow(WorkerConfigError);
    expect(() => checkWorkerConfig(loadConfig({}, base))).toThrow(/DATABASE_URL.*embedded/);
    expect(() =>
      checkWorkerConfig(loadConfig({}, { ...base, DATABASE_URL: 'postgres://x@127.0.0.1/x' })),
    ).toThrow(/AUTH_SECRET/);
  });

  describe('beside a web node that runs no jobs', () => {
    let web: TestApp;
    let url: string;
    let clip: Buffer;
    /** Long enough that a worker is still at it when the test stops it. */
    let longClip: Buffer;
    beforeAll(async () => {
      web = await createTestApp();
      url = await listen(web);
      const file = `${web.dataDir}/clip.mp4`;
      await makeTestClip(file, { size: '640x360', seconds: 20 });
      clip = await fs.readFile(file);
      const long = `${web.dataDir}/long.mp4`;
      await makeTestClip(long, { size: '640x360', seconds: 180 });
      longClip = await fs.readFile(long);
    }, 120_000);
    afterAll(async () => {
      await web?.close();
    });

    /** A video row as an upload leaves it, its original in the shared data folder, queued by the web node. */
    async function queueVideo(original = clip) {
      // Uploaded, not yet queued: a queued row without a job is one the workers' watchdog queues again itself.
      const row = await createVideo(web, {
        status: 'uploading',
        storagePrefix: null,
        posterPath: null,
        storyboardPath: null,
      });
      await fs.mkdir(`${web.dataDir}/originals`, { recursive: true });
      await fs.writeFile(web.app.services.videoFiles.original(row.id), original);
      await web.app.services.videos.queueTranscode(row.id);
      return row.id;
    }
    const statusOf = async (id: number) =>
      (await web.db.select().from(videos).where(eq(videos.id, id)))[0]!;

    it("transcodes what the web node queued, and the admin's socket on the web node hears its progress", async () => {
      const socket = await adminSocket(web, url);
      const progress = record(socket, 'video.progress');
      const ready = record(socket, 'video.ready');
      const first = await worker(web);
      const second = await worker(web);
      try {
        expect(first.healthUrl).toBeNull();
        // What the workers emitted, to compare with what the socket heard.
        const emitted: unknown[] = [];
        for (const running of [first, second])
          running.services.events.on('video.progress', (payload) => emitted.push(payload));
        const id = await queueVideo();
        await waitFor(async () => (ready.length ? true : undefined), 120_000);
        expect(ready).toEqual([{ videoId: id }]);
        const done = await statusOf(id);
        expect(done.status).toBe('ready');
        // Woken by the web node's send through the change feed, not found at a worker's next poll.
        const [job] = (
          await web.db.execute<{ wait: number }>(
            sql`select extract(epoch from started_on - created_on)::float as wait from pgboss.job where id = ${done.jobId}`,
          )
        ).rows;
        expect(job!.wait).toBeLessThan(WAKE_POLL_SECONDS / 4);
        expect(progress[0]).toMatchObject({ videoId: id, progress: 0 });
        // Every event once and in order: the web node delivers what the workers relayed, nothing twice.
        expect(progress).toEqual(emitted);
        // The schedules are kept by the workers, once however many of them start.
        const schedules = await web.db.execute<{ name: string }>(
          sql`select name from pgboss.schedule order by name`,
        );
        expect(schedules.rows.map((row) => row.name)).toContain('ops.backups.daily');
        expect(new Set(schedules.rows.map((row) => row.name)).size).toBe(schedules.rows.length);
      } finally {
        await second.stop();
        await first.stop();
      }
    }, 180_000);

    it('leaves a transcode it was stopped in the middle of to another worker, which finishes it', async () => {
      const port = await findFreePort();
      const first = await worker(web, { WORKER_HEALTH_PORT: port, HOST: '127.0.0.1' });
      expect(first.healthUrl).toBe(`http://127.0.0.1:${port}/health`);
      const health = await fetch(first.healthUrl!);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        status: 'ok',
        role: 'worker',
        database: 'up',
        jobs: 'running',
      });
      const id = await queueVideo(longClip);
      await waitFor(
        async () => ((await statusOf(id)).status === 'processing' ? true : undefined),
        60_000,
      );
      await first.stop();
      // Back in the queue, not failed; the health endpoint is gone with the worker.
      expect((await statusOf(id)).status).toBe('queued');
      await expect(fetch(first.healthUrl!)).rejects.toThrow();

      await worker(web);
      await waitFor(
        async () => ((await statusOf(id)).status === 'ready' ? true : undefined),
        120_000,
      );
    }, 240_000);
  });

  describe.skipIf(!hasRedis)('beside two web nodes on Redis (REDIS_URL)', () => {
    let redis: TestRedis;
    const nodes: TestApp[] = [];
    beforeAll(async () => {
      redis = await startRedis();
      const first = await createTestApp({ env: { REDIS_URL: redis.url } });
      nodes.push(first, await createTestApp({ env: { REDIS_URL: redis.url }, nodeOf: first }));
    });
    afterAll(async () => {
      for (const node of nodes.reverse()) await node.close();
      await redis?.stop();
    });

    it("carries a job's events to sockets on every node, each once", async () => {
      const [first, second] = nodes as [TestApp, TestApp];
      const onFirst = record(await adminSocket(first, await listen(first)), 'backup.progress');
      const onSecond = record(await adminSocket(second, await listen(second)), 'backup.progress');
      const running = await worker(first, { REDIS_URL: redis.url });
      running.services.events.emit('backup.progress', {
        kind: 'backup',
        name: 'phim-20261126-033000-daily.phim-backup',
        progress: 40,
      });
      await waitFor(async () => (onFirst.length && onSecond.length ? true : undefined), 10_000);
      // A moment for a second copy to arrive, if the Redis adapter also carried it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const expected = [
        { kind: 'backup', name: 'phim-20261126-033000-daily.phim-backup', progress: 40 },
      ];
      expect(onFirst).toEqual(expected);
      expect(onSecond).toEqual(expected);
    });
  });
});

describe('npm run worker (the bundle)', () => {
  /** `node build/phim/worker.js` with `env`; resolves its exit code and output once it has exited. */
  function run(env: Record<string, string>, onOutput?: (output: string) => void) {
    const child = spawn(process.execPath, ['build/phim/worker.js'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        onOutput?.(output);
      });
    const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
      child.once('exit', (code) => resolve({ code, output })),
    );
    return { child, exited };
  }

  it('refuses the embedded database, naming what to set', async () => {
    requireBuild();
    const { code, output } = await run({ DATA_DIR: '/tmp/phim-unused-worker' }).exited;
    expect(code).toBe(1);
    expect(output).toContain('npm run worker needs DATABASE_URL');
  });

  it('runs on the site database until SIGTERM, then stops cleanly', async () => {
    requireBuild();
    const database = await createTestDatabase();
    const dataDir = await fs.mkdtemp('/tmp/phim-test-worker-');
    try {
      const port = await findFreePort();
      let started: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const worker = run(
        {
          DATABASE_URL: database.url,
          AUTH_SECRET: TEST_AUTH_SECRET,
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          WORKER_HEALTH_PORT: String(port),
        },
        (output) => {
          if (output.includes('Phim worker is running')) started();
        },
      );
      await Promise.race([running, worker.exited]);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      worker.child.kill('SIGTERM');
      const { code, output } = await worker.exited;
      expect(output).toContain(
        `Phim worker is running (pid ${worker.child.pid}, health http://127.0.0.1:${port}/health)`,
      );
      expect(code).toBe(0);
    } finally {
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a web node with JOBS=off', () => {
  it('refuses to start without an external database and the shared secret', () => {
    expect(() => loadConfig({}, { JOBS: 'off' })).toThrow(/JOBS: off needs DATABASE_URL/);
    expect(() => loadConfig({}, { JOBS: 'off', DATABASE_URL: 'postgres://x@127.0.0.1/x' })).toThrow(
      /AUTH_SECRET: is required when JOBS=off/,
    );
  });

  it('sends jobs but runs none, and keeps no schedules', async () => {
    const database = await createTestDatabase();
    const dataDir = await fs.mkdtemp('/tmp/phim-test-jobs-off-');
    const server = await startServer(
      loadConfig(
        {},
        {
          JOBS: 'off',
          DATABASE_URL: database.url,
          AUTH_SECRET: TEST_AUTH_SECRET,
          DATA_DIR: dataDir,
          PORT: 0,
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
        },
      ),
      { web: false },
    );
    try {
      const row = await createVideo(server, { status: 'queued' });
      await server.app.services.videos.queueTranscode(row.id);
      const jobs = await server.db.execute<{ state: string }>(
        sql`select state from pgboss.job where name = 'media.video.transcode'`,
      );
      expect(jobs.rows).toEqual([{ state: 'created' }]);
      // Longer than a worker's polling interval: nobody takes it.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const still = await server.db.execute<{ state: string }>(
        sql`select state from pgboss.job where name = 'media.video.transcode'`,
      );
      expect(still.rows).toEqual([{ state: 'created' }]);
      const schedules = await server.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.schedule`,
      );
      expect(schedules.rows[0]!.n).toBe(0);
    } finally {
      await server.stop();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('migrations', () => {
  it('are applied once when several processes start together', async () => {
    const database = await createTestDatabase();
    // A fresh database: the test helper migrated it; start again from nothing.
    await database.db.execute(
      sql`drop schema public cascade; create schema public; drop schema drizzle cascade`,
    );
    const pools = [0, 1, 2].map(() => createDatabase(database.url, { max: 3 }));
    try {
      await Promise.all(pools.map((pool) => migrateDatabase(pool)));
      const applied = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(
        await fs.readFile('server/db/migrations/meta/_journal.json', 'utf8'),
      ) as { entries: unknown[] };
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      for (const pool of pools) await pool.$client.end();
      await database.drop();
    }
  });
});

describe('two web nodes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    requireBuild();
    a = await createTestApp({ web: true, env: { PUBLIC_CACHE_SECONDS: 3600 } });
    b = await createTestApp({ web: true, env: { PUBLIC_CACHE_SECONDS: 3600 }, nodeOf: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The same browser (cookies, address) on the other node. */
  const onNode = (client: Client, node: TestApp) => {
    const moved = new Client(node.app);
    for (const [name, value] of client.jar) moved.jar.set(name, value);
    Object.assign(moved, { ip: client.ip });
    return moved;
  };

  it('knows a viewer signed in on the other node, and takes the CSRF token it gave', async () => {
    const admin = await signInFirstAdmin(a.app);
    const onB = onNode(admin, b);
    const me = await onB.get('/api/user');
    expect(me.statusCode, me.body).toBe(200);
    expect((me.json() as { user: { email: string } }).user.email).toBe(ADMIN.email);
    // A write on B with the XSRF-TOKEN cookie and header A handed out.
    const renamed = await onB.patch('/api/user', { name: 'Quản Trị Hai Nút' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(((await admin.get('/api/user')).json() as { user: { name: string } }).user.name).toBe(
      'Quản Trị Hai Nút',
    );
  });

  it('counts sign-in attempts on both nodes together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const node = i % 2 ? b : a;
      const response = await new Client(node.app).post('/api/auth/login', {
        email: 'both-nodes@example.com',
        password: 'wrong-password-1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it("shows an admin's change made on one node on the other's next page", async () => {
    const admin = await signInFirstAdmin(a.app);
    const film = await createMovie(admin, { title: 'Sông Đêm', published: true });
    const page = async (node: TestApp) =>
      (await node.app.inject({ method: 'GET', url: `/watch/${film.slug}` })).body;
    expect(await page(b)).toContain('Sông Đêm');
    const renamed = await admin.patch(`/api/admin/movies/${film.id}`, { title: 'Sông Đêm Dài' });
    expect(renamed.statusCode).toBe(200);
    // B kept its read for an hour (PUBLIC_CACHE_SECONDS), and drops it when A says so through the database.
    await waitFor(async () => ((await page(b)).includes('Sông Đêm Dài') ? true : undefined), 5000);
  });

  it("shows a backup made on one node in the other's status, and a restore puts both in maintenance", async () => {
    const admin = await signInFirstAdmin(a.app);
    const onB = onNode(admin, b);
    const made = await admin.post('/api/admin/backups', { media: false });
    expect(made.statusCode, made.body).toBe(202);
    const { name } = (made.json() as { task: { name: string } }).task;
    await a.app.services.backups.idle();
    const status = await waitFor(async () => {
      const body = (await onB.get('/api/admin/backups/status')).json() as {
        last: { name: string; ok: boolean } | null;
      };
      return body.last?.name === name ? body : undefined;
    }, 5000);
    expect(status).toMatchObject({ task: null, last: { kind: 'backup', name, ok: true } });

    // While A restores (as its events say), B answers as A does: maintenance, and no backup of its own.
    const restoring = { kind: 'restore' as const, name };
    a.app.services.events.emit('backup.progress', { ...restoring, progress: 10 });
    const closed = await waitFor(async () => {
      const response = await b.app.inject({ method: 'GET', url: '/api/search/suggest?q=song' });
      return response.statusCode === 503 ? response : undefined;
    }, 5000);
    expect(closed.json()).toMatchObject({ error: { code: 'maintenance' } });
    await expect(b.app.services.backups.create({ media: false })).rejects.toThrow(
      /A restore is running/,
    );
    a.app.services.events.emit('backup.finished', { ...restoring, ok: true });
    await waitFor(async () => {
      const response = await b.app.inject({ method: 'GET', url: '/api/search/suggest?q=song' });
      return response.statusCode === 200 ? true : undefined;
    }, 5000);
  });

  it('answers the same build id from both nodes', async () => {
    const latest = async (node: TestApp) =>
      (
        (await node.app.inject({ method: 'GET', url: '/_build/latest.json' })).json() as {
          id: string;
        }
      ).id;
    const id = await latest(a);
    expect(id).not.toBe('development');
    expect(await latest(b)).toBe(id);
  });
});

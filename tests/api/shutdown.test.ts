// The real server in a child process (`server/main.ts`, the production build, embedded PostgreSQL): SIGTERM
// stops it gracefully, a stalled client cannot hold it past SHUTDOWN_TIMEOUT_MS, and a second server on
// the same data folder refuses to start.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '#server/db/embedded.ts';

type Server = {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const servers: Server[] = [];
const folders: string[] = [];

beforeAll(() => {
  if (!fs.existsSync('build/server/index.js'))
    throw new Error('Run "npm run build" before these tests.');
});

afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) continue;
    server.child.kill('SIGTERM');
    await server.exited;
  }
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-shutdown-'));
  // The embedded PostgreSQL runs as a `postgres` user when we are root: it must reach its folder.
  fs.chmodSync(dir, 0o755);
  folders.push(dir);
  return dir;
}

/** Starts `server/main.ts` as `npm start` would; resolves once it is listening, or once it has exited. */
async function startServer(options: { dataDir: string; env?: Record<string, string> }) {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // As tests/e2e/server.ts: set or emptied so that a developer's .env cannot change the setup.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: '',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      STORAGE_DRIVER: 'local',
      SMTP_URL: '',
      AUTH_SECRET: '',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@phim.test',
      ADMIN_PASSWORD: 'admin-password-123',
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: Server = { child, port, dataDir: options.dataDir, output: () => output, exited };
  servers.push(server);
  await new Promise<void>((resolve) => {
    const check = () => {
      if (output.includes('Phim is running at')) resolve();
    };
    child.stdout?.on('data', check);
    void exited.then(() => resolve());
  });
  return server;
}

/** 'open' if a TCP connection to the port is accepted, 'refused' if the kernel turns it away. */
function connect(port: number): Promise<'open' | 'refused' | 'other'> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'other'),
    );
  });
}

/** A download that has its headers but whose body the client does not read until told to. */
function startDownload(port: number, urlPath: string) {
  return new Promise<{
    status: number;
    length: number;
    /** Reads the rest; resolves with the bytes received and whether the body arrived whole. */
    finish: () => Promise<{ bytes: number; complete: boolean }>;
  }>((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: urlPath, agent: false, headers: { connection: 'close' } },
      (response) => {
        // No 'data' listener yet: the stream stays paused, the socket fills and the server has to wait.
        response.pause();
        resolve({
          status: response.statusCode ?? 0,
          length: Number(response.headers['content-length']),
          finish: () =>
            new Promise((done) => {
              let bytes = 0;
              response.on('data', (chunk: Buffer) => (bytes += chunk.length));
              response.once('end', () => done({ bytes, complete: response.complete }));
              response.once('aborted', () => done({ bytes, complete: false }));
              response.once('error', () => done({ bytes, complete: false }));
              response.resume();
            }),
        });
      },
    );
    request.once('error', reject);
  });
}

/** A media file big enough that it cannot fit in the socket buffers between server and client. */
function addLargeFile(dataDir: string) {
  const size = 64 * 1024 * 1024;
  fs.mkdirSync(path.join(dataDir, 'storage'), { recursive: true });
  const file = path.join(dataDir, 'storage', 'large.bin');
  fs.writeFileSync(file, '');
  fs.truncateSync(file, size);
  return { urlPath: '/storage/large.bin', size };
}

function postgresPid(dataDir: string) {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  return Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('SIGTERM', () => {
  it('refuses new connections, lets the request in flight finish, stops PostgreSQL and exits 0', async () => {
    const shutdownTimeout = 20_000;
    const dataDir = dataFolder();
    const { urlPath, size } = addLargeFile(dataDir);
    const server = await startServer({
      dataDir,
      env: { SHUTDOWN_TIMEOUT_MS: String(shutdownTimeout) },
    });
    expect(server.output()).toContain('Phim is running at');
    const postgres = postgresPid(dataDir);
    expect(isAlive(postgres)).toBe(true);

    const download = await startDownload(server.port, urlPath);
    expect(download.status).toBe(200);
    expect(download.length).toBe(size);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // The listening socket closes while the download is still held open by the slow client.
    await expect.poll(() => connect(server.port), { timeout: 10_000 }).toBe('refused');
    expect(server.child.exitCode).toBeNull();

    const body = await download.finish();
    expect(body).toEqual({ bytes: size, complete: true });

    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(shutdownTimeout);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(isAlive(postgres)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'phim.lock'))).toBe(false);
  }, 90_000);

  it('does not wait past SHUTDOWN_TIMEOUT_MS for a client that stopped reading', async () => {
    const shutdownTimeout = 1_500;
    const dataDir = dataFolder();
    const { urlPath, size } = addLargeFile(dataDir);
    const server = await startServer({
      dataDir,
      env: { SHUTDOWN_TIMEOUT_MS: String(shutdownTimeout) },
    });
    const postgres = postgresPid(dataDir);
    const download = await startDownload(server.port, urlPath);
    expect(download.status).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const took = Date.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });
    // It waited for the request, then gave up on it; PostgreSQL's own stop (at most 10 s) comes after.
    expect(took).toBeGreaterThanOrEqual(shutdownTimeout);
    expect(took).toBeLessThan(shutdownTimeout + 10_000);
    const body = await download.finish();
    expect(body.complete).toBe(false);
    expect(body.bytes).toBeLessThan(size);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(isAlive(postgres)).toBe(false);
  }, 90_000);
});

describe('a second server on the same data folder', () => {
  it('refuses to start, says why, and leaves the first one running', async () => {
    const dataDir = dataFolder();
    const first = await startServer({ dataDir });
    const postgres = postgresPid(dataDir);

    const second = await startServer({ dataDir });
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.output()).toContain(
      `Another Phim server (pid ${first.child.pid}) is already using the data folder ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
    expect(second.output()).not.toContain('Phim is running at');

    // The first one did not notice: same lock, same PostgreSQL, still answering.
    expect(fs.readFileSync(path.join(dataDir, 'phim.lock'), 'utf8')).toBe(String(first.child.pid));
    expect(postgresPid(dataDir)).toBe(postgres);
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(health.status).toBe(200);
  }, 90_000);
});

// The real server in a child process (`server/main.ts`, the production build, embedded PostgreSQL): SIGTERM
// stops it gracefully, a stalled client cannot hold it past SHUTDOWN_TIMEOUT_MS, and a second server on
// the same data folder refuses to start.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '#tests/app-utils.ts';
import {
  makeDataFolder,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '#tests/server-process.ts';

const servers: ServerProcess[] = [];
const folders: string[] = [];

beforeAll(requireBuild);

afterEach(async () => {
  for (const server of servers.splice(0)) await stopServerProcess(server);
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataFolder() {
  const dir = makeDataFolder('phim-shutdown-');
  folders.push(dir);
  return dir;
}

/** Starts `server/main.ts` as `npm start` would; resolves once it is listening, or once it has exited. */
async function startServer(options: { dataDir: string; env?: Record<string, string> }) {
  const server = await startServerProcess(options);
  servers.push(server);
  await server.listening;
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

/** A server with SHUTDOWN_TIMEOUT_MS set, its PostgreSQL up, and a large download started that the client holds. */
async function downloadInFlight(shutdownTimeout: number) {
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
  return { dataDir, server, postgres, download, size };
}

describe('SIGTERM', () => {
  it('refuses new connections, lets the request in flight finish, stops PostgreSQL and exits 0', async () => {
    const shutdownTimeout = 20_000;
    const { dataDir, server, postgres, download, size } = await downloadInFlight(shutdownTimeout);

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
    const { dataDir, server, postgres, download, size } = await downloadInFlight(shutdownTimeout);

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

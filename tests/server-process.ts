// The real server (the production build: the bundled server and the pages, embedded PostgreSQL) in a child
// process, as `npm start` runs it (`node build/phim/main.js`; `npm run build` first), for the tests of what only
// a whole process shows: shutdown, restarts, the data-folder lock.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '#server/db/embedded.ts';

export const PROCESS_ADMIN = { email: 'admin@phim.test', password: 'admin-password-123' };

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  /** Whether it got as far as listening (false: it exited first; `output()` says why). */
  listening: Promise<boolean>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** A fresh data folder; the embedded PostgreSQL runs as a `postgres` user when we are root: it must reach it. */
export function makeDataFolder(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** Starts the server on a free port; `listening` settles once it listens, or once it has exited. */
export async function startServerProcess(options: {
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['build/phim/main.js'], {
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
      ADMIN_EMAIL: PROCESS_ADMIN.email,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<boolean>((resolve) => {
    const check = () => {
      if (output.includes('Phim is running at')) resolve(true);
    };
    child.stdout?.on('data', check);
    void exited.then(() => resolve(false));
  });
  return { child, port, dataDir: options.dataDir, output: () => output, listening, exited };
}

/** Sends SIGTERM to a server still running and waits for it to exit. */
export async function stopServerProcess(server: Pick<ServerProcess, 'child' | 'exited'>) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

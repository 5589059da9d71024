// A throw-away redis-server for the tests that check what Phim does with REDIS_URL (rate limits, realtime).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { findFreePort } from '#server/db/embedded.ts';

export const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
// CI installs redis-server (.ci/run): there a missing binary is a broken install, not a reason to skip.
if (process.env.CI && !hasRedis)
  throw new Error('redis-server is not installed (apt-get install redis-server).');

export type TestRedis = { url: string; process: ChildProcess; stop: () => Promise<void> };

/** Starts redis-server on a free loopback port, without persistence, and waits until it answers. */
export async function startRedis(): Promise<TestRedis> {
  const port = await findFreePort();
  const url = `redis://127.0.0.1:${port}`;
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => {}); // refused until the server listens
  for (let i = 0; i < 100; i += 1) {
    try {
      await probe.connect();
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await probe.quit();
  return {
    url,
    process: child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

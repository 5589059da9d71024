// The production runtime (`npm start`: the bundled server in build/phim/) against the same server run from its
// sources through tsx, and against a bare Fastify process: time until /api/health answers, on a fresh data folder
// (embedded PostgreSQL's initdb reported apart) and on existing data, and the server process's memory (RSS) idle
// and under a page load. Each server is its own process, as `npm start` runs it; PostgreSQL is not counted.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BROWSER_USER_AGENT } from '#tests/chromium.ts';

const COMPILED = path.resolve('build/phim/main.js');
const TARGETS = { freshMs: 3000, existingMs: 1500, idleMb: 180, loadedMb: 400 };

type Started = { child: ChildProcess; url: string; healthyMs: number; initdbMs: number };
type Runtime = { name: string; args: string[] };

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resident memory of one process (not its children), in MB, from /proc. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function start(args: string[], env: NodeJS.ProcessEnv): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let initdbMs = 0;
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    const match = /"initdbMs":(\d+)/.exec(output);
    if (match) initdbMs = Number(match[1]);
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${output}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (performance.now() - began > 120_000) throw new Error(`${args.join(' ')}: no health`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { child, url, healthyMs: performance.now() - began, initdbMs };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Peak RSS of `pid` while autocannon loads `url` (home page, as a browser asks for it). */
async function peakRssUnderLoad(pid: number, url: string, seconds: number, connections: number) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  try {
    await autocannon({
      url,
      connections,
      duration: seconds,
      headers: { 'user-agent': BROWSER_USER_AGENT },
    });
  } finally {
    clearInterval(sampler);
  }
  return peak;
}

async function measureRuntime(runtime: Runtime, seconds: number, connections: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-bench-runtime-'));
  fs.chmodSync(dataDir, 0o755);
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_PASSWORD: 'bench-password-123' };
  try {
    const fresh = await start(runtime.args, env);
    await stop(fresh.child);
    const existing: number[] = [];
    let idle = 0;
    let loaded = 0;
    for (let run = 0; run < 3; run++) {
      const server = await start(runtime.args, { ...env, LOG_LEVEL: 'warn' });
      existing.push(server.healthyMs);
      if (run === 2) {
        // Settled: the start-up's garbage collected, as a server that has been up a while.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        idle = rssMb(server.child.pid!);
        loaded = await peakRssUnderLoad(server.child.pid!, `${server.url}/`, seconds, connections);
      }
      await stop(server.child);
    }
    return {
      name: runtime.name,
      freshMs: fresh.healthyMs - fresh.initdbMs,
      initdbMs: fresh.initdbMs,
      existingMs: median(existing),
      idle,
      loaded,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The floor: a Node process that loads Fastify and answers one JSON route, started the same way. */
async function measureBare() {
  const script = `
    const app = (await import('fastify')).default();
    app.get('/api/health', async () => ({ ok: true }));
    await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;
  const times: number[] = [];
  let idle = 0;
  for (let run = 0; run < 3; run++) {
    const server = await start(['--input-type=module', '-e', script], {});
    times.push(server.healthyMs);
    if (run === 2) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      idle = rssMb(server.child.pid!);
    }
    await stop(server.child);
  }
  return { existingMs: median(times), idle };
}

export async function benchRuntime(options: { seconds: number; connections: number }) {
  if (!fs.existsSync(COMPILED)) throw new Error(`No ${COMPILED}: run "npm run build" first.`);
  console.log('\nRuntime: start-up and memory of the server process (PostgreSQL apart)…');
  const bare = await measureBare();
  const rows = [
    await measureRuntime(
      { name: 'npm start (bundled: node build/phim/main.js)', args: [COMPILED] },
      options.seconds,
      options.connections,
    ),
    await measureRuntime(
      {
        name: 'from sources (node --import tsx server/main.ts)',
        args: ['--import', 'tsx', 'server/main.ts'],
      },
      options.seconds,
      options.connections,
    ),
  ];
  const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
  const mb = (value: number) => `${Math.round(value)} MB`;
  console.log(
    `\n| runtime | healthy, fresh data (initdb apart) | healthy, existing data | vs bare | RSS idle | vs bare | RSS under page load (${options.connections} conns, ${options.seconds}s) |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| bare Fastify process (reference) | – | ${ms(bare.existingMs)} | 1.0x | ${mb(bare.idle)} | 1.0x | – |`,
  );
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${ms(row.freshMs)} (+ initdb ${ms(row.initdbMs)}) | ${ms(row.existingMs)} | ${(row.existingMs / bare.existingMs).toFixed(1)}x | ${mb(row.idle)} | ${(row.idle / bare.idle).toFixed(1)}x | ${mb(row.loaded)} |`,
    );
  }
  const [compiled] = rows;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\nTargets for npm start: healthy ≤ ${ms(TARGETS.existingMs)} on existing data (${verdict(compiled!.existingMs <= TARGETS.existingMs)}), ` +
      `≤ ${ms(TARGETS.freshMs)} on a fresh folder (${verdict(compiled!.freshMs <= TARGETS.freshMs)}), ` +
      `RSS ≤ ${TARGETS.idleMb} MB idle (${verdict(compiled!.idle <= TARGETS.idleMb)}) and ≤ ${TARGETS.loadedMb} MB loaded (${verdict(compiled!.loaded <= TARGETS.loadedMb)}).`,
  );
}

// `BENCH_ONLY=storage`: HLS segment throughput of Phim's /storage/ route against nginx serving the same files
// (FIELD-NOTES "Serving segments": nginx with sendfile is the reference; the target is at least 1.0× on hot segments).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/**
 * autocannon parses every body byte in JavaScript (http-parser-js): on 2 cores it tops out near 150 MB/s, far below
 * either server, so the ratio would be the client's. wrk (C, `apt-get install wrk`) is used when installed.
 */
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';
const SEGMENTS = 50;
const SEGMENT_BYTES = 1.5 * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_STORAGE_ROUNDS ?? 3);
/** Bench servers take a port in this range (other benches and test servers use theirs). */
const PORTS = [4340, 4349] as const;

export type StorageRow = {
  name: string;
  rps: number;
  /** Response bytes per second, in MB (10^6). */
  mbps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** What the errors were, when there were some. */
  detail?: string;
  /** The server's CPU time per request in µs (all its processes), when it could be read. */
  cpuMicros?: number;
};

/** A port of the range nobody listens on now. */
export async function sparePort(): Promise<number> {
  for (let port = PORTS[0]; port <= PORTS[1]; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${PORTS[0]}–${PORTS[1]} for a bench server.`);
}

/**
 * Segments where a ready video's output lives (`storage/videos/{id}/{revision}/{rung}/seg_N.m4s`), so the real
 * /storage/ route serves them with all its checks. Random bytes: sizes vary a little, like a real ladder's.
 */
function writeSegments(storageRoot: string) {
  const prefix = `videos/900001/${crypto.randomBytes(8).toString('hex')}/720p`;
  const dir = path.join(storageRoot, ...prefix.split('/'));
  fs.mkdirSync(dir, { recursive: true });
  const paths: string[] = [];
  for (let i = 1; i <= SEGMENTS; i++) {
    const name = `seg_${String(i).padStart(5, '0')}.m4s`;
    const size = Math.round(SEGMENT_BYTES * (0.9 + (0.2 * ((i * 37) % 50)) / 50));
    fs.writeFileSync(path.join(dir, name), crypto.randomBytes(size));
    paths.push(`/storage/${prefix}/${name}`);
  }
  return paths;
}

/** nginx as its docs would set it up for static files: sendfile, 2 workers, everything inside `prefix`. */
function nginxConfig(prefix: string, dataDir: string, port: number) {
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  return `worker_processes 2;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  types { video/iso.segment m4s; application/vnd.apple.mpegurl m3u8; }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  access_log ${path.join(prefix, 'access.log')};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  server {
    listen 127.0.0.1:${port};
    root ${dataDir};
    location / { return 404; }
    location /storage/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
  }
}
`;
}

type Nginx = { url: string; pid: number; stop: () => Promise<void> };

/** CPU seconds (user + system) used so far by these processes, from /proc; null where /proc cannot say. */
function processCpuSeconds(pids: number[]) {
  try {
    let ticks = 0;
    for (const pid of pids) {
      // After "pid (comm) ": utime and stime are fields 14 and 15, so 11 and 12 of the rest.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

/** The children of a process (nginx's workers), from /proc. */
function childPids(parent: number) {
  const pids: number[] = [];
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === parent) pids.push(Number(entry));
    } catch {
      // Gone since the listing.
    }
  }
  return pids;
}

/** The bare reference (bench/bare-segments.ts) as our child: Node's `http` with the same files in memory. */
async function startBareNode(storageRoot: string, segments: string[]) {
  const script = path.join(import.meta.dirname, 'bare-segments.ts');
  const child = spawn(process.execPath, [...process.execArgv, script, storageRoot, ...segments], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const killAtExit = () => child.kill('SIGKILL');
  process.once('exit', killAtExit);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /\{"port":(\d+)\}/.exec(out);
      if (line) resolve(Number(line[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench/bare-segments.ts exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      process.off('exit', killAtExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts nginx in the foreground as our child; `stop` (also run on SIGINT/SIGTERM and at exit) ends it. */
async function startNginx(dataDir: string): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-bench-nginx-'));
  // Workers run as `nobody` when we are root: they must be able to enter the data folder.
  fs.chmodSync(prefix, 0o755);
  const port = await sparePort();
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(prefix, dataDir, port));
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killAtExit = () => child.kill('SIGKILL');
  const onSignal = (signal: NodeJS.Signals) => {
    child.kill('SIGTERM');
    fs.rmSync(prefix, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', killAtExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killAtExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT is nginx's graceful stop: the master waits for its workers, then exits.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(prefix, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx did not start: ${stderr.trim() || `exit code ${child.exitCode}`}`);
    }
    const up = await fetch(`${url}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (attempt > 100) {
      await stop();
      throw new Error(`nginx did not answer on ${url} within 5 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, pid: child.pid!, stop };
}

/**
 * autocannon in its own thread (the Phim server shares this process), each request for a random segment: the
 * picker is a file because functions cannot be handed to a worker thread.
 */
async function load(
  name: string,
  base: string,
  picker: string,
  seconds: number,
  connections: number,
) {
  const options = {
    url: base,
    connections,
    duration: seconds,
    workers: 1,
    requests: [{ method: 'GET' as const, setupRequest: picker }],
  };
  const result = await autocannon(options as unknown as autocannon.Options);
  const counts = result.statusCodeStats as Record<string, { count: number } | undefined>;
  const ok = counts['200']?.count ?? 0;
  const latency = result.latency as typeof result.latency & { p95?: number };
  return {
    name,
    rps: result.requests.average,
    mbps: result.throughput.average / 1e6,
    p50: latency.p50,
    p95: latency.p95 ?? Number.NaN,
    p99: latency.p99,
    errors: result.errors + result.timeouts + (result.requests.total - result.errors - ok),
  } satisfies StorageRow;
}

/** wrk's Lua hooks: a random segment per request, and the summary as one JSON line (wrk prints no p95 itself). */
function wrkScript(paths: string[]) {
  return `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
request = function() return wrk.format("GET", paths[math.random(#paths)]) end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"bytes":%d,"micros":%d,"p50":%d,"p95":%d,"p99":%d,"errors":%d,"timeouts":%d,"non2xx":%d}\\n',
    summary.requests, summary.bytes, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), e.connect + e.read + e.write + e.status + e.timeout, e.timeout, e.status))
end
`;
}

async function loadWithWrk(
  name: string,
  base: string,
  script: string,
  seconds: number,
  connections: number,
): Promise<StorageRow> {
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      WRK,
      ['-t2', `-c${connections}`, `-d${seconds}s`, '-s', script, `${base}/`],
      { timeout: (seconds + 30) * 1000 },
      (error, out) => (error ? reject(error) : resolve(out)),
    ),
  );
  const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const r = JSON.parse(line) as Record<
    'requests' | 'bytes' | 'micros' | 'p50' | 'p95' | 'p99' | 'errors' | 'timeouts' | 'non2xx',
    number
  >;
  const secondsTaken = r.micros / 1e6;
  return {
    name,
    rps: r.requests / secondsTaken,
    mbps: r.bytes / secondsTaken / 1e6,
    p50: Math.round(r.p50 / 1000),
    p95: Math.round(r.p95 / 1000),
    p99: Math.round(r.p99 / 1000),
    errors: r.errors,
    detail: r.errors ? `${r.timeouts} over wrk's 2 s timeout, ${r.non2xx} not 2xx` : undefined,
  };
}

export async function benchStorage(options: {
  serverUrl: string;
  dataDir: string;
  seconds: number;
  connections?: number;
}) {
  const connections = options.connections ?? 64;
  if (!fs.existsSync(NGINX)) {
    console.log(
      `\nStorage vs nginx: skipped, no nginx at ${NGINX} (install it: sudo apt-get install nginx, or set NGINX_PATH).`,
    );
    return null;
  }
  const storageRoot = path.join(options.dataDir, 'storage');
  const segments = writeSegments(storageRoot);
  const picker = path.join(options.dataDir, 'bench-pick-segment.cjs');
  fs.writeFileSync(
    picker,
    `const paths = ${JSON.stringify(segments)};
module.exports = (request) => ({ ...request, path: paths[Math.floor(Math.random() * paths.length)] });
`,
  );
  const script = path.join(options.dataDir, 'bench-pick-segment.lua');
  fs.writeFileSync(script, wrkScript(segments));
  const wrk = fs.existsSync(WRK);
  /** One load; with wrk (its own process), also the server's CPU time per request. */
  const measure = async (
    name: string,
    base: string,
    cpuSeconds: () => number | null,
    seconds = options.seconds,
  ) => {
    if (!wrk) return load(name, base, picker, seconds, connections);
    const before = cpuSeconds();
    const row = await loadWithWrk(name, base, script, seconds, connections);
    const after = cpuSeconds();
    const requests = row.rps * seconds;
    if (before !== null && after !== null && requests > 0)
      row.cpuMicros = ((after - before) / requests) * 1e6;
    return row;
  };
  const nginx = await startNginx(options.dataDir);
  const bare = await startBareNode(storageRoot, segments).catch(async (error: unknown) => {
    await nginx.stop();
    throw error;
  });
  try {
    const nginxWorkers = childPids(nginx.pid);
    const servers = [
      {
        name: 'nginx 1.22, sendfile, 2 workers (reference)',
        url: nginx.url,
        cpu: () => processCpuSeconds(nginxWorkers),
      },
      {
        name: 'Node `http`, files in memory, no framework (reference)',
        url: bare.url,
        cpu: () => processCpuSeconds([bare.pid]),
      },
      {
        name: 'GET /storage/videos/… (Phim)',
        url: options.serverUrl,
        // The server runs in this process, which only waits for wrk meanwhile.
        cpu: () => {
          const used = process.cpuUsage();
          return (used.user + used.system) / 1e6;
        },
      },
    ];
    // Warm all: every segment once (Phim's cache of hot files, the page cache for nginx), then a short load.
    for (const server of servers) {
      for (const segment of segments) {
        const response = await fetch(`${server.url}${segment}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${server.url}${segment}: ${response.status}`);
      }
      await measure('warm-up', server.url, server.cpu, 1);
    }
    // Alternating rounds, each server's median round reported: the machine is shared, and load from elsewhere
    // lands on whichever server is running at the time.
    const rounds = servers.map(() => [] as StorageRow[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, server] of servers.entries())
        rounds[i]!.push(await measure(server.name, server.url, server.cpu));
    }
    const median = (list: StorageRow[]) =>
      [...list].sort((x, y) => x.mbps - y.mbps)[Math.floor(list.length / 2)]!;
    const rows = rounds.map(median);
    const reference = rows[0]!;
    console.log(
      `\nHLS segments: ${SEGMENTS} files of about ${(SEGMENT_BYTES / 1e6).toFixed(1)} MB, random order, ${connections} connections, ${wrk ? 'wrk, 2 threads' : 'autocannon (client-bound: install wrk)'}, median of ${ROUNDS} alternating ${options.seconds} s rounds\n`,
    );
    console.log(
      '| server | MB/s | req/s | vs nginx | server CPU µs/request | p50 ms | p95 ms | p99 ms | errors |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.name} | ${Math.round(r.mbps)} | ${Math.round(r.rps)} | ${(r.mbps / reference.mbps).toFixed(2)}x | ${r.cpuMicros === undefined ? 'n/a' : Math.round(r.cpuMicros)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
      );
    }
    for (const r of rows) if (r.detail) console.log(`\n${r.name}: ${r.detail}.`);
    return rows;
  } finally {
    await bare.stop();
    await nginx.stop();
  }
}

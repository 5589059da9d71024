// `BENCH_ONLY=audience`: a simulated audience (issue 19). N viewers each load a watch page, then fetch a 4 s HLS
// segment every 4 s at about 5 Mbps (2.5 MB) and save their position every 10 s. The largest N one Phim node holds
// with no viewer starved (every segment delivered in under a quarter of its duration, 1 s), against the same
// audience served by nginx alone (the page as a static file, the same segments, the saves answered 204): the goal
// is at least 0.8 of nginx's N. N is found by doubling, then bisecting, each step a short steady run. The load
// generator (bench/audience-client.ts) is a Node process of its own that shares the machine's cores.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_USER_AGENT } from '#tests/chromium.ts';
import type { AudienceJob, AudienceResult } from './audience-client.ts';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SEGMENT_SECONDS = 4;
/** 5 Mbps for 4 s. */
const SEGMENT_BYTES = 2_500_000;
/** One episode's stretch of segments that the viewers are spread over (50 MB: inside Phim's 64 MB file cache). */
const SEGMENTS = 20;
const STARVED_MS = (SEGMENT_SECONDS * 1000) / 4;
const STEADY_SECONDS = Number(process.env.BENCH_AUDIENCE_SECONDS ?? 20);
/** The viewers arrive (load the page) spread over this many seconds: N in 10 s is the crowd a release brings. */
const RAMP_SECONDS = Number(process.env.BENCH_AUDIENCE_RAMP ?? 10);
/** A starved step is run again before the search takes it as the limit (`BENCH_AUDIENCE_CONFIRM=0`: not). */
const CONFIRM = process.env.BENCH_AUDIENCE_CONFIRM !== '0';
const START = Number(process.env.BENCH_AUDIENCE_START ?? 25);
const MAX = Number(process.env.BENCH_AUDIENCE_MAX ?? 6400);
/** The nginx reference takes this port, and nginx in front of Phim the next (the topology test uses 4350–4357). */
const NGINX_PORT = Number(process.env.BENCH_AUDIENCE_NGINX_PORT ?? 4315);

export type AudienceStep = {
  viewers: number;
  held: boolean;
  segments: number;
  starved: number;
  p50: number;
  p99: number;
  max: number;
  pageP95: number;
  saveP95: number;
  errors: number;
  mbps: number;
  load: number;
};

const percentile = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** One steady run of `viewers` against `base`. */
async function step(
  base: string,
  viewers: number,
  audience: Omit<AudienceJob, 'base' | 'viewers'>,
  scratch: string,
) {
  const jobFile = path.join(scratch, `job-${viewers}.json`);
  fs.writeFileSync(jobFile, JSON.stringify({ ...audience, base, viewers } satisfies AudienceJob));
  const script = path.join(import.meta.dirname, 'audience-client.ts');
  const child = spawn(process.execPath, [...process.execArgv, script, jobFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const killAtExit = () => child.kill('SIGKILL');
  process.once('exit', killAtExit);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  process.off('exit', killAtExit);
  if (code !== 0) throw new Error(`bench/audience-client.ts exited with ${code}`);
  const result = JSON.parse(out.trim().split('\n').at(-1)!) as AudienceResult;
  // Each viewer fetches at least one segment per period of the steady run.
  const expected = viewers * Math.floor(audience.steadySeconds / SEGMENT_SECONDS);
  const starved = result.segments.filter((ms) => ms >= STARVED_MS).length;
  const seconds = audience.rampSeconds + audience.steadySeconds;
  return {
    viewers,
    // Every viewer got its segments (none missing, none late) and nothing failed.
    held: starved === 0 && result.errors.length === 0 && result.segments.length >= expected,
    segments: result.segments.length,
    starved,
    p50: percentile(result.segments, 50),
    p99: percentile(result.segments, 99),
    max: Math.max(...result.segments),
    pageP95: percentile(result.pages, 95),
    saveP95: percentile(result.saves, 95),
    errors: result.errors.length,
    mbps: (result.segmentBytes * 8) / seconds / 1e6,
    load: os.loadavg()[0]!,
  } satisfies AudienceStep;
}

type Found = { viewers: number; capped: boolean; steps: AudienceStep[] };

/**
 * The largest N that held, for each server: doubling from START until a step fails, then bisecting to within
 * 10 %. The servers' searches take turns step by step, so that each sees the machine's load of the same minutes
 * (other work on the machine moved a sequential search's answer by half).
 */
async function largestAudiences(
  servers: Array<{ name: string; base: string }>,
  audience: Omit<AudienceJob, 'base' | 'viewers'>,
  scratch: string,
) {
  const searches = servers.map((server) => ({
    ...server,
    good: 0,
    bad: 0,
    next: START as number | null,
    steps: [] as AudienceStep[],
  }));
  const report = (name: string, result: AudienceStep, note: string) =>
    console.log(
      `  ${name} ${String(result.viewers).padStart(5)} viewers: ${result.held ? 'held   ' : 'STARVED'} segments p50 ${result.p50.toFixed(0)} ms, ` +
        `p99 ${result.p99.toFixed(0)} ms, max ${result.max.toFixed(0)} ms, ${result.starved} over ${STARVED_MS} ms, ` +
        `${result.errors} errors; page p95 ${result.pageP95.toFixed(0)} ms, save p95 ${result.saveP95.toFixed(0)} ms; ` +
        `${result.mbps.toFixed(0)} Mbit/s; load ${result.load.toFixed(1)}${note}`,
    );
  while (searches.some((search) => search.next !== null)) {
    for (const search of searches) {
      const viewers = search.next;
      if (viewers === null) continue;
      let result = await step(search.base, viewers, audience, scratch);
      // A step that starved is run once more: a neighbour's burst on a shared machine should not end a search.
      if (!result.held && CONFIRM) {
        report(search.name, result, ' (run again)');
        search.steps.push(result);
        result = await step(search.base, viewers, audience, scratch);
      }
      search.steps.push(result);
      report(search.name, result, '');
      if (result.held) search.good = viewers;
      else search.bad = viewers;
      if (!search.bad) search.next = viewers * 2 <= MAX ? viewers * 2 : null;
      else if (search.bad - search.good > Math.max(1, Math.round(search.good * 0.1)))
        search.next = Math.round((search.good + search.bad) / 2);
      else search.next = null;
    }
  }
  return searches.map((search): Found => ({
    viewers: search.good,
    capped: !search.bad,
    steps: search.steps,
  }));
}

/** nginx alone on `port`; on `port + 1`, nginx in front of Phim as docs/deploy.md sets it up (media by nginx). */
function nginxConfig(prefix: string, root: string, port: number, phimUrl: string) {
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  return `worker_processes 2;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 16384; }
http {
  types { video/iso.segment m4s; text/html html; }
  default_type text/html;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { return 404; }
    location /watch/ { default_type text/html; }
    location /storage/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location /api/history/ { return 204; }
  }
  upstream phim { server ${new URL(phimUrl).host}; keepalive 64; }
  server {
    listen 127.0.0.1:${port + 1};
    root ${root};
    location / {
      proxy_pass http://phim;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
    location /storage/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
  }
}
`;
}

async function startNginx(prefix: string, root: string, phimUrl: string) {
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(prefix, root, NGINX_PORT, phimUrl));
  const child = spawn(
    NGINX,
    ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killAtExit = () => child.kill('SIGKILL');
  process.once('exit', killAtExit);
  const url = `http://127.0.0.1:${NGINX_PORT}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null)
      throw new Error(`nginx did not start (exit ${child.exitCode}); is port ${NGINX_PORT} free?`);
    if (
      await fetch(`${url}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (attempt > 100) throw new Error(`nginx did not answer on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    frontUrl: `http://127.0.0.1:${NGINX_PORT + 1}`,
    stop: async () => {
      process.off('exit', killAtExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
    },
  };
}

export async function benchAudience(options: {
  serverUrl: string;
  dataDir: string;
  /** A watch page of the seeded catalogue. */
  pagePath: string;
  /** Position saves as the players send them (bench/history.ts's viewers and tickets). */
  saves: Array<{ path: string; body: string }>;
}) {
  if (!fs.existsSync(NGINX)) {
    console.log(
      `\nSimulated audience: skipped (no nginx at ${NGINX}; apt-get install nginx or set NGINX_PATH)`,
    );
    return null;
  }
  // Segments where a ready video's output lives, so the real /storage/ route serves them.
  const prefix = `videos/900002/${crypto.randomBytes(8).toString('hex')}/720p`;
  const folder = path.join(options.dataDir, 'storage', ...prefix.split('/'));
  fs.mkdirSync(folder, { recursive: true });
  const segmentPaths: string[] = [];
  for (let i = 1; i <= SEGMENTS; i++) {
    const name = `seg_${String(i).padStart(5, '0')}.m4s`;
    fs.writeFileSync(path.join(folder, name), crypto.randomBytes(SEGMENT_BYTES));
    segmentPaths.push(`/storage/${prefix}/${name}`);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-bench-audience-'));
  fs.chmodSync(scratch, 0o755);
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    // nginx's copy: the page as Phim rendered it (a static file), the same segments (a link to the data folder).
    const page = await fetch(`${options.serverUrl}${options.pagePath}`, {
      headers: { 'user-agent': BROWSER_USER_AGENT },
    });
    if (page.status !== 200) throw new Error(`${options.pagePath}: ${page.status}`);
    const staticRoot = path.join(scratch, 'root');
    const pageFile = path.join(staticRoot, ...options.pagePath.split('/'));
    fs.mkdirSync(path.dirname(pageFile), { recursive: true });
    fs.writeFileSync(pageFile, await page.text());
    fs.symlinkSync(path.join(options.dataDir, 'storage'), path.join(staticRoot, 'storage'));
    nginx = await startNginx(scratch, staticRoot, options.serverUrl);

    const audience = {
      pagePath: options.pagePath,
      segmentPaths,
      saves: options.saves,
      rampSeconds: RAMP_SECONDS,
      steadySeconds: STEADY_SECONDS,
      segmentSeconds: SEGMENT_SECONDS,
      saveEverySeconds: 10,
      userAgent: BROWSER_USER_AGENT,
    };
    const loadAtStart = os.loadavg()[0]!;
    console.log(
      `\nSimulated audience: ${SEGMENTS} segments of ${SEGMENT_BYTES / 1e6} MB every ${SEGMENT_SECONDS} s, a save every 10 s, ` +
        `starved = a segment taking ≥ ${STARVED_MS} ms; viewers arrive over ${RAMP_SECONDS} s, then ${STEADY_SECONDS} s more per step; ` +
        `the load generator shares the ${os.cpus().length} cores (load average ${loadAtStart.toFixed(1)})`,
    );
    // `front` is not part of the ratio: the production shape, where nginx serves the segments and Phim the page
    // and the saves.
    const [phim, reference, front] = (await largestAudiences(
      [
        { name: 'Phim ', base: options.serverUrl },
        { name: 'nginx', base: nginx.url },
        { name: 'front', base: nginx.frontUrl },
      ],
      audience,
      scratch,
    )) as [Found, Found, Found];
    const ratio = reference.viewers ? phim.viewers / reference.viewers : Number.NaN;
    console.log(
      '\n| server | largest N with no viewer starved | vs nginx | segments p99 at N | page p95 at N | load average |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const [name, found] of [
      ['Phim node (`/storage/`, SSR page, saves)', phim],
      ['nginx alone (static page, same segments, saves → 204)', reference],
      ['Phim behind nginx, segments from nginx (docs/deploy.md)', front],
    ] as const) {
      const at = found.steps.filter((s) => s.viewers === found.viewers && s.held).at(-1);
      console.log(
        `| ${name} | ${found.viewers}${found.capped ? ` (cap ${MAX})` : ''} | ${(found.viewers / reference.viewers).toFixed(2)}x | ` +
          `${at ? `${at.p99.toFixed(0)} ms` : '-'} | ${at ? `${at.pageP95.toFixed(0)} ms` : '-'} | ${at ? at.load.toFixed(1) : '-'} |`,
      );
    }
    console.log(
      `Simulated audience: Phim holds ${phim.viewers} viewers, nginx ${reference.viewers}: ${ratio.toFixed(2)}x (goal ≥ 0.8x).`,
    );
    return { phim, reference, front, ratio };
  } finally {
    await nginx?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(path.join(options.dataDir, 'storage', 'videos', '900002'), {
      recursive: true,
      force: true,
    });
  }
}

// `npm run bench`: throughput and latency of Phim's routes as ratios against reference routes measured in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';

process.env.NODE_ENV = 'production';
const { loadConfig } = await import('#server/config.ts');
const { startServer } = await import('#server/start.ts');

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

type Result = { name: string; rps: number; p50: number; p99: number; errors: number };

/** `expect`: the status every answer should have; anything else (or a socket error) counts as an error. */
async function measure(name: string, url: string, expect = 200): Promise<Result> {
  await autocannon({ url, connections, duration: 1 }); // warm-up
  const result = await autocannon({ url, connections, duration: seconds, workers: 1 });
  const counts = result.statusCodeStats as Record<string, { count: number } | undefined>;
  const expected = counts[String(expect)]?.count ?? 0;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (result.requests.total - result.errors - expected),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-bench-'));
fs.chmodSync(dataDir, 0o755);
const server = await startServer(
  loadConfig(process.env, { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir }),
);

// References: a bare Fastify JSON route and the app's own static file handling, side by side.
const bare = Fastify();
bare.get('/', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address();
const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/`;

try {
  const home = await fetch(`${server.url}/`).then((r) => r.text());
  const asset = /href="(\/assets\/[^"]+\.js)"/.exec(home)?.[1] ?? '/favicon.svg';
  const results: Result[] = [];
  results.push(await measure('bare Fastify JSON route (reference)', bareUrl));
  results.push(await measure('static asset (reference)', `${server.url}${asset}`));
  results.push(await measure('GET /api/health (database ping)', `${server.url}/api/health`));
  results.push(
    await measure('GET /_i18n/vi/messages.json', `${server.url}/_i18n/vi/messages.json`),
  );
  results.push(await measure('GET / (server-rendered page)', `${server.url}/`));
  results.push(await measure('GET /no-such-page (SSR 404)', `${server.url}/no-such-page`, 404));
  results.push(
    await measure('GET /api/terms/genre (catalogue query)', `${server.url}/api/terms/genre`),
  );

  const reference = results[0] as Result;
  console.log(
    `\nPhim bench: ${os.cpus().length} cores, Node ${process.version}, ${seconds}s x ${connections} connections\n`,
  );
  console.log('| route | req/s | vs bare route | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${(r.rps / reference.rps).toFixed(3)}x | ${r.p50} | ${r.p99} | ${r.errors} |`,
    );
  }
} finally {
  await bare.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// The simulated audience's load generator (bench/audience.ts), a process of its own: N viewers, each loading the
// watch page, then fetching a 4 s segment every 4 s and saving the position every 10 s, over keep-alive
// connections (Node's `http`, one socket per viewer at most, as a browser holds one per site). It prints one JSON
// line: every segment's delivery time, the page loads', the saves' and the errors.
import fs from 'node:fs';
import http from 'node:http';

export type AudienceJob = {
  base: string;
  viewers: number;
  pagePath: string;
  segmentPaths: string[];
  saves: Array<{ path: string; body: string }>;
  /** Viewers start spread over this many seconds, so that they are not in step. */
  rampSeconds: number;
  /** Seconds every viewer keeps watching after the ramp. */
  steadySeconds: number;
  segmentSeconds: number;
  saveEverySeconds: number;
  userAgent: string;
};

export type AudienceResult = {
  viewers: number;
  segments: number[];
  pages: number[];
  saves: number[];
  errors: string[];
  segmentBytes: number;
};

const job = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as AudienceJob;
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: job.viewers * 2,
  maxFreeSockets: job.viewers * 2,
});
const { hostname, port } = new URL(job.base);

/** One request; resolves with the ms until the whole body arrived, and its size (the body is discarded). */
function timed(method: string, path: string, body?: string) {
  const started = performance.now();
  return new Promise<{ ms: number; status: number; bytes: number }>((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method,
        agent,
        headers: {
          'user-agent': job.userAgent,
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, bytes }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(body);
  });
}

const result: AudienceResult = {
  viewers: job.viewers,
  segments: [],
  pages: [],
  saves: [],
  errors: [],
  segmentBytes: 0,
};
const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

async function viewer(index: number) {
  const begin = performance.now() + (index / job.viewers) * job.rampSeconds * 1000;
  const end = performance.now() + (job.rampSeconds + job.steadySeconds) * 1000;
  await sleepUntil(begin);
  try {
    const page = await timed('GET', job.pagePath);
    if (page.status !== 200) result.errors.push(`page ${page.status}`);
    result.pages.push(page.ms);
  } catch (error) {
    result.errors.push(`page ${String(error)}`);
  }
  // Viewers are at different places of the same episode.
  let segment = (index * 7) % job.segmentPaths.length;
  const save = job.saves[index % job.saves.length]!;
  let nextSave = performance.now() + job.saveEverySeconds * 1000;
  for (let at = performance.now(); at < end; at += job.segmentSeconds * 1000) {
    await sleepUntil(at);
    try {
      const fetched = await timed('GET', job.segmentPaths[segment]!);
      if (fetched.status !== 200) result.errors.push(`segment ${fetched.status}`);
      result.segments.push(fetched.ms);
      result.segmentBytes += fetched.bytes;
    } catch (error) {
      result.errors.push(`segment ${String(error)}`);
    }
    segment = (segment + 1) % job.segmentPaths.length;
    if (performance.now() >= nextSave) {
      nextSave += job.saveEverySeconds * 1000;
      try {
        const saved = await timed('POST', save.path, save.body);
        if (saved.status !== 204) result.errors.push(`save ${saved.status}`);
        result.saves.push(saved.ms);
      } catch (error) {
        result.errors.push(`save ${String(error)}`);
      }
    }
  }
}

await Promise.all(Array.from({ length: job.viewers }, (_, index) => viewer(index)));
agent.destroy();
process.stdout.write(`${JSON.stringify(result)}\n`);

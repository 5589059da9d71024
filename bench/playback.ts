// `BENCH_ONLY=playback`: time to first frame of the watch page against a bare hls.js page playing the same ladder,
// in headless Chromium, on loopback and over a network throttled to 20 Mbps / 40 ms RTT through CDP (issue 21's
// targets: ≤ 1.0× the bare page on loopback, ≤ 1.1× throttled; 25 runs each, BENCH_PLAYBACK_RUNS=25).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { videos } from '#server/db/schema/index.ts';
import { locateBinary } from '#server/media/ffmpeg-binaries.ts';
import { probeVideo } from '#server/media/ffprobe.ts';
import {
  buildAudioArgs,
  buildTranscodeArgs,
  planTranscode,
  renditionsOf,
  transcodeLadder,
} from '#server/media/hls.ts';
import { storyboardVtt } from '#server/media/storyboard.ts';
import { storageRoutes } from '#server/http/storage.routes.ts';
import type { RunningServer } from '#server/start.ts';
import { BROWSER_USER_AGENT, CHROMIUM_ARGS, chromiumPath } from '#tests/chromium.ts';
import { sparePort } from './storage.ts';

const FFMPEG = locateBinary('ffmpeg').path;
const FFPROBE = locateBinary('ffprobe').path;
const RUNS = Number(process.env.BENCH_PLAYBACK_RUNS ?? 25);
/** A 1080p source for the full ladder (1080/720/480/360); only the first segments matter for the first frame. */
const CLIP = { width: 1920, height: 1080, fps: 30, seconds: 16 };

/**
 * Runs in every page before its own scripts: the first `play()` on a <video> in the page starts watching for frames,
 * and the first frame presented while playing (requestVideoFrameCallback) is the first frame. Times are ms since
 * navigation start (performance.timeOrigin), the same clock for both pages. Plain JavaScript in a string: tsx would
 * wrap a function's inner functions in a `__name` helper that the page does not have.
 */
const WATCH_FIRST_FRAME = `(() => {
  const marks = (window.__ttff = { play: null, playing: null, frame: null });
  let shown;
  window.__ttffFrame = new Promise((resolve) => (shown = resolve));
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    // Only a video in the page: players try play() on detached elements to learn whether autoplay is allowed.
    if (marks.play === null && this.isConnected && 'requestVideoFrameCallback' in this) {
      marks.play = performance.now();
      const video = this;
      const onFrame = (now) => {
        if (video.paused) video.requestVideoFrameCallback(onFrame);
        else {
          marks.frame = now;
          shown();
        }
      };
      video.requestVideoFrameCallback(onFrame);
      video.addEventListener('playing', () => (marks.playing ??= performance.now()), { once: true });
    }
    return play.call(this);
  };
})();`;

/**
 * Also in the page before its scripts: `window.__ttffButton`, a promise of where the play button is once it is there,
 * enabled and shown (not before the page's stylesheets apply: until then nothing is painted, and the button is
 * elsewhere), checked at each animation frame.
 */
const findButton = (selector: string) => `(() => {
  window.__ttffButton = new Promise((resolve) => {
    const check = () => {
      const styled = [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => link.sheet);
      const button = styled ? document.querySelector(${JSON.stringify(selector)}) : null;
      const box = button && button.getBoundingClientRect();
      if (!box || !box.width) return requestAnimationFrame(check);
      if (box.bottom > window.innerHeight) button.scrollIntoView({ block: 'center' });
      const seen = button.getBoundingClientRect();
      window.__ttffShown = performance.now();
      resolve({ x: seen.x + seen.width / 2, y: seen.y + seen.height / 2 });
    };
    requestAnimationFrame(check);
  });
})();`;

/** The reference: hls.js with its defaults and nothing else, a play button enabled once the source is attached. */
const barePage = (master: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>bare hls.js</title>
<style>body{margin:0;background:#000}video{display:block;width:100%;max-width:1280px;aspect-ratio:16/9}</style>
</head><body>
<video playsinline></video><button id="play" disabled>Play</button>
<script src="/hls.min.js"></script>
<script>
  const video = document.querySelector('video');
  const hls = new Hls();
  hls.loadSource(${JSON.stringify(master)});
  hls.attachMedia(video);
  const button = document.getElementById('play');
  button.onclick = () => video.play();
  button.disabled = false;
</script>
</body></html>`;

/**
 * The ladder as the transcode pipeline writes it (server/media/hls.ts, one-process mode) from a generated clip, kept
 * in the system's temp folder between runs: encoding 1080p on 2 cores takes a minute.
 */
async function ladder(): Promise<string> {
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify({ CLIP, args: [buildTranscodeArgs, buildAudioArgs].map(String) }))
    .digest('hex')
    .slice(0, 12);
  const dir = path.join(os.tmpdir(), `phim-bench-ladder-${key}`);
  if (fs.existsSync(path.join(dir, 'master.m3u8'))) return dir;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-bench-clip-'));
  try {
    const clip = path.join(work, 'clip.mp4');
    execFileSync(FFMPEG, [
      ...['-y', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${CLIP.width}x${CLIP.height}:rate=${CLIP.fps}`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(CLIP.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
    ]);
    const out = path.join(work, 'out');
    fs.mkdirSync(out);
    const probe = await probeVideo(clip, { ffprobePath: FFPROBE });
    const plan = planTranscode(probe, { input: clip, outputDir: out });
    await transcodeLadder(plan, { mode: 'single-process', ffmpegPath: FFMPEG });
    fs.writeFileSync(path.join(out, 'storyboard.vtt'), storyboardVtt(plan.storyboard));
    fs.renameSync(out, dir);
    return dir;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A ready video with that ladder, and a published movie whose episode plays it: what an admin would have made. */
async function seed(server: RunningServer, dataDir: string, source: string) {
  const services = server.app.services;
  const master = fs.readFileSync(path.join(source, 'master.m3u8'), 'utf8');
  const [video] = await server.db
    .insert(videos)
    .values({ name: 'Bench ladder', status: 'ready', progress: 100, originalFilename: 'clip.mp4' })
    .returning({ id: videos.id });
  const prefix = services.videoFiles.prefix(video!.id, crypto.randomBytes(8).toString('hex'));
  fs.cpSync(source, path.join(dataDir, 'storage', ...prefix.split('/')), { recursive: true });
  await server.db
    .update(videos)
    .set({
      storagePrefix: prefix,
      posterPath: 'poster.jpg',
      storyboardPath: 'storyboard.vtt',
      duration: CLIP.seconds,
      width: CLIP.width,
      height: CLIP.height,
      renditions: renditionsOf(master),
    })
    .where(eq(videos.id, video!.id));
  const movie = await services.movies.create({
    title: 'Khung Hình Đầu Tiên',
    published: true,
    total_episodes: 1,
  });
  const episodeServer = await services.episodes.createServer(movie.id, 'Vietsub #1');
  const episode = await services.episodes.create(movie.id, {
    server_id: episodeServer.id,
    name: 'Tập 1',
    ep: 'tap-1',
    source_type: 'video',
    video_id: video!.id,
  });
  return {
    watchPath: `/watch/${movie.slug}/${episode.ep}`,
    master: services.videoFiles.url(prefix, 'master.m3u8'),
  };
}

type Run = {
  /** The HTML fully received, DOMContentLoaded, play requested, first frame: ms since navigation start. */
  html: number;
  ready: number;
  /** The play button found styled and in view (pressed at once), and the page's play() call. */
  shown: number;
  play: number;
  frame: number;
};

/** A network to play over: none is loopback as it is; the other is what issue 21 names, applied through CDP. */
type Network = { name: string; mbps: number; rttMs: number } | null;
const NETWORKS: Network[] = [null, { name: '20 Mbps, 40 ms RTT', mbps: 20, rttMs: 40 }];

async function firstFrame(
  browser: Browser,
  url: string,
  playButton: string,
  network: Network,
): Promise<Run> {
  const context = await browser.newContext({
    userAgent: BROWSER_USER_AGENT,
    viewport: { width: 1280, height: 720 },
    locale: 'vi-VN',
  });
  try {
    await context.addInitScript({ content: WATCH_FIRST_FRAME + findButton(playButton) });
    const page = await context.newPage();
    if (network) {
      // Chromium's own throttling: every response waits for the round trip and trickles at the rate, both ways.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: network.rttMs,
        downloadThroughput: (network.mbps * 1_000_000) / 8,
        uploadThroughput: (network.mbps * 1_000_000) / 8,
      });
    }
    await page.goto(url, { waitUntil: 'commit' });
    // As a viewer: press the play button as soon as it shows and is enabled, where it is on the screen. Not
    // page.click(): its checks (two stable animation frames, then its own hit-target test) lose the click when the
    // app swaps the server-rendered button for the player's own between them. Nor page.waitForFunction(): it puts
    // Playwright's own script in the page first, 20-30 ms of parsing on the main thread while the page loads.
    const at = await page.evaluate(() =>
      Promise.race([
        (window as unknown as { __ttffButton: Promise<{ x: number; y: number }> }).__ttffButton,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000)),
      ]),
    );
    if (!at) throw new Error(`No play button to press on ${url} within 30 s`);
    await page.mouse.click(at.x, at.y);
    const shown = await page.evaluate(() =>
      Promise.race([
        (window as unknown as { __ttffFrame: Promise<void> }).__ttffFrame.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
      ]),
    );
    if (!shown) {
      const state = await page.evaluate(() => {
        const host = document.querySelector('hls-video') as
          (HTMLElement & { nativeEl?: HTMLVideoElement }) | null;
        const video = host?.nativeEl ?? document.querySelector('video');
        return JSON.stringify({
          marks: (window as unknown as { __ttff: unknown }).__ttff,
          paused: video?.paused,
          readyState: video?.readyState,
          currentTime: video?.currentTime,
          error: video?.error?.message,
        });
      });
      throw new Error(`No first frame on ${url} within 30 s: ${state}`);
    }
    if (process.env.BENCH_PLAYBACK_TRACE) {
      console.log(
        await page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .map(
              (entry) =>
                `${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ${entry.encodedBodySize} ${entry.name}`,
            )
            .join('\n'),
        ),
      );
    }
    return await page.evaluate(() => {
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming;
      const marks = (window as unknown as { __ttff: { play: number; frame: number } }).__ttff;
      return {
        html: navigation.responseEnd,
        ready: navigation.domContentLoadedEventEnd,
        shown: (window as unknown as { __ttffShown: number }).__ttffShown,
        play: marks.play,
        frame: marks.frame,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** Nearest-rank p95: with 15 runs, the slowest; with 25, the second slowest. */
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

export async function benchPlayback(options: { server: RunningServer; dataDir: string }) {
  let executablePath: string;
  try {
    executablePath = chromiumPath();
  } catch (error) {
    console.log(`\nTime to first frame: skipped. ${(error as Error).message}`);
    return null;
  }
  console.log('\nTime to first frame: making the ladder…');
  const { watchPath, master } = await seed(options.server, options.dataDir, await ladder());

  // The bare page comes from this process too, with the same /storage/ route code and the same cache of hot files.
  const bare = Fastify();
  await bare.register(storageRoutes, {
    prefix: '/storage',
    root: path.join(options.dataDir, 'storage'),
    cache: options.server.app.services.storageCache,
  });
  const hlsScript = fs.readFileSync(
    path.join(path.dirname(createRequire(import.meta.url).resolve('hls.js')), 'hls.min.js'),
  );
  bare.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(barePage(master)),
  );
  bare.get('/hls.min.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(hlsScript),
  );
  await bare.listen({ port: await sparePort(), host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/`;

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const pages = [
      {
        name: 'watch page /watch/{slug}/{ep}',
        url: `${options.server.url}${watchPath}`,
        // The server-rendered play button (enabled by the page's inline script), or Media Chrome's once mounted.
        button: '[data-player-boot-play]:enabled, media-play-button.phim-big-play',
      },
      { name: 'bare hls.js page (reference)', url: bareUrl, button: '#play:enabled' },
    ];
    const results = [];
    for (const network of NETWORKS) {
      // One run each first (discarded): the server's first render and first reads. Then alternate, so that load
      // from elsewhere on the machine falls on both.
      for (const page of pages) await firstFrame(browser, page.url, page.button, network);
      const runs = pages.map(() => [] as Run[]);
      for (let i = 0; i < RUNS; i++) {
        for (const [index, page] of pages.entries()) {
          runs[index]!.push(await firstFrame(browser, page.url, page.button, network));
        }
      }
      const rows = pages.map((page, index) => {
        const frames = runs[index]!.map((run) => run.frame);
        return {
          name: page.name,
          median: median(frames),
          p95: p95(frames),
          html: median(runs[index]!.map((run) => run.html)),
          ready: median(runs[index]!.map((run) => run.ready)),
          shown: median(runs[index]!.map((run) => run.shown)),
          click: median(runs[index]!.map((run) => run.play)),
          afterClick: median(runs[index]!.map((run) => run.frame - run.play)),
        };
      });
      const reference = rows[1]!;
      const target = network ? 1.1 : 1.0;
      console.log(
        `\nTime to first frame, ${network ? `throttled to ${network.name} (CDP)` : 'loopback'}: headless Chromium, ${CLIP.height}p ${CLIP.seconds} s clip through the transcode ladder, fresh context per run, ${RUNS} runs each, ms from navigation start; target ≤ ${target.toFixed(1)}x the bare page\n`,
      );
      console.log(
        '| page | first frame (median) | p95 | vs bare | HTML received | DOMContentLoaded | button pressed | play() | play() → frame |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|');
      for (const row of [reference, rows[0]!]) {
        console.log(
          `| ${row.name} | ${Math.round(row.median)} | ${Math.round(row.p95)} | ${(row.median / reference.median).toFixed(2)}x | ${Math.round(row.html)} | ${Math.round(row.ready)} | ${Math.round(row.shown)} | ${Math.round(row.click)} | ${Math.round(row.afterClick)} |`,
        );
      }
      const ratio = rows[0]!.median / reference.median;
      console.log(
        `First frame ${network ? 'throttled' : 'on loopback'}: ${ratio.toFixed(2)}x the bare hls.js page (target ≤ ${target.toFixed(1)}x): ${ratio <= target ? 'met' : 'NOT met'}`,
      );
      results.push({ network: network?.name ?? 'loopback', rows });
    }
    return results;
  } finally {
    await browser.close();
    await bare.close();
  }
}

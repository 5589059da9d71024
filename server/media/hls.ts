// The transcode: which HLS rungs a source gets, the one ffmpeg command that decodes once and writes the ladder,
// the poster and the storyboard sprites (or one command per rung for ffmpeg builds that cannot), and reading
// ffmpeg's `-progress` output.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Rendition } from '#server/db/schema/media.ts';
import type { TranscodeMode } from './ffmpeg-binaries.ts';
import type { ProbeResult } from './ffprobe.ts';
import { planStoryboard, type StoryboardLayout } from './storyboard.ts';

export const HLS_SEGMENT_SECONDS = 4;
export const AUDIO_BITRATE = 128_000;
export const AUDIO_SAMPLE_RATE = 48_000;
/** Samples of silence ffmpeg's AAC encoder puts before the sound; its first packet starts that much before zero. */
const AAC_PRIMING_SAMPLES = 1024;

/**
 * Every rung's audio: AAC stereo at 48 kHz. `aresample` pads a late-starting track with silence from the start of
 * the file, so the audio encoded alone (one-process mode) starts where it would inside the ladder's process.
 */
const AUDIO_ENCODE = [
  ...['-af', 'aresample=async=1:first_pts=0'],
  ...['-c:a', 'aac', '-ac', '2', '-ar', String(AUDIO_SAMPLE_RATE), '-b:a', String(AUDIO_BITRATE)],
];

/** Video bitrates about 0.1 bit per pixel per frame at 30 fps, as mature ladders use. */
export const LADDER = [
  { height: 1080, bitrate: 5_000_000 },
  { height: 720, bitrate: 2_800_000 },
  { height: 480, bitrate: 1_400_000 },
  { height: 360, bitrate: 800_000 },
] as const;

/**
 * x264 threads for each encoder of the one-process ladder: twice x264's own default (1.5 a core), at most 24. One
 * thread feeds all four encoders in turn, and with more frames in flight each blocks it less often: 22.3 against
 * 23.5 s on the bench's 30 s 1080p ladder, 2 cores, the same bitrates and PSNR within 0.02 dB. A process with one
 * encoder (per-rendition mode) keeps the default.
 */
export const ladderEncoderThreads = (cores = os.availableParallelism()) => Math.min(24, 3 * cores);

export type Rung = { name: string; width: number; height: number; bitrate: number };

export type TranscodePlan = {
  input: string;
  /** Folder that receives everything; the caller renames it into place when ffmpeg succeeds. */
  outputDir: string;
  rungs: Rung[];
  hasAudio: boolean;
  posterAt: number;
  storyboard: StoryboardLayout;
  /** Frames ffmpeg should write for the top rung: what progress counts against. */
  expectedFrames: number;
  /** The source's length in seconds: what the written segments are measured against. */
  duration: number;
};

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** Rungs at or below the source height; a source below 360p gets one rung at its own size. */
export function planLadder(source: Pick<ProbeResult, 'width' | 'height'>): Rung[] {
  const fit = LADDER.filter((rung) => rung.height <= source.height);
  const chosen = fit.length
    ? fit
    : [
        {
          height: even(source.height),
          bitrate: Math.max(
            200_000,
            Math.round((LADDER[3].bitrate * source.height) / LADDER[3].height),
          ),
        },
      ];
  return chosen.map((rung) => ({
    name: `${rung.height}p`,
    height: rung.height,
    width: even((source.width * rung.height) / source.height),
    bitrate: rung.bitrate,
  }));
}

export function planTranscode(
  source: ProbeResult,
  paths: { input: string; outputDir: string },
): TranscodePlan {
  return {
    ...paths,
    rungs: planLadder(source),
    hasAudio: Boolean(source.audioCodec),
    posterAt: Math.min(source.duration * 0.1, 300),
    storyboard: planStoryboard(source),
    expectedFrames: Math.max(1, Math.round(source.duration * source.fps)),
    duration: source.duration,
  };
}

/**
 * Arguments for one ffmpeg process that decodes the source once and encodes `rungs` (indexes into `plan.rungs`),
 * plus the poster and storyboard when `extras`. With `variantMap` every rung goes to one HLS muxer, and the
 * audio, encoded once by `buildAudioArgs`' process, comes in on stdin and is copied into every rung; without it
 * (one rung, per-rendition mode) the rung's playlist is written directly and the process encodes its own audio.
 * Both give the same files: `<rung>/index.m3u8`, `<rung>/init_<i>.mp4`, `<rung>/seg_%05d.m4s`; our code writes
 * `master.m3u8` in both.
 */
function buildEncodeArgs(
  plan: TranscodePlan,
  options: { rungs: number[]; extras: boolean; variantMap: boolean },
): string[] {
  const audioFromStdin = plan.hasAudio && options.variantMap;
  const board = plan.storyboard;
  const rungs = options.rungs.map((index) => plan.rungs[index]!);
  const top = plan.rungs[0]!;
  const out = (name: string) => `${plan.outputDir}/${name}`;
  const outputs = rungs.map((_, i) => `[s${i}]`).join('') + (options.extras ? '[sp][sb]' : '');
  const filters = [
    `[0:v:0]split=${rungs.length + (options.extras ? 2 : 0)}${outputs}`,
    ...rungs.map((rung, i) => `[s${i}]scale=${rung.width}:${rung.height}:flags=area[v${i}]`),
  ];
  if (options.extras) {
    filters.push(
      // Only the first frame at the poster's time goes on: `-frames:v 1` stops the JPEG encoder, but every later
      // frame would still be converted for it (about 4 of 47 CPU seconds on a 30 s 1080p ladder).
      `[sp]select='gte(t\\,${plan.posterAt.toFixed(3)})*eq(selected_n\\,0)',scale=${top.width}:${top.height}[poster]`,
      `[sb]fps=1/${board.interval}:eof_action=pass,scale=${board.tileWidth}:${board.tileHeight},tile=${board.columns}x${board.rows}[sprite]`,
    );
  }
  const args = ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1'];
  args.push('-i', plan.input);
  if (audioFromStdin) {
    // The encoder's priming packet starts before zero, but NUT cannot carry a negative time: it came in shifted.
    const priming = (AAC_PRIMING_SAMPLES / AUDIO_SAMPLE_RATE).toFixed(9);
    args.push('-itsoffset', `-${priming}`, '-f', 'nut', '-i', 'pipe:0');
  }
  args.push('-filter_complex', filters.join(';'));
  rungs.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (plan.hasAudio) rungs.forEach(() => args.push('-map', audioFromStdin ? '1:a:0' : '0:a:0'));
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-profile:v', 'high');
  if (options.variantMap) args.push('-threads', String(ladderEncoderThreads()));
  rungs.forEach((rung, i) => {
    args.push(
      `-b:v:${i}`,
      String(rung.bitrate),
      `-maxrate:v:${i}`,
      String(Math.round(rung.bitrate * 1.07)),
      `-bufsize:v:${i}`,
      String(Math.round(rung.bitrate * 1.5)),
    );
  });
  // Keyframes on segment boundaries in every rung, so players can switch between them at any segment.
  args.push(
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
  );
  if (audioFromStdin) args.push('-c:a', 'copy');
  else if (plan.hasAudio) args.push(...AUDIO_ENCODE);
  args.push(
    // The muxer holds the picture until it has the sound of the same time. Left at its 10 s, the audio copied in
    // from the other process came too late for the segments being cut: the first four of each rung had none and
    // the fifth all of 0-20 s, and a browser plays a muxed segment only where both tracks have media.
    '-max_interleave_delta',
    '0',
    '-f',
    'hls',
    '-hls_time',
    String(HLS_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
  );
  if (options.variantMap) {
    const streamMap = rungs
      .map((rung, i) =>
        plan.hasAudio ? `v:${i},a:${i},name:${rung.name}` : `v:${i},name:${rung.name}`,
      )
      .join(' ');
    args.push(
      '-hls_segment_filename',
      out('%v/seg_%05d.m4s'),
      '-var_stream_map',
      streamMap,
      out('%v/index.m3u8'),
    );
  } else {
    const [index] = options.rungs;
    const rung = rungs[0]!;
    // The init file's name as `-var_stream_map` gives it, so both modes leave the same files.
    args.push(
      '-hls_fmp4_init_filename',
      `init_${index}.mp4`,
      '-hls_segment_filename',
      out(`${rung.name}/seg_%05d.m4s`),
      out(`${rung.name}/index.m3u8`),
    );
  }
  if (options.extras) {
    args.push('-map', '[poster]', '-frames:v', '1', '-q:v', '3', out('poster.jpg'));
    args.push('-map', '[sprite]', '-q:v', '5', '-f', 'image2', out('sprite_%03d.jpg'));
  }
  return args;
}

/**
 * Arguments for the one-process ladder: decode once, split into every rung, the poster and the storyboard. With
 * audio it reads `buildAudioArgs`' output on stdin.
 */
export function buildTranscodeArgs(plan: TranscodePlan): string[] {
  return buildEncodeArgs(plan, {
    rungs: plan.rungs.map((_, i) => i),
    extras: true,
    variantMap: true,
  });
}

/**
 * The one-process ladder's companion: the source's audio decoded and encoded once, as NUT on stdout, which the
 * ladder copies into every rung (ffmpeg 5.1 would otherwise encode it once per rung on its one main thread).
 */
export function buildAudioArgs(plan: TranscodePlan): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-i', plan.input, '-map', '0:a:0'],
    ...AUDIO_ENCODE,
    ...['-f', 'nut', 'pipe:1'],
  ];
}

/** Arguments for rung `index` alone (per-rendition mode); the top rung's process also writes poster and sprites. */
export function buildRenditionArgs(plan: TranscodePlan, index: number): string[] {
  return buildEncodeArgs(plan, { rungs: [index], extras: index === 0, variantMap: false });
}

/** The `CODECS` entry of an fMP4 init segment's H.264 track: `avc1.` + profile, constraints, level from `avcC`. */
export function avcCodecOf(init: Buffer) {
  const at = init.indexOf('avcC');
  if (at < 0 || at + 8 > init.length)
    throw new Error('the init segment has no H.264 configuration');
  const hex = (offset: number) => init[at + offset]!.toString(16).padStart(2, '0');
  return `avc1.${hex(5)}${hex(6)}${hex(7)}`;
}

/**
 * The master playlist, written by our code in both modes, as ffmpeg writes it with `-var_stream_map`: BANDWIDTH as
 * ffmpeg computes it (video + audio bitrate, plus 10 %), RESOLUTION of the rung, CODECS from its init segment.
 */
export function masterPlaylist(plan: TranscodePlan, videoCodecs: string[]) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7'];
  plan.rungs.forEach((rung, i) => {
    const bits = rung.bitrate + (plan.hasAudio ? AUDIO_BITRATE : 0);
    const codecs = [videoCodecs[i], ...(plan.hasAudio ? ['mp4a.40.2'] : [])].join(',');
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(bits * 1.1)},RESOLUTION=${rung.width}x${rung.height},CODECS="${codecs}"`,
      `${rung.name}/index.m3u8`,
      '',
    );
  });
  return `${lines.join('\n')}\n`;
}

/** How much of a per-rendition transcode each rung is: its pixels (the encode), plus one decode of the source. */
function rungWeights(plan: TranscodePlan) {
  const top = plan.rungs[0]!;
  return plan.rungs.map((rung) => rung.width * rung.height + (top.width * top.height) / 4);
}

/**
 * Writes the ladder, poster and sprites into `plan.outputDir` (which must exist), then `master.m3u8`. Progress
 * is one percentage over the whole run, 100 once the master playlist is there; `signal` kills the running ffmpeg.
 */
export async function transcodeLadder(
  plan: TranscodePlan,
  options: {
    mode: TranscodeMode;
    ffmpegPath?: string;
    signal?: AbortSignal;
    onPercent?: (percent: number) => void;
  },
) {
  const onPercent = options.onPercent ?? (() => {});
  if (options.mode === 'single-process') {
    // ffmpeg reports nothing until every output has begun, and the storyboard's tiles begin at the end: its
    // `-progress` says 0 for the whole run and 100 at the end. The top rung's segments, written as it goes, say
    // how far it is instead; the report still ends the run.
    let reported = 0;
    const report = (percent: number) => {
      if (percent <= reported) return;
      reported = percent;
      onPercent(percent);
    };
    const stop = watchSegments(
      path.join(plan.outputDir, plan.rungs[0]!.name),
      plan.duration,
      (percent) => report(Math.min(99, percent)),
    );
    const run = {
      ...options,
      onStdout: createProgressParser(plan.expectedFrames, (percent) =>
        report(Math.min(99, percent)),
      ),
    };
    try {
      if (plan.hasAudio) await runLadderWithAudio(plan, run);
      else await runFfmpeg(buildTranscodeArgs(plan), run);
    } finally {
      stop();
    }
  } else {
    const weights = rungWeights(plan);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let done = 0;
    for (const [index, rung] of plan.rungs.entries()) {
      await fs.mkdir(path.join(plan.outputDir, rung.name), { recursive: true });
      await runFfmpeg(buildRenditionArgs(plan, index), {
        ...options,
        onStdout: createProgressParser(plan.expectedFrames, (percent) => {
          const overall = Math.floor(((done + (weights[index]! * percent) / 100) / total) * 100);
          onPercent(Math.min(99, overall));
        }),
      });
      done += weights[index]!;
    }
  }
  const codecs = await Promise.all(plan.rungs.map((rung) => rungCodec(plan.outputDir, rung)));
  await fs.writeFile(path.join(plan.outputDir, 'master.m3u8'), masterPlaylist(plan, codecs));
  onPercent(100);
}

/** The H.264 codec of a written rung, from the init segment its playlist names (ffmpeg names it by mode). */
async function rungCodec(outputDir: string, rung: Rung) {
  const playlist = await fs.readFile(path.join(outputDir, rung.name, 'index.m3u8'), 'utf8');
  const init = /#EXT-X-MAP:URI="([^"/]+)"/.exec(playlist)?.[1];
  if (!init) throw new Error(`${rung.name}/index.m3u8 names no init segment`);
  return avcCodecOf(await fs.readFile(path.join(outputDir, rung.name, init)));
}

/**
 * The one-process ladder with its audio process: the audio's stdout is the ladder's stdin. When one fails, the
 * other then fails on the broken pipe, so the first failure is the one that says why.
 */
async function runLadderWithAudio(plan: TranscodePlan, options: FfmpegOptions) {
  let firstFailure: unknown;
  const remember = (error: unknown) => {
    firstFailure ??= error;
    throw error;
  };
  const audio = startFfmpeg(buildAudioArgs(plan), { ...options, onStdout: undefined });
  const audioDone = audio.done.catch(remember);
  // Not started (cancelled already, or no ffmpeg at that path): nothing to pipe.
  if (audio.child?.pid === undefined) return audioDone;
  const ladder = startFfmpeg(buildTranscodeArgs(plan), { ...options, stdin: audio.child.stdout! });
  // The ladder holds the pipe's reading end now. Ours, left open, would keep the audio process writing into a
  // full pipe if the ladder died.
  audio.child.stdout!.destroy();
  const results = await Promise.allSettled([ladder.done.catch(remember), audioDone]);
  if (results.some((result) => result.status === 'rejected')) throw firstFailure;
}

/** How often the segments written so far are counted. */
const SEGMENT_WATCH_MS = 1000;

/**
 * Counts the finished HLS segments in `dir` every second and reports them as a percentage of `duration` (the last
 * segment file is the one being written). Answers the stop.
 */
export function watchSegments(
  dir: string,
  duration: number,
  onPercent: (percent: number) => void,
  everyMs = SEGMENT_WATCH_MS,
) {
  const timer = setInterval(() => {
    fs.readdir(dir)
      .then((names) => {
        const written = names.filter((name) => name.startsWith('seg_')).length - 1;
        if (written > 0 && duration > 0)
          onPercent(Math.floor(Math.min(1, (written * HLS_SEGMENT_SECONDS) / duration) * 100));
      })
      .catch(() => {
        // Not there yet: ffmpeg creates it with the first segment.
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Folds ffmpeg's `-progress` key=value lines into a percentage of the top rung's expected frames. */
export function createProgressParser(expectedFrames: number, onPercent: (percent: number) => void) {
  let pending = '';
  return (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.trim().split('=');
      if (key === 'frame') {
        const frame = Number(value);
        if (Number.isFinite(frame)) {
          onPercent(Math.max(0, Math.min(99, Math.floor((frame / expectedFrames) * 100))));
        }
      } else if (key === 'progress' && value === 'end') onPercent(100);
    }
  };
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly lastLines: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

type FfmpegOptions = {
  ffmpegPath?: string;
  signal?: AbortSignal;
  /** ffmpeg's stdout, as text (`-progress pipe:1`); without it stdout is left unread, to be piped elsewhere. */
  onStdout?: (chunk: string) => void;
  stdin?: Readable;
};

/** Runs ffmpeg; resolves when it exits 0, rejects with its last stderr lines otherwise (or when aborted). */
export function runFfmpeg(args: string[], options: FfmpegOptions): Promise<void> {
  return startFfmpeg(args, options).done;
}

/** Starts ffmpeg (unless `signal` has already aborted: per-rendition mode starts processes after a cancel may come). */
function startFfmpeg(
  args: string[],
  options: FfmpegOptions,
): { child: ChildProcess | null; done: Promise<void> } {
  if (options.signal?.aborted) {
    return { child: null, done: Promise.reject(new FfmpegError('stopped', '')) };
  }
  const child = spawn(options.ffmpegPath ?? 'ffmpeg', args, {
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
  const done = new Promise<void>((resolve, reject) => {
    let tail = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-8000);
    });
    const { onStdout } = options;
    if (onStdout) child.stdout!.on('data', (chunk: Buffer) => onStdout(chunk.toString()));
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.once('error', (error: NodeJS.ErrnoException) => {
      options.signal?.removeEventListener('abort', abort);
      reject(
        error.code === 'ENOENT'
          ? new FfmpegError(`ffmpeg not found (${options.ffmpegPath ?? 'ffmpeg'})`, '')
          : error,
      );
    });
    child.once('close', (code, signal) => {
      options.signal?.removeEventListener('abort', abort);
      if (code === 0) return resolve();
      const lastLines = tail.trim().split('\n').slice(-12).join('\n');
      if (options.signal?.aborted) return reject(new FfmpegError('stopped', lastLines));
      reject(new FfmpegError(`ffmpeg exited with ${code ?? signal}`, lastLines));
    });
  });
  return { child, done };
}

/** Reads the master playlist's rungs back: what was really written (BANDWIDTH, RESOLUTION, CODECS, URI). */
export function parseMasterPlaylist(text: string) {
  const lines = text.split(/\r?\n/);
  const rungs: Array<{
    bandwidth: number;
    width: number;
    height: number;
    codecs: string;
    uri: string;
  }> = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attribute = (name: string) =>
      new RegExp(`[:,]${name}=("([^"]*)"|[^,]*)`).exec(line)?.[2] ??
      new RegExp(`[:,]${name}=("([^"]*)"|[^,]*)`).exec(line)?.[1];
    const [width, height] = (attribute('RESOLUTION') ?? '0x0').split('x').map(Number);
    const uri = lines.slice(index + 1).find((next) => next.trim() && !next.startsWith('#'));
    rungs.push({
      bandwidth: Number(attribute('BANDWIDTH') ?? 0),
      width: width ?? 0,
      height: height ?? 0,
      codecs: attribute('CODECS') ?? '',
      uri: uri?.trim() ?? '',
    });
  });
  return rungs;
}

/** The ladder a master playlist names, as a video's `renditions` keep it (the rung's folder is its name). */
export function renditionsOf(masterText: string): Rendition[] {
  return parseMasterPlaylist(masterText).map((rung) => ({
    name: rung.uri.split('/')[0] ?? `${rung.height}p`,
    width: rung.width,
    height: rung.height,
    bandwidth: rung.bandwidth,
    codecs: rung.codecs,
    playlist: rung.uri,
  }));
}

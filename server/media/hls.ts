// The transcode: which HLS rungs a source gets, the one ffmpeg command that decodes once and writes the ladder,
// the poster and the storyboard sprites (or one command per rung for ffmpeg builds that cannot), and reading
// ffmpeg's `-progress` output.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TranscodeMode } from './ffmpeg-binaries.ts';
import type { ProbeResult } from './ffprobe.ts';
import { planStoryboard, type StoryboardLayout } from './storyboard.ts';

export const HLS_SEGMENT_SECONDS = 4;
export const AUDIO_BITRATE = 128_000;

/** Video bitrates about 0.1 bit per pixel per frame at 30 fps, as mature ladders use. */
export const LADDER = [
  { height: 1080, bitrate: 5_000_000 },
  { height: 720, bitrate: 2_800_000 },
  { height: 480, bitrate: 1_400_000 },
  { height: 360, bitrate: 800_000 },
] as const;

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
  };
}

/**
 * Arguments for one ffmpeg process that decodes the source once and encodes `rungs` (indexes into `plan.rungs`),
 * plus the poster and storyboard when `extras`. With `variantMap` every rung goes to one HLS muxer that also
 * writes the master playlist; without it (one rung, per-rendition mode) the rung's playlist is written directly
 * and our code writes the master. Both give the same files: `<rung>/index.m3u8`, `<rung>/init_<i>.mp4`,
 * `<rung>/seg_%05d.m4s`.
 */
function buildEncodeArgs(
  plan: TranscodePlan,
  options: { rungs: number[]; extras: boolean; variantMap: boolean },
): string[] {
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
      `[sp]select='gte(t\\,${plan.posterAt.toFixed(3)})',scale=${top.width}:${top.height}[poster]`,
      `[sb]fps=1/${board.interval}:eof_action=pass,scale=${board.tileWidth}:${board.tileHeight},tile=${board.columns}x${board.rows}[sprite]`,
    );
  }
  const args = ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1'];
  args.push('-i', plan.input, '-filter_complex', filters.join(';'));
  rungs.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (plan.hasAudio) rungs.forEach(() => args.push('-map', '0:a:0'));
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-profile:v', 'high');
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
  if (plan.hasAudio) args.push('-c:a', 'aac', '-ac', '2', '-b:a', String(AUDIO_BITRATE));
  args.push(
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
      '-master_pl_name',
      'master.m3u8',
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

/** Arguments for one ffmpeg process: decode once, split into every rung, the poster and the storyboard. */
export function buildTranscodeArgs(plan: TranscodePlan): string[] {
  return buildEncodeArgs(plan, {
    rungs: plan.rungs.map((_, i) => i),
    extras: true,
    variantMap: true,
  });
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
 * The master playlist ffmpeg writes with `-var_stream_map`, written by us for per-rendition mode: BANDWIDTH as
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
 * Writes the ladder, poster and sprites into `plan.outputDir` (which must exist), leaving `master.m3u8` there in
 * either mode. Progress is one percentage over the whole run; `signal` kills the running ffmpeg.
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
    await runFfmpeg(buildTranscodeArgs(plan), {
      ...options,
      onStdout: createProgressParser(plan.expectedFrames, onPercent),
    });
    return;
  }
  const weights = rungWeights(plan);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let done = 0;
  const codecs: string[] = [];
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
    const init = await fs.readFile(path.join(plan.outputDir, rung.name, `init_${index}.mp4`));
    codecs.push(avcCodecOf(init));
  }
  await fs.writeFile(path.join(plan.outputDir, 'master.m3u8'), masterPlaylist(plan, codecs));
  onPercent(100);
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

/** Runs ffmpeg; resolves when it exits 0, rejects with its last stderr lines otherwise (or when aborted). */
export function runFfmpeg(
  args: string[],
  options: { ffmpegPath?: string; signal?: AbortSignal; onStdout?: (chunk: string) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Per-rendition mode starts the next process after a cancel may already have come.
    if (options.signal?.aborted) return reject(new FfmpegError('stopped', ''));
    const child = spawn(options.ffmpegPath ?? 'ffmpeg', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    child.stderr.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-8000);
    });
    child.stdout.on('data', (chunk: Buffer) => options.onStdout?.(chunk.toString()));
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

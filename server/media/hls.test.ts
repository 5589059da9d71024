// The pure ffmpeg layer: the ladder never goes above the source, the one command maps every rung (with or without
// audio), progress is read from `-progress` lines and the segments written, and the storyboard's WebVTT points at the right tiles.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeTestClip } from '#tests/media-utils.ts';
import { probeVideo, type ProbeResult } from './ffprobe.ts';
import {
  avcCodecOf,
  buildAudioArgs,
  buildRenditionArgs,
  buildTranscodeArgs,
  createProgressParser,
  FfmpegError,
  HLS_SEGMENT_SECONDS,
  ladderEncoderThreads,
  masterPlaylist,
  parseMasterPlaylist,
  planLadder,
  planTranscode,
  renditionsOf,
  runFfmpeg,
  transcodeLadder,
  watchSegments,
} from './hls.ts';
import { planStoryboard, spriteCount, storyboardVtt, vttTime } from './storyboard.ts';

const source = (overrides: Partial<ProbeResult> = {}): ProbeResult => ({
  duration: 125,
  width: 1280,
  height: 720,
  fps: 25,
  videoCodec: 'h264',
  audioCodec: 'aac',
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  ...overrides,
});

describe('the ladder', () => {
  it('has no rung above the source and at least one', () => {
    expect(planLadder({ width: 1920, height: 1080 }).map((r) => r.name)).toEqual([
      '1080p',
      '720p',
      '480p',
      '360p',
    ]);
    expect(planLadder({ width: 1280, height: 720 }).map((r) => r.name)).toEqual([
      '720p',
      '480p',
      '360p',
    ]);
    expect(planLadder({ width: 640, height: 360 })).toEqual([
      { name: '360p', width: 640, height: 360, bitrate: 800_000 },
    ]);
    const tiny = planLadder({ width: 320, height: 181 });
    expect(tiny).toHaveLength(1);
    expect(tiny[0]).toMatchObject({ height: 182, width: 322 });
    // Widths stay even for odd aspect ratios.
    expect(planLadder({ width: 1998, height: 1080 }).every((r) => r.width % 2 === 0)).toBe(true);
  });

  it('is one command with a rung per stream, H.264 yuv420p, fMP4 segments, the audio encoded once beside it', () => {
    const plan = planTranscode(source(), { input: '/in/source.mp4', outputDir: '/work/out' });
    const args = buildTranscodeArgs(plan);
    const after = (flag: string, list = args) => list[list.indexOf(flag) + 1];
    // The video is decoded once, from the source; the audio comes encoded on stdin and is copied into each rung.
    expect(args.filter((a) => a === '-i')).toEqual(['-i', '-i']);
    expect(after('-i')).toBe('/in/source.mp4');
    expect(args.slice(args.lastIndexOf('-i') - 4, args.lastIndexOf('-i') + 2)).toEqual([
      '-itsoffset',
      '-0.021333333',
      '-f',
      'nut',
      '-i',
      'pipe:0',
    ]);
    expect(after('-filter_complex')).toContain('split=5');
    expect(args.filter((a) => a === '1:a:0')).toHaveLength(3);
    expect(after('-c:a')).toBe('copy');
    expect(after('-var_stream_map')).toBe('v:0,a:0,name:720p v:1,a:1,name:480p v:2,a:2,name:360p');
    expect(after('-pix_fmt')).toBe('yuv420p');
    expect(after('-preset')).toBe('veryfast');
    expect(Number(after('-threads'))).toBe(ladderEncoderThreads());
    expect(after('-hls_segment_type')).toBe('fmp4');
    expect(Number(after('-hls_time'))).toBeGreaterThanOrEqual(4);
    expect(Number(after('-hls_time'))).toBeLessThanOrEqual(6);
    // Our code writes the master playlist, as in per-rendition mode.
    expect(args).not.toContain('-master_pl_name');
    const audio = buildAudioArgs(plan);
    expect(after('-ac', audio)).toBe('2');
    expect(after('-ar', audio)).toBe('48000');
    expect(after('-c:a', audio)).toBe('aac');
    expect(audio.at(-1)).toBe('pipe:1');
    expect(args).toContain('/work/out/poster.jpg');
    // One frame reaches the poster's encoder; every later one would be converted for nothing.
    expect(after('-filter_complex')).toMatch(/select='gte\(t\\,[\d.]+\)\*eq\(selected_n\\,0\)'/);
    expect(args).toContain('/work/out/sprite_%03d.jpg');
    expect(after('-filter_complex')).toContain('fps=1/10:eof_action=pass,scale=160:90,tile=10x10');
  });

  it('gives each encoder twice x264 default threads, within a bound', () => {
    expect(ladderEncoderThreads(2)).toBe(6);
    expect(ladderEncoderThreads(4)).toBe(12);
    expect(ladderEncoderThreads(64)).toBe(24);
  });

  it('maps no audio for a silent source', () => {
    const args = buildTranscodeArgs(
      planTranscode(source({ audioCodec: null, width: 640, height: 360 }), {
        input: 'in.mp4',
        outputDir: 'out',
      }),
    );
    expect(args).not.toContain('0:a:0');
    expect(args).not.toContain('-c:a');
    expect(args).not.toContain('pipe:0');
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,name:360p');
  });
});

describe('per-rendition mode', () => {
  const plan = planTranscode(source(), { input: '/in/source.mp4', outputDir: '/work/out' });

  it('is one command per rung with the same encoder settings and file names, and no variant map', () => {
    const all = buildTranscodeArgs(plan);
    const top = buildRenditionArgs(plan, 0);
    const bottom = buildRenditionArgs(plan, 2);
    const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
    for (const args of [top, bottom]) {
      expect(args).not.toContain('-var_stream_map');
      // One encoder in the process: x264 picks its own thread count.
      expect(args).not.toContain('-threads');
      expect(args).not.toContain('-master_pl_name');
      for (const flag of ['-preset', '-pix_fmt', '-profile:v', '-force_key_frames', '-hls_time']) {
        expect(after(args, flag)).toBe(after(all, flag));
      }
      // Each process encodes its own audio, as the one-process ladder's audio process does.
      for (const flag of ['-af', '-c:a', '-ac', '-ar', '-b:a']) {
        expect(after(args, flag)).toBe(after(buildAudioArgs(plan), flag));
      }
    }
    expect(after(bottom, '-filter_complex')).toBe(
      '[0:v:0]split=1[s0];[s0]scale=640:360:flags=area[v0]',
    );
    expect(after(bottom, '-b:v:0')).toBe('800000');
    expect(after(bottom, '-hls_fmp4_init_filename')).toBe('init_2.mp4');
    expect(after(bottom, '-hls_segment_filename')).toBe('/work/out/360p/seg_%05d.m4s');
    expect(bottom.at(-1)).toBe('/work/out/360p/index.m3u8');
    // The top rung's process also writes the poster and the storyboard sprites, at the top rung's size.
    expect(after(top, '-filter_complex')).toContain('split=3[s0][sp][sb]');
    expect(after(top, '-filter_complex')).toContain('scale=1280:720[poster]');
    expect(top).toContain('/work/out/poster.jpg');
    expect(bottom).not.toContain('/work/out/poster.jpg');
  });

  it('gets a master playlist like the one ffmpeg writes, codecs read from each init segment', () => {
    // The start of an avcC box: version 1, High profile (0x64), no constraints, level 3.1 (0x1f).
    const init = Buffer.concat([Buffer.from('....avcC'), Buffer.from([1, 0x64, 0x00, 0x1f, 0xff])]);
    expect(avcCodecOf(init)).toBe('avc1.64001f');
    expect(() => avcCodecOf(Buffer.from('no video here'))).toThrow(/no H.264/);
    const text = masterPlaylist(plan, ['avc1.64001f', 'avc1.64001e', 'avc1.64001e']);
    expect(text.split('\n').slice(0, 4)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-STREAM-INF:BANDWIDTH=3220800,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
      '720p/index.m3u8',
    ]);
    expect(parseMasterPlaylist(text).map((rung) => rung.uri)).toEqual([
      '720p/index.m3u8',
      '480p/index.m3u8',
      '360p/index.m3u8',
    ]);
    const silent = planTranscode(source({ audioCodec: null }), { input: 'in', outputDir: 'out' });
    expect(masterPlaylist(silent, ['avc1.64001f', 'a', 'b'])).toContain(
      'BANDWIDTH=3080000,RESOLUTION=1280x720,CODECS="avc1.64001f"',
    );
  });
});

describe('progress', () => {
  it('counts frames of the top rung and reaches 100 only at the end', () => {
    const seen: number[] = [];
    const feed = createProgressParser(250, (p) => seen.push(p));
    feed('frame=50\nfps=40\nout_time_us=2000000\nprogress=cont');
    feed('inue\nframe=125\nprogress=continue\nframe=250\n');
    expect(seen).toEqual([20, 50, 99]);
    feed('progress=end\n');
    expect(seen.at(-1)).toBe(100);
  });

  it('counts the finished segments against the duration while ffmpeg is silent', async () => {
    // ffmpeg's own report waits for the storyboard's first sheet, which comes at the end (decision 014,
    // addendum): the finished segments of the top rung say how far the ladder is meanwhile.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-progress-'));
    const seen: number[] = [];
    const stop = watchSegments(dir, 40, (p) => seen.push(p), 20);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 120));
    try {
      fs.writeFileSync(path.join(dir, 'init.mp4'), '');
      fs.writeFileSync(path.join(dir, 'seg_00000.m4s'), '');
      await settle();
      // The only segment is the one being written: nothing finished yet.
      expect(seen).toEqual([]);
      for (const n of [1, 2, 3]) fs.writeFileSync(path.join(dir, `seg_0000${n}.m4s`), '');
      await settle();
      // Three finished segments of 4 s of a 40 s film.
      expect(seen.at(-1)).toBe(30);
    } finally {
      stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the storyboard', () => {
  it('has a cue every 10 s pointing at its tile in the right sprite', () => {
    const layout = planStoryboard({ duration: 1005, width: 1920, height: 1080 });
    expect(layout).toMatchObject({ tileWidth: 160, tileHeight: 90, frames: 101 });
    expect(spriteCount(layout)).toBe(2);
    const vtt = storyboardVtt(layout);
    const blocks = vtt.trim().split('\n\n');
    expect(blocks[0]).toBe('WEBVTT');
    expect(blocks[1]).toBe('00:00:00.000 --> 00:00:10.000\nsprite_001.jpg#xywh=0,0,160,90');
    expect(blocks[12]).toBe('00:01:50.000 --> 00:02:00.000\nsprite_001.jpg#xywh=160,90,160,90');
    expect(blocks[100]).toBe('00:16:30.000 --> 00:16:40.000\nsprite_001.jpg#xywh=1440,810,160,90');
    // The 101st frame starts the second sprite; the last cue ends with the video.
    expect(blocks[101]).toBe('00:16:40.000 --> 00:16:45.000\nsprite_002.jpg#xywh=0,0,160,90');
    expect(blocks).toHaveLength(102);
  });

  it('writes WebVTT times and keeps a portrait picture upright', () => {
    expect(vttTime(3725.5)).toBe('01:02:05.500');
    expect(planStoryboard({ duration: 6, width: 1080, height: 1920 })).toMatchObject({
      tileHeight: 284,
      frames: 1,
    });
  });
});

/** A test clip in a new temporary folder and its transcode plan, the output folder made. */
async function clipAndPlan(prefix: string, clip: Parameters<typeof makeTestClip>[1]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const input = path.join(dir, 'clip.mp4');
  await makeTestClip(input, clip);
  const plan = planTranscode(await probeVideo(input, {}), {
    input,
    outputDir: path.join(dir, 'out'),
  });
  fs.mkdirSync(plan.outputDir, { recursive: true });
  return { dir, input, plan };
}

describe('the storyboard of a short clip', () => {
  // ffmpeg's fps filter drops a frame it has not reached by the end of the input: under 5 s there was no sprite
  // at all and the seek previews pointed at a missing file. Every tile the WebVTT names must hold a picture.
  it.each([3, 14])('has every tile its WebVTT names, for a %i s clip', async (seconds) => {
    const { dir, plan } = await clipAndPlan('phim-short-', {
      size: '320x240',
      seconds,
      silent: true,
    });
    try {
      await transcodeLadder(plan, { mode: 'single-process' });
      // Each cue's tile holds a picture (an unfilled tile of the sheet is black).
      const cues = [
        ...storyboardVtt(plan.storyboard).matchAll(
          /(sprite_\d+\.jpg)#xywh=(\d+),(\d+),(\d+),(\d+)/g,
        ),
      ];
      expect(cues).toHaveLength(Math.ceil(seconds / 10));
      for (const [, file, x, y, w, h] of cues) {
        const tile = await sharp(path.join(plan.outputDir, file!))
          .extract({ left: Number(x), top: Number(y), width: Number(w), height: Number(h) })
          .stats();
        expect(
          Math.max(...tile.channels.map((c) => c.max)),
          `${file} at ${x},${y}`,
        ).toBeGreaterThan(40);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the sound of the one-process ladder', () => {
  // A browser plays a muxed segment only where both of its tracks have media. The audio, copied in from its own
  // process, once reached the muxer late and went into later segments: the first four of every upload had no sound,
  // the fifth held 0-20 s of it, and a player fetched five segments before it could show the first frame.
  it('is in every segment, each carrying its own stretch', async () => {
    const { dir, plan } = await clipAndPlan('phim-sound-', { size: '320x240', seconds: 24 });
    try {
      await transcodeLadder(plan, { mode: 'single-process' });
      const rung = path.join(plan.outputDir, plan.rungs[0]!.name);
      const files = fs.readdirSync(rung);
      const initFile = files.find((file) => file.startsWith('init'))!;
      const init = fs.readFileSync(path.join(rung, initFile));
      const segments = files.filter((file) => file.endsWith('.m4s')).sort();
      expect(segments).toHaveLength(6);
      for (const [index, segment] of segments.entries()) {
        // A segment is read as a player reads it: after its init segment.
        const joined = path.join(dir, 'joined.mp4');
        fs.writeFileSync(joined, Buffer.concat([init, fs.readFileSync(path.join(rung, segment))]));
        const { stdout } = await promisify(execFile)('ffprobe', [
          ...['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'packet=pts_time'],
          ...['-of', 'csv=p=0', joined],
        ]);
        const times = stdout.trim().split('\n').filter(Boolean).map(Number);
        const start = index * HLS_SEGMENT_SECONDS;
        expect(times.length, segment).toBeGreaterThan(150);
        expect(times[0], segment).toBeCloseTo(start, 0);
        expect(times.at(-1), segment).toBeCloseTo(start + HLS_SEGMENT_SECONDS, 0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cancelling the one-process ladder', () => {
  it('kills both of its processes, the ladder and the audio', async () => {
    const { dir, input, plan } = await clipAndPlan('phim-cancel-', {
      size: '640x360',
      seconds: 20,
    });
    try {
      const controller = new AbortController();
      const error = await transcodeLadder(plan, {
        mode: 'single-process',
        signal: controller.signal,
        onPercent: () => controller.abort(),
      }).catch((caught: unknown) => caught);
      expect((error as FfmpegError).message).toBe('stopped');
      expect(fs.existsSync(path.join(plan.outputDir, 'master.m3u8'))).toBe(false);
      // Both read the clip: no process still has it open.
      const running = await promisify(execFile)('pgrep', ['-f', input]).catch(() => null);
      expect(running).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the master playlist', () => {
  it('is read back rung by rung', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-STREAM-INF:BANDWIDTH=1020800,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
      '360p/index.m3u8',
      '',
    ].join('\n');
    expect(parseMasterPlaylist(text)).toEqual([
      {
        bandwidth: 1_020_800,
        width: 640,
        height: 360,
        codecs: 'avc1.64001e,mp4a.40.2',
        uri: '360p/index.m3u8',
      },
    ]);
    expect(renditionsOf(text)).toEqual([
      {
        name: '360p',
        width: 640,
        height: 360,
        bandwidth: 1_020_800,
        codecs: 'avc1.64001e,mp4a.40.2',
        playlist: '360p/index.m3u8',
      },
    ]);
  });
});

describe('a failing ffmpeg', () => {
  it('rejects with its last lines, which become the failure reason', async () => {
    const error = await runFfmpeg(['-hide_banner', '-i', '/no/such/film.mp4', 'out.mp4'], {}).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).message).toMatch(/ffmpeg exited with 1/);
    expect((error as FfmpegError).lastLines).toContain('No such file or directory');
  });

  it('says so when the binary is missing', async () => {
    const error = await runFfmpeg(['-version'], { ffmpegPath: '/no/ffmpeg' }).catch(
      (caught: unknown) => caught,
    );
    expect((error as Error).message).toBe('ffmpeg not found (/no/ffmpeg)');
  });
});

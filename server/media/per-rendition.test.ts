// Per-rendition mode for real: one ffmpeg per rung writes the same ladder, master playlist, poster and storyboard
// sprites as the one-process ladder, with the system ffmpeg and with the old static build from the npm package
// (the machine-without-ffmpeg path). Cancelling kills the running ffmpeg and starts no next one.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestClip } from '#tests/media-utils.ts';
import { locateBinary } from './ffmpeg-binaries.ts';
import { probeVideo } from './ffprobe.ts';
import {
  FfmpegError,
  parseMasterPlaylist,
  planTranscode,
  transcodeLadder,
  type TranscodePlan,
} from './hls.ts';
import { planStoryboard } from './storyboard.ts';

const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-per-rendition-'));
const clip = path.join(root, 'clip.mp4');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  // 854x480 with sound from 0.5 s: 1080p and 720p must not appear, 480p and 360p must.
  await makeTestClip(clip, { size: '854x480', seconds: 6, audioDelay: 0.5 });
}, 60_000);

async function plan(name: string, ffprobePath?: string) {
  const outputDir = path.join(root, name);
  fs.mkdirSync(outputDir);
  return planTranscode(await probeVideo(clip, { ffprobePath }), { input: clip, outputDir });
}

/** Seconds from the start of a rung's picture to the start of its sound, as a player decodes the rung. */
async function soundAfterPicture(playlist: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=start_time'],
    ...['-of', 'csv=p=0', playlist],
  ]);
  // With the stream's own times, silence padded in from zero ends where the tone starts.
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-copyts', '-i', playlist, '-map', '0:a:0', '-af'],
    ...['aresample=async=1:first_pts=0,silencedetect=noise=-40dB:duration=0.02', '-f', 'null', '-'],
  ]);
  const toneStart = Number(/silence_end: ([\d.]+)/.exec(stderr)?.[1] ?? Number.NaN);
  // An HLS playlist is a program too: ffprobe lists the stream under it and on its own.
  return toneStart - Number(stdout.trim().split('\n')[0]);
}

/** Checks the folder as the player and /storage will read it; returns what the master playlist lists. */
async function expectLadder(plan: TranscodePlan) {
  const out = plan.outputDir;
  const master = parseMasterPlaylist(fs.readFileSync(path.join(out, 'master.m3u8'), 'utf8'));
  expect(master.map((rung) => [rung.uri, rung.width, rung.height])).toEqual([
    ['480p/index.m3u8', 854, 480],
    ['360p/index.m3u8', 640, 360],
  ]);
  for (const rung of master) {
    expect(rung.codecs).toMatch(/^avc1\.64[0-9a-f]{4},mp4a\.40\.2$/);
    expect(rung.bandwidth).toBeGreaterThan(800_000);
    const dir = path.join(out, path.dirname(rung.uri));
    const playlist = fs.readFileSync(path.join(out, rung.uri), 'utf8');
    const named = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
    expect(init).toMatch(/^init_\d\.mp4$/);
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const file of [init!, ...named])
      expect(fs.statSync(path.join(dir, file)).size).toBeGreaterThan(0);
    expect(playlist).toContain('#EXT-X-ENDLIST');
    // A player reads the rung back at its size, for the whole clip.
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
      ...['-show_entries', 'format=duration', '-of', 'json', path.join(out, rung.uri)],
    ]);
    const probed = JSON.parse(stdout) as {
      streams: Array<{ width: number; height: number }>;
      format: { duration: string };
    };
    expect(probed.streams[0]).toEqual({ width: rung.width, height: rung.height });
    expect(Number(probed.format.duration)).toBeCloseTo(6, 0);
  }
  expect(fs.existsSync(path.join(out, '1080p'))).toBe(false);
  expect(fs.existsSync(path.join(out, '720p'))).toBe(false);
  const poster = await sharp(path.join(out, 'poster.jpg')).metadata();
  expect(poster).toMatchObject({ format: 'jpeg', width: 854, height: 480 });
  // One sprite of 10x10 tiles, 160 px wide with the picture's aspect ratio.
  const board = planStoryboard({ duration: 6, width: 854, height: 480 });
  const sprite = await sharp(path.join(out, 'sprite_001.jpg')).metadata();
  expect(sprite).toMatchObject({ format: 'jpeg', width: 1600, height: board.tileHeight * 10 });
  return master;
}

describe('per-rendition mode', () => {
  it('writes the same ladder as one process, with the system ffmpeg', async () => {
    const perRung = await plan('per-rung');
    const seen: number[] = [];
    await transcodeLadder(perRung, {
      mode: 'per-rendition',
      onPercent: (percent) => seen.push(percent),
    });
    const master = await expectLadder(perRung);
    // Progress covers both processes: it climbs, never goes back, and ends at 100 only at the end.
    expect(seen.at(-1)).toBe(100);
    expect(seen.slice(0, -1).every((p) => p < 100)).toBe(true);
    expect(seen.every((p, i) => i === 0 || p >= seen[i - 1]!)).toBe(true);

    const oneProcess = await plan('one-process');
    await transcodeLadder(oneProcess, { mode: 'single-process' });
    // Same master playlist (ffmpeg wrote this one), same files per rung.
    expect(
      parseMasterPlaylist(fs.readFileSync(path.join(oneProcess.outputDir, 'master.m3u8'), 'utf8')),
    ).toEqual(master);
    const files = (dir: string) => fs.readdirSync(dir, { recursive: true }).map(String).sort();
    expect(files(perRung.outputDir)).toEqual(files(oneProcess.outputDir));
    // The sound stays where it was against the picture (0.5 s in), with the one-process ladder's audio encoded
    // in a process of its own and copied in.
    for (const ladder of [perRung, oneProcess]) {
      const rung = path.join(ladder.outputDir, '360p/index.m3u8');
      expect(await soundAfterPicture(rung)).toBeCloseTo(0.5, 2);
    }
  }, 120_000);

  it('kills the running ffmpeg on cancel and starts no next one', async () => {
    const cancelled = await plan('cancelled');
    const controller = new AbortController();
    const error = await transcodeLadder(cancelled, {
      mode: 'per-rendition',
      signal: controller.signal,
      onPercent: () => controller.abort(),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).message).toBe('stopped');
    expect(fs.existsSync(path.join(cancelled.outputDir, '360p'))).toBe(false);
    expect(fs.existsSync(path.join(cancelled.outputDir, 'master.m3u8'))).toBe(false);
  }, 60_000);
});

describe('a machine without ffmpeg', () => {
  // The optional dependencies are installed with the project: this must run, not skip.
  const npmOnly = { env: { PATH: '' } };

  it('transcodes with the npm package’s ffmpeg and ffprobe, one rendition per process', async () => {
    const ffmpeg = locateBinary('ffmpeg', npmOnly);
    const ffprobe = locateBinary('ffprobe', npmOnly);
    expect([ffmpeg.source, ffprobe.source]).toEqual(['package', 'package']);
    const { stdout } = await run(ffmpeg.path, ['-version']);
    expect(stdout).toMatch(/Copyright \(c\) 2000-2018/);
    const packaged = await plan('npm', ffprobe.path);
    await transcodeLadder(packaged, { mode: 'per-rendition', ffmpegPath: ffmpeg.path });
    await expectLadder(packaged);
  }, 180_000);
});

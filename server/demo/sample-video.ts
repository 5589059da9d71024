// The demo's one playable clip: 20 s of test pattern and tone, 640x360 H.264 (yuv420p) + AAC, as HLS with 4 s fMP4
// segments under DATA_DIR/storage/demo/sample/. Made once with the system ffmpeg; without ffmpeg the demo goes on.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '#server/media/storage.ts';

export const DEMO_SAMPLE_URL = '/storage/demo/sample/index.m3u8';

export type SampleClipResult = 'existing' | 'created' | 'unavailable';

/** Writes the clip unless it is already there; never throws: a demo without video is still a demo. */
export async function ensureSampleClip(options: {
  storageRoot: string;
  /** With the S3 driver the clip is made in a work folder and uploaded to `storage/demo/sample/`. */
  storage?: MediaStorage;
  ffmpegPath?: string;
  log: { warn: (object: object, message: string) => void };
}): Promise<SampleClipResult> {
  const bucket = options.storage?.driver === 's3' ? options.storage : null;
  if (bucket && (await bucket.stat('storage/demo/sample/index.m3u8'))) return 'existing';
  const target = path.join(options.storageRoot, 'demo', 'sample');
  if (!bucket)
    try {
      await fs.access(path.join(target, 'index.m3u8'));
      return 'existing';
    } catch {
      // Not made yet.
    }
  // Written beside the target and renamed at the end, so a half-written clip is never served.
  const work = path.join(
    options.storageRoot,
    'demo',
    `.sample-${crypto.randomBytes(4).toString('hex')}`,
  );
  await fs.mkdir(work, { recursive: true });
  try {
    await runCommand(options.ffmpegPath || 'ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=24:duration=20',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000:duration=20',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      // Speed over size: it runs on every fresh demo, and a test pattern compresses well anyway.
      '-preset',
      'ultrafast',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      // A key frame every 4 s exactly, so every segment starts with one.
      '-g',
      '96',
      '-keyint_min',
      '96',
      '-sc_threshold',
      '0',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-ac',
      '2',
      '-f',
      'hls',
      '-hls_time',
      '4',
      '-hls_playlist_type',
      'vod',
      '-hls_flags',
      'independent_segments',
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      path.join(work, 'seg_%03d.m4s'),
      path.join(work, 'index.m3u8'),
    ]);
    if (bucket) {
      // The playlist last: it is what the check above looks for.
      await bucket.uploadFolder(work, 'storage/demo/sample/', () => {});
      await fs.rm(work, { recursive: true, force: true });
      await fs.rmdir(path.dirname(work)).catch(() => {});
      return 'created';
    }
    await fs.rename(work, target);
    return 'created';
  } catch (error) {
    await fs.rm(work, { recursive: true, force: true });
    if (bucket) {
      options.log.warn({ err: error }, `The demo clip could not be made or uploaded`);
      return 'unavailable';
    }
    // Another process may have finished first.
    if (
      await fs.access(path.join(target, 'index.m3u8')).then(
        () => true,
        () => false,
      )
    )
      return 'existing';
    options.log.warn(
      { err: error },
      `The demo videos could not be made (is ffmpeg installed? set FFMPEG_PATH): episodes point at ${DEMO_SAMPLE_URL} and will not play, and the demo clips of the video manager are skipped`,
    );
    return 'unavailable';
  }
}

/** Runs a command to its end; answers its output, or rejects with the end of what it wrote to stderr. */
export function runCommand(command: string, args: string[], timeoutMs = 120_000) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stderr: String(stderr).slice(-2000) }));
        else resolve(String(stdout));
      },
    );
  });
}

// Test clips from ffmpeg's lavfi sources (a moving picture, a sine tone unless silent), for the media tests and
// the ladder bench.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function makeTestClip(
  file: string,
  options: {
    size: string;
    seconds: number;
    rate?: number;
    /** `testsrc2` moves more than `testsrc`, which makes a fairer encode for timing. */
    source?: 'testsrc' | 'testsrc2';
    silent?: boolean;
    /** Seconds of nothing before the tone's track starts, as in files whose audio starts after the picture. */
    audioDelay?: number;
    ffmpegPath?: string;
  },
) {
  const { size, seconds, rate = 25, source = 'testsrc', silent = false, audioDelay = 0 } = options;
  const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds - audioDelay}`];
  const audio = silent ? [] : [...(audioDelay ? ['-itsoffset', String(audioDelay)] : []), ...tone];
  await run(options.ffmpegPath ?? 'ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `${source}=size=${size}:rate=${rate}:duration=${seconds}`, ...audio],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'],
    ...(silent ? [] : ['-c:a', 'aac', '-shortest']),
    file,
  ]);
}

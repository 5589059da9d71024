// `BENCH_ONLY=ladder npm run bench`: the HLS ladder written by one ffmpeg process against the same rungs encoded one
// process each (as most systems do, and as Phim does with the npm package's old ffmpeg), on a generated clip, in
// `BENCH_LADDER_ROUNDS` alternating rounds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { binaryVersion, locateBinary } from '#server/media/ffmpeg-binaries.ts';
import { probeVideo } from '#server/media/ffprobe.ts';
import { planTranscode, transcodeLadder } from '#server/media/hls.ts';
import type { TranscodeMode } from '#server/media/ffmpeg-binaries.ts';
import { makeTestClip } from '#tests/media-utils.ts';

const clipSeconds = Number(process.env.BENCH_LADDER_SECONDS ?? 30);
/** Alternating rounds, each mode's median round reported: a single pair moved the ratio by a few hundredths. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_LADDER_ROUNDS ?? 3));
/** Target from the issue: the one-process ladder takes at most 0.8 of the per-rendition time. */
const TARGET_RATIO = 0.8;

/** CPU seconds (user + system) of this process's finished children, from /proc (0 where there is none). */
function childCpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) sit at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

type Timed = { seconds: number; cpu: number; rungs: string[] };

const medianRound = (list: Timed[]) =>
  [...list].sort((a, b) => a.seconds - b.seconds)[Math.floor((list.length - 1) / 2)]!;

export async function benchLadder() {
  const ffmpeg = locateBinary('ffmpeg');
  const ffprobe = locateBinary('ffprobe');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-ladder-'));
  try {
    const clip = path.join(dir, 'clip.mp4');
    console.log(`\nGenerating a ${clipSeconds} s 1080p clip…`);
    await makeTestClip(clip, {
      size: '1920x1080',
      seconds: clipSeconds,
      rate: 30,
      source: 'testsrc2',
      ffmpegPath: ffmpeg.path,
    });
    const probe = await probeVideo(clip, { ffprobePath: ffprobe.path });
    const time = async (mode: TranscodeMode) => {
      const outputDir = path.join(dir, mode);
      fs.mkdirSync(outputDir);
      try {
        const plan = planTranscode(probe, { input: clip, outputDir });
        const cpu = childCpuSeconds();
        const started = performance.now();
        await transcodeLadder(plan, { mode, ffmpegPath: ffmpeg.path });
        const seconds = (performance.now() - started) / 1000;
        return { seconds, cpu: childCpuSeconds() - cpu, rungs: plan.rungs.map((r) => r.name) };
      } finally {
        fs.rmSync(outputDir, { recursive: true, force: true });
      }
    };
    const load = os.loadavg()[0]!.toFixed(1);
    const rounds = { perRendition: [] as Timed[], oneProcess: [] as Timed[] };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.perRendition.push(await time('per-rendition'));
      rounds.oneProcess.push(await time('single-process'));
    }
    const perRendition = medianRound(rounds.perRendition);
    const oneProcess = medianRound(rounds.oneProcess);
    const ratio = oneProcess.seconds / perRendition.seconds;
    const version = await binaryVersion(ffmpeg.path);
    console.log(
      `\nHLS ladder: ${probe.duration.toFixed(0)} s ${probe.width}x${probe.height} clip, rungs ${oneProcess.rungs.join('/')}, preset veryfast, ${version} (${ffmpeg.source}), ${os.cpus().length} cores, load ${load} at start; median of ${ROUNDS} alternating rounds (wall s, one process per rung / one process: ${rounds.perRendition.map((r, i) => `${r.seconds.toFixed(1)}/${rounds.oneProcess[i]!.seconds.toFixed(1)}`).join(', ')})\n`,
    );
    console.log('| mode | wall s | CPU s | realtime factor | vs one process per rung |');
    console.log('|---|---|---|---|---|');
    for (const [name, result] of [
      ['one process, `-var_stream_map` (audio encoded once beside it)', oneProcess],
      ['one process per rung (reference)', perRendition],
    ] as const) {
      console.log(
        `| ${name} | ${result.seconds.toFixed(1)} | ${result.cpu.toFixed(1)} | ${(probe.duration / result.seconds).toFixed(2)}x | ${(result.seconds / perRendition.seconds).toFixed(3)}x |`,
      );
    }
    console.log(
      `\nOne-process ladder: ${ratio.toFixed(2)}x the per-rung time (target ≤ ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'missed'}; CPU time ${(oneProcess.cpu / perRendition.cpu).toFixed(2)}x); realtime factor ${(probe.duration / oneProcess.seconds).toFixed(2)}x (content seconds per wall second).`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The demo's own videos: three short clips made with ffmpeg (a test pattern and a tone, with a burnt-in title and
// timecode), one at 1080p, put into the video manager the way a finished upload is (ffprobe, a row, a queued
// transcode), and played by the first episode of the hero's first movies. All of it after start-up, in the
// background, like the transcodes the job workers then run.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { episodes, videos } from '#server/db/schema/index.ts';
import { DEMO_SAMPLE_URL, runCommand, type SampleClipResult } from './sample-video.ts';

export const DEMO_CLIPS = [
  // The hero's clip: the full ladder (1080p down to 360p). Still colour bars encode fast; the timecode moves.
  { key: '1080p', size: '1920x1080', pattern: 'smptehdbars', tone: 440 },
  { key: '720p', size: '1280x720', pattern: 'testsrc2', tone: 523 },
  { key: '480p', size: '854x480', pattern: 'testsrc', tone: 659 },
] as const;

export type DemoClip = (typeof DEMO_CLIPS)[number];

/** The file name a clip enters the video manager with: how a later run knows it is there. */
export const demoClipFilename = (clip: DemoClip) => `phim-demo-${clip.key}.mp4`;

export type DemoClipsResult =
  | 'unavailable'
  | {
      /** The video of each clip (absent when it could not be made), and whether this run made it. */
      clips: Array<{ key: DemoClip['key']; videoId: number; created: boolean }>;
      /** Episodes switched from the sample clip to a demo video by this run. */
      attached: number;
    };

/**
 * The clips, once the catalogue is written and the sample clip settled: made, imported and attached in the
 * background, so start-up never waits for ffmpeg. Never rejects; without ffmpeg (the sample clip could not be made,
 * and its one warning said so) they are skipped.
 */
export async function seedDemoClips(
  app: FastifyInstance,
  db: Database,
  options: { seconds: number; sample: SampleClipResult },
): Promise<DemoClipsResult> {
  if (options.sample === 'unavailable') return 'unavailable';
  try {
    const result = await attachDemoClips(app, db, await makeDemoClips(app, db, options));
    app.log.info(
      { clips: result },
      result !== 'unavailable' && result.clips.some((clip) => clip.created)
        ? 'demo clips queued for transcoding'
        : 'demo clips already there',
    );
    return result;
  } catch (error) {
    // The server stopped half-way, say: the next run makes what is missing.
    app.log.warn({ err: error }, 'The demo clips could not be seeded');
    return { clips: [], attached: 0 };
  }
}

const drawtext = new Map<string, Promise<boolean>>();
/** Whether this ffmpeg can burn text in (drawtext needs a build with libfreetype); asked once per binary. */
function hasDrawtext(ffmpegPath: string) {
  let answer = drawtext.get(ffmpegPath);
  if (!answer) {
    answer = runCommand(ffmpegPath, ['-hide_banner', '-filters'], 10_000).then(
      (out) => /\sdrawtext\s/.test(out),
      () => false,
    );
    drawtext.set(ffmpegPath, answer);
  }
  return answer;
}

function clipArgs(clip: DemoClip, seconds: number, output: string, withText: boolean) {
  const source = `${clip.pattern}=size=${clip.size}:rate=24:duration=${seconds}`;
  // The title and a running timecode, so that a seek preview and a quality switch show where they landed.
  const text = `drawtext=text='Phim demo ${clip.key}  %{pts\\:hms}':fontsize=h/14:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=16:x=(w-tw)/2:y=h-th-h/10`;
  return [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', source],
    ...['-f', 'lavfi', '-i', `sine=frequency=${clip.tone}:sample_rate=48000:duration=${seconds}`],
    ...(withText ? ['-vf', text] : []),
    ...['-map', '0:v', '-map', '1:a', '-t', String(seconds)],
    // Speed over size: every fresh demo makes these, and the transcode encodes them again anyway.
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-movflags', '+faststart'],
    output,
  ];
}

/**
 * Makes each clip that is not in the video manager yet (one ffmpeg at a time: the machine's cores are shared with
 * the rest of the seed) and imports it; one that cannot be made is skipped with a warning.
 */
async function makeDemoClips(
  app: FastifyInstance,
  db: Database,
  options: { seconds: number },
): Promise<DemoClipsResult> {
  const { config, uploads } = app.services;
  // The same ffmpeg the transcoder uses: FFMPEG_PATH, the system's, or the npm package's.
  const { ffmpegPath } = app.services.media;
  // A row still `uploading` is an import that died half-way: the hourly clean-up removes it, a new one is made.
  const existing = await db
    .select({ id: videos.id, filename: videos.originalFilename })
    .from(videos)
    .where(
      and(
        inArray(videos.originalFilename, DEMO_CLIPS.map(demoClipFilename)),
        ne(videos.status, 'uploading'),
      ),
    );
  const clips: Exclude<DemoClipsResult, 'unavailable'>['clips'] = [];
  const work = path.join(config.dataDir, 'work', 'demo');
  // Whatever a run stopped half-way left here is not wanted.
  await fs.rm(work, { recursive: true, force: true });
  for (const clip of DEMO_CLIPS) {
    const found = existing.find((row) => row.filename === demoClipFilename(clip));
    if (found) {
      clips.push({ key: clip.key, videoId: found.id, created: false });
      continue;
    }
    const file = path.join(work, `${clip.key}-${crypto.randomBytes(4).toString('hex')}.mp4`);
    try {
      await fs.mkdir(work, { recursive: true });
      const withText = await hasDrawtext(ffmpegPath);
      await runCommand(ffmpegPath, clipArgs(clip, options.seconds, file, withText), 300_000);
      const videoId = await uploads.importFile(file, {
        filename: demoClipFilename(clip),
        name: `Demo ${clip.key} – ${clip.pattern}`,
      });
      clips.push({ key: clip.key, videoId, created: true });
    } catch (error) {
      app.log.warn(
        { err: error, clip: clip.key },
        `The demo clip ${demoClipFilename(clip)} could not be made; its episode keeps the sample clip`,
      );
    } finally {
      await fs.rm(file, { force: true });
    }
  }
  return { clips, attached: 0 };
}

/**
 * Points the first episode (first server) of the hero's first movies at the clips, the 1080p one on the first
 * slide. Only an episode that still plays the sample clip is changed, and only for a video no episode plays yet,
 * so a second run and an admin's own choices are left alone.
 */
async function attachDemoClips(
  app: FastifyInstance,
  db: Database,
  made: DemoClipsResult,
): Promise<DemoClipsResult> {
  if (made === 'unavailable' || !made.clips.length) return made;
  const { home, episodes: episodesService } = app.services;
  const used = new Set(
    (
      await db
        .select({ videoId: episodes.videoId })
        .from(episodes)
        .where(
          inArray(
            episodes.videoId,
            made.clips.map((clip) => clip.videoId),
          ),
        )
    ).map((row) => row.videoId),
  );
  const hero = (await home.getPage()).blocks.find((block) => block.kind === 'hero');
  const slides = hero?.kind === 'hero' ? hero.slides : [];
  let attached = 0;
  for (const clip of made.clips) {
    const movie = slides[DEMO_CLIPS.findIndex((candidate) => candidate.key === clip.key)];
    if (!movie || used.has(clip.videoId)) continue;
    const first = (await episodesService.overview(movie.id)).servers[0]?.episodes[0];
    if (!first || first.source_type !== 'hls' || first.source_url !== DEMO_SAMPLE_URL) continue;
    // Written directly: the episode service only lets an admin choose a ready video, and these are still queued;
    // the watch page says "being prepared" until the transcode is done.
    await db
      .update(episodes)
      .set({ sourceType: 'video', sourceUrl: null, videoId: clip.videoId, updatedAt: new Date() })
      .where(eq(episodes.id, first.id));
    attached += 1;
  }
  return { ...made, attached };
}

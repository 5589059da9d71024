// Runs a transcode job: claims the video, runs ffmpeg (one process, or one per rung) into a work folder, and
// moves the finished output into storage only when it is complete (renamed with the local driver; uploaded with S3,
// which reads the original through a presigned URL: decision 055). Progress is stored once a second (that write is also
// the heartbeat that tells other processes this run is alive) and published as events. A job that is no longer
// the video's job (cancelled, trashed, re-queued after a crash) stops and leaves nothing behind.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { videos } from '#server/db/schema/index.ts';
import type { EventBus } from '#server/events.ts';
import { probeVideo } from '#server/media/ffprobe.ts';
import type { TranscodeMode } from '#server/media/ffmpeg-binaries.ts';
import { FfmpegError, planTranscode, renditionsOf, transcodeLadder } from '#server/media/hls.ts';
import { storyboardVtt } from '#server/media/storyboard.ts';
import type { MediaStorage } from '#server/media/storage.ts';
import { removePath, type VideoFiles } from './video-files.ts';

/** How many files a finished output folder holds. */
async function listCount(folder: string) {
  return (await fs.readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) =>
    entry.isFile(),
  ).length;
}

type Log = { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void };

export type Transcoder = ReturnType<typeof createTranscoder>;

export function createTranscoder(options: {
  db: Database;
  files: VideoFiles;
  storage: MediaStorage;
  events: EventBus;
  ffmpegPath: string;
  ffprobePath: string;
  /** One ffmpeg for the whole ladder, or one per rung for builds that cannot (see ffmpeg-binaries.ts). */
  transcodeMode?: TranscodeMode;
  log: Log;
  /** How often a running transcode writes progress and its heartbeat. */
  heartbeatMs?: number;
  /** A `processing` video whose heartbeat is older than this has lost its process. */
  staleMs?: number;
}) {
  const { db, files, storage, events } = options;
  /** With S3 the upload of the output is the last part of the bar: ffmpeg's percent fills the rest. */
  const encodeShare = storage.driver === 'local' ? 1 : 0.95;
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const staleMs = options.staleMs ?? 60_000;
  const running = new Map<number, AbortController>();
  let shuttingDown = false;

  const ownedBy = (videoId: number, jobId: string) =>
    and(
      eq(videos.id, videoId),
      eq(videos.jobId, jobId),
      eq(videos.status, 'processing'),
      isNull(videos.deletedAt),
    );

  async function run(data: Record<string, unknown>, job: { id: string }) {
    const videoId = Number(data.videoId);
    if (!Number.isSafeInteger(videoId) || running.has(videoId)) return;
    const [row] = await db.select().from(videos).where(eq(videos.id, videoId));
    if (!row || row.deletedAt || row.jobId !== job.id) return;
    if (row.status !== 'queued' && row.status !== 'processing') return;
    // pg-boss hands an expired job out again; a run with a fresh heartbeat elsewhere keeps it.
    if (
      row.status === 'processing' &&
      row.heartbeatAt &&
      Date.now() - row.heartbeatAt.getTime() < staleMs
    )
      return;
    const [claimed] = await db
      .update(videos)
      .set({
        status: 'processing',
        progress: 0,
        failureReason: null,
        heartbeatAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(videos.id, videoId),
          eq(videos.jobId, job.id),
          inArray(videos.status, ['queued', 'processing']),
          isNull(videos.deletedAt),
        ),
      )
      .returning({ id: videos.id });
    if (!claimed) return;

    const controller = new AbortController();
    running.set(videoId, controller);
    const revision = crypto.randomBytes(4).toString('hex');
    const work = files.workDir(videoId);
    const out = path.join(work, revision);
    let percent = 0;
    let emitted = -1;
    /** When ffmpeg started: the time left is estimated from how long the percent so far took. */
    let startedAt = 0;
    const remaining = () =>
      percent > 0 && percent < 100 && startedAt
        ? Math.round((((Date.now() - startedAt) / 1000) * (100 - percent)) / percent)
        : null;
    let beat: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      beat = (async () => {
        const [alive] = await db
          .update(videos)
          .set({ progress: percent, heartbeatAt: new Date() })
          .where(ownedBy(videoId, job.id))
          .returning({ id: videos.id });
        if (!alive) controller.abort();
        else if (percent !== emitted) {
          emitted = percent;
          events.emit('video.progress', { videoId, progress: percent, remaining: remaining() });
        }
      })().catch(() => {});
    }, heartbeatMs);
    events.emit('video.progress', { videoId, progress: 0, remaining: null });

    try {
      // A job restarted after a kill starts over: whatever a dead run left in the work folder goes.
      await removePath(work);
      await fs.mkdir(out, { recursive: true });
      // A local path, or a presigned URL ffmpeg reads with Range requests (valid for a day: long films).
      const input = await storage.readableLocation(files.originalKey(videoId), 24 * 60 * 60);
      const probe = await probeVideo(input, { ffprobePath: options.ffprobePath });
      const plan = planTranscode(probe, { input, outputDir: out });
      startedAt = Date.now();
      await transcodeLadder(plan, {
        mode: options.transcodeMode ?? 'single-process',
        ffmpegPath: options.ffmpegPath,
        signal: controller.signal,
        onPercent: (value) => {
          percent = Math.floor(value * encodeShare);
        },
      });
      await fs.writeFile(path.join(out, 'storyboard.vtt'), storyboardVtt(plan.storyboard));
      const renditions = renditionsOf(await fs.readFile(path.join(out, 'master.m3u8'), 'utf8'));
      if (!renditions.length) throw new Error('ffmpeg wrote a master playlist without renditions');
      const prefix = files.prefix(videoId, revision);
      const target = files.keyOf(prefix);
      const local = storage.localPath(target);
      if (local) {
        await fs.mkdir(path.dirname(local), { recursive: true });
        await fs.rename(out, local);
      } else {
        // Uploaded when complete (a run that dies restarts from the original): segments are a few hundred KB,
        // eight requests at a time, and each file counts towards the bar's last 5 %.
        const total = (await listCount(out)) || 1;
        let sent = 0;
        await storage.uploadFolder(out, target, () => {
          sent += 1;
          percent = Math.min(
            99,
            Math.floor(100 * encodeShare + (sent / total) * 100 * (1 - encodeShare)),
          );
          if (controller.signal.aborted) throw new Error('Stopped.');
        });
      }
      clearInterval(timer);
      await beat;
      // Nothing is left in the work folder once the video reads as ready.
      await removePath(work);
      const [done] = await db
        .update(videos)
        .set({
          status: 'ready',
          progress: 100,
          renditions,
          storagePrefix: prefix,
          posterPath: 'poster.jpg',
          storyboardPath: 'storyboard.vtt',
          duration: probe.duration,
          width: probe.width,
          height: probe.height,
          heartbeatAt: null,
          updatedAt: new Date(),
        })
        .where(ownedBy(videoId, job.id))
        .returning({ id: videos.id });
      if (!done) {
        // Cancelled or trashed in the last moment: the output is not wanted.
        await storage.deletePrefix(target);
        if (local) await fs.rmdir(files.publicDir(videoId)).catch(() => {});
        return;
      }
      // Earlier revisions (a transcode before a retry) are no longer referenced.
      const { folders } = await storage.listFolder(files.publicPrefix(videoId));
      for (const name of folders) {
        if (name !== revision) await storage.deletePrefix(`${files.publicPrefix(videoId)}${name}/`);
      }
      events.emit('video.ready', { videoId });
      options.log.info({ videoId, renditions: renditions.length }, 'video transcoded');
    } catch (error) {
      clearInterval(timer);
      await beat;
      if (shuttingDown) {
        // Put back in the queue; pg-boss hands the job out again after the restart.
        await db
          .update(videos)
          .set({ status: 'queued', progress: 0, heartbeatAt: null, updatedAt: new Date() })
          .where(ownedBy(videoId, job.id));
        throw error;
      }
      // Cancelled, trashed or taken over: whoever stopped it has recorded why.
      if (controller.signal.aborted) return;
      const reason =
        error instanceof FfmpegError
          ? `${error.message}${error.lastLines ? `:\n${error.lastLines}` : ''}`
          : (error as Error).message;
      const [failed] = await db
        .update(videos)
        .set({
          status: 'failed',
          failureReason: reason.slice(0, 4000),
          heartbeatAt: null,
          updatedAt: new Date(),
        })
        .where(ownedBy(videoId, job.id))
        .returning({ id: videos.id });
      if (failed) events.emit('video.failed', { videoId, reason });
      options.log.warn({ videoId, reason }, 'transcode failed');
    } finally {
      clearInterval(timer);
      running.delete(videoId);
      await removePath(work);
    }
  }

  return {
    run,
    /** Stops this process's run of a video, if any (after its row was changed). */
    abort(videoId: number) {
      running.get(videoId)?.abort();
    },
    /** Shutdown: every run stops and goes back to the queue. */
    shutdown() {
      shuttingDown = true;
      for (const controller of running.values()) controller.abort();
    },
    /**
     * Finds transcodes whose process died (no heartbeat for `staleMs`) and queued videos without a job, and
     * queues them again: the new job id makes the old job, if pg-boss ever hands it out, do nothing.
     */
    async findLost(requeue: (videoId: number) => Promise<unknown>) {
      const rows = await db
        .select({ id: videos.id })
        .from(videos)
        .where(
          and(
            isNull(videos.deletedAt),
            or(
              and(
                eq(videos.status, 'processing'),
                or(
                  isNull(videos.heartbeatAt),
                  lt(videos.heartbeatAt, new Date(Date.now() - staleMs)),
                ),
              ),
              and(eq(videos.status, 'queued'), isNull(videos.jobId)),
            ),
          ),
        );
      const lost = rows.filter((row) => !running.has(row.id));
      for (const row of lost) {
        options.log.warn({ videoId: row.id }, 'transcode lost its process; queued again');
        await requeue(row.id);
      }
      return lost.length;
    },
  };
}

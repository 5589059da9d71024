// Videos for the back office: the rows behind uploads, the video manager and its trash. Rename, retry, cancel,
// trash, restore, delete forever, and the scheduled clean-ups (unfinished uploads after a day, trash after
// TRASH_RETENTION_DAYS); the lists and reads are in video-reads.ts.
import crypto from 'node:crypto';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { foldForSearch } from '#shared/text.ts';
import type { Database } from '#server/db/client.ts';
import { videos } from '#server/db/schema/index.ts';
import type { EventBus } from '#server/events.ts';
import { Conflict, NotFound } from '#server/domain/errors.ts';
import { QUEUES, type JobQueue } from '#server/jobs.ts';
import type { FileCache } from '#server/media/file-cache.ts';
import type { MediaStorage } from '#server/media/storage.ts';
import type { UploadStore } from '#server/media/upload-store.ts';
import { removePath, type VideoFiles } from './video-files.ts';
import { createVideoReads } from './video-reads.ts';

type VideoRow = typeof videos.$inferSelect;
type Log = { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void };

export const UPLOAD_STALE_MS = 24 * 60 * 60 * 1000;

/** The file name without its folder and extension: the video's first name. */
export function nameFromFilename(filename: string) {
  const base = filename.split(/[\\/]/).pop() ?? filename;
  const stem = base.replace(/\.[^.]{1,8}$/, '').trim();
  return (stem || base || 'video').slice(0, 200);
}

export type VideosService = ReturnType<typeof createVideosService>;

export function createVideosService(options: {
  db: Database;
  files: VideoFiles;
  storage: MediaStorage;
  uploadStore: UploadStore;
  jobs: JobQueue;
  events: EventBus;
  cache: FileCache;
  trashRetentionDays: number;
  log: Log;
  /** Stops a transcode running in this process (cancel, trash). */
  abortTranscode: (videoId: number) => void;
}) {
  const { db, files, storage, uploadStore, jobs, events, cache } = options;
  const retentionMs = options.trashRetentionDays * 24 * 60 * 60 * 1000;

  const reads = createVideoReads({ db, files, storage, retentionMs });
  const { findRow, usesOf } = reads;

  /** Stops the transcode of a queued or processing video and records why. */
  async function stopTranscode(row: VideoRow, reason: string) {
    const [stopped] = await db
      .update(videos)
      .set({
        status: 'failed',
        failureReason: reason,
        progress: 0,
        jobId: null,
        updatedAt: new Date(),
      })
      .where(and(eq(videos.id, row.id), inArray(videos.status, ['queued', 'processing'])))
      .returning({ id: videos.id });
    if (!stopped) return false;
    if (row.jobId) await jobs.cancel(QUEUES.transcode, row.jobId).catch(() => {});
    options.abortTranscode(row.id);
    events.emit('video.failed', { videoId: row.id, reason });
    return true;
  }

  async function queueTranscode(videoId: number) {
    // The row names its job before the job exists: a worker woken by the send at once runs only the job its video
    // names, and the watchdog takes a queued video without one for lost.
    const jobId = crypto.randomUUID();
    await db
      .update(videos)
      .set({ status: 'queued', progress: 0, failureReason: null, jobId, updatedAt: new Date() })
      .where(eq(videos.id, videoId));
    try {
      await jobs.send(QUEUES.transcode, { videoId }, { id: jobId });
    } catch (error) {
      // Not queued after all: without a job, the watchdog queues it again.
      await db
        .update(videos)
        .set({ jobId: null })
        .where(and(eq(videos.id, videoId), eq(videos.jobId, jobId)))
        .catch(() => {});
      throw error;
    }
    return jobId;
  }

  /** Removes every file a video owns and its row; episodes that used it are left without a video. */
  async function destroy(row: VideoRow) {
    if (row.status === 'queued' || row.status === 'processing')
      await stopTranscode(row, 'Deleted.');
    options.abortTranscode(row.id);
    await storage.deletePrefix(files.publicPrefix(row.id));
    await storage.deletePrefix(files.trashPrefix(row.id));
    await storage.delete(files.originalKey(row.id));
    await removePath(files.workDir(row.id));
    if (row.uploadId) await uploadStore.remove(row.uploadId);
    cache.evictPrefix(`videos/${row.id}/`);
    await db.delete(videos).where(eq(videos.id, row.id));
  }

  return {
    nameFromFilename,
    queueTranscode,

    /** An upload its client terminated (tus DELETE): the row goes, and whatever bytes remain. */
    async forgetUpload(uploadId: string) {
      const [row] = await db
        .select()
        .from(videos)
        .where(and(eq(videos.uploadId, uploadId), eq(videos.status, 'uploading')));
      if (row) await destroy(row);
    },

    list: reads.list,
    listTrash: reads.listTrash,
    get: reads.get,

    async rename(id: number, name: string) {
      await findRow(id);
      await db
        .update(videos)
        .set({ name, searchText: foldForSearch(name), updatedAt: new Date() })
        .where(eq(videos.id, id));
      return reads.get(id);
    },

    async retry(id: number) {
      const row = await findRow(id);
      if (row.deletedAt) throw new Conflict('in_trash', 'Restore the video from the trash first.');
      if (row.status !== 'failed')
        throw new Conflict('not_failed', 'Only a failed or cancelled video can be retried.');
      if (!(await storage.stat(files.originalKey(row.id)))) {
        throw new Conflict(
          'no_original',
          'The uploaded file is gone (it was refused or removed): upload it again.',
        );
      }
      await queueTranscode(row.id);
      return reads.get(id);
    },

    async cancel(id: number) {
      const row = await findRow(id);
      if (row.status !== 'queued' && row.status !== 'processing')
        throw new Conflict('not_running', 'Only a queued or processing video can be cancelled.');
      await stopTranscode(row, 'Cancelled by an admin.');
      return reads.get(id);
    },

    /** Moves a video to the trash; one that episodes use needs `force`. */
    async trash(id: number, force: boolean) {
      const row = await findRow(id);
      if (row.deletedAt) throw new NotFound('No such video.');
      const uses = (await usesOf([id])).get(id) ?? [];
      if (uses.length && !force) {
        const names = uses.map((use) => `${use.movie_title} – ${use.name}`);
        throw new Conflict(
          'video_in_use',
          `${uses.length} episode(s) play this video: ${names.slice(0, 5).join('; ')}${names.length > 5 ? '…' : ''}. Send force=1 to move it to the trash anyway.`,
        );
      }
      if (row.status === 'queued' || row.status === 'processing')
        await stopTranscode(row, 'Stopped when it was moved to the trash.');
      await db
        .update(videos)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(videos.id, id));
      // Out of /storage/ at once: nothing of a video in the trash is served.
      await storage.movePrefix(files.publicPrefix(id), files.trashPrefix(id));
      cache.evictPrefix(`videos/${id}/`);
      return reads.get(id);
    },

    async restore(id: number) {
      const row = await findRow(id);
      if (!row.deletedAt) throw new Conflict('not_in_trash', 'This video is not in the trash.');
      await storage.movePrefix(files.trashPrefix(id), files.publicPrefix(id));
      await db
        .update(videos)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(eq(videos.id, id));
      return reads.get(id);
    },

    /** Deletes a video in the trash for good, with every file it owns. */
    async destroy(id: number) {
      const row = await findRow(id);
      if (!row.deletedAt)
        throw new Conflict(
          'not_in_trash',
          'Move the video to the trash before deleting it for good.',
        );
      await destroy(row);
    },

    async emptyTrash() {
      const rows = await db.select().from(videos).where(isNotNull(videos.deletedAt));
      for (const row of rows) await destroy(row);
      return rows.length;
    },

    /** The scheduled purge: videos in the trash longer than the retention. */
    async purgeTrash(now = new Date()) {
      const rows = await db
        .select()
        .from(videos)
        .where(lt(videos.deletedAt, new Date(now.getTime() - retentionMs)));
      for (const row of rows) await destroy(row);
      if (rows.length) options.log.info({ count: rows.length }, 'trash purged');
      return rows.length;
    },

    /**
     * The scheduled clean-up of uploads nobody finished: a row still `uploading` whose file has not grown for a
     * day goes with its bytes, and so does any file in the uploads folder no row claims after a day.
     */
    async cleanStaleUploads(now = new Date()) {
      const cutoff = now.getTime() - UPLOAD_STALE_MS;
      let removed = 0;
      const rows = await db.select().from(videos).where(eq(videos.status, 'uploading'));
      for (const row of rows) {
        const touched = row.uploadId ? await uploadStore.touchedAt(row.uploadId) : undefined;
        if ((touched ?? row.createdAt.getTime()) >= cutoff) continue;
        await destroy(row);
        removed += 1;
      }
      const claimed = new Set(
        (
          await db
            .select({ uploadId: videos.uploadId })
            .from(videos)
            .where(eq(videos.status, 'uploading'))
        )
          .map((row) => row.uploadId)
          .filter(Boolean),
      );
      for (const id of await uploadStore.ids()) {
        if (claimed.has(id)) continue;
        const touched = await uploadStore.touchedAt(id);
        if (touched !== undefined && touched < cutoff) {
          await uploadStore.remove(id);
          removed += 1;
        }
      }
      if (removed) options.log.info({ removed }, 'stale uploads removed');
      return removed;
    },
  };
}

// Video uploads around the tus protocol: the checks before the first byte (size limit, free disk space), the row
// made when an upload is created, and what happens when the last byte arrives (ffprobe decides whether it is a
// video; a refused file leaves no bytes behind; a real one is queued for transcoding).
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { foldForSearch } from '#app/lib/format.ts';
import type { Database } from '#server/db/client.ts';
import { videos } from '#server/db/schema/index.ts';
import { HttpError } from '#server/http/errors.ts';
import { NotAVideoError, probeVideo } from '#server/media/ffprobe.ts';
import { removePath, type VideoFiles } from './video-files.ts';
import { nameFromFilename, type VideosService } from './videos.service.ts';

/** Room kept free on the disk beyond the upload itself (the transcode's output needs space too). */
export const DISK_RESERVE_BYTES = 256 * 1024 * 1024;

export function formatBytes(bytes: number) {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${units[unit]}`;
}

export type UploadsService = ReturnType<typeof createUploadsService>;

export function createUploadsService(options: {
  db: Database;
  files: VideoFiles;
  videos: VideosService;
  maxBytes: number;
  ffprobePath: string;
  log: { warn: (o: object, m?: string) => void };
}) {
  const { db, files } = options;

  return {
    maxBytes: options.maxBytes,

    /** Refuses an upload before its first byte: too large (413) or not enough free disk space (507). */
    async checkSpace(size: number) {
      if (size > options.maxBytes) {
        throw new HttpError(
          413,
          'too_large',
          `The file is ${formatBytes(size)}; the largest video this site accepts is ${formatBytes(options.maxBytes)}.`,
        );
      }
      await fs.mkdir(files.uploadsDir, { recursive: true });
      const stats = await fs.statfs(files.uploadsDir);
      const free = stats.bavail * stats.bsize;
      if (size + DISK_RESERVE_BYTES > free) {
        throw new HttpError(
          507,
          'insufficient_storage',
          `The server has ${formatBytes(free)} free, not enough for this ${formatBytes(size)} file. Free some space and try again.`,
        );
      }
    },

    /** The row behind a new upload, made before tus writes anything. */
    async begin(input: { filename: string; size: number }) {
      const name = nameFromFilename(input.filename);
      const [row] = await db
        .insert(videos)
        .values({
          name,
          searchText: foldForSearch(name),
          originalFilename: input.filename.slice(0, 255),
          size: input.size,
          status: 'uploading',
        })
        .returning({ id: videos.id });
      return row!.id;
    },

    async attach(videoId: number, uploadId: string) {
      await db
        .update(videos)
        .set({ uploadId, updatedAt: new Date() })
        .where(eq(videos.id, videoId));
    },

    /**
     * The last byte arrived: the file becomes the video's original, or is refused and removed. Answers the
     * video id; throws NotAVideoError (after marking the row failed) when it is not a video.
     */
    async finish(uploadId: string) {
      const [row] = await db.select().from(videos).where(eq(videos.uploadId, uploadId));
      const uploaded = files.upload(uploadId);
      if (!row || row.deletedAt) {
        await removePath(uploaded);
        await removePath(`${uploaded}.json`);
        throw new HttpError(410, 'gone', 'This upload was deleted.');
      }
      const original = files.original(row.id);
      await fs.mkdir(path.dirname(original), { recursive: true });
      await fs.rename(uploaded, original);
      await removePath(`${uploaded}.json`);
      try {
        const probe = await probeVideo(original, { ffprobePath: options.ffprobePath });
        const size = (await fs.stat(original)).size;
        await db
          .update(videos)
          .set({
            size,
            duration: probe.duration,
            width: probe.width,
            height: probe.height,
            codecs: { video: probe.videoCodec, audio: probe.audioCodec },
            updatedAt: new Date(),
          })
          .where(eq(videos.id, row.id));
      } catch (error) {
        await removePath(original);
        const reason =
          error instanceof NotAVideoError
            ? `"${row.originalFilename}" is not a video: ${error.reason}.`
            : `"${row.originalFilename}" could not be checked: ${(error as Error).message}.`;
        await db
          .update(videos)
          .set({ status: 'failed', failureReason: reason, updatedAt: new Date() })
          .where(eq(videos.id, row.id));
        throw new NotAVideoError(reason);
      }
      await options.videos.queueTranscode(row.id);
      return row.id;
    },
  };
}

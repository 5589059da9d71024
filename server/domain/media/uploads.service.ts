// Video uploads around the tus protocol: the checks before the first byte (size limit, free disk space), the row
// made when an upload is created, and what happens when the last byte arrives (ffprobe decides whether it is a
// video; a refused file leaves no bytes behind; a real one is queued for transcoding). A file already on this
// machine (the demo's clips) takes the same last step through importFile.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { foldForSearch } from '#shared/text.ts';
import type { Database } from '#server/db/client.ts';
import { videos } from '#server/db/schema/index.ts';
import { Gone, InsufficientStorage, TooLarge } from '#server/domain/errors.ts';
import { NotAVideoError, probeVideo } from '#server/media/ffprobe.ts';
import { removePath, type VideoFiles } from './video-files.ts';
import { nameFromFilename, type VideosService } from './videos.service.ts';

/** Moves a file, copying when it crosses file systems (a file imported from elsewhere on the machine). */
async function moveFile(from: string, to: string) {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.copyFile(from, to);
    await fs.rm(from, { force: true });
  }
}

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

  async function begin(input: { filename: string; size: number; name?: string }) {
    const name = input.name ?? nameFromFilename(input.filename);
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
  }

  /**
   * Makes `file` the original of video `row` (moved into place), lets ffprobe decide whether it is a video and
   * queues its transcode. Answers the video id; throws NotAVideoError (after marking the row failed and removing
   * the file) when it is not a video.
   */
  async function adopt(row: typeof videos.$inferSelect, file: string) {
    const original = files.original(row.id);
    await fs.mkdir(path.dirname(original), { recursive: true });
    await moveFile(file, original);
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
  }

  return {
    maxBytes: options.maxBytes,

    /** Refuses an upload before its first byte: too large (413) or not enough free disk space (507). */
    async checkSpace(size: number) {
      if (size > options.maxBytes) {
        throw new TooLarge(
          `The file is ${formatBytes(size)}; the largest video this site accepts is ${formatBytes(options.maxBytes)}.`,
        );
      }
      await fs.mkdir(files.uploadsDir, { recursive: true });
      const stats = await fs.statfs(files.uploadsDir);
      const free = stats.bavail * stats.bsize;
      if (size + DISK_RESERVE_BYTES > free) {
        throw new InsufficientStorage(
          `The server has ${formatBytes(free)} free, not enough for this ${formatBytes(size)} file. Free some space and try again.`,
        );
      }
    },

    /** The row behind a new upload, made before tus writes anything. */
    begin,

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
        throw new Gone('This upload was deleted.');
      }
      await removePath(`${uploaded}.json`);
      return adopt(row, uploaded);
    },

    /**
     * A video file already on this machine (the demo's generated clips) enters the video manager as an upload
     * does after its last byte: a row, then the same checks and queueing. The file is moved, not copied.
     */
    async importFile(file: string, input: { filename: string; name?: string }) {
      const id = await begin({ ...input, size: (await fs.stat(file)).size });
      const [row] = await db.select().from(videos).where(eq(videos.id, id));
      return adopt(row!, file);
    },
  };
}

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
import type { MediaStorage } from '#server/media/storage.ts';
import type { UploadStore } from '#server/media/upload-store.ts';
import type { VideoFiles } from './video-files.ts';
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
  storage: MediaStorage;
  uploadStore: UploadStore;
  videos: VideosService;
  maxBytes: number;
  ffprobePath: string;
  log: { warn: (o: object, m?: string) => void };
}) {
  const { db, files, storage, uploadStore } = options;

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

  /** Makes a local file the original of a video: moved with the local driver, uploaded (then removed) with S3. */
  async function keepLocalFile(file: string, key: string) {
    const local = storage.localPath(key);
    if (local) {
      await fs.mkdir(path.dirname(local), { recursive: true });
      await moveFile(file, local);
    } else {
      await storage.putFile(key, file);
      await fs.rm(file, { force: true });
    }
  }

  /**
   * Makes what arrived the original of video `row` (a local file, or the storage key a finished upload is at:
   * moved into place), lets ffprobe decide whether it is a video and queues its transcode. Answers the video id;
   * throws NotAVideoError (after marking the row failed and removing the file) when it is not a video.
   */
  async function adopt(row: typeof videos.$inferSelect, from: { file: string } | { key: string }) {
    const original = files.originalKey(row.id);
    if ('file' in from) await keepLocalFile(from.file, original);
    else if (!(await storage.move(from.key, original))) throw new Gone('The upload is gone.');
    try {
      // ffprobe reads only what it needs: with S3 through a presigned URL (Range requests), not a download.
      const location = await storage.readableLocation(original);
      const probe = await probeVideo(location, { ffprobePath: options.ffprobePath });
      const size = (await storage.stat(original))?.size ?? 0;
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
      await storage.delete(original);
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

    /**
     * Refuses an upload before its first byte: too large (413) or not enough free disk space (507; the local
     * driver only: a bucket has no free space to read).
     */
    async checkSpace(size: number) {
      if (size > options.maxBytes) {
        throw new TooLarge(
          `The file is ${formatBytes(size)}; the largest video this site accepts is ${formatBytes(options.maxBytes)}.`,
        );
      }
      if (storage.driver !== 'local') return;
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
      if (!row || row.deletedAt) {
        await uploadStore.remove(uploadId);
        throw new Gone('This upload was deleted.');
      }
      const key = uploadStore.keyOf(uploadId);
      await adopt(row, { key }).finally(() => uploadStore.remove(uploadId));
      return row.id;
    },

    /**
     * A video file already on this machine (the demo's generated clips) enters the video manager as an upload
     * does after its last byte: a row, then the same checks and queueing. The file is moved, not copied.
     */
    async importFile(file: string, input: { filename: string; name?: string }) {
      const id = await begin({ ...input, size: (await fs.stat(file)).size });
      const [row] = await db.select().from(videos).where(eq(videos.id, id));
      return adopt(row!, { file });
    },
  };
}

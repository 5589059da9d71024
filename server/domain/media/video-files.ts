// Where every file of a video lives: one helper builds all the keys and paths, so serving, trash and purge agree.
// Keys are the storage interface's (decision 055): files under DATA_DIR with the local driver, objects in the
// bucket with S3.
//   uploads/{uploadId}                   the tus upload while it arrives (local: DATA_DIR/uploads, with .json;
//                                        S3: `{uploadId}`, `.info` and `.part` at the bucket's top, @tus/s3-store)
//   originals/{id}                       the uploaded original, kept for a retry; never served
//   DATA_DIR/work/transcode/{id}/{rev}   ffmpeg's output while it is written (always local); moved or uploaded
//                                        into place when complete
//   storage/videos/{id}/{rev}            the finished output, served under /storage/videos/{id}/{rev}/
//   trash/videos/{id}                    the output of a video in the trash: out of storage/, so it is 404
import fs from 'node:fs/promises';
import path from 'node:path';

export type VideoFiles = ReturnType<typeof videoFiles>;

export function videoFiles(dataDir: string) {
  const storageRoot = path.join(dataDir, 'storage');
  const id = (videoId: number) => String(Math.trunc(videoId));
  return {
    storageRoot,
    uploadsDir: path.join(dataDir, 'uploads'),
    upload: (uploadId: string) => path.join(dataDir, 'uploads', path.basename(uploadId)),
    original: (videoId: number) => path.join(dataDir, 'originals', id(videoId)),
    workDir: (videoId: number) => path.join(dataDir, 'work', 'transcode', id(videoId)),
    /** Everything a video has under /storage/ (every revision). */
    publicDir: (videoId: number) => path.join(storageRoot, 'videos', id(videoId)),
    trashDir: (videoId: number) => path.join(dataDir, 'trash', 'videos', id(videoId)),
    /** The storage prefix of one transcode's output: `videos/{id}/{rev}`. */
    prefix: (videoId: number, revision: string) => `videos/${id(videoId)}/${revision}`,
    /** The stored address of a file under a prefix (the storage driver gives the one browsers fetch). */
    url: (prefix: string, file: string) => `/storage/${prefix}/${file}`,
    /** Storage keys. */
    originalKey: (videoId: number) => `originals/${id(videoId)}`,
    publicPrefix: (videoId: number) => `storage/videos/${id(videoId)}/`,
    trashPrefix: (videoId: number) => `trash/videos/${id(videoId)}/`,
    keyOf: (prefix: string, file = '') => `storage/${prefix}/${file}`,
  };
}

/** Removes a file or folder; a missing one is fine. */
export async function removePath(target: string) {
  await fs.rm(target, { recursive: true, force: true });
}

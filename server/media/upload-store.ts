// Where tus keeps a video upload while it arrives (decision 055): the file store in DATA_DIR/uploads with the local
// driver, @tus/s3-store (one S3 multipart upload per tus upload) under `uploads/` in the bucket with S3. Either way
// the upload's bytes end at the storage key `uploads/{id}`, which the uploads service then moves to the original.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import { s3ClientConfig, type S3Settings } from './s3-storage.ts';
import type { MediaStorage } from './storage.ts';

export const UPLOADS_PREFIX = 'uploads/';

export type UploadStore = {
  datastore: DataStore;
  /** The storage key the finished upload's bytes are at. */
  keyOf(uploadId: string): string;
  /** Removes whatever an upload left (its bytes, its info, an unfinished S3 multipart upload). */
  remove(uploadId: string): Promise<void>;
  /** When an upload last received bytes, or undefined when nothing of it is left. */
  touchedAt(uploadId: string): Promise<number | undefined>;
  /** Ids of the uploads found in the store (for the clean-up of those no row claims). */
  ids(): Promise<string[]>;
};

const UPLOAD_ID = /^\d{1,16}-[a-f0-9]{24}$/;

/** The local driver's: DATA_DIR/uploads/{id} and its .json. */
export function createLocalUploadStore(uploadsDir: string): UploadStore {
  const fileOf = (id: string) => path.join(uploadsDir, path.basename(id));
  return {
    datastore: new FileStore({ directory: uploadsDir }),
    keyOf: (id) => `${UPLOADS_PREFIX}${path.basename(id)}`,
    async remove(id) {
      await fsp.rm(fileOf(id), { force: true });
      await fsp.rm(`${fileOf(id)}.json`, { force: true });
    },
    async touchedAt(id) {
      return (await fsp.stat(fileOf(id)).catch(() => null))?.mtimeMs;
    },
    async ids() {
      const names = await fsp.readdir(uploadsDir).catch(() => [] as string[]);
      return [...new Set(names.map((name) => name.replace(/\.json$/, '')))];
    },
  };
}

/**
 * The S3 driver's: @tus/s3-store writes `{id}`, `{id}.info` and `{id}.part` at the top of its bucket, so its client
 * is given a middleware that puts every key it sends under `uploads/` (there is no prefix option).
 */
export function createS3UploadStore(settings: S3Settings, storage: MediaStorage): UploadStore {
  const store = new S3Store({
    // 8 MB parts (S3's minimum is 5 MB); each PATCH's bytes go to S3 as they arrive.
    partSize: 8 * 1024 * 1024,
    useTags: false,
    s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
  });
  const client = (store as unknown as { client: { middlewareStack: MiddlewareStack } }).client;
  client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as {
        Key?: string;
        Prefix?: string;
        Delete?: { Objects?: Array<{ Key?: string }> };
      };
      const under = (key: string) =>
        key.startsWith(UPLOADS_PREFIX) ? key : `${UPLOADS_PREFIX}${key}`;
      if (input.Key) input.Key = under(input.Key);
      if (input.Prefix !== undefined) input.Prefix = under(input.Prefix);
      for (const object of input.Delete?.Objects ?? [])
        if (object.Key) object.Key = under(object.Key);
      return next(args);
    },
    { step: 'initialize', name: 'phimUploadsPrefix' },
  );
  const keyOf = (id: string) => `${UPLOADS_PREFIX}${id}`;
  return {
    datastore: store,
    keyOf,
    async remove(id) {
      // Aborts the multipart upload (its parts cost storage until then) and deletes the objects.
      await store.remove(id).catch(() => {});
      for (const key of [keyOf(id), `${keyOf(id)}.info`, `${keyOf(id)}.part`])
        await storage.delete(key);
    },
    async touchedAt(id) {
      // Parts of an unfinished multipart upload are not objects: the info written at creation dates it.
      const stats = await Promise.all(
        [keyOf(id), `${keyOf(id)}.info`, `${keyOf(id)}.part`].map((key) => storage.stat(key)),
      );
      const times = stats.filter((stat) => stat !== null).map((stat) => stat.modifiedAt.getTime());
      return times.length ? Math.max(...times) : undefined;
    },
    async ids() {
      const found = new Set<string>();
      for await (const object of storage.list(UPLOADS_PREFIX)) {
        const id = object.key.slice(UPLOADS_PREFIX.length).replace(/\.(info|part)$/, '');
        if (UPLOAD_ID.test(id)) found.add(id);
      }
      return [...found];
    },
  };
}

type MiddlewareStack = {
  add(
    middleware: (
      next: (args: { input: unknown }) => Promise<unknown>,
    ) => (args: { input: unknown }) => Promise<unknown>,
    options: { step: 'initialize'; name: string },
  ): void;
};

// The one storage interface every media file goes through (decision 055), and its local driver. A key is a
// `/`-separated path such as `storage/videos/12/ab12cd34/master.m3u8`: with the local driver it is a file under
// DATA_DIR, with the S3 driver (s3-storage.ts) an object in the bucket. Only keys under `storage/` are public
// (served at /storage/ locally, by the bucket or a CDN with S3); `originals/`, `trash/` and in-progress uploads
// are private.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export type StoredObject = { key: string; size: number; modifiedAt: Date };

/** A folder's direct children: files, and the names of the folders below it. */
export type FolderListing = { files: StoredObject[]; folders: string[] };

export type ByteRange = { start: number; end: number };

export interface MediaStorage {
  readonly driver: 'local' | 's3';
  /** Writes bytes at `key`, replacing what is there. */
  put(key: string, body: Buffer | string, options?: { contentType?: string }): Promise<void>;
  /** Copies a local file to `key`, replacing what is there. */
  putFile(key: string, file: string, options?: { contentType?: string }): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object's bytes (a range of them, both ends included); null when there is none. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Size and time of one object, or null. */
  stat(key: string): Promise<StoredObject | null>;
  /** Every object below `prefix` (a folder: `storage/videos/12/`), in key order. */
  list(prefix: string): AsyncGenerator<StoredObject>;
  /** The direct children of a folder (`prefix` ends with `/`, or is '' for the top). */
  listFolder(prefix: string): Promise<FolderListing>;
  /** Removes one object; a missing one is fine. */
  delete(key: string): Promise<void>;
  /** Removes every object below `prefix` (which must end with `/`); answers how many went. */
  deletePrefix(prefix: string): Promise<number>;
  /** Moves one object; false when there was none. The destination is replaced. */
  move(from: string, to: string): Promise<boolean>;
  /** Moves every object below one folder prefix to another (the destination's objects are removed first). */
  movePrefix(from: string, to: string): Promise<boolean>;
  /** Copies an object to a local file (its folder is made). */
  download(key: string, file: string): Promise<void>;
  /** Copies every file below a local folder under `prefix` (ending with `/`), calling `onFile` after each. */
  uploadFolder(folder: string, prefix: string, onFile?: (key: string) => void): Promise<void>;
  /**
   * Where a program (ffprobe, ffmpeg) can read the object: the local file's path, or a presigned URL that
   * expires after `seconds`.
   */
  readableLocation(key: string, seconds?: number): Promise<string>;
  /** The address a browser fetches a public key (`storage/…`) from: `/storage/…`, or the bucket's or CDN's. */
  publicUrl(key: string): string;
  /** The origin public media is served from when it is not the site's own (for the CSP), else null. */
  readonly mediaOrigin: string | null;
  /** The local driver's folder for a key (the hot-file cache and /storage/ serve from it); null with S3. */
  localPath(key: string): string | null;
  /** Bytes used below a prefix. */
  usage(prefix: string): Promise<number>;
}

/** The public area: what /storage/ (or the bucket's public prefix) serves. */
export const PUBLIC_PREFIX = 'storage/';

/** `/storage/a/b.png` → `storage/a/b.png`; null when it is not a safe path under /storage/. */
export function keyOfStoragePath(value: string): string | null {
  if (!value.startsWith('/storage/')) return null;
  const rest = value.slice('/storage/'.length).split(/[?#]/)[0]!;
  const parts = rest.split('/');
  if (
    !rest ||
    rest.includes('\\') ||
    rest.includes('\0') ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part.startsWith('.'))
  )
    return null;
  return `${PUBLIC_PREFIX}${rest}`;
}

/**
 * The address to give a browser for a stored `/storage/…` path (what the database keeps): unchanged with the local
 * driver, the bucket's or CDN's with S3. Anything else (an external URL, null) is returned as it is.
 */
export function mediaUrlOf<T extends string | null | undefined>(
  storage: Pick<MediaStorage, 'publicUrl'>,
  value: T,
): T | string {
  if (!value) return value;
  const key = keyOfStoragePath(value);
  if (!key) return value;
  const url = storage.publicUrl(key);
  // The local driver's address is the path itself: the value is kept as it is, query and all.
  return url === `/${key}` ? value : `${url}${value.slice(value.search(/[?#]|$/))}`;
}

/** Refuses keys that could leave the root: absolute, `..`, empty segments, backslashes, NUL. */
export function checkKey(key: string) {
  if (
    typeof key !== 'string' ||
    !key ||
    key.length > 1024 ||
    key.startsWith('/') ||
    /[\\\0]/.test(key) ||
    key
      .split('/')
      .some(
        (part, index, all) =>
          part === '..' || part === '.' || (part === '' && index < all.length - 1),
      )
  )
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Never-changing content gets a year: a video's output sits under `videos/{id}/{revision}/` and a new transcode
 * writes a new revision, and uploaded images are named by their hash. Everything else (avatars) an hour. `relative`
 * is the path under `storage/`: the `/storage/` route sends it, and the S3 driver stores it with each public object,
 * which the bucket or a CDN then sends.
 */
export function cacheControlFor(relative: string) {
  if (/^videos\/\d+\/[a-f0-9]+\//.test(relative)) return IMMUTABLE;
  if (/^uploads\/\d{4}\/\d{2}\/[a-f0-9]{16,}\.\w+$/.test(relative)) return IMMUTABLE;
  return 'public, max-age=3600';
}

/** The Cache-Control of a storage key: public keys (`storage/…`) as above; private ones none. */
export function cacheControlOfKey(key: string): string | undefined {
  return key.startsWith('storage/') ? cacheControlFor(key.slice('storage/'.length)) : undefined;
}

export const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.ts': 'video/mp2t',
  '.vtt': 'text/vtt; charset=utf-8',
  '.srt': 'application/x-subrip; charset=utf-8',
  '.ass': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
};

export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** Every file below a local folder, as paths relative to it with `/`. */
export async function localFilesBelow(folder: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    const entries = await fsp
      .readdir(path.join(folder, relative), { withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  await walk('');
  return found;
}

/** The local driver: keys are files under `root` (DATA_DIR). */
export function createLocalStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => path.join(base, ...checkKey(key).split('/').filter(Boolean));
  const folderOf = (prefix: string) =>
    prefix ? path.join(base, ...checkKey(prefix).split('/').filter(Boolean)) : base;
  const statOf = async (key: string) => {
    const stat = await fsp.stat(fileOf(key)).catch(() => null);
    return stat?.isFile() ? { key, size: stat.size, modifiedAt: stat.mtime } : null;
  };
  async function rename(from: string, to: string) {
    await fsp.mkdir(path.dirname(to), { recursive: true });
    try {
      await fsp.rename(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await fsp.cp(from, to, { recursive: true });
      await fsp.rm(from, { recursive: true, force: true });
    }
  }

  const storage: MediaStorage = {
    driver: 'local',
    mediaOrigin: null,
    async put(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fsp.writeFile(temporary, body);
      await fsp.rename(temporary, file);
    },
    async putFile(key, file) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.copyFile(file, target);
    },
    async get(key) {
      return fsp.readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR')
          return null;
        throw error;
      });
    },
    async stream(key, range) {
      if (!(await statOf(key))) return null;
      return fs.createReadStream(fileOf(key), {
        start: range?.start,
        end: range?.end,
        highWaterMark: 1024 * 1024,
      });
    },
    stat: statOf,
    async *list(prefix) {
      const folder = folderOf(prefix);
      const at = prefix.endsWith('/') || !prefix ? prefix : `${prefix}/`;
      for (const relative of await localFilesBelow(folder)) {
        const key = `${at}${relative}`;
        const stat = await statOf(key);
        if (stat) yield stat;
      }
    },
    async listFolder(prefix) {
      const folder = folderOf(prefix);
      const entries = await fsp.readdir(folder, { withFileTypes: true }).catch(() => []);
      const files: StoredObject[] = [];
      const folders: string[] = [];
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        if (entry.isDirectory()) folders.push(entry.name);
        else if (entry.isFile()) {
          const stat = await statOf(`${prefix}${entry.name}`);
          if (stat) files.push(stat);
        }
      }
      return { files, folders };
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      const folder = folderOf(prefix);
      if (folder === base) throw new Error('Refusing to delete the whole storage');
      const count = (await localFilesBelow(folder)).length;
      await fsp.rm(folder, { recursive: true, force: true });
      return count;
    },
    async move(from, to) {
      if (!(await statOf(from))) return false;
      await rename(fileOf(from), fileOf(to));
      return true;
    },
    async movePrefix(from, to) {
      const source = folderOf(from);
      if (!(await fsp.stat(source).catch(() => null))) return false;
      const target = folderOf(to);
      await fsp.rm(target, { recursive: true, force: true });
      await rename(source, target);
      return true;
    },
    async download(key, file) {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.copyFile(fileOf(key), file);
    },
    async uploadFolder(folder, prefix, onFile) {
      for (const relative of await localFilesBelow(folder)) {
        const key = `${prefix}${relative}`;
        await storage.putFile(key, path.join(folder, relative));
        onFile?.(key);
      }
    },
    async readableLocation(key) {
      return fileOf(key);
    },
    publicUrl(key) {
      return `/${checkKey(key)}`;
    },
    localPath(key) {
      return key ? fileOf(key) : base;
    },
    async usage(prefix) {
      let total = 0;
      for await (const object of storage.list(prefix)) total += object.size;
      return total;
    },
  };
  return storage;
}

/** Streams an object into a local file. */
export async function saveStream(stream: Readable, file: string) {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await pipeline(stream, fs.createWriteStream(file));
}

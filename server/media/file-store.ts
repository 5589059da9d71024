// The storage interface Local Files works through (decision 050), and its local driver. Every file-system call of
// the file manager is here, so that an S3 driver (issue 19) is one more implementation of `FileStore`; the keys it
// takes are storage-relative paths already checked by `resolveClientPath`, and the local driver refuses a symbolic
// link anywhere along them as well (a link planted inside storage must not lead out of it).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** A client's path could not be one inside storage: `..`, an encoded form, an absolute path, NUL, `\`, a link… */
export class UnsafePathError extends Error {
  constructor(readonly input: string) {
    super('That path is not inside storage.');
    this.name = 'UnsafePathError';
  }
}

/** A segment the manager can name: ASCII letters, digits, `_`, `-` and `.`, not starting with a dot, no `..`. */
export const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,119}$/;

/**
 * The one door from a client's path to a storage key: `files/a/b.png`, or '' for the top. Refuses (throws
 * UnsafePathError) `..` and `.` segments, any `%` (so `%2e%2e%2f` and double-encoded forms never decode into
 * something else later), absolute paths, NUL bytes, backslashes, empty segments, dotfiles and anything outside
 * the safe name characters. Nothing is decoded here: the HTTP layer decoded the request once, and that is all.
 */
export function resolveClientPath(input: string): string {
  if (typeof input !== 'string' || input.length > 500) throw new UnsafePathError(String(input));
  if (input === '' || input === '/') return input === '' ? '' : refuse(input);
  if (input.startsWith('/') || /[\\\0%]/.test(input)) refuse(input);
  const trimmed = input.endsWith('/') ? input.slice(0, -1) : input;
  const segments = trimmed.split('/');
  for (const segment of segments) {
    if (
      segment === '.' ||
      segment === '..' ||
      segment.includes('..') ||
      !SAFE_SEGMENT.test(segment)
    )
      refuse(input);
  }
  return segments.join('/');
}

function refuse(input: string): never {
  throw new UnsafePathError(input);
}

export type StoreEntry = {
  name: string;
  /** The storage key (`files/a/b.png`). */
  key: string;
  type: 'file' | 'folder';
  size: number;
  modifiedAt: Date;
};

/** Every entry below `key`, depth first, from a store's one-level `list`. */
export async function* walkFolders(
  list: (key: string) => Promise<StoreEntry[]>,
  key: string,
): AsyncGenerator<StoreEntry> {
  for (const entry of await list(key)) {
    yield entry;
    if (entry.type === 'folder') yield* walkFolders(list, entry.key);
  }
}

/** What Local Files needs of a storage: keys are checked storage-relative paths. */
export interface FileStore {
  /** The entry at `key`, or null when there is none (or it is a link, or neither file nor folder). */
  stat(key: string): Promise<StoreEntry | null>;
  /** The folder's direct children, links left out; [] when there is no such folder. */
  list(key: string): Promise<StoreEntry[]>;
  /** Every entry below the folder, depth first, links never followed. */
  walk(key: string): AsyncGenerator<StoreEntry>;
  /** Makes a folder (and its parents); fine when it exists. */
  makeFolder(key: string): Promise<void>;
  /** Keeps a local file (already checked) at `key`, which must not exist; the local file is consumed. */
  importFile(localFile: string, key: string): Promise<void>;
  /** Moves a file or folder; `to` must not exist. */
  move(from: string, to: string): Promise<void>;
  /** Removes a file, or a folder with all it holds. */
  remove(key: string): Promise<void>;
  /** The first `bytes` of a file, or all of it. */
  read(key: string, bytes?: number): Promise<Buffer>;
}

/** The local driver: keys under `root` (DATA_DIR/storage), which is made if missing. */
export function createLocalFileStore(root: string): FileStore {
  fs.mkdirSync(root, { recursive: true });
  const realRoot = fs.realpathSync(root);

  /**
   * The absolute path of a key, after checking with lstat that no existing part of it is a symbolic link (the
   * last parts may not exist yet, for a file about to be made).
   */
  async function absolute(key: string) {
    const checked = resolveClientPath(key);
    let current = realRoot;
    for (const segment of checked ? checked.split('/') : []) {
      current = path.join(current, segment);
      const stat = await fsp.lstat(current).catch(() => null);
      if (!stat) break;
      if (stat.isSymbolicLink()) throw new UnsafePathError(key);
    }
    const target = path.join(realRoot, ...(checked ? checked.split('/') : []));
    if (target !== realRoot && !target.startsWith(realRoot + path.sep))
      throw new UnsafePathError(key);
    return target;
  }

  const entryOf = (key: string, name: string, stat: fs.Stats): StoreEntry | null =>
    stat.isFile() || stat.isDirectory()
      ? {
          name,
          key,
          type: stat.isDirectory() ? 'folder' : 'file',
          size: stat.isDirectory() ? 0 : stat.size,
          modifiedAt: stat.mtime,
        }
      : null;

  const join = (key: string, name: string) => (key ? `${key}/${name}` : name);

  async function list(key: string) {
    const folder = await absolute(key);
    const names = await fsp.readdir(folder).catch(() => [] as string[]);
    const entries = await Promise.all(
      names
        .filter((name) => SAFE_SEGMENT.test(name) && !name.includes('..'))
        .map(async (name) => {
          const stat = await fsp.lstat(path.join(folder, name)).catch(() => null);
          return stat && !stat.isSymbolicLink() ? entryOf(join(key, name), name, stat) : null;
        }),
    );
    return entries.filter((entry): entry is StoreEntry => entry !== null);
  }

  async function assertFree(target: string, key: string) {
    if (await fsp.lstat(target).catch(() => null))
      throw Object.assign(new Error(`${key} exists`), { code: 'EEXIST' });
  }

  return {
    async stat(key) {
      const target = await absolute(key);
      const stat = await fsp.lstat(target).catch(() => null);
      if (!stat || stat.isSymbolicLink()) return null;
      return entryOf(key, path.basename(target), stat);
    },
    list,
    walk: (key) => walkFolders(list, key),
    async makeFolder(key) {
      await fsp.mkdir(await absolute(key), { recursive: true });
    },
    async importFile(localFile, key) {
      const target = await absolute(key);
      await assertFree(target, key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // A hard link fails when the name was taken meanwhile (rename would replace it); then the copy goes.
      await fsp.link(localFile, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        await fsp.copyFile(localFile, target, fs.constants.COPYFILE_EXCL);
      });
      await fsp.rm(localFile, { force: true });
    },
    async move(from, to) {
      const source = await absolute(from);
      const target = await absolute(to);
      await assertFree(target, to);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(source, target);
    },
    async remove(key) {
      const target = await absolute(key);
      if (target === realRoot) throw new UnsafePathError(key);
      await fsp.rm(target, { recursive: true, force: true });
    },
    async read(key, bytes) {
      const target = await absolute(key);
      if (bytes === undefined) return fsp.readFile(target);
      const handle = await fsp.open(target, 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
}

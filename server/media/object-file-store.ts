// Local Files' `FileStore` (decision 050) over the storage interface, for the S3 driver (decision 055): a bucket has
// no folders, so a folder is a key prefix, and an empty one made by an admin is kept by a `.folder` marker object
// (a dotfile: never listed, never a name an admin can give).
import fsp from 'node:fs/promises';
import {
  resolveClientPath,
  SAFE_SEGMENT,
  UnsafePathError,
  walkFolders,
  type FileStore,
  type StoreEntry,
} from './file-store.ts';
import type { MediaStorage } from './storage.ts';

const MARKER = '.folder';

export function createObjectFileStore(storage: MediaStorage, root: string): FileStore {
  const objectKey = (key: string) => `${root}${resolveClientPath(key)}`;
  const folderPrefix = (key: string) => (key ? `${objectKey(key)}/` : root);
  const nameOf = (key: string) => key.split('/').pop() ?? key;
  const join = (key: string, name: string) => (key ? `${key}/${name}` : name);

  async function folderEntry(key: string): Promise<StoreEntry | null> {
    const listing = await storage.listFolder(folderPrefix(key));
    const marker = await storage.stat(`${folderPrefix(key)}${MARKER}`);
    if (!marker && !listing.files.length && !listing.folders.length) return null;
    return {
      name: nameOf(key),
      key,
      type: 'folder',
      size: 0,
      modifiedAt: marker?.modifiedAt ?? new Date(0),
    };
  }

  async function stat(key: string): Promise<StoreEntry | null> {
    if (!resolveClientPath(key))
      return { name: '', key: '', type: 'folder', size: 0, modifiedAt: new Date(0) };
    const file = await storage.stat(objectKey(key));
    if (file)
      return { name: nameOf(key), key, type: 'file', size: file.size, modifiedAt: file.modifiedAt };
    return folderEntry(key);
  }

  async function list(key: string): Promise<StoreEntry[]> {
    const prefix = folderPrefix(key);
    const listing = await storage.listFolder(prefix);
    const safe = (name: string) => SAFE_SEGMENT.test(name) && !name.includes('..');
    const folders = await Promise.all(
      listing.folders.filter(safe).map(async (name) => {
        const marker = await storage.stat(`${prefix}${name}/${MARKER}`);
        return {
          name,
          key: join(key, name),
          type: 'folder' as const,
          size: 0,
          modifiedAt: marker?.modifiedAt ?? new Date(0),
        };
      }),
    );
    const files = listing.files
      .map((file) => ({ ...file, name: file.key.slice(prefix.length) }))
      .filter((file) => safe(file.name))
      .map((file) => ({
        name: file.name,
        key: join(key, file.name),
        type: 'file' as const,
        size: file.size,
        modifiedAt: file.modifiedAt,
      }));
    return [...folders, ...files];
  }

  async function assertFree(key: string) {
    if (await stat(key)) throw Object.assign(new Error(`${key} exists`), { code: 'EEXIST' });
  }

  return {
    stat,
    list,
    walk: (key) => walkFolders(list, key),
    async makeFolder(key) {
      // Each level gets its marker, as mkdir -p makes each folder.
      const parts = resolveClientPath(key).split('/').filter(Boolean);
      for (let index = 1; index <= parts.length; index += 1) {
        const marker = `${folderPrefix(parts.slice(0, index).join('/'))}${MARKER}`;
        if (!(await storage.stat(marker))) await storage.put(marker, '');
      }
    },
    async importFile(localFile, key) {
      await assertFree(key);
      await storage.putFile(objectKey(key), localFile);
      await fsp.rm(localFile, { force: true });
    },
    async move(from, to) {
      const source = await stat(from);
      await assertFree(to);
      if (!source) throw Object.assign(new Error(`${from} is missing`), { code: 'ENOENT' });
      if (source.type === 'file') await storage.move(objectKey(from), objectKey(to));
      else await storage.movePrefix(folderPrefix(from), folderPrefix(to));
    },
    async remove(key) {
      if (!resolveClientPath(key)) throw new UnsafePathError(key);
      await storage.delete(objectKey(key));
      await storage.deletePrefix(folderPrefix(key));
    },
    async read(key, bytes) {
      if (bytes === undefined) {
        const body = await storage.get(objectKey(key));
        if (!body) throw Object.assign(new Error(`${key} is missing`), { code: 'ENOENT' });
        return body;
      }
      const stream = await storage.stream(objectKey(key), {
        start: 0,
        end: Math.max(0, bytes - 1),
      });
      if (!stream) throw Object.assign(new Error(`${key} is missing`), { code: 'ENOENT' });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).subarray(0, bytes);
    },
  };
}

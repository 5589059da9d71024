// Local Files (decision 050): the admins' file manager over storage. Admins' uploads live in `storage/files/`;
// posters and backdrops uploaded from the movie form (`storage/uploads/`) are shown read only; videos, subtitles
// of episodes and avatars stay with their own screens. Every client path goes through `resolveClientPath`, every
// file-system call through the `FileStore` interface (a local driver today, S3 later), and what the database
// points at is read in one query per listing, so that unused files can be shown as such.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { QUEUES, type JobQueue } from '#server/jobs.ts';
import { Conflict, Forbidden, Invalid, NotFound, TooLarge } from '#server/domain/errors.ts';
import {
  resolveClientPath,
  UnsafePathError,
  type FileStore,
  type StoreEntry,
} from '#server/media/file-store.ts';
import {
  RejectedFileError,
  Sniffer,
  sniffType,
  type SniffedType,
} from '#server/media/file-sniff.ts';
import { loadSharp } from '#server/media/sharp.ts';
import {
  FILE_AREAS,
  kindOfName,
  LOCAL_FILE_MAX_BYTES,
  WRITABLE_AREA,
  type FileEntry,
  type FileListing,
  type FileSort,
} from '#shared/local-files.ts';

export type LocalFilesService = ReturnType<typeof createLocalFilesService>;

/** Where the back office's image fields store their uploads (image-store.ts): cleaned of unused files daily. */
const UPLOADS_AREA = 'uploads';

/** A search stops at this many matches. */
export const SEARCH_LIMIT = 200;

type ListOptions = { sort?: FileSort; order?: 'asc' | 'desc'; unused?: boolean };

/** The name an upload or a new folder gets: Vietnamese letters without their marks, anything else unsafe as `-`. */
export function safeName(raw: string) {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100)
    .replace(/[-.]+$/, '');
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};
const stemOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};
const parentOf = (key: string) => key.split('/').slice(0, -1).join('/');
const urlOf = (key: string) => `/storage/${key}`;

export function createLocalFilesService({
  db,
  store,
  workDir,
}: {
  db: Database;
  store: FileStore;
  /** A local folder outside storage where uploads are checked before they are kept. */
  workDir: string;
}) {
  const ready = store.makeFolder(WRITABLE_AREA).catch(() => {});
  const dimensions = new Map<string, { width: number; height: number } | null>();

  /** A client's path as a key, or the 422 that says it is not one. */
  function keyOf(input: string, field = 'path') {
    try {
      return resolveClientPath(input);
    } catch (error) {
      if (error instanceof UnsafePathError) throw unsafe(field);
      throw error;
    }
  }
  const unsafe = (field: string) =>
    new Invalid(
      { [field]: 'That path is not inside storage.' },
      'That path is not inside storage.',
      'unsafe_path',
    );

  /** Runs a store call, a link found on the way becoming the same 422 as any unsafe path. */
  async function guarded<T>(work: () => Promise<T>, field = 'path'): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UnsafePathError) throw unsafe(field);
      throw error;
    }
  }

  const area = (key: string) => key.split('/')[0] ?? '';
  function assertShown(key: string) {
    if (key && !(FILE_AREAS as readonly string[]).includes(area(key)))
      throw new NotFound('No such file or folder.');
  }
  function assertWritable(key: string) {
    assertShown(key);
    if (area(key) !== WRITABLE_AREA)
      throw new Forbidden('This folder is read only: upload to Files.', 'read_only');
  }

  async function existing(key: string, type?: 'file' | 'folder', field = 'path') {
    assertShown(key);
    await ready;
    // Files is always there, even after a restore of a backup made while it was empty (folders travel with files).
    if (key === WRITABLE_AREA) await store.makeFolder(WRITABLE_AREA);
    const entry = await guarded(() => store.stat(key), field);
    if (!entry || (type && entry.type !== type))
      throw new NotFound(type === 'folder' ? 'No such folder.' : 'No such file or folder.');
    return entry;
  }

  /**
   * Every `/storage/…` path the database points at below `prefix`, in one query: posters and backdrops (trashed
   * movies too), descriptions, profile pictures, subtitles, episode sources, home sections and every setting
   * (Web Info's logos, favicon and OpenGraph image, Site Assets' snippets, navigation…).
   */
  async function references(prefix: string) {
    const start = urlOf(prefix);
    const found = /\/storage\/[A-Za-z0-9_./-]+/g;
    const result = await db.execute<{ ref: string }>(sql`
      select distinct ref from (
        select poster as ref from movies
        union all select backdrop from movies
        union all select m[1] from movies, regexp_matches(description, ${found.source}, 'g') as m(m)
          where description like '%/storage/%'
        union all select image from users
        union all select '/storage/' || path from episode_subtitles
        union all select source_url from episodes
        union all select m[1] from home_sections, regexp_matches(settings::text, ${found.source}, 'g') as m(m)
        union all select m[1] from site_settings, regexp_matches(value::text, ${found.source}, 'g') as m(m)
      ) refs
      where ref is not null and starts_with(ref, ${start})`);
    return new Set(result.rows.map((row) => row.ref));
  }

  const usedBy = (refs: Set<string>, entry: StoreEntry) => {
    const url = urlOf(entry.key);
    if (entry.type === 'file') return refs.has(url);
    for (const ref of refs) if (ref.startsWith(`${url}/`)) return true;
    return false;
  };

  async function dimensionsOf(entry: StoreEntry) {
    const cacheKey = `${entry.key}:${entry.size}:${entry.modifiedAt.getTime()}`;
    if (dimensions.has(cacheKey)) return dimensions.get(cacheKey)!;
    let found: { width: number; height: number } | null = null;
    if (entry.size <= LOCAL_FILE_MAX_BYTES && extensionOf(entry.name) !== 'ico') {
      try {
        const sharp = await loadSharp();
        const meta = await sharp(await store.read(entry.key)).metadata();
        if (meta.width && meta.height) found = { width: meta.width, height: meta.height };
      } catch {
        found = null;
      }
    }
    if (dimensions.size > 5000) dimensions.clear();
    dimensions.set(cacheKey, found);
    return found;
  }

  async function describe(entries: StoreEntry[], refs: Set<string>): Promise<FileEntry[]> {
    const out: FileEntry[] = [];
    for (const entry of entries) {
      const kind = entry.type === 'folder' ? 'folder' : kindOfName(entry.name);
      const size = kind === 'image' ? await dimensionsOf(entry) : null;
      out.push({
        name: entry.name,
        path: entry.key,
        kind,
        url: entry.type === 'file' ? urlOf(entry.key) : null,
        size: entry.size,
        modified_at: entry.modifiedAt.toISOString(),
        width: size?.width ?? null,
        height: size?.height ?? null,
        used: usedBy(refs, entry),
      });
    }
    return out;
  }

  function arrange(entries: FileEntry[], options: ListOptions) {
    const direction = options.order === 'desc' ? -1 : 1;
    const byName = (a: FileEntry, b: FileEntry) =>
      a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' });
    const compare: Record<FileSort, (a: FileEntry, b: FileEntry) => number> = {
      name: byName,
      size: (a, b) => a.size - b.size || byName(a, b),
      date: (a, b) => a.modified_at.localeCompare(b.modified_at) || byName(a, b),
    };
    return entries
      .filter((entry) => !options.unused || entry.kind === 'folder' || !entry.used)
      .sort(
        (a, b) =>
          Number(b.kind === 'folder') - Number(a.kind === 'folder') ||
          direction * compare[options.sort ?? 'name'](a, b),
      );
  }

  async function areas() {
    const entries: StoreEntry[] = [];
    for (const name of FILE_AREAS) {
      const stat = await store.stat(name);
      // Uploads appears once the movie form has stored a picture; Files always exists.
      if (!stat && name !== WRITABLE_AREA) continue;
      entries.push({
        name,
        key: name,
        type: 'folder',
        size: 0,
        modifiedAt: stat?.modifiedAt ?? new Date(0),
      });
    }
    return entries;
  }

  async function uniqueName(folder: string, stem: string, extension: string) {
    for (let n = 0; n < 1000; n++) {
      const name = `${n ? `${stem}-${n}` : stem}.${extension}`;
      if (!(await store.stat(folder ? `${folder}/${name}` : name))) return name;
    }
    return `${stem}-${crypto.randomBytes(4).toString('hex')}.${extension}`;
  }

  /** Refuses to touch what the database points at (a rename or move would break it; a delete needs `force`). */
  async function assertUnused(entries: StoreEntry[], action: string) {
    const refs = await references(WRITABLE_AREA);
    const used = entries.filter((entry) => usedBy(refs, entry));
    if (used.length)
      throw new Conflict(
        'file_in_use',
        `${used.map((entry) => entry.name).join(', ')} ${used.length === 1 ? 'is' : 'are'} in use on the site: ${action} would break ${used.length === 1 ? 'it' : 'them'}.`,
      );
  }

  /** A new name the client typed: never a path; a file keeps its extension (its content decided it). */
  function newName(raw: string, entry: StoreEntry) {
    if (/[/\\\0]/.test(raw) || raw.includes('..'))
      throw Invalid.field('name', 'A name cannot hold /, \\ or "..".');
    if (entry.type === 'folder') {
      const name = safeName(raw);
      if (!name) throw Invalid.field('name', 'Enter a name with letters or digits.');
      return name;
    }
    const extension = extensionOf(entry.name);
    const typed = extensionOf(raw) === extension ? stemOf(raw) : raw;
    const stem = safeName(typed);
    if (!stem) throw Invalid.field('name', 'Enter a name with letters or digits.');
    return extension ? `${stem}.${extension}` : stem;
  }

  type Staged = { temp: string; name: string; type: SniffedType; size: number };

  /** Streams one file to the work folder while its bytes are sniffed; refuses it (and removes it) when not taken. */
  async function stage(
    filename: string,
    file: Readable & { truncated?: boolean },
  ): Promise<Staged> {
    await fsp.mkdir(workDir, { recursive: true });
    const temp = path.join(workDir, `${crypto.randomUUID()}.part`);
    const sniffer = new Sniffer();
    try {
      await pipeline(file, sniffer, fs.createWriteStream(temp, { flags: 'wx' }));
      if (file.truncated)
        throw new TooLarge(
          `Each file must be ${LOCAL_FILE_MAX_BYTES / 1024 / 1024} MB or smaller.`,
          'too_large',
        );
      const clientName = filename.split(/[/\\]/).pop() ?? '';
      const type = sniffType(sniffer.head, sniffer.text, clientName);
      if (type.kind === 'image' && type.extension !== 'ico') {
        // The signature is not enough: the picture must decode (a header on random bytes is refused).
        const sharp = await loadSharp();
        const meta = await sharp(temp, { failOn: 'error', limitInputPixels: 100_000_000 })
          .metadata()
          .catch(() => null);
        if (!meta?.width) throw new RejectedFileError('The picture could not be read.');
      }
      const stem = safeName(stemOf(clientName)) || 'file';
      return { temp, name: `${stem}.${type.extension}`, type, size: sniffer.size };
    } catch (error) {
      await fsp.rm(temp, { force: true });
      if (error instanceof RejectedFileError)
        throw Invalid.field('files', `${filename}: ${error.message}`);
      throw error;
    }
  }

  return {
    references,

    /** A folder's files and folders (the top shows the areas), with what the database uses. */
    /** A file's bytes (an image picked from Local Files for an avatar), refused beyond `maxBytes`. */
    async read(input: string, maxBytes: number) {
      const key = keyOf(input);
      const entry = await existing(key, 'file');
      if (entry.size > maxBytes) throw Invalid.field('path', 'That file is too large for this.');
      return guarded(() => store.read(key));
    },

    /**
     * The daily clean-up (issue 18): posters and backdrops uploaded through the back office's image fields
     * (`storage/uploads/`) that nothing points at any more and that are older than `graceHours` (an admin may
     * have uploaded one and not saved the form yet) are deleted. Answers how many went.
     */
    async cleanUnusedUploads(graceHours: number) {
      const refs = await references(UPLOADS_AREA);
      const before = Date.now() - graceHours * 3_600_000;
      let removed = 0;
      for await (const entry of store.walk(UPLOADS_AREA)) {
        if (entry.type !== 'file' || entry.modifiedAt.getTime() > before) continue;
        if (refs.has(urlOf(entry.key))) continue;
        await store.remove(entry.key);
        removed += 1;
      }
      return removed;
    },

    async list(input: string, options: ListOptions = {}): Promise<FileListing> {
      const key = keyOf(input);
      if (key) await existing(key, 'folder');
      const [entries, refs] = await Promise.all([
        key ? guarded(() => store.list(key)) : areas(),
        references(key),
      ]);
      return {
        path: key,
        writable: !!key && area(key) === WRITABLE_AREA,
        entries: arrange(await describe(entries, refs), options),
        search: null,
        truncated: false,
      };
    },

    /** Files and folders below `input` (every area at the top) whose name holds `query`, case and marks aside. */
    async search(input: string, query: string, options: ListOptions = {}): Promise<FileListing> {
      const key = keyOf(input);
      if (key) await existing(key, 'folder');
      const wanted = safeName(query).toLowerCase() || query.toLowerCase();
      const found: StoreEntry[] = [];
      let truncated = false;
      for (const start of key ? [key] : [...FILE_AREAS]) {
        for await (const entry of store.walk(start)) {
          if (!entry.name.toLowerCase().includes(wanted)) continue;
          if (found.length >= SEARCH_LIMIT) {
            truncated = true;
            break;
          }
          found.push(entry);
        }
      }
      const refs = await references(key);
      return {
        path: key,
        writable: !!key && area(key) === WRITABLE_AREA,
        entries: arrange(await describe(found, refs), options),
        search: query,
        truncated,
      };
    },

    async makeFolder(input: string, rawName: string) {
      const parent = keyOf(input);
      assertWritable(parent);
      await existing(parent, 'folder');
      if (/[/\\\0]/.test(rawName) || rawName.includes('..'))
        throw Invalid.field('name', 'A name cannot hold /, \\ or "..".');
      const name = safeName(rawName);
      if (!name) throw Invalid.field('name', 'Enter a name with letters or digits.');
      const key = `${parent}/${name}`;
      if (await guarded(() => store.stat(key)))
        throw new Conflict('name_taken', `${name} already exists here.`);
      await guarded(() => store.makeFolder(key));
      const [entry] = await describe([(await store.stat(key))!], new Set());
      return entry!;
    },

    /**
     * Takes the files of one upload into a folder of Files. Each is streamed to the work folder and checked by its
     * content first; if any is refused, none is kept. Names that are taken get `-1`, `-2`…
     */
    async upload(
      input: string,
      files: AsyncIterable<{ filename: string; file: Readable & { truncated?: boolean } }>,
    ) {
      const folder = keyOf(input);
      assertWritable(folder);
      await existing(folder, 'folder');
      const staged: Staged[] = [];
      try {
        for await (const { filename, file } of files) staged.push(await stage(filename, file));
        if (!staged.length) throw Invalid.field('files', 'Choose at least one file.');
        const kept: StoreEntry[] = [];
        for (const item of staged) {
          // Another upload may take the free name first: then the next one is tried.
          for (let attempt = 0; ; attempt++) {
            const name = await uniqueName(folder, stemOf(item.name), item.type.extension);
            const key = `${folder}/${name}`;
            try {
              await guarded(() => store.importFile(item.temp, key));
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < 5) continue;
              throw error;
            }
            kept.push((await store.stat(key))!);
            break;
          }
        }
        return describe(kept, new Set());
      } finally {
        await Promise.all(staged.map((item) => fsp.rm(item.temp, { force: true })));
      }
    },

    async rename(input: string, rawName: string) {
      const key = keyOf(input);
      assertWritable(key);
      if (key === WRITABLE_AREA)
        throw new Forbidden('The Files folder itself cannot be renamed.', 'read_only');
      const entry = await existing(key);
      const name = newName(rawName, entry);
      if (name === entry.name) return (await describe([entry], await references(key)))[0]!;
      const target = `${parentOf(key)}/${name}`;
      if (await guarded(() => store.stat(target)))
        throw new Conflict('name_taken', `${name} already exists here.`);
      await assertUnused([entry], 'renaming');
      await guarded(() => store.move(key, target));
      return (await describe([(await store.stat(target))!], new Set()))[0]!;
    },

    /** Moves files and folders into another folder of Files; nothing moves if any one cannot. */
    async move(inputs: string[], toInput: string) {
      const to = keyOf(toInput, 'to');
      assertWritable(to);
      await existing(to, 'folder', 'to');
      const entries: StoreEntry[] = [];
      for (const input of inputs) {
        const key = keyOf(input, 'paths');
        assertWritable(key);
        if (key === WRITABLE_AREA)
          throw new Forbidden('The Files folder itself cannot be moved.', 'read_only');
        const entry = await existing(key, undefined, 'paths');
        if (to === key || to.startsWith(`${key}/`))
          throw Invalid.field('to', 'A folder cannot go inside itself.');
        if (parentOf(key) === to) continue;
        if (await guarded(() => store.stat(`${to}/${entry.name}`)))
          throw new Conflict('name_taken', `${entry.name} already exists in ${to}.`);
        entries.push(entry);
      }
      await assertUnused(entries, 'moving');
      for (const entry of entries)
        await guarded(() => store.move(entry.key, `${to}/${entry.name}`));
      return { moved: entries.length };
    },

    /** Deletes files and folders of Files; what the site uses only with `force`. */
    async remove(inputs: string[], force = false) {
      const entries: StoreEntry[] = [];
      for (const input of inputs) {
        const key = keyOf(input, 'paths');
        assertWritable(key);
        if (key === WRITABLE_AREA)
          throw new Forbidden('The Files folder itself cannot be deleted.', 'read_only');
        entries.push(await existing(key, undefined, 'paths'));
      }
      if (!force) await assertUnused(entries, 'deleting');
      for (const entry of entries) await guarded(() => store.remove(entry.key));
      return { deleted: entries.length };
    },
  };
}

/** Uploaded images nobody has pointed at for a day are kept that long before the clean-up takes them. */
export const UNUSED_UPLOAD_GRACE_HOURS = 24;

/** The daily clean-up of unused uploaded images, at 04:40 UTC (after the backup and the audit purge). */
export function registerLocalFilesJobs(
  jobs: JobQueue,
  options: { localFiles: LocalFilesService; log: { info: (o: object, m?: string) => void } },
) {
  jobs.work(QUEUES.cleanImages, 1, async () => {
    const removed = await options.localFiles.cleanUnusedUploads(UNUSED_UPLOAD_GRACE_HOURS);
    if (removed) options.log.info({ removed }, 'unused uploaded images removed');
  });
  jobs.schedule(QUEUES.cleanImages, '40 4 * * *');
}

// The backup file (decision 045): gzip of newline-delimited JSON. A header line, per table a `{table, columns}`
// line and one `{r: row}` line a row (`to_jsonb` of it), the sequences, then media files (`{file, size}` and
// `{d: base64}` chunks), and a trailer with the counts and the SHA-256 of every line before it, so that a
// truncated, altered or foreign file is found by reading it through once, before anything changes.
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

export const BACKUP_FORMAT = 'phim-backup';
export const BACKUP_VERSION = 1;

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** The newest migration applied (drizzle's hash): a backup of another schema is refused. */
  migration: string;
  media: boolean;
  site: string;
  tables: string[];
};

export type BackupTrailer = {
  end: true;
  rows: Record<string, number>;
  files: number;
  bytes: number;
  lines: number;
  sha256: string;
};

export type BackupLine =
  | { table: string; columns: string[] }
  | { r: Record<string, unknown> }
  | { sequences: Array<{ name: string; value: string; called: boolean }> }
  | { file: string; size: number }
  | { d: string };

/** A problem with the file itself, said so that an admin knows what to do. */
export class BadBackupFile extends Error {
  /** The kind, for a page to say it in the admin's language: what the message starts with. */
  get code() {
    if (this.message.startsWith('This is not')) return 'backup_foreign';
    if (this.message.includes('format version')) return 'backup_other_version';
    if (this.message.startsWith('The file is damaged')) return 'backup_damaged';
    return 'backup_incomplete';
  }
}

/** Writes lines to a gzip file, hashing them for the trailer. */
export function createBackupWriter(file: string) {
  const hash = crypto.createHash('sha256');
  const gzip = zlib.createGzip({ level: 6 });
  const done = pipeline(gzip, fs.createWriteStream(file, { flags: 'wx' }));
  // A write error surfaces here; `write` and `end` see it through `done`.
  done.catch(() => {});
  let lines = 0;
  const push = async (text: string) => {
    hash.update(text);
    lines += 1;
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), done]);
  };
  return {
    /** One line of an object already serialised (rows come as `to_jsonb(t)::text`). */
    writeRow: (json: string) => push(`${ROW_PREFIX}${json}}\n`),
    write: (line: BackupHeader | BackupLine) => push(`${JSON.stringify(line)}\n`),
    async end(trailer: Omit<BackupTrailer, 'end' | 'lines' | 'sha256'>) {
      const last: BackupTrailer = { end: true, ...trailer, lines, sha256: hash.digest('hex') };
      gzip.end(`${JSON.stringify(last)}\n`);
      await done;
    },
    abort() {
      gzip.destroy();
      return done.catch(() => {});
    },
  };
}

/** Parses one line; a line that is not JSON throws BadBackupFile. */
export function parseLine(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadBackupFile('The file is damaged: a line of it is not readable.');
  }
}

/** A row line's JSON as written (`{"r":…}`), unparsed: numbers keep every digit on their way back. */
export const rowText = (text: string) => (text.startsWith(ROW_PREFIX) ? text.slice(5, -1) : null);
export const ROW_PREFIX = '{"r":';

/** The file's lines as text, one at a time; a broken gzip throws BadBackupFile. */
export async function* readBackupLines(file: string): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  const source = fs.createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      rest += chunk.toString('utf8');
      let at = rest.indexOf('\n');
      while (at >= 0) {
        yield rest.slice(0, at);
        rest = rest.slice(at + 1);
        at = rest.indexOf('\n');
      }
      // No line of a backup is this long: a foreign file that happens to be gzip.
      if (rest.length > 64 * 1024 * 1024) throw new BadBackupFile('This is not a Phim backup.');
    }
  } catch (error) {
    if (error instanceof BadBackupFile) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'Z_DATA_ERROR' && /header/i.test((error as Error).message))
      throw new BadBackupFile('This is not a Phim backup (it is not a gzip file).');
    throw new BadBackupFile(
      code === 'Z_BUF_ERROR'
        ? 'The file is incomplete: it ends before the backup does.'
        : 'The file is damaged: it cannot be read to the end.',
    );
  } finally {
    source.destroy();
  }
  if (rest.length > 0) yield rest;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function checkHeader(value: unknown): BackupHeader {
  if (!isObject(value) || value.format !== BACKUP_FORMAT)
    throw new BadBackupFile('This is not a Phim backup.');
  if (value.version !== BACKUP_VERSION)
    throw new BadBackupFile(
      `This backup is of format version ${String(value.version)}; this server reads version ${BACKUP_VERSION}.`,
    );
  if (
    typeof value.created_at !== 'string' ||
    typeof value.migration !== 'string' ||
    typeof value.media !== 'boolean' ||
    !Array.isArray(value.tables) ||
    !value.tables.every((table) => typeof table === 'string')
  )
    throw new BadBackupFile('This is not a Phim backup: its header is incomplete.');
  return value as BackupHeader;
}

/**
 * Reads the whole file once: header, every line, trailer, counts and hash. Nothing is changed; what it returns is
 * what a restore needs to know beforehand. Throws BadBackupFile naming what is wrong.
 */
export async function verifyBackupFile(file: string) {
  const hash = crypto.createHash('sha256');
  let header: BackupHeader | undefined;
  let trailer: BackupTrailer | undefined;
  let lines = 0;
  let table: string | undefined;
  const rows: Record<string, number> = {};
  let files = 0;
  let bytes = 0;
  let fileLeft = 0;
  for await (const text of readBackupLines(file)) {
    const line = parseLine(text);
    if (trailer) throw new BadBackupFile('The file is damaged: it goes on after its end.');
    if (!header) {
      header = checkHeader(line);
    } else if (isObject(line) && line.end === true) {
      trailer = line as BackupTrailer;
      continue;
    } else if (!isObject(line)) {
      throw new BadBackupFile('The file is damaged: a line of it is not readable.');
    } else if ('r' in line) {
      if (!table || fileLeft || !isObject(line.r))
        throw new BadBackupFile('The file is damaged: a row is out of place.');
      rows[table] = (rows[table] ?? 0) + 1;
    } else if (typeof line.table === 'string') {
      if (!header.tables.includes(line.table) || line.table in rows)
        throw new BadBackupFile(`The file is damaged: it names an unexpected table ${line.table}.`);
      table = line.table;
      rows[table] = 0;
    } else if ('sequences' in line) {
      table = undefined;
    } else if (typeof line.file === 'string' && typeof line.size === 'number') {
      if (!header.media || fileLeft || !safeRelativePath(line.file))
        throw new BadBackupFile('The file is damaged: a media file is out of place.');
      table = undefined;
      files += 1;
      fileLeft = line.size;
    } else if (typeof line.d === 'string') {
      const size = Buffer.byteLength(line.d, 'base64');
      if (size > fileLeft)
        throw new BadBackupFile('The file is damaged: a media file is too long.');
      fileLeft -= size;
      bytes += size;
    } else {
      throw new BadBackupFile('The file is damaged: a line of it is not readable.');
    }
    hash.update(`${text}\n`);
    lines += 1;
  }
  if (!header) throw new BadBackupFile('The file is empty.');
  if (!trailer) throw new BadBackupFile('The file is incomplete: it ends before the backup does.');
  if (fileLeft) throw new BadBackupFile('The file is incomplete: a media file is cut short.');
  const sameRows =
    isObject(trailer.rows) &&
    Object.keys(trailer.rows).length === Object.keys(rows).length &&
    Object.entries(rows).every(([name, count]) => trailer.rows[name] === count);
  if (
    trailer.lines !== lines ||
    trailer.sha256 !== hash.digest('hex') ||
    !sameRows ||
    trailer.files !== files ||
    trailer.bytes !== bytes
  )
    throw new BadBackupFile('The file is damaged: its content does not match its checksum.');
  if (header.tables.some((name) => !(name in rows)))
    throw new BadBackupFile('The file is incomplete: a table is missing.');
  return { header, trailer };
}

/**
 * The folders of DATA_DIR a backup with media holds: what is served, and the videos in the trash (a restored row
 * in the trash finds its files). Originals (kept for a retry, never served) and caches are left out.
 */
export const MEDIA_FOLDERS = ['storage', 'trash'] as const;

/** A media path: inside one of MEDIA_FOLDERS, relative, without `..`, empty or `.` segments. */
export function safeRelativePath(value: string) {
  if (value.length === 0 || value.length > 1024 || value.includes('\\') || value.includes('\0'))
    return false;
  const parts = value.split('/');
  return (
    parts.length >= 2 &&
    (MEDIA_FOLDERS as readonly string[]).includes(parts[0]!) &&
    parts.every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

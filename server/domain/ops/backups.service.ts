// Backups and restore (decision 045): an in-process dump of every table of the `public` schema in one snapshot,
// optionally with the media files, into DATA_DIR/backups; a restore that reads the whole file once before it
// changes anything, then replaces every table in one transaction while the site is in maintenance.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Database } from '#server/db/client.ts';
import { Conflict, Invalid, NotFound } from '#server/domain/errors.ts';
import type { EventBus } from '#server/events.ts';
import type { BackupOrigin } from '#shared/backups.ts';
import {
  BadBackupFile,
  createBackupWriter,
  parseLine,
  readBackupLines,
  rowText,
  MEDIA_FOLDERS,
  safeRelativePath,
  verifyBackupFile,
  type BackupHeader,
} from './backup-file.ts';

/** `phim-20261126-033000-daily.phim-backup`, `…-manual-media-2.phim-backup`: the only names served or deleted. */
export const BACKUP_NAME =
  /^phim-\d{8}-\d{6}-(manual|daily|upload)(-media)?(-\d{1,3})?\.phim-backup$/;
/** Largest backup file an admin may upload. */
export const BACKUP_MAX_UPLOAD_BYTES = 50 * 1024 ** 3;
/** Below this much free disk (or twice the newest backup) the page warns. */
export const LOW_DISK_BYTES = 1024 ** 3;
/** How long clients are asked to wait during a restore (Retry-After, seconds). */
export const MAINTENANCE_RETRY_SECONDS = 30;

const ROW_BATCH = 500;
const FETCH_ROWS = 1000;
const MEDIA_CHUNK = 768 * 1024;
/** Weight of one row against media bytes in the progress bar. */
const ROW_WEIGHT = 512;

export type BackupTaskKind = 'backup' | 'restore';
export type BackupStatus = {
  task: { kind: BackupTaskKind; name: string; progress: number; startedAt: string } | null;
  last: {
    kind: BackupTaskKind;
    name: string;
    ok: boolean;
    error?: string;
    finishedAt: string;
  } | null;
  maintenance: boolean;
};

export type BackupsService = ReturnType<typeof createBackupsService>;

type Log = {
  info: (o: object, m?: string) => void;
  error: (o: object, m?: string) => void;
};

/** How long a restore waits for other work to let go of the tables before it gives up. */
const LOCK_WAIT_MS = 10 * 60_000;
/** Another process's task that has said nothing for this long (its lock wait included) is taken for dead. */
const REMOTE_SILENCE_MS = LOCK_WAIT_MS + 5 * 60_000;

/**
 * Locks every table to replace, all at once or none: a TRUNCATE waiting for one busy table would hold the ones
 * before it (users and sessions first), and every request that signs someone in would wait behind it — the
 * restore's own status page included. So each try takes them all without waiting (NOWAIT), and one that fails
 * lets go of everything (the savepoint) and tries again a moment later.
 */
async function lockAll(client: pg.PoolClient, list: string) {
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    await client.query('savepoint restore_locks');
    try {
      await client.query(`lock table ${list} in access exclusive mode nowait`);
      await client.query('release savepoint restore_locks');
      return;
    } catch (error) {
      await client.query('rollback to savepoint restore_locks');
      // 55P03: lock_not_available; anything else is a real failure.
      if ((error as { code?: string }).code !== '55P03' || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Tables a restore leaves as they are: the audit log must not lose the record of the restore itself, nor what
 * admins did since the backup (decision 051). Backups still hold them.
 */
const KEPT_ON_RESTORE = ['audit_log'];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function createBackupsService(options: {
  db: Database;
  dataDir: string;
  events: EventBus;
  /** The site's name now (Web Info): a restore is confirmed by typing it. */
  siteName: () => string;
  keep: number;
  log: Log;
  /** Before the tables are replaced (buffers written, so that nothing lands after the restore). */
  beforeRestore?: () => Promise<void>;
  /** After a restore (caches of what the database held). */
  afterRestore?: () => Promise<void> | void;
  /**
   * The storage driver: with S3 the media is the bucket's, which is backed up by its own means (versioning,
   * replication: decision 055), so backups hold the database only and media backups are refused.
   */
  storageDriver?: 'local' | 's3';
}) {
  const mediaInBucket = () =>
    new Conflict(
      'media_in_bucket',
      'Media is kept in the S3 bucket: back it up with the bucket’s versioning or replication. Backups here hold the database only.',
    );
  const { db, events, log } = options;
  const dir = path.join(options.dataDir, 'backups');
  const dataDir = options.dataDir;
  let task: BackupStatus['task'] = null;
  let last: BackupStatus['last'] = null;
  let maintenance = false;
  let running: Promise<unknown> = Promise.resolve();
  /**
   * A backup or restore another process of the site runs (a worker's daily backup, a restore on another web node),
   * as its relayed events tell (decision 053): shown in the status, refused as busy here, and a restore puts this
   * node in maintenance too. Forgotten after REMOTE_SILENCE_MS without news (that process died).
   */
  let remote: { task: NonNullable<BackupStatus['task']>; seenAt: number } | null = null;
  const remoteTask = () =>
    remote && Date.now() - remote.seenAt < REMOTE_SILENCE_MS ? remote.task : null;
  const busyWith = () => task ?? remoteTask();
  events.onShared('backup.progress', ({ kind, name, progress }) => {
    if (task?.name === name) return;
    const startedAt = remote?.task.name === name ? remote.task.startedAt : new Date().toISOString();
    remote = { task: { kind, name, progress, startedAt }, seenAt: Date.now() };
  });
  events.onShared('backup.finished', ({ kind, name, ok, error }) => {
    if (remote?.task.name !== name) return;
    remote = null;
    last = { kind, name, ok, ...(error ? { error } : {}), finishedAt: new Date().toISOString() };
  });

  const fileOf = (name: string) => {
    if (!BACKUP_NAME.test(name)) throw new NotFound('No such backup.');
    return path.join(dir, name);
  };

  /** Tables of `public`, parents before children (foreign keys), and the newest migration. */
  async function layout(client: pg.PoolClient | pg.Pool) {
    const tables = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    );
    const references = await client.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
    );
    const names = tables.rows.map((row) => row.name);
    const ordered: string[] = [];
    const visit = (name: string, trail: Set<string>) => {
      if (ordered.includes(name) || trail.has(name)) return;
      trail.add(name);
      for (const { parent } of references.rows.filter((r) => r.child === name))
        if (names.includes(parent)) visit(parent, trail);
      ordered.push(name);
    };
    for (const name of names) visit(name, new Set());
    const migration = await client.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    return { tables: ordered, migration: migration.rows[0]?.hash ?? 'none' };
  }

  async function columnsOf(client: pg.PoolClient, table: string) {
    const result = await client.query<{ name: string }>(
      `select a.attname as name from pg_attribute a
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
       order by a.attnum`,
      [`public.${quote(table)}`],
    );
    return result.rows.map((row) => row.name);
  }

  async function sequences(client: pg.PoolClient) {
    const found = await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'
       order by c.relname`,
    );
    const values = [];
    for (const { name } of found.rows) {
      const state = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${name}`,
      );
      values.push({
        name,
        value: state.rows[0]!.last_value,
        called: state.rows[0]!.is_called,
      });
    }
    return values;
  }

  async function mediaFiles() {
    const files: Array<{ file: string; size: number }> = [];
    const walk = async (folder: string) => {
      const entries = await fs.readdir(path.join(dataDir, folder), { withFileTypes: true });
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const relative = `${folder}/${entry.name}`;
        if (entry.isDirectory()) await walk(relative);
        else if (entry.isFile()) {
          const stat = await fs.stat(path.join(dataDir, relative));
          files.push({ file: relative, size: stat.size });
        }
      }
    };
    for (const folder of MEDIA_FOLDERS)
      await walk(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    return files;
  }

  /** Puts `staged` in the place of `live`: a rename, or (a mount point cannot be renamed) entry by entry. */
  async function replaceFolder(staged: string, live: string) {
    await fs.mkdir(staged, { recursive: true });
    const old = `${live}.old-${crypto.randomBytes(4).toString('hex')}`;
    try {
      await fs.rename(live, old);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') {
        for (const name of await fs.readdir(live))
          await fs.rm(path.join(live, name), { recursive: true, force: true });
        for (const name of await fs.readdir(staged))
          await fs.rename(path.join(staged, name), path.join(live, name));
        return;
      }
    }
    await fs.rename(staged, live);
    await fs.rm(old, { recursive: true, force: true });
  }

  function progressOf(kind: BackupTaskKind, name: string) {
    let lastSent = -1;
    return (fraction: number) => {
      const progress = Math.max(0, Math.min(1, fraction));
      if (task) task.progress = progress;
      // Whole percents only, so that a large table does not flood the sockets.
      const percent = Math.floor(progress * 100);
      if (percent !== lastSent) {
        lastSent = percent;
        events.emit('backup.progress', { kind, name, progress });
      }
    };
  }

  async function uniqueName(createdAt: Date, origin: BackupOrigin, media: boolean) {
    const stamp = createdAt
      .toISOString()
      .replace(/\.\d+Z$/, '')
      .replaceAll('-', '')
      .replaceAll(':', '')
      .replace('T', '-');
    const base = `phim-${stamp}-${origin}${media ? '-media' : ''}`;
    await fs.mkdir(dir, { recursive: true });
    const taken = new Set(await fs.readdir(dir));
    for (let n = 1; n < 1000; n += 1) {
      const name = `${base}${n === 1 ? '' : `-${n}`}.phim-backup`;
      if (!taken.has(name) && !taken.has(`${name}.partial`)) return name;
    }
    throw new Conflict('backup_busy', 'Too many backups in the same second.');
  }

  async function dump(name: string, media: boolean) {
    const file = path.join(dir, name);
    const partial = `${file}.partial`;
    const writer = createBackupWriter(partial);
    const progress = progressOf('backup', name);
    const client = await db.$client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const { tables, migration } = await layout(client);
      const counts = new Map<string, number>();
      for (const table of tables) {
        const result = await client.query<{ n: string }>(
          `select count(*)::text as n from public.${quote(table)}`,
        );
        counts.set(table, Number(result.rows[0]!.n));
      }
      const files = media ? await mediaFiles() : [];
      const total =
        [...counts.values()].reduce((a, b) => a + b, 0) * ROW_WEIGHT +
        files.reduce((a, b) => a + b.size, 0) +
        1;
      let done = 0;
      const header: BackupHeader = {
        format: 'phim-backup',
        version: 1,
        created_at: new Date().toISOString(),
        migration,
        media,
        site: options.siteName(),
        tables,
      };
      await writer.write(header);
      const rows: Record<string, number> = {};
      for (const table of tables) {
        await writer.write({ table, columns: await columnsOf(client, table) });
        rows[table] = 0;
        await client.query(
          `declare dump no scroll cursor for select to_jsonb(t)::text as j from public.${quote(table)} t`,
        );
        for (;;) {
          const batch = await client.query<{ j: string }>(`fetch ${FETCH_ROWS} from dump`);
          for (const row of batch.rows) await writer.writeRow(row.j);
          rows[table] += batch.rows.length;
          done += batch.rows.length * ROW_WEIGHT;
          progress(done / total);
          if (batch.rows.length < FETCH_ROWS) break;
        }
        await client.query('close dump');
      }
      await writer.write({ sequences: await sequences(client) });
      await client.query('commit');
      let bytes = 0;
      let written = 0;
      for (const entry of files) {
        // Read in chunks (a video can be gigabytes), as long as it is when opened; a file gone since the listing
        // is left out.
        const handle = await fs.open(path.join(dataDir, entry.file), 'r').catch(() => null);
        if (!handle) continue;
        try {
          const { size } = await handle.stat();
          await writer.write({ file: entry.file, size });
          const chunk = Buffer.alloc(MEDIA_CHUNK);
          for (let at = 0; at < size;) {
            const { bytesRead } = await handle.read(chunk, 0, Math.min(MEDIA_CHUNK, size - at), at);
            if (bytesRead === 0)
              throw new Error(`The media file ${entry.file} changed during the backup; try again.`);
            await writer.write({ d: chunk.subarray(0, bytesRead).toString('base64') });
            at += bytesRead;
            progress((done + Math.min(at, entry.size)) / total);
          }
          written += 1;
          bytes += size;
          done += entry.size;
        } finally {
          await handle.close();
        }
      }
      await writer.end({ rows, files: written, bytes });
      await fs.rename(partial, file);
      progress(1);
    } catch (error) {
      await client.query('rollback').catch(() => {});
      await writer.abort();
      await fs.rm(partial, { force: true });
      throw error;
    } finally {
      client.release();
    }
  }

  /** Refuses a file this server cannot restore, saying why; nothing is changed. */
  async function check(file: string) {
    let verified;
    try {
      verified = await verifyBackupFile(file);
    } catch (error) {
      if (error instanceof BadBackupFile) throw new Invalid(undefined, error.message, error.code);
      throw error;
    }
    const { header } = verified;
    const current = await layout(db.$client);
    if (header.migration !== current.migration)
      throw new Invalid(
        undefined,
        'This backup was made with another version of the database layout (another release of Phim); it cannot be restored here.',
        'backup_other_version',
      );
    const same =
      header.tables.length === current.tables.length &&
      current.tables.every((table) => header.tables.includes(table));
    if (!same)
      throw new Invalid(
        undefined,
        'This backup does not hold the tables this database has; it cannot be restored here.',
        'backup_other_version',
      );
    return verified;
  }

  async function load(file: string, header: BackupHeader, totalLines: number) {
    const progress = progressOf('restore', path.basename(file));
    const staging = path.join(dataDir, 'restoring');
    await fs.rm(staging, { recursive: true, force: true });
    const client = await db.$client.connect();
    try {
      await client.query('begin');
      const current = await layout(client);
      const replaced = current.tables.filter((t) => !KEPT_ON_RESTORE.includes(t));
      const list = replaced.map((t) => `public.${quote(t)}`).join(', ');
      await lockAll(client, list);
      await client.query(`truncate ${list} restart identity`);
      let table: string | undefined;
      /** Rows of a table the restore keeps as it is. */
      let skipping = false;
      let columns: string[] = [];
      let batch: string[] = [];
      let handle: fs.FileHandle | undefined;
      let line = 0;
      const flush = async () => {
        if (!table || batch.length === 0) return;
        const list = columns.map(quote).join(', ');
        await client.query(
          `insert into public.${quote(table)} (${list}) overriding system value
           select ${list} from jsonb_populate_recordset(null::public.${quote(table)}, $1::jsonb)`,
          [`[${batch.join(',')}]`],
        );
        batch = [];
      };
      for await (const text of readBackupLines(file)) {
        line += 1;
        if (line === 1) continue;
        const raw = rowText(text);
        if (raw !== null) {
          if (skipping) continue;
          batch.push(raw);
          if (batch.length >= ROW_BATCH) await flush();
        } else {
          const value = parseLine(text) as Record<string, unknown>;
          if (typeof value.d === 'string') {
            await handle!.write(Buffer.from(value.d, 'base64'));
            continue;
          }
          await flush();
          if (typeof value.table === 'string') {
            skipping = KEPT_ON_RESTORE.includes(value.table);
            table = skipping ? undefined : value.table;
            if (table) {
              // Generated columns are left out, by the same rule as the dump.
              const existing = await columnsOf(client, table);
              columns = (value.columns as string[]).filter((c) => c && existing.includes(c));
            }
          } else if (Array.isArray(value.sequences)) {
            table = undefined;
            skipping = false;
            for (const s of value.sequences as Array<{
              name: string;
              value: string;
              called: boolean;
            }>)
              if (!KEPT_ON_RESTORE.some((kept) => s.name.startsWith(`public.${kept}_`)))
                await client.query('select setval($1::regclass, $2::bigint, $3)', [
                  s.name,
                  s.value,
                  s.called,
                ]);
          } else if (typeof value.file === 'string' && safeRelativePath(value.file)) {
            await handle?.close();
            const target = path.join(staging, value.file);
            await fs.mkdir(path.dirname(target), { recursive: true });
            handle = await fs.open(target, 'wx');
          } else if (value.end === true) {
            break;
          }
        }
        if (line % 200 === 0) progress(line / totalLines);
      }
      await flush();
      await handle?.close();
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      await fs.rm(staging, { recursive: true, force: true });
      throw error;
    } finally {
      client.release();
    }
    if (header.media) {
      // Each media folder is swapped whole: what the backup holds, nothing more.
      for (const folder of MEDIA_FOLDERS)
        await replaceFolder(path.join(staging, folder), path.join(dataDir, folder));
      await fs.rm(path.join(dataDir, 'cache', 'img'), { recursive: true, force: true });
    }
    await fs.rm(staging, { recursive: true, force: true });
    progress(1);
  }

  /** Runs one task at a time in the background; its end is an event and the status's `last`. */
  function start(kind: BackupTaskKind, name: string, work: () => Promise<void>) {
    const busy = busyWith();
    if (busy)
      throw new Conflict('backup_busy', `A ${busy.kind} is running; wait for it to finish.`);
    task = { kind, name, progress: 0, startedAt: new Date().toISOString() };
    events.emit('backup.progress', { kind, name, progress: 0 });
    const finish = (error?: unknown) => {
      const message =
        error instanceof Error ? error.message : error ? 'Something went wrong.' : undefined;
      last = {
        kind,
        name,
        ok: !error,
        ...(message ? { error: message } : {}),
        finishedAt: new Date().toISOString(),
      };
      task = null;
      events.emit('backup.finished', { kind, name, ok: !error, error: message });
    };
    running = work().then(
      () => finish(),
      (error: unknown) => {
        log.error({ err: error, name }, `${kind} failed`);
        finish(error);
      },
    );
    return { kind, name };
  }

  async function list() {
    await fs.mkdir(dir, { recursive: true });
    const names = (await fs.readdir(dir)).filter((name) => BACKUP_NAME.test(name));
    const backups = await Promise.all(
      names.map(async (name) => {
        const stat = await fs.stat(path.join(dir, name));
        const [, date, time] = /^phim-(\d{8})-(\d{6})/.exec(name)!;
        const createdAt = `${date!.slice(0, 4)}-${date!.slice(4, 6)}-${date!.slice(6)}T${time!.slice(0, 2)}:${time!.slice(2, 4)}:${time!.slice(4)}Z`;
        return {
          name,
          origin: BACKUP_NAME.exec(name)![1] as BackupOrigin,
          media: name.includes('-media'),
          size: stat.size,
          createdAt,
        };
      }),
    );
    return backups.sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name),
    );
  }

  /** Starts a backup in the background; answers its name at once. */
  async function create(input: { media: boolean; origin?: BackupOrigin }) {
    if (input.media && options.storageDriver === 's3') throw mediaInBucket();
    const busy = busyWith();
    if (busy)
      throw new Conflict('backup_busy', `A ${busy.kind} is running; wait for it to finish.`);
    const name = await uniqueName(new Date(), input.origin ?? 'manual', input.media);
    return start('backup', name, () => dump(name, input.media));
  }

  return {
    dir,
    keep: options.keep,
    /** A restore runs here, or in another process of the site. */
    isMaintenance: () => maintenance || remoteTask()?.kind === 'restore',
    status: (): BackupStatus => ({
      task: busyWith(),
      last,
      maintenance: maintenance || remoteTask()?.kind === 'restore',
    }),
    /** Resolves when the running task (if any) has finished. */
    idle: () => running,
    list,
    async disk() {
      await fs.mkdir(dir, { recursive: true });
      const stats = await fs.statfs(dir);
      const free = stats.bavail * stats.bsize;
      const newest = (await list())[0]?.size ?? 0;
      return {
        free,
        total: stats.blocks * stats.bsize,
        low: free < Math.max(LOW_DISK_BYTES, 2 * newest),
      };
    },
    create,
    /** The daily backup (the scheduled job): the database, then only the newest `keep` daily ones stay. */
    async daily() {
      const { name } = await create({ media: false, origin: 'daily' });
      await running;
      if (!last?.ok) throw new Error(last?.error ?? 'backup failed');
      const dailies = (await list()).filter((backup) => backup.origin === 'daily');
      for (const old of dailies.slice(options.keep)) await fs.rm(path.join(dir, old.name));
      return name;
    },
    /** Checks the backup, then replaces the site's data with it in the background (maintenance meanwhile). */
    async restore(name: string, confirm: string) {
      const file = fileOf(name);
      const busy = busyWith();
      if (busy)
        throw new Conflict('backup_busy', `A ${busy.kind} is running; wait for it to finish.`);
      const siteName = options.siteName();
      if (confirm.trim() !== siteName)
        throw Invalid.field('confirm', `Type the site's name, ${siteName}, to restore.`);
      await fs.access(file).catch(() => {
        throw new NotFound('No such backup.');
      });
      const { header, trailer } = await check(file);
      if (header.media && options.storageDriver === 's3') throw mediaInBucket();
      return start('restore', name, async () => {
        maintenance = true;
        try {
          await options.beforeRestore?.();
          await load(file, header, trailer.lines + 1);
          await options.afterRestore?.();
        } finally {
          maintenance = false;
        }
      });
    },
    /** A file an admin sent (already on disk, at `temp`): checked, then kept under a name of ours. */
    async adopt(temp: string) {
      try {
        const { header } = await check(temp);
        const created = new Date(header.created_at);
        const name = await uniqueName(
          Number.isNaN(created.getTime()) ? new Date() : created,
          'upload',
          header.media,
        );
        await fs.rename(temp, path.join(dir, name));
        return (await list()).find((backup) => backup.name === name)!;
      } finally {
        await fs.rm(temp, { force: true });
      }
    },
    /** A path for an upload to be written to, inside the backups folder (same disk, so the rename is cheap). */
    async tempFile() {
      await fs.mkdir(dir, { recursive: true });
      return path.join(dir, `.upload-${crypto.randomBytes(8).toString('hex')}`);
    },
    async open(name: string) {
      const file = fileOf(name);
      const stat = await fs.stat(file).catch(() => {
        throw new NotFound('No such backup.');
      });
      return { stream: createReadStream(file), size: stat.size };
    },
    async remove(name: string) {
      const file = fileOf(name);
      if (busyWith()?.name === name) throw new Conflict('backup_busy', 'This backup is in use.');
      await fs.rm(file).catch(() => {
        throw new NotFound('No such backup.');
      });
    },
  };
}

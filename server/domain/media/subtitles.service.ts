// Subtitles of episodes: upload (converted to WebVTT), list, delete, and the hourly sweep of files left behind.
// Files live under storage/subtitles/{episode}/.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { nextSortOrder } from '#server/db/sort-order.ts';
import { episodeSubtitles, episodes } from '#server/db/schema/index.ts';
import { Invalid, NotFound } from '#server/domain/errors.ts';
import { mediaUrlOf, type MediaStorage } from '#server/media/storage.ts';
import { SubtitleError, toWebVtt } from '#server/media/subtitles.ts';

export type SubtitleResource = {
  id: number;
  episode_id: number;
  language: string;
  label: string;
  url: string;
  created_at: string;
};

function toResource(
  storage: MediaStorage,
  row: typeof episodeSubtitles.$inferSelect,
): SubtitleResource {
  return {
    id: row.id,
    episode_id: row.episodeId,
    language: row.language,
    label: row.label,
    url: mediaUrlOf(storage, `/storage/${row.path}`),
    created_at: row.createdAt.toISOString(),
  };
}

export type SubtitlesService = ReturnType<typeof createSubtitlesService>;

export function createSubtitlesService({ db, storage }: { db: Database; storage: MediaStorage }) {
  const keyOf = (relative: string) => `storage/${relative}`;
  async function requireEpisode(movieId: number, episodeId: number) {
    const [row] = await db
      .select({ id: episodes.id })
      .from(episodes)
      .where(and(eq(episodes.id, episodeId), eq(episodes.movieId, movieId)));
    if (!row) throw new NotFound('No such episode.');
  }

  async function listOf(episodeIds: number[]) {
    if (episodeIds.length === 0) return [];
    const rows = await db
      .select()
      .from(episodeSubtitles)
      .where(inArray(episodeSubtitles.episodeId, episodeIds))
      .orderBy(asc(episodeSubtitles.sortOrder), asc(episodeSubtitles.id));
    return rows.map((row) => toResource(storage, row));
  }

  return {
    listOf,

    async list(movieId: number, episodeId: number) {
      await requireEpisode(movieId, episodeId);
      return listOf([episodeId]);
    },

    async add(
      movieId: number,
      episodeId: number,
      input: { language: string; label: string; fileName: string; data: Buffer },
    ) {
      await requireEpisode(movieId, episodeId);
      let vtt: string;
      try {
        vtt = toWebVtt(input.fileName, input.data);
      } catch (error) {
        if (!(error instanceof SubtitleError)) throw error;
        throw Invalid.field('file', `${input.fileName}: ${error.message}`);
      }
      const body = Buffer.from(vtt, 'utf8');
      const name = `${crypto.createHash('sha256').update(body).digest('hex').slice(0, 24)}.vtt`;
      const relative = path.posix.join('subtitles', String(episodeId), name);
      await storage.put(keyOf(relative), body);
      const sortOrder = await nextSortOrder(
        db,
        episodeSubtitles,
        eq(episodeSubtitles.episodeId, episodeId),
      );
      const [row] = await db
        .insert(episodeSubtitles)
        .values({
          episodeId,
          language: input.language,
          label: input.label,
          path: relative,
          sortOrder,
        })
        .returning();
      return toResource(storage, row!);
    },

    async remove(movieId: number, episodeId: number, id: number) {
      await requireEpisode(movieId, episodeId);
      const [row] = await db
        .delete(episodeSubtitles)
        .where(and(eq(episodeSubtitles.id, id), eq(episodeSubtitles.episodeId, episodeId)))
        .returning();
      if (!row) throw new NotFound('No such subtitle.');
      // The same file may serve another row (the same upload twice): remove it only when nothing points at it.
      const [still] = await db
        .select({ id: episodeSubtitles.id })
        .from(episodeSubtitles)
        .where(eq(episodeSubtitles.path, row.path));
      if (!still) await storage.delete(keyOf(row.path));
    },

    /**
     * Removes subtitle files nothing points at: the folders of deleted episodes (deleting an episode or a movie
     * takes its rows by cascade, not its files) and files of an upload that stopped between writing the file and
     * inserting its row. Files younger than `graceMs` are left alone: their row may be on its way.
     */
    async sweepOrphans(options: { graceMs?: number } = {}) {
      const root = keyOf('subtitles/');
      const cutoff = Date.now() - (options.graceMs ?? 60 * 60 * 1000);
      const folders = (await storage.listFolder(root)).folders.filter((name) => /^\d+$/.test(name));
      if (!folders.length) return { removed: 0 };
      const ids = folders.map(Number);
      const known = new Set(
        (
          await db
            .select({ path: episodeSubtitles.path })
            .from(episodeSubtitles)
            .where(inArray(episodeSubtitles.episodeId, ids))
        ).map((row) => row.path),
      );
      let removed = 0;
      for (const folder of folders) {
        const dir = `${root}${folder}/`;
        const { files } = await storage.listFolder(dir);
        let kept = 0;
        for (const file of files) {
          const name = file.key.slice(dir.length);
          if (
            known.has(path.posix.join('subtitles', folder, name)) ||
            file.modifiedAt.getTime() > cutoff
          ) {
            kept += 1;
            continue;
          }
          await storage.delete(file.key);
          removed += 1;
        }
        // An empty folder goes too (rmdir refuses a folder something was just written into).
        const local = kept ? null : storage.localPath(dir);
        if (local) await fsp.rmdir(local).catch(() => undefined);
      }
      return { removed };
    },
  };
}

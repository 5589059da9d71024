// Videos as the back office reads them: one by id, the list and the trash (search, status filter, sort), each with
// the episodes that play it and its public URLs once it is ready.
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { videosQuery } from '#shared/admin-queries.ts';
import type { ListQueryOf } from '#shared/list-query.ts';
import type { Database } from '#server/db/client.ts';
import { episodes, movies, videos } from '#server/db/schema/index.ts';
import { paginate } from '#server/domain/list.ts';
import { NotFound } from '#server/domain/errors.ts';
import { mediaUrlOf, type MediaStorage } from '#server/media/storage.ts';
import type { VideoFiles } from './video-files.ts';
import { pick } from '#server/db/pick.ts';

type VideoRow = typeof videos.$inferSelect;

export type VideoQuery = ListQueryOf<typeof videosQuery>;

export type VideoUse = {
  id: number;
  name: string;
  ep: string;
  movie_id: number;
  movie_title: string;
};

export function createVideoReads({
  db,
  files,
  storage,
  retentionMs,
}: {
  db: Database;
  files: VideoFiles;
  storage: MediaStorage;
  /** How long the trash keeps a video, for its `purge_at`. */
  retentionMs: number;
}) {
  async function usesOf(ids: number[]) {
    const map = new Map<number, VideoUse[]>();
    if (!ids.length) return map;
    const rows = await db
      .select({
        ...pick(episodes, ['videoId', 'id', 'name', 'ep']),
        movieId: movies.id,
        movieTitle: movies.title,
      })
      .from(episodes)
      .innerJoin(movies, eq(movies.id, episodes.movieId))
      .where(inArray(episodes.videoId, ids))
      .orderBy(asc(movies.title), asc(episodes.sortOrder), asc(episodes.id));
    for (const row of rows) {
      const list = map.get(row.videoId!) ?? [];
      list.push({
        id: row.id,
        name: row.name,
        ep: row.ep,
        movie_id: row.movieId,
        movie_title: row.movieTitle,
      });
      map.set(row.videoId!, list);
    }
    return map;
  }

  function toVideo(row: VideoRow, uses: VideoUse[], retryable: boolean) {
    const url = (file: string | null) =>
      row.storagePrefix && file ? mediaUrlOf(storage, files.url(row.storagePrefix, file)) : null;
    const ready = row.status === 'ready' && !row.deletedAt;
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      progress: row.progress,
      failure_reason: row.failureReason,
      /** A failed video whose original is still here: a retry can work (a refused upload's file is gone). */
      can_retry: retryable,
      original_filename: row.originalFilename,
      size: row.size,
      duration: row.duration,
      width: row.width,
      height: row.height,
      codecs: row.codecs ?? null,
      renditions: row.renditions,
      master_url: ready ? url('master.m3u8') : null,
      poster_url: ready ? url(row.posterPath) : null,
      storyboard_url: ready ? url(row.storyboardPath) : null,
      upload_id: row.uploadId,
      episodes: uses,
      deleted_at: row.deletedAt?.toISOString() ?? null,
      purge_at: row.deletedAt
        ? new Date(row.deletedAt.getTime() + retentionMs).toISOString()
        : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function present(rows: VideoRow[]) {
    const uses = await usesOf(rows.map((row) => row.id));
    // Only failed rows are looked at on disk: a handful at most.
    const retryable = await Promise.all(
      rows.map((row) =>
        row.status === 'failed'
          ? storage.stat(files.originalKey(row.id)).then((stat) => stat !== null)
          : false,
      ),
    );
    return rows.map((row, index) => toVideo(row, uses.get(row.id) ?? [], retryable[index]!));
  }

  async function findRow(id: number) {
    const [row] = await db.select().from(videos).where(eq(videos.id, id));
    if (!row) throw new NotFound('No such video.');
    return row;
  }

  function listWhere(where: SQL, query: VideoQuery) {
    return paginate(query, (search) => {
      const filter = and(
        where,
        search ? ilike(videos.searchText, search.contains) : undefined,
        query.status ? eq(videos.status, query.status) : undefined,
      );
      const column = {
        name: videos.searchText,
        status: videos.status,
        size: videos.size,
        duration: videos.duration,
        created_at: videos.createdAt,
        updated_at: videos.updatedAt,
      }[query.sort ?? 'created_at'];
      const direction =
        (query.order ?? (query.sort === 'name' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
      return {
        rows: async ({ limit, offset }) =>
          present(
            await db
              .select()
              .from(videos)
              .where(filter)
              .orderBy(direction(column), desc(videos.id))
              .limit(limit)
              .offset(offset),
          ),
        count: () => db.$count(videos, filter),
      };
    });
  }

  return {
    usesOf,
    findRow,
    async get(id: number) {
      return (await present([await findRow(id)]))[0]!;
    },
    list: (query: VideoQuery) => listWhere(isNull(videos.deletedAt), query),
    listTrash: (query: VideoQuery) =>
      listWhere(isNotNull(videos.deletedAt), { sort: 'updated_at', ...query }),
  };
}

// A movie's episodes, grouped by server (a named source such as "Vietsub #1"): add one or many at once (`name|url`
// lines), edit, reorder, publish, delete. The `ep` key of `/watch/{slug}/{ep}` comes from the name.
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { foldForSearch, slugify } from '#shared/text.ts';
import type { Database } from '#server/db/client.ts';
import { nextSortOrder } from '#server/db/sort-order.ts';
import { retryOnUniqueKey, violatesForeignKey } from '#server/db/unique.ts';
import {
  episodes,
  movies,
  movieServers,
  reports,
  videos,
  type EPISODE_SOURCES,
} from '#server/db/schema/index.ts';
import { Invalid, NotFound } from '#server/domain/errors.ts';
import { pick } from '#server/db/pick.ts';
import type { EventBus } from '#server/events.ts';

type EpisodeRow = typeof episodes.$inferSelect;
export type EpisodeSource = (typeof EPISODE_SOURCES)[number];

export type EpisodeInput = {
  server_id: number;
  name: string;
  ep?: string;
  source_type: EpisodeSource;
  source_url?: string | null;
  video_id?: number | null;
  runtime?: number | null;
  intro_start?: number | null;
  intro_end?: number | null;
  outro_start?: number | null;
  published?: boolean;
};

export function toEpisode(row: EpisodeRow) {
  return {
    id: row.id,
    movie_id: row.movieId,
    server_id: row.serverId,
    name: row.name,
    ep: row.ep,
    order: row.sortOrder,
    source_type: row.sourceType,
    source_url: row.sourceUrl,
    video_id: row.videoId,
    runtime: row.runtime,
    intro_start: row.introStart,
    intro_end: row.introEnd,
    outro_start: row.outroStart,
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A playlist in this site's own storage, such as the demo clip or a transcoded video: `/storage/…/index.m3u8`.
 * Only that prefix, no `..`, no `//`, and only as an HLS source (an embed must be a full http(s) address).
 */
export const LOCAL_HLS_PATH = /^\/storage\/(?!.*\.\.)(?!.*\/\/)[\w-][\w./-]*\.m3u8$/;

export function isLocalHlsPath(url: string) {
  return LOCAL_HLS_PATH.test(url);
}

/** `https://x/master.m3u8` and `/storage/…/index.m3u8` are HLS; any other http(s) address is an embed. */
export function sourceTypeOf(url: string): EpisodeSource {
  return /\.m3u8(\?|#|$)/i.test(url) ? 'hls' : 'embed';
}

/** Parses pasted `name|url` lines; blank lines are skipped, a bad line is named by its number. */
export function parseEpisodeLines(text: string) {
  const items: Array<{ name: string; url: string }> = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const bar = line.indexOf('|');
    const name = bar > 0 ? line.slice(0, bar).trim() : '';
    const url = bar > 0 ? line.slice(bar + 1).trim() : '';
    if (
      !name ||
      !(/^https?:\/\/\S+$/i.test(url) || isLocalHlsPath(url)) ||
      name.length > 100 ||
      url.length > 2000
    )
      problems.push(`Line ${index + 1}: write it as “name|https://…” (or “name|/storage/….m3u8”).`);
    else items.push({ name, url });
  });
  return { items, problems };
}

/**
 * Stamps `published_at` on the episodes (of `episodeIds`, or of the movies `movieIds`) that have just become
 * watchable for the first time (published, of a published movie, never stamped before), then tells followers:
 * one `episode.published` each, after the write. One conditional UPDATE, so two racing publishes stamp (and
 * announce) an episode once, and unpublishing then publishing again announces nothing (decision 043).
 */
export async function markEpisodesWatchable(
  db: Database,
  events: EventBus,
  scope: { episodeIds: number[] } | { movieIds: number[] },
) {
  const ids = 'episodeIds' in scope ? scope.episodeIds : scope.movieIds;
  if (!ids.length) return [];
  const stamped = await db
    .update(episodes)
    .set({ publishedAt: sql`now()` })
    .where(
      and(
        inArray('episodeIds' in scope ? episodes.id : episodes.movieId, ids),
        eq(episodes.published, true),
        isNull(episodes.publishedAt),
        sql`exists (select 1 from ${movies} where ${movies.id} = ${episodes.movieId} and ${movies.published})`,
      ),
    )
    .returning({ episodeId: episodes.id, movieId: episodes.movieId });
  for (const row of stamped) events.emit('episode.published', row);
  return stamped;
}

/** The unique index a new `ep` key can collide with when two requests pick it at once. */
const EP_INDEX = 'episodes_server_ep_idx';

export type EpisodesService = ReturnType<typeof createEpisodesService>;

/**
 * Deleting episodes or movies deletes their reports with them (the foreign key cascades): `run` does the deleting
 * and the Report Manager hears which reports went (`report.deleted`), so its badge and other admins' tables follow.
 */
export async function deletingReports<T>(
  db: Database,
  events: EventBus,
  of: SQL,
  run: () => Promise<T>,
): Promise<T> {
  const gone = await db.select({ id: reports.id }).from(reports).where(of);
  const result = await run();
  if (gone.length) events.emit('report.deleted', { reportIds: gone.map((row) => row.id) });
  return result;
}

export function createEpisodesService({ db, events }: { db: Database; events: EventBus }) {
  const markWatchable = (episodeIds: number[]) => markEpisodesWatchable(db, events, { episodeIds });

  async function requireMovie(movieId: number) {
    const [movie] = await db
      .select({
        id: movies.id,
        title: movies.title,
        slug: movies.slug,
        published: movies.published,
      })
      .from(movies)
      .where(and(eq(movies.id, movieId), isNull(movies.deletedAt)));
    if (!movie) throw new NotFound('No such movie.');
    return movie;
  }

  async function requireServer(movieId: number, serverId: number) {
    const [server] = await db
      .select()
      .from(movieServers)
      .where(and(eq(movieServers.id, serverId), eq(movieServers.movieId, movieId)));
    if (!server) throw Invalid.field('server_id', 'No such server for this movie.');
    return server;
  }

  /**
   * What an episode plays once `input` is applied to `current` (if any): a `video` keeps only its video (which
   * must be ready and out of the trash when it is newly chosen), `hls`/`embed` only their address. A `/storage/`
   * path plays through hls.js only, so it cannot be an embed (the route checks the path itself).
   */
  async function resolveSource(
    input: Partial<EpisodeInput>,
    current?: { sourceType: EpisodeSource; sourceUrl: string | null; videoId: number | null },
  ) {
    const type = input.source_type ?? current?.sourceType ?? 'hls';
    if (type === 'video') {
      const videoId = input.video_id !== undefined ? input.video_id : (current?.videoId ?? null);
      const chosen = input.video_id !== undefined || current?.sourceType !== 'video';
      if (videoId === null) throw Invalid.field('video_id', 'Choose a video.');
      if (chosen) {
        const [video] = await db
          .select({ status: videos.status, deletedAt: videos.deletedAt })
          .from(videos)
          .where(eq(videos.id, videoId));
        if (!video || video.deletedAt || video.status !== 'ready')
          throw new Invalid({
            video_id: !video
              ? 'No such video.'
              : video.deletedAt
                ? 'This video is in the trash.'
                : 'This video is not ready yet.',
          });
      }
      return { sourceType: type, sourceUrl: null, videoId };
    }
    const url =
      input.source_url !== undefined
        ? input.source_url
        : current?.sourceType === 'video'
          ? null
          : (current?.sourceUrl ?? null);
    if (!url) throw Invalid.field('source_url', 'Enter the address to play.');
    if (url.startsWith('/') && type !== 'hls')
      throw Invalid.field(
        'source_url',
        'A /storage/ path can only be an HLS playlist; use an http(s) address for an embed.',
      );
    return { sourceType: type, sourceUrl: url, videoId: null };
  }

  async function uniqueEp(serverId: number, wanted: string, exceptId?: number) {
    const base = slugify(wanted) || 'tap';
    const rows = await db
      .select({ ep: episodes.ep, id: episodes.id })
      .from(episodes)
      .where(eq(episodes.serverId, serverId));
    const used = new Set(rows.filter((row) => row.id !== exceptId).map((row) => row.ep));
    if (!used.has(base)) return base;
    for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /**
   * Refuses names already on the server (or twice among `names`), compared without case or diacritics: two
   * "Tập 2" on one server cannot be told apart, by viewers or by the attach picker.
   */
  async function checkNamesFree(
    serverId: number,
    names: string[],
    field: string,
    exceptId?: number,
  ) {
    const rows = await db
      .select({ id: episodes.id, name: episodes.name })
      .from(episodes)
      .where(eq(episodes.serverId, serverId));
    const taken = new Set(
      rows.filter((row) => row.id !== exceptId).map((row) => foldForSearch(row.name)),
    );
    for (const name of names) {
      const folded = foldForSearch(name);
      if (taken.has(folded))
        throw Invalid.field(
          field,
          `“${name}” is already on this server: give this episode another name.`,
        );
      taken.add(folded);
    }
  }

  const nextOrder = (serverId: number) =>
    nextSortOrder(db, episodes, eq(episodes.serverId, serverId));

  async function touch(movieId: number) {
    await db.update(movies).set({ updatedAt: new Date() }).where(eq(movies.id, movieId));
  }

  return {
    requireMovie,

    /** The movie, its servers in order, and each server's episodes in order. */
    async overview(movieId: number) {
      const movie = await requireMovie(movieId);
      const servers = await db
        .select()
        .from(movieServers)
        .where(eq(movieServers.movieId, movieId))
        .orderBy(asc(movieServers.sortOrder), asc(movieServers.id));
      const rows = await db
        .select({
          episode: episodes,
          video: pick(videos, ['id', 'name', 'duration', 'status', 'deletedAt']),
        })
        .from(episodes)
        .leftJoin(videos, eq(videos.id, episodes.videoId))
        .where(eq(episodes.movieId, movieId))
        .orderBy(asc(episodes.sortOrder), asc(episodes.id));
      return {
        movie,
        servers: servers.map((server) => ({
          id: server.id,
          name: server.name,
          order: server.sortOrder,
          episodes: rows
            .filter((row) => row.episode.serverId === server.id)
            .map((row) => ({
              ...toEpisode(row.episode),
              // Which video a `video` episode plays, so the list can name it (and say when it cannot play).
              video: row.video
                ? {
                    id: row.video.id,
                    name: row.video.name,
                    duration: row.video.duration,
                    playable: row.video.status === 'ready' && !row.video.deletedAt,
                  }
                : null,
            })),
        })),
      };
    },

    async createServer(movieId: number, name: string) {
      await requireMovie(movieId);
      const sortOrder = await nextSortOrder(db, movieServers, eq(movieServers.movieId, movieId));
      // The movie can be deleted between the check and the insert: then it is gone, not a 500.
      const [server] = await db
        .insert(movieServers)
        .values({ movieId, name, sortOrder })
        .returning()
        .catch((error: unknown) => {
          if (violatesForeignKey(error, 'movie_servers_movie_id_movies_id_fk'))
            throw new NotFound('No such movie.');
          throw error;
        });
      return { id: server!.id, name: server!.name, order: server!.sortOrder, episodes: [] };
    },

    async renameServer(movieId: number, serverId: number, name: string) {
      await requireServer(movieId, serverId);
      await db
        .update(movieServers)
        .set({ name, updatedAt: new Date() })
        .where(eq(movieServers.id, serverId));
    },

    async deleteServer(movieId: number, serverId: number) {
      await requireServer(movieId, serverId);
      await deletingReports(
        db,
        events,
        sql`${reports.episodeId} in (select id from ${episodes} where ${episodes.serverId} = ${serverId})`,
        () => db.delete(movieServers).where(eq(movieServers.id, serverId)),
      );
      await touch(movieId);
    },

    async create(movieId: number, input: EpisodeInput) {
      await requireMovie(movieId);
      await requireServer(movieId, input.server_id);
      await checkNamesFree(input.server_id, [input.name], 'name');
      const source = await resolveSource(input);
      const row = await retryOnUniqueKey(EP_INDEX, async () => {
        const [inserted] = await db
          .insert(episodes)
          .values({
            movieId,
            serverId: input.server_id,
            name: input.name,
            ep: await uniqueEp(input.server_id, input.ep || input.name),
            sortOrder: await nextOrder(input.server_id),
            ...source,
            runtime: input.runtime ?? null,
            introStart: input.intro_start ?? null,
            introEnd: input.intro_end ?? null,
            outroStart: input.outro_start ?? null,
            published: input.published ?? true,
          })
          .returning();
        return inserted!;
      });
      await touch(movieId);
      await markWatchable([row.id]);
      return toEpisode(row);
    },

    /** Many at once from pasted `name|url` lines, appended in order. */
    async createMany(movieId: number, serverId: number, text: string) {
      await requireMovie(movieId);
      await requireServer(movieId, serverId);
      const { items, problems } = parseEpisodeLines(text);
      if (problems.length || !items.length)
        throw Invalid.field(
          'lines',
          problems.length ? problems.slice(0, 5).join(' ') : 'Paste at least one line.',
        );
      await checkNamesFree(
        serverId,
        items.map((item) => item.name),
        'lines',
      );
      const created = [];
      let order = await nextOrder(serverId);
      for (const item of items) {
        const sortOrder = order++;
        const row = await retryOnUniqueKey(EP_INDEX, async () => {
          const [inserted] = await db
            .insert(episodes)
            .values({
              movieId,
              serverId,
              name: item.name,
              ep: await uniqueEp(serverId, item.name),
              sortOrder,
              sourceType: sourceTypeOf(item.url),
              sourceUrl: item.url,
            })
            .returning();
          return inserted!;
        });
        created.push(toEpisode(row));
      }
      await touch(movieId);
      await markWatchable(created.map((episode) => episode.id));
      return created;
    },

    async update(movieId: number, id: number, input: Partial<EpisodeInput>) {
      const [current] = await db
        .select()
        .from(episodes)
        .where(and(eq(episodes.id, id), eq(episodes.movieId, movieId)));
      if (!current) throw new NotFound('No such episode.');
      const source = await resolveSource(input, current);
      const serverId = input.server_id ?? current.serverId;
      if (input.server_id !== undefined) await requireServer(movieId, input.server_id);
      if (input.name !== undefined || input.server_id !== undefined)
        await checkNamesFree(serverId, [input.name ?? current.name], 'name', id);
      const changes: Partial<typeof episodes.$inferInsert> = {
        updatedAt: new Date(),
        serverId,
        ...source,
      };
      if (input.name !== undefined) changes.name = input.name;
      if (input.runtime !== undefined) changes.runtime = input.runtime;
      if (input.intro_start !== undefined) changes.introStart = input.intro_start;
      if (input.intro_end !== undefined) changes.introEnd = input.intro_end;
      if (input.outro_start !== undefined) changes.outroStart = input.outro_start;
      if (input.published !== undefined) changes.published = input.published;
      const row = await retryOnUniqueKey(EP_INDEX, async () => {
        if (input.ep !== undefined || input.server_id !== undefined)
          changes.ep = await uniqueEp(serverId, input.ep ?? current.ep, id);
        const [updated] = await db
          .update(episodes)
          .set(changes)
          .where(eq(episodes.id, id))
          .returning();
        return updated!;
      });
      await touch(movieId);
      if (row.published) await markWatchable([row.id]);
      return toEpisode(row);
    },

    /** Puts a server's episodes in the given order; every id must be one of its episodes. */
    async reorder(movieId: number, serverId: number, ids: number[]) {
      await requireServer(movieId, serverId);
      const rows = await db
        .select({ id: episodes.id })
        .from(episodes)
        .where(eq(episodes.serverId, serverId));
      const all = new Set(rows.map((row) => row.id));
      if (
        ids.length !== all.size ||
        new Set(ids).size !== ids.length ||
        !ids.every((id) => all.has(id))
      )
        throw Invalid.field('ids', 'List each episode of this server once.');
      await db.transaction(async (tx) => {
        for (const [index, id] of ids.entries())
          await tx.update(episodes).set({ sortOrder: index }).where(eq(episodes.id, id));
      });
    },

    /** Puts a movie's servers in the given order (the watch page's tabs); every id must be one of them. */
    async reorderServers(movieId: number, ids: number[]) {
      await requireMovie(movieId);
      const rows = await db
        .select({ id: movieServers.id })
        .from(movieServers)
        .where(eq(movieServers.movieId, movieId));
      const all = new Set(rows.map((row) => row.id));
      if (
        ids.length !== all.size ||
        new Set(ids).size !== ids.length ||
        !ids.every((id) => all.has(id))
      )
        throw Invalid.field('ids', 'List each server of this movie once.');
      await db.transaction(async (tx) => {
        for (const [index, id] of ids.entries())
          await tx.update(movieServers).set({ sortOrder: index }).where(eq(movieServers.id, id));
      });
      await touch(movieId);
    },

    async remove(movieId: number, id: number) {
      const deleted = await deletingReports(db, events, eq(reports.episodeId, id), () =>
        db
          .delete(episodes)
          .where(and(eq(episodes.id, id), eq(episodes.movieId, movieId)))
          .returning({ id: episodes.id }),
      );
      if (!deleted.length) throw new NotFound('No such episode.');
      await touch(movieId);
    },
  };
}

// The watch page's data (a published movie's episode on a server, the server switch, previous and next) and view
// counting: at most once per viewer per episode per hour, coalesced so that repeats write nothing.
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { mediaUrlOf, type MediaStorage } from '#server/media/storage.ts';
import type { Database } from '#server/db/client.ts';
import {
  episodes,
  episodeViews,
  movies,
  movieServers,
  terms,
  videos,
} from '#server/db/schema/index.ts';
import { NotFound } from '#server/domain/errors.ts';
import { viewerServers } from './movie-resources.ts';

export type Viewer = { userId?: string | null; ip: string; userAgent: string };

export type WatchService = ReturnType<typeof createWatchService>;

export function createWatchService({
  db,
  secret,
  storage,
}: {
  db: Database;
  secret: string;
  /** Gives the address browsers fetch a video's files from (decision 055). */
  storage: Pick<MediaStorage, 'publicUrl'>;
}) {
  /** A stable key per viewer; anonymous viewers are an HMAC of IP and user agent, so no raw IP is stored. */
  function viewerKey(viewer: Viewer) {
    if (viewer.userId) return `u:${viewer.userId}`;
    const mac = crypto
      .createHmac('sha256', secret)
      .update(`${viewer.ip}\n${viewer.userAgent}`)
      .digest('base64url');
    return `a:${mac}`;
  }

  /** Video states that end in a playable video without anyone doing anything. */
  const PREPARING = new Set(['uploading', 'queued', 'processing']);

  /**
   * What a `video` episode plays: its video's master playlist, poster and storyboard while the video is ready and
   * out of the trash (a trashed video's files are not served); null otherwise, so the page says "unavailable".
   */
  function localVideo(video: {
    status: string | null;
    deletedAt: Date | null;
    storagePrefix: string | null;
    posterPath: string | null;
    storyboardPath: string | null;
  }) {
    if (video.status !== 'ready' || video.deletedAt || !video.storagePrefix) return null;
    const url = (file: string | null) =>
      file ? (mediaUrlOf(storage, `/storage/${video.storagePrefix}/${file}`) as string) : null;
    return {
      url: url('master.m3u8')!,
      poster: url(video.posterPath),
      storyboard: url(video.storyboardPath),
    };
  }

  return {
    viewerKey,

    /**
     * A published movie's published episode `ep`: on `serverId` when given (404 if that server lacks it), else on
     * the first server that has it. Three queries: the movie, its servers, its published episodes (each with the
     * video it plays, joined).
     */
    async episodePage(slug: string, ep: string, serverId?: number) {
      const [movie] = await db
        .select({
          id: movies.id,
          slug: movies.slug,
          title: movies.title,
          originalTitle: movies.originalTitle,
          poster: movies.poster,
          backdrop: movies.backdrop,
          year: movies.year,
          quality: movies.quality,
          languages: movies.languages,
          status: movies.status,
          currentEpisode: movies.currentEpisode,
          totalEpisodes: movies.totalEpisodes,
          type: { name: terms.name, slug: terms.slug },
        })
        .from(movies)
        .leftJoin(terms, eq(terms.id, movies.typeId))
        .where(and(eq(movies.slug, slug), eq(movies.published, true)));
      if (!movie) return null;
      const serverRows = await db
        .select({ id: movieServers.id, name: movieServers.name })
        .from(movieServers)
        .where(eq(movieServers.movieId, movie.id))
        .orderBy(asc(movieServers.sortOrder), asc(movieServers.id));
      const rows = await db
        .select({
          id: episodes.id,
          serverId: episodes.serverId,
          name: episodes.name,
          ep: episodes.ep,
          sourceType: episodes.sourceType,
          sourceUrl: episodes.sourceUrl,
          runtime: episodes.runtime,
          introStart: episodes.introStart,
          introEnd: episodes.introEnd,
          outroStart: episodes.outroStart,
          video: {
            status: videos.status,
            deletedAt: videos.deletedAt,
            storagePrefix: videos.storagePrefix,
            posterPath: videos.posterPath,
            storyboardPath: videos.storyboardPath,
          },
        })
        .from(episodes)
        .leftJoin(videos, eq(videos.id, episodes.videoId))
        .where(and(eq(episodes.movieId, movie.id), eq(episodes.published, true)))
        .orderBy(asc(episodes.sortOrder), asc(episodes.id));
      const servers = viewerServers(serverRows, rows);
      const server =
        serverId === undefined
          ? servers.find((candidate) => candidate.episodes.some((item) => item.ep === ep))
          : servers.find((candidate) => candidate.id === serverId);
      const row = server && rows.find((item) => item.serverId === server.id && item.ep === ep);
      if (!server || !row) return null;
      const index = server.episodes.findIndex((item) => item.id === row.id);
      const neighbour = (at: number) => {
        const item = server.episodes[at];
        return item ? { name: item.name, ep: item.ep } : null;
      };
      const local = row.sourceType === 'video' && row.video ? localVideo(row.video) : null;
      return {
        movie: {
          id: movie.id,
          slug: movie.slug,
          title: movie.title,
          original_title: movie.originalTitle,
          poster: movie.poster,
          backdrop: movie.backdrop,
          year: movie.year,
          quality: movie.quality,
          languages: movie.languages,
          status: movie.status,
          current_episode: movie.currentEpisode,
          total_episodes: movie.totalEpisodes,
          type: movie.type?.slug ? movie.type : null,
        },
        episode: {
          id: row.id,
          name: row.name,
          ep: row.ep,
          server_id: server.id,
          source_type: row.sourceType,
          /** For a `video` episode: its master playlist, or null when the video cannot play. */
          // A playlist in this site's storage (the demo clip) is given at its public address too.
          source_url:
            row.sourceType === 'video' ? (local?.url ?? null) : mediaUrlOf(storage, row.sourceUrl),
          /** A `video` episode whose video is still arriving or being transcoded: "being prepared", not broken. */
          preparing:
            row.sourceType === 'video' &&
            !local &&
            !row.video?.deletedAt &&
            PREPARING.has(row.video?.status ?? ''),
          /** The video's own poster frame and storyboard (seek previews), for `video` episodes. */
          poster: local?.poster ?? null,
          storyboard: local?.storyboard ?? null,
          runtime: row.runtime,
          intro_start: row.introStart,
          intro_end: row.introEnd,
          outro_start: row.outroStart,
        },
        servers,
        /** Every server, pointing at this `ep` when it has one, else at its first episode. */
        switches: servers.map((candidate) => {
          const same = candidate.episodes.find((item) => item.ep === ep);
          return {
            server_id: candidate.id,
            name: candidate.name,
            ep: same?.ep ?? candidate.episodes[0]!.ep,
            same_episode: Boolean(same),
          };
        }),
        previous: neighbour(index - 1),
        next: neighbour(index + 1),
      };
    },

    /**
     * Counts a view of a published episode of a published movie. The insert into `episode_views` decides:
     * the movie's counters move only when it added a row, in the same statement. 404 for anything unpublished.
     */
    async countView(episodeId: number, viewer: Viewer) {
      const [found] = await db
        .select({ movieId: episodes.movieId })
        .from(episodes)
        .innerJoin(movies, eq(movies.id, episodes.movieId))
        .where(
          and(eq(episodes.id, episodeId), eq(episodes.published, true), eq(movies.published, true)),
        );
      if (!found) throw new NotFound('No such episode.');
      const result = await db.execute<{ counted: boolean }>(sql`
        with added as (
          insert into ${episodeViews} (episode_id, viewer, hour)
          values (${episodeId}, ${viewerKey(viewer)}, date_trunc('hour', now()))
          on conflict do nothing
          returning 1
        ), bumped as (
          update ${movies}
          set views_total = views_total + 1, views_day = views_day + 1,
              views_week = views_week + 1, views_month = views_month + 1
          where id = ${found.movieId} and exists (select 1 from added)
          returning 1
        )
        select exists (select 1 from bumped) as counted`);
      return { counted: Boolean(result.rows[0]?.counted) };
    },
  };
}

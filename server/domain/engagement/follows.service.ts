// The follow list (spec §1 "keep a follow list", /account/follow-movies): a viewer follows published movies, the
// list puts the movie with the newest episode first and counts the episodes published since the viewer last opened
// the movie (`follows.seen_at`). Decision 041. The notifications read the `follows` table themselves.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { follows, movies } from '#server/db/schema/index.ts';
import { NotFound } from '#server/domain/errors.ts';
import { pageMeta, pageWindow, type PageQuery } from '#server/domain/list.ts';
import type { Page } from '#shared/list-query.ts';
import type { FollowedMovie, FollowState } from '#shared/resources/follow.ts';

/**
 * When an episode came out: `published_at`, or its creation for a row from before the column was filled
 * (the migration set it for every episode published then; decision 041).
 */
const releasedAt = sql.raw('coalesce(e.published_at, e.created_at)');

/** Only what a viewer can watch: published episodes (the movie is checked by the caller). */
const publishedEpisodesOf = (movie: string) =>
  sql.raw(`from episodes e where e.movie_id = ${movie} and e.published`);

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

export type FollowsService = ReturnType<typeof createFollowsService>;

export function createFollowsService({ db }: { db: Database }) {
  /** The movie, if a viewer may follow it: it exists and is published. */
  async function requirePublishedMovie(movieId: number) {
    const [movie] = await db
      .select({ id: movies.id })
      .from(movies)
      .where(and(eq(movies.id, movieId), eq(movies.published, true)));
    if (!movie) throw new NotFound('No such movie.');
    return movie;
  }

  return {
    /** The viewer's follow list: the newest episode first, then the latest followed; published movies only. */
    async list(userId: string, query: PageQuery): Promise<Page<FollowedMovie>> {
      const window = pageWindow(query);
      const [result, [total]] = await Promise.all([
        db.execute(sql`
          select m.id, m.slug, m.title, m.original_title, m.poster, m.quality, m.languages, m.current_episode,
                 m.year, f.created_at as followed_at, latest.latest_at, latest.new_episodes
          from ${follows} f
          join ${movies} m on m.id = f.movie_id and m.published
          cross join lateral (
            select max(${releasedAt}) as latest_at,
                   -- One episode on two servers (Vietsub, Thuyết minh) is one new episode: count its key once.
                   count(distinct e.ep) filter (where ${releasedAt} > f.seen_at)::int as new_episodes
            ${publishedEpisodesOf('f.movie_id')}
          ) latest
          where f.user_id = ${userId}
          order by latest.latest_at desc nulls last, f.created_at desc, m.id desc
          limit ${window.limit} offset ${window.offset}`),
        db
          .select({ total: count() })
          .from(follows)
          .innerJoin(movies, and(eq(movies.id, follows.movieId), eq(movies.published, true)))
          .where(eq(follows.userId, userId)),
      ]);
      const data = (result.rows as Array<Record<string, unknown>>).map((row) => ({
        id: Number(row.id),
        slug: String(row.slug),
        title: String(row.title),
        original_title: String(row.original_title ?? ''),
        poster: (row.poster as string | null) ?? null,
        quality: String(row.quality),
        languages: (row.languages as string[] | null) ?? [],
        current_episode: String(row.current_episode ?? ''),
        year: row.year == null ? null : Number(row.year),
        latest_episode_at: iso(row.latest_at),
        new_episodes: Number(row.new_episodes ?? 0),
        followed_at: iso(row.followed_at)!,
      }));
      return { data, meta: pageMeta(window, Number(total?.total ?? 0)) };
    },

    /** Whether the viewer follows a published movie; 404 for an unknown or unpublished one. */
    async state(userId: string, movieId: number): Promise<FollowState> {
      await requirePublishedMovie(movieId);
      const [row] = await db
        .select({ movieId: follows.movieId })
        .from(follows)
        .where(and(eq(follows.userId, userId), eq(follows.movieId, movieId)));
      return { movie_id: movieId, following: Boolean(row) };
    },

    /** Follows a published movie; following it again changes nothing (its unseen episodes stay unseen). */
    async follow(userId: string, movieId: number): Promise<FollowState> {
      await requirePublishedMovie(movieId);
      await db.insert(follows).values({ userId, movieId }).onConflictDoNothing();
      return { movie_id: movieId, following: true };
    },

    /** Takes a movie off the list; true when it was on it. Any movie id: a list may hold an unpublished one. */
    async unfollow(userId: string, movieId: number) {
      const removed = await db
        .delete(follows)
        .where(and(eq(follows.userId, userId), eq(follows.movieId, movieId)))
        .returning({ movieId: follows.movieId });
      return removed.length > 0;
    },

    /**
     * The viewer opened the movie or one of its episodes: answers whether they follow it, and marks what is out
     * as seen. Called by the movie and watch pages' loaders for signed-in viewers only. One statement, and it
     * writes only when an episode came out since the last visit, so that a viewer reloading a page writes nothing.
     */
    async visit(userId: string, movieId: number): Promise<boolean> {
      const result = await db.execute<{ following: boolean }>(sql`
        with seen as (
          update ${follows} f set seen_at = now()
          where f.user_id = ${userId} and f.movie_id = ${movieId}
            and exists (select 1 ${publishedEpisodesOf('f.movie_id')} and ${releasedAt} > f.seen_at)
        )
        select exists (
          select 1 from ${follows} where user_id = ${userId} and movie_id = ${movieId}
        ) as following`);
      return Boolean(result.rows[0]?.following);
    },

    /** For API clients, which have no page loader: marks the movie's episodes seen; 404 when not followed. */
    async markSeen(userId: string, movieId: number) {
      const updated = await db
        .update(follows)
        .set({ seenAt: new Date() })
        .where(and(eq(follows.userId, userId), eq(follows.movieId, movieId)))
        .returning({ movieId: follows.movieId });
      if (updated.length === 0) throw new NotFound('You do not follow this movie.');
    },
  };
}

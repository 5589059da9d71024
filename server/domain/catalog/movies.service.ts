// Movies for the back office: list with search, filters and sort; create and edit with every field; unique slugs
// that keep old URLs working; bulk actions; delete with its episodes.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { foldForSearch, slugify } from '#shared/text.ts';
import type { Database } from '#server/db/client.ts';
import { retryOnUniqueKey } from '#server/db/unique.ts';
import {
  episodes,
  movies,
  movieServers,
  movieSlugRedirects,
  movieTerms,
  reports,
  terms,
} from '#server/db/schema/index.ts';
import {
  checkEpisodeCount,
  checkMovieTerms,
  movieColumns,
  setMovieTerms,
  uniqueMovieSlug,
  type BulkAction,
  type MovieInput,
} from './movie-input.ts';
import { NotFound } from '#server/domain/errors.ts';
import type { EventBus } from '#server/events.ts';
import { deletingReports, markEpisodesWatchable } from './episodes.service.ts';
import { moreLikeThis } from './more-like-this.ts';
import { findMoviePage, type MovieQuery } from './movie-page.ts';
import {
  getMovie,
  movieResources,
  movieSelection,
  viewerServers,
  type MovieCard,
} from './movie-resources.ts';

/** The unique index a new slug can collide with when two requests pick it at once. */
const SLUG_INDEX = 'movies_slug_unique';

export type MoviesService = ReturnType<typeof createMoviesService>;

export function createMoviesService({
  db,
  events,
  trashDays,
}: {
  db: Database;
  events: EventBus;
  /** How long a movie stays in the trash before the hourly purge deletes it (TRASH_RETENTION_DAYS). */
  trashDays: number;
}) {
  /** Sends movies to the trash: unpublished (viewers lose them at once), kept TRASH_RETENTION_DAYS. */
  async function trash(ids: number[]) {
    const moved = await db
      .update(movies)
      .set({ deletedAt: new Date(), published: false })
      .where(and(inArray(movies.id, ids), isNull(movies.deletedAt)))
      .returning({ id: movies.id });
    return moved.length;
  }
  const inTrash = (id: number) => and(eq(movies.id, id), isNotNull(movies.deletedAt));
  const purgeAt = (deletedAt: Date) => new Date(deletedAt.getTime() + trashDays * 86_400_000);

  return {
    get: (id: number) => getMovie(db, id),

    async list(query: MovieQuery = {}) {
      const { rows, meta } = await findMoviePage(db, { ...query, trash: false }, false);
      return { data: await movieResources(db, rows as never), meta };
    },

    /** The movies trash: newest first unless told, each with when it went and when the purge deletes it. */
    async listTrash(query: MovieQuery = {}) {
      const { rows, meta } = await findMoviePage(db, { ...query, trash: true }, false);
      const resources = await movieResources(db, rows as never);
      const deleted = new Map(
        (
          await db
            .select({ id: movies.id, deletedAt: movies.deletedAt })
            .from(movies)
            .where(inArray(movies.id, resources.map((movie) => movie.id).concat(0)))
        ).map((row) => [row.id, row.deletedAt!]),
      );
      return {
        data: resources.map((movie) => {
          const at = deleted.get(movie.id)!;
          return { ...movie, deleted_at: at.toISOString(), purge_at: purgeAt(at).toISOString() };
        }),
        meta,
      };
    },

    /** How many movies wait in the trash (the Movie Manager's link to it). */
    trashCount: () => db.$count(movies, isNotNull(movies.deletedAt)),

    /** Back from the trash as a draft: nothing reappears on the site until an admin publishes it again. */
    async restore(id: number) {
      const [row] = await db
        .update(movies)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(inTrash(id))
        .returning({ id: movies.id });
      if (!row) throw new NotFound('No such movie in the trash.');
      return getMovie(db, id);
    },

    /** Deletes a movie of the trash for good, with its episodes. */
    async destroy(id: number) {
      const gone = await deletingReports(db, events, eq(reports.movieId, id), () =>
        db.delete(movies).where(inTrash(id)).returning({ id: movies.id }),
      );
      if (!gone.length) throw new NotFound('No such movie in the trash.');
    },

    async emptyTrash() {
      const trashed = sql`${reports.movieId} in (select id from ${movies} where ${movies.deletedAt} is not null)`;
      const gone = await deletingReports(db, events, trashed, () =>
        db.delete(movies).where(isNotNull(movies.deletedAt)).returning({ id: movies.id }),
      );
      return { affected: gone.length };
    },

    /** The hourly purge: movies longer in the trash than TRASH_RETENTION_DAYS go for good. */
    async purgeTrash() {
      const old = sql`${movies.deletedAt} < now() - make_interval(days => ${trashDays})`;
      const gone = await deletingReports(
        db,
        events,
        sql`${reports.movieId} in (select id from ${movies} where ${old})`,
        () => db.delete(movies).where(old).returning({ id: movies.id }),
      );
      return gone.length;
    },

    /** A page of public cards: the listing's own query, reading only the columns a card shows. */
    async listCards(query: MovieQuery = {}) {
      const { rows, meta } = await findMoviePage(db, query, true);
      return { data: (rows as unknown as Array<{ card: MovieCard }>).map((row) => row.card), meta };
    },

    async create(input: MovieInput) {
      checkEpisodeCount(input.current_episode ?? '', input.total_episodes);
      await checkMovieTerms(db, input);
      const id = await retryOnUniqueKey(SLUG_INDEX, async () => {
        const slug = await uniqueMovieSlug(db, input.slug || input.title);
        return db.transaction(async (tx) => {
          const [row] = await tx
            .insert(movies)
            .values({
              ...(await movieColumns(input)),
              title: input.title,
              slug,
              searchText: foldForSearch(`${input.title} ${input.original_title ?? ''}`),
            })
            .returning({ id: movies.id });
          await setMovieTerms(db, row!.id, input, tx);
          return row!.id;
        });
      });
      return getMovie(db, id);
    },

    async update(id: number, input: Partial<MovieInput>) {
      const current = await getMovie(db, id);
      checkEpisodeCount(
        input.current_episode ?? current.current_episode,
        input.total_episodes === undefined ? current.total_episodes : input.total_episodes,
      );
      await checkMovieTerms(db, input as MovieInput);
      const values = await movieColumns(input);
      if (input.title !== undefined || input.original_title !== undefined) {
        values.searchText = foldForSearch(
          `${input.title ?? current.title} ${input.original_title ?? current.original_title}`,
        );
      }
      await retryOnUniqueKey(SLUG_INDEX, async () => {
        let slug: string | undefined;
        if (input.slug !== undefined && slugify(input.slug) !== current.slug)
          slug = await uniqueMovieSlug(db, input.slug, id);
        await db.transaction(async (tx) => {
          await tx
            .update(movies)
            .set({ ...values, ...(slug ? { slug } : {}), updatedAt: new Date() })
            .where(eq(movies.id, id));
          if (slug) {
            // The old address answers 301 to the new one; a slug taken back stops redirecting.
            await tx.delete(movieSlugRedirects).where(eq(movieSlugRedirects.slug, slug));
            await tx
              .insert(movieSlugRedirects)
              .values({ slug: current.slug, movieId: id })
              .onConflictDoUpdate({ target: movieSlugRedirects.slug, set: { movieId: id } });
          }
          await setMovieTerms(db, id, input, tx);
        });
      });
      // Episodes added while the movie was hidden become watchable with it (decision 043).
      if (input.published) await markEpisodesWatchable(db, events, { movieIds: [id] });
      return getMovie(db, id);
    },

    /** To the trash (decision 052): restored as a draft, or purged after TRASH_RETENTION_DAYS. */
    async remove(id: number) {
      await getMovie(db, id);
      await trash([id]);
    },

    async bulk(input: BulkAction) {
      const ids = [...new Set(input.ids)];
      // Movies in the trash are out of reach of every bulk action.
      const where = and(inArray(movies.id, ids), isNull(movies.deletedAt));
      if (input.action === 'delete') return { affected: await trash(ids) };
      if (input.action === 'add_genre') {
        await checkMovieTerms(db, { title: '', genre_ids: [input.genre_id] });
        // The movies locked first, in id order, as an edit locks its movie: two bulk actions on the same movies wait
        // for each other instead of deadlocking in the triggers that keep `term_ids` (migration 0013).
        return db.transaction(async (tx) => {
          const existing = await tx
            .select({ id: movies.id })
            .from(movies)
            .where(where)
            .orderBy(asc(movies.id))
            .for('no key update');
          if (existing.length)
            await tx
              .insert(movieTerms)
              .values(existing.map((row) => ({ movieId: row.id, termId: input.genre_id })))
              .onConflictDoNothing();
          return { affected: existing.length };
        });
      }
      const changes: Partial<typeof movies.$inferInsert> =
        input.action === 'set_type'
          ? (await checkMovieTerms(db, { title: '', type_id: input.type_id }),
            { typeId: input.type_id })
          : input.action === 'publish'
            ? { published: true, publishedAt: sql`coalesce(${movies.publishedAt}, now())` as never }
            : { published: false };
      const updated = await db
        .update(movies)
        .set({ ...changes, updatedAt: new Date() })
        .where(where)
        .returning({ id: movies.id });
      if (input.action === 'publish')
        await markEpisodesWatchable(db, events, { movieIds: updated.map((row) => row.id) });
      return { affected: updated.length };
    },

    /** Published movies like this one (its genres, its type), as cards: "More like this". */
    moreLikeThis: (id: number) => moreLikeThis(db, id),

    /** A published movie for its public page, with its published episodes by server and related movies. */
    async getPublicBySlug(slug: string) {
      const rows = await db
        .select(movieSelection)
        .from(movies)
        // A hidden type, genre or nation has no page: visitors see no link to it.
        .leftJoin(terms, and(eq(terms.id, movies.typeId), eq(terms.visible, true)))
        .where(and(eq(movies.slug, slug), eq(movies.published, true)));
      const id = rows[0]?.movie.id;
      if (id === undefined) return null;
      // Independent reads, side by side: the page waits for the slowest, not for their sum.
      const [resources, servers, list, related] = await Promise.all([
        movieResources(db, rows as never, { visibleOnly: true }),
        db
          .select()
          .from(movieServers)
          .where(eq(movieServers.movieId, id))
          .orderBy(asc(movieServers.sortOrder), asc(movieServers.id)),
        db
          .select()
          .from(episodes)
          .where(and(eq(episodes.movieId, id), eq(episodes.published, true)))
          .orderBy(asc(episodes.sortOrder), asc(episodes.id)),
        moreLikeThis(db, id),
      ]);
      const movie = resources[0]!;
      return {
        movie,
        servers: viewerServers(servers, list),
        related,
      };
    },

    /** The movie an old slug now points to, for a 301. */
    async redirectFor(slug: string) {
      const [row] = await db
        .select({ slug: movies.slug })
        .from(movieSlugRedirects)
        .innerJoin(movies, eq(movies.id, movieSlugRedirects.movieId))
        .where(eq(movieSlugRedirects.slug, slug));
      return row?.slug ?? null;
    },
  };
}

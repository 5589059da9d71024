// Movies for the back office: list with search, filters and sort; create and edit with every field; unique slugs
// that keep old URLs working; bulk actions; delete with its episodes.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { foldForSearch, slugify } from '#shared/text.ts';
import type { Database } from '#server/db/client.ts';
import { retryOnUniqueKey } from '#server/db/unique.ts';
import {
  episodes,
  movies,
  movieServers,
  movieSlugRedirects,
  movieTerms,
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
import type { EventBus } from '#server/events.ts';
import { markEpisodesWatchable } from './episodes.service.ts';
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

export function createMoviesService({ db, events }: { db: Database; events: EventBus }) {
  return {
    get: (id: number) => getMovie(db, id),

    async list(query: MovieQuery = {}) {
      const { rows, meta } = await findMoviePage(db, query, false);
      return { data: await movieResources(db, rows as never), meta };
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
              ...movieColumns(input),
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
      const values = movieColumns(input);
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

    async remove(id: number) {
      await getMovie(db, id);
      await db.delete(movies).where(eq(movies.id, id));
    },

    async bulk(input: BulkAction) {
      const ids = [...new Set(input.ids)];
      const where = inArray(movies.id, ids);
      if (input.action === 'delete') {
        const deleted = await db.delete(movies).where(where).returning({ id: movies.id });
        return { affected: deleted.length };
      }
      if (input.action === 'add_genre') {
        await checkMovieTerms(db, { title: '', genre_ids: [input.genre_id] });
        const existing = await db.select({ id: movies.id }).from(movies).where(where);
        if (existing.length)
          await db
            .insert(movieTerms)
            .values(existing.map((row) => ({ movieId: row.id, termId: input.genre_id })))
            .onConflictDoNothing();
        return { affected: existing.length };
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
      if (!rows[0]) return null;
      const movie = (await movieResources(db, rows as never, { visibleOnly: true }))[0]!;
      // Independent reads, side by side: the page waits for the slowest, not for their sum.
      const [servers, list, related] = await Promise.all([
        db
          .select()
          .from(movieServers)
          .where(eq(movieServers.movieId, movie.id))
          .orderBy(asc(movieServers.sortOrder), asc(movieServers.id)),
        db
          .select()
          .from(episodes)
          .where(and(eq(episodes.movieId, movie.id), eq(episodes.published, true)))
          .orderBy(asc(episodes.sortOrder), asc(episodes.id)),
        moreLikeThis(db, movie.id),
      ]);
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

// "More like this" under a movie and its episodes: published movies that share its genres or its type, the ones
// that share the most first (decision 044). Bounded work at any catalogue size: the most watched of the week among
// those that share anything are read from the listing's index, then ranked by how much they share.
import { and, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { movies, movieTerms, terms } from '#server/db/schema/index.ts';
import { cardColumns, newestFirst, type MovieCard } from './movie-resources.ts';

/** Cards shown in the row. */
export const MORE_LIKE_THIS = 12;
/** Candidates read before ranking: enough for the row to be the best sharers, few enough to stay cheap. */
const CANDIDATES = 60;

/** Published movies like `movieId` (never itself), as cards, best matches first. */
export async function moreLikeThis(db: Database, movieId: number): Promise<MovieCard[]> {
  // This movie's genres (not its nations: a country says little about what a film is like) and its type, each
  // computed once by PostgreSQL for the whole query.
  const genres = sql`(select ${movieTerms.termId} from ${movieTerms} join ${terms} on ${terms.id} = ${movieTerms.termId} and ${terms.kind} = 'genre' where ${movieTerms.movieId} = ${movieId})`;
  const type = sql`(select ${movies.typeId} from ${movies} where ${movies.id} = ${movieId})`;
  const shared = sql<number>`(select count(*)::int from ${movieTerms} where ${movieTerms.movieId} = "movies"."id" and ${movieTerms.termId} in ${genres})`;
  const rows = await db
    .select({
      card: cardColumns,
      shared,
      sameType: sql<boolean>`coalesce(${movies.typeId} = ${type}, false)`,
    })
    .from(movies)
    .where(
      and(
        // A literal, so the planner can use the `where published` index of the order below.
        sql`${movies.published}`,
        sql`${movies.id} <> ${movieId}`,
        sql`(exists (select 1 from ${movieTerms} where ${movieTerms.movieId} = "movies"."id" and ${movieTerms.termId} in ${genres}) or ${movies.typeId} = ${type})`,
      ),
    )
    .orderBy(...newestFirst(movies.viewsWeek))
    .limit(CANDIDATES);
  // Each shared genre counts twice a shared type: a type ("series") is shared by half the catalogue. Ties keep the
  // week's views order (the sort is stable).
  const score = (row: (typeof rows)[number]) => Number(row.shared) * 2 + (row.sameType ? 1 : 0);
  return rows
    .map((row, index) => ({ row, index, score: score(row) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MORE_LIKE_THIS)
    .map(({ row }) => row.card as MovieCard);
}

// "More like this" under a movie and its episodes: published movies that share its genres or its type, the ones
// that share the most first (decision 044). Bounded work at any catalogue size: the most watched of the week among
// those that share anything are read from the listing's index, then ranked by how much they share.
import { and, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { movies, movieTerms, terms } from '#server/db/schema/index.ts';
import { cardColumns, newestFirst, type MovieCard } from './movie-resources.ts';

/** Cards shown in the row. */
export const MORE_LIKE_THIS = 12;
/** Candidates read before ranking: enough for the row to be the best sharers, few enough to stay cheap. */
const CANDIDATES = 60;
/**
 * How far down the week's most watched the first read looks for the candidates. A type is shared by a large part of
 * the catalogue, so they are nearly always among the first hundred or so; a movie whose genres and type are rare
 * falls back to reading all that share them.
 */
const WINDOW = 1000;

/** Published movies like `movieId` (never itself), as cards, best matches first. */
export async function moreLikeThis(
  db: Database,
  movieId: number,
  /** Smaller in tests, to take each read. */
  limits: { candidates?: number; window?: number } = {},
): Promise<MovieCard[]> {
  const { candidates = CANDIDATES, window = WINDOW } = limits;
  // This movie's genres (not its nations: a country says little about what a film is like) and its type, each
  // computed once by PostgreSQL for the whole query.
  const genres = sql`(select ${movieTerms.termId} from ${movieTerms} join ${terms} on ${terms.id} = ${movieTerms.termId} and ${terms.kind} = 'genre' where ${movieTerms.movieId} = ${movieId})`;
  const type = sql`(select ${movies.typeId} from ${movies} where ${movies.id} = ${movieId})`;
  const shared = sql<number>`(select count(*)::int from ${movieTerms} where ${movieTerms.movieId} = "movies"."id" and ${movieTerms.termId} in ${genres})`;
  const read = (name: string, bound: SQL, lookup: SQL) =>
    db
      .select({
        card: cardColumns,
        shared,
        sameType: sql<boolean>`coalesce(${movies.typeId} = ${type}, false)`,
      })
      .from(movies)
      .where(
        and(
          bound,
          // A literal, so the planner can use the `where published` index of the order below.
          sql`${movies.published}`,
          sql`${movies.id} <> ${movieId}`,
          sql`(exists (select 1 from ${movieTerms} where ${movieTerms.movieId} = "movies"."id" and ${movieTerms.termId} in ${genres}${lookup}) or ${movies.typeId} = ${type})`,
        ),
      )
      .orderBy(...newestFirst(movies.viewsWeek))
      // Written into the text (drizzle types a limit as a number or a placeholder), as the bound's offset is below.
      .limit(sql.raw(String(candidates)) as unknown as number)
      // A named statement, the same text for every movie (the id is its only parameter): each connection parses it
      // once and, after PostgreSQL's first five runs, keeps its generic plan. Planning was 1.3 ms of its 2.8 at
      // 100,000 movies, on every movie page and episode page read afresh. With the limits as parameters too, the
      // generic plan looked dearer and PostgreSQL went on planning each run. Other limits (tests) are other names.
      .prepare(`more-like-this-${name}-${candidates}-${window}`)
      .execute();
  // First the week's `window` most watched (down to the `window`th by views and id: a bound on the index itself, so
  // that a week of ties, every movie at 0 views on a quiet site, still ends the read there), one by one down the
  // index: each is asked whether it shares a genre (`offset 0` keeps that a lookup per movie; without it PostgreSQL
  // reads every movie of those genres into a hash first, about 15,000 of a 100,000-movie catalogue, ten times the
  // work). They are the first of the order below, so when they hold all the candidates, those are the whole
  // catalogue's; otherwise (or with fewer than `window` published movies) all that share are read.
  const last = sql`(select ${movies.viewsWeek}, ${movies.id} from ${movies} where ${movies.published} order by ${sql.join(newestFirst(movies.viewsWeek), sql`, `)} offset ${sql.raw(String(window - 1))} limit 1)`;
  let rows = await read(
    'window',
    sql`(${movies.viewsWeek}, ${movies.id}) >= ${last}`,
    sql` offset 0`,
  );
  if (rows.length < candidates) rows = await read('all', sql`true`, sql``);
  // Each shared genre counts twice a shared type: a type ("series") is shared by half the catalogue. Ties keep the
  // week's views order (the sort is stable).
  const score = (row: (typeof rows)[number]) => Number(row.shared) * 2 + (row.sameType ? 1 : 0);
  return rows
    .map((row, index) => ({ row, index, score: score(row) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MORE_LIKE_THIS)
    .map(({ row }) => row.card as MovieCard);
}

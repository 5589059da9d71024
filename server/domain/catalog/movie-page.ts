// One page of movies for a query, for the back office and the public listing: filters, search with its relevance
// order, and sorts shaped after the listing's indexes, with the total counted the cheapest way for each.
import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { foldForSearch } from '#shared/text.ts';
import type { Database } from '#server/db/client.ts';
import { movies, movieTerms, terms } from '#server/db/schema/index.ts';
import type { MovieStatus } from '#shared/catalog.ts';
import { pageMeta, pageWindow } from '#server/domain/list.ts';
import { cardColumns, episodesCountSql, movieSelection, newestFirst } from './movie-resources.ts';
import { relevanceOrder, searchCondition, searchInPasses } from './search.service.ts';

type MovieRow = typeof movies.$inferSelect;

export type MovieQuery = {
  search?: string;
  genre?: number;
  type?: number;
  nation?: number;
  status?: MovieStatus;
  year?: number;
  published?: 'true' | 'false';
  /** The back office's lists: the movies trash (true) or everything else (false); public cards leave it unset. */
  trash?: boolean;
  quality?: string;
  language?: string;
  /** `relevance` orders by how well titles match `search` (and falls back to `updated_at` without one). */
  sort?:
    | 'relevance'
    | 'title'
    | 'year'
    | 'status'
    | 'views'
    | 'rating'
    | 'episodes'
    | 'updated_at'
    | 'created_at';
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
};

/**
 * One page of movies matching `query`, with the total. `cards` reads only what a public card shows (no
 * description, cast, terms or episode count), for the public listing: a lighter query and no second one.
 */
export async function findMoviePage(db: Database, query: MovieQuery, cards: boolean) {
  const window = pageWindow(query);
  const filters: SQL[] = [];
  const search = foldForSearch(query.search ?? '');
  if (search) filters.push(searchCondition(search));
  // The genre and nation filters are added below, once it is known whether this is a landing page.
  const termIds = [query.genre, query.nation].filter((id): id is number => Boolean(id));
  if (query.type) filters.push(eq(movies.typeId, query.type));
  if (query.status) filters.push(eq(movies.status, query.status));
  if (query.year) filters.push(eq(movies.year, query.year));
  // A literal, not a bound `= $1`, so the planner can match the `where published` partial indexes.
  if (query.published)
    filters.push(
      query.published === 'true' ? sql`${movies.published}` : sql`not ${movies.published}`,
    );
  if (query.quality) filters.push(eq(movies.quality, query.quality));
  if (query.language) filters.push(sql`${query.language} = any(${movies.languages})`);
  // Counted apart from the filters that narrow a list: nearly every movie is out of the trash.
  const narrowing = filters.length + termIds.length;
  const sort = query.sort === 'relevance' ? (search ? 'relevance' : 'updated_at') : query.sort;
  const sortColumn = {
    title: movies.searchText,
    year: movies.year,
    status: movies.status,
    views: movies.viewsTotal,
    rating: movies.ratingAverage,
    episodes: episodesCountSql,
    created_at: movies.createdAt,
    updated_at: movies.updatedAt,
  }[sort === 'relevance' ? 'updated_at' : (sort ?? 'updated_at')];
  // Ties go by id in the same direction, nulls last: the shape of the public listing's partial indexes
  // (schema/catalog.ts), so each sort reads a page from an index instead of sorting every published movie.
  const order =
    sort === 'relevance'
      ? [...relevanceOrder(search), ...newestFirst(movies.viewsWeek)]
      : query.order === 'asc'
        ? [asc(sortColumn), asc(movies.id)]
        : newestFirst(sortColumn);
  // A listing narrowed by a search or a filter must find every match to sort them anyway: it counts them in
  // the same pass (`count(*) over ()`) instead of a second query that joins them all again. A plain listing
  // reads its page from an index and counts apart (an index-only scan), or the window would read every row.
  const narrowed = narrowing > (query.published ? 1 : 0) || Boolean(query.trash);
  // A landing page (published movies of one genre, country or type, as the menus link them) is narrowed but reads
  // its page from an index as well, stopping at the page's end, and counts from an index of its own: a genre's or
  // country's published rows of `movie_terms` (kept by triggers, migration 0011), a type's `movies_public_type_idx`.
  // Counted in the page's pass, a genre of 7,000 movies joined every one of them to `movies`: 70 ms at 100,000.
  const landingTerm = query.genre ?? query.nation;
  const landing =
    query.published === 'true' &&
    query.trash === undefined &&
    !search &&
    narrowing === 2 &&
    Boolean(landingTerm ?? query.type);
  // Any other public listing with a genre or a nation finds the published movies that have them from one index on
  // their array of term ids (kept by triggers, migration 0013), not by joining each term's rows of `movie_terms`.
  // A landing page, and the back office's lists of every movie, read `movie_terms`: published movies' rows carry
  // the flag too (kept by triggers, migration 0011), and their own index is the smaller.
  if (query.published === 'true' && !landing && termIds.length)
    filters.push(
      sql`${movies.termIds} @> array[${sql.join(
        termIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]`,
    );
  else {
    const termPublished = query.published === 'true' ? sql` and ${movieTerms.published}` : sql``;
    for (const termId of termIds)
      filters.push(
        sql`exists (select 1 from ${movieTerms} where ${movieTerms.movieId} = "movies"."id" and ${movieTerms.termId} = ${termId}${termPublished})`,
      );
  }
  if (query.trash !== undefined)
    filters.push(query.trash ? isNotNull(movies.deletedAt) : isNull(movies.deletedAt));
  const where = filters.length ? and(...filters) : undefined;
  const run = async (tx: Database): Promise<[MovieRow[], number]> => {
    const countRows = async () =>
      (landing && landingTerm
        ? await tx
            .select({ value: count() })
            .from(movieTerms)
            .where(and(eq(movieTerms.termId, landingTerm), sql`${movieTerms.published}`))
        : await tx.select({ value: count() }).from(movies).where(where))[0]?.value ?? 0;
    if (!narrowed || landing) {
      const pageRows = (
        cards
          ? tx.select({ card: cardColumns }).from(movies)
          : tx.select(movieSelection).from(movies).leftJoin(terms, eq(terms.id, movies.typeId))
      )
        .where(where)
        .orderBy(...order)
        .limit(window.limit)
        .offset(window.offset);
      const [rows, total] = await Promise.all([pageRows, countRows()]);
      return [rows as never, total];
    }
    // Narrowed, the matches are sorted and counted by id first: a published movie's id and sort keys are in one index
    // (`movies_public_sort_keys_idx`), so the hundreds or thousands of matches cost no visit to the table each; only
    // the page's rows are read whole, then put back in the same order (ties go by id: the order is total).
    const page = tx
      .select({ id: movies.id, total: sql<number>`count(*) over ()`.as('total') })
      .from(movies)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    const pageTotal = sql<number>`${page.total}`.mapWith(Number);
    const rows = await (
      cards
        ? tx
            .select({ card: cardColumns, total: pageTotal })
            .from(page)
            .innerJoin(movies, eq(movies.id, page.id))
        : tx
            .select({ ...movieSelection, total: pageTotal })
            .from(page)
            .innerJoin(movies, eq(movies.id, page.id))
            .leftJoin(terms, eq(terms.id, movies.typeId))
    ).orderBy(...order);
    // Past the last page no row carries the total.
    return [rows as never, rows[0]?.total ?? (window.page > 1 ? await countRows() : 0)];
  };
  // A search runs in passes: the close threshold first, the loose one only when that finds nothing.
  const [rows, totalCount] = search
    ? await searchInPasses(db, search, run, ([, total]) => total > 0)
    : await run(db);
  return { rows, meta: pageMeta(window, totalCount) };
}

// Title search over `movies.search_text` (title + original title folded without diacritics): the match condition
// and relevance order shared by the listing, and the header's instant suggestions.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { foldForSearch } from '#app/lib/format.ts';
import type { Database } from '#server/db/client.ts';
import { movies, terms } from '#server/db/schema/index.ts';

/** Queries shorter than this (folded) match word starts only: one or two letters would match half the catalogue. */
export const SEARCH_MIN_FUZZY_LENGTH = 3;
/**
 * `<%` (word_similarity) threshold for a search. pg_trgm's default 0.6 lets a swapped pair of letters in a
 * two-word query (`ngoui nhen`) fall just short; 0.5 still keeps unrelated titles out.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
export const SUGGEST_LIMIT = 8;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows whose folded titles match `folded`: as a substring (partial words, any word order inside), or, from three
 * letters on, by trigram word similarity (a typo). Both forms use the GIN trigram index on `search_text`.
 */
export function searchCondition(folded: string): SQL {
  const text = movies.searchText;
  if (folded.length < SEARCH_MIN_FUZZY_LENGTH)
    return sql`(${text} like ${`${escapeLike(folded)}%`} or ${text} like ${`% ${escapeLike(folded)}%`})`;
  return sql`(${text} like ${`%${escapeLike(folded)}%`} or ${folded} <% ${text})`;
}

/** Best first: the whole title, then titles that start with the query, then a word that does, then similarity. */
export function relevanceOrder(folded: string): SQL[] {
  const text = movies.searchText;
  return [
    sql`(${text} = ${folded}) desc`,
    sql`(${text} like ${`${escapeLike(folded)}%`}) desc`,
    sql`(${text} like ${`% ${escapeLike(folded)}%`}) desc`,
    sql`word_similarity(${folded}, ${text}) desc`,
  ];
}

/**
 * Runs `work` with the search's similarity threshold. `set_config(..., true)` lasts to the end of the
 * transaction, so pooled connections keep the default for everyone else.
 */
export async function withSearchThreshold<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    );
    return work(tx as unknown as Database);
  });
}

export type Suggestion = {
  id: number;
  slug: string;
  title: string;
  original_title: string;
  year: number | null;
  poster: string | null;
  type: string | null;
};

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService({ db }: { db: Database }) {
  return {
    /** Up to `limit` published movies for the header's suggestions, best match first. */
    async suggest(query: string, limit = SUGGEST_LIMIT): Promise<Suggestion[]> {
      const folded = foldForSearch(query);
      if (!folded) return [];
      const rows = await withSearchThreshold(db, (tx) =>
        tx
          .select({
            id: movies.id,
            slug: movies.slug,
            title: movies.title,
            original_title: movies.originalTitle,
            year: movies.year,
            poster: movies.poster,
            type: terms.name,
          })
          .from(movies)
          .leftJoin(terms, eq(terms.id, movies.typeId))
          .where(and(eq(movies.published, true), searchCondition(folded)))
          .orderBy(...relevanceOrder(folded), desc(movies.viewsWeek), desc(movies.id))
          .limit(limit),
      );
      return rows;
    },
  };
}

// Title search over `movies.search_text` (title + original title folded without diacritics): the match condition
// and relevance order shared by the listing, and the header's instant suggestions.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { foldForSearch } from '#shared/text.ts';
import type { Suggestion } from '#shared/resources/search.ts';
import type { Database } from '#server/db/client.ts';
import { movies, terms } from '#server/db/schema/index.ts';
import { escapeLike } from '#server/domain/list.ts';

/** Queries shorter than this (folded) match word starts only: one or two letters would match half the catalogue. */
export const SEARCH_MIN_FUZZY_LENGTH = 3;
/**
 * Word-similarity (`<%`) thresholds of the two passes. The close pass (0.7) finds a typo in a title of a few words
 * (`nguoi nhem` → `nguoi nhen`) and keeps the candidates few: at pg_trgm's default 0.6 any title holding one
 * common word of the query (`nguoi`) qualifies, thousands on a large catalogue, each rechecked and ranked. Only
 * when nothing is that close does the loose pass (0.5) run, for a swapped pair of letters or a joined word
 * (`spiderman`), when few titles come near anyway.
 */
export const CLOSE_THRESHOLD = 0.7;
export const LOOSE_THRESHOLD = 0.5;
export const SUGGEST_LIMIT = 8;

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

/**
 * Best first: the whole title, then titles that start with the query, then a word that does, then any title that
 * holds it, then the closest by trigram word similarity. The `case` computes that similarity (the costly part)
 * only for titles that matched by a typo: a common word can match thousands of titles, all holding it.
 */
export function relevanceOrder(folded: string): SQL[] {
  const text = movies.searchText;
  const inside = `%${escapeLike(folded)}%`;
  return [
    sql`(${text} = ${folded}) desc`,
    sql`(${text} like ${`${escapeLike(folded)}%`}) desc`,
    sql`(${text} like ${`% ${escapeLike(folded)}%`}) desc`,
    sql`(case when ${text} like ${inside} then 1 else word_similarity(${folded}, ${text}) end) desc`,
  ];
}

/**
 * Runs `work` with the close threshold, and again with the loose one when `found` says it found nothing. The close
 * one is every connection's own (db/client.ts): the first pass is a plain query. The loose one is set with
 * `set_config(..., true)`, which lasts to the end of its transaction, so pooled connections keep the close one.
 */
export async function searchInPasses<T>(
  db: Database,
  folded: string,
  work: (tx: Database) => Promise<T>,
  found: (result: T) => boolean,
): Promise<T> {
  const close = await work(db);
  if (found(close) || folded.length < SEARCH_MIN_FUZZY_LENGTH) return close;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(LOOSE_THRESHOLD)}, true)`,
    );
    return work(tx as unknown as Database);
  });
}

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService({ db }: { db: Database }) {
  return {
    /** Up to `limit` published movies for the header's suggestions, best match first. */
    async suggest(query: string, limit = SUGGEST_LIMIT): Promise<Suggestion[]> {
      const folded = foldForSearch(query);
      if (!folded) return [];
      return searchInPasses(
        db,
        folded,
        (tx) =>
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
            .where(and(sql`${movies.published}`, searchCondition(folded)))
            .orderBy(
              ...relevanceOrder(folded),
              sql`${movies.viewsWeek} desc nulls last`,
              sql`${movies.id} desc nulls last`,
            )
            .limit(limit),
        (rows) => rows.length > 0,
      );
    },
  };
}

// Search shared by the browser and the server: limits, the results page's address and the suggestion shape.

/** The longest query the search accepts (the API refuses more; the results page cuts it). */
export const SEARCH_QUERY_MAX = 100;
/** How long the header waits after the last key before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Suggestions are asked for from this many characters on: one letter matches too much to help. */
export const SUGGEST_MIN_LENGTH = 2;

/** One suggestion of `GET /api/search/suggest`. */
export type Suggestion = {
  id: number;
  slug: string;
  title: string;
  original_title: string;
  year: number | null;
  poster: string | null;
  type: string | null;
};

/** The results page: the listing searched, best match first (docs/decisions/016-search.md). */
export function searchHref(query: string): string {
  return `/movies?${new URLSearchParams({ q: query.trim() })}`;
}
